/**
 * Gemini generateContent: `data:` chunks of GenerateContentResponse; function calls arrive whole as
 * functionCall parts; the last chunk carries the finishReason.
 */
import { pageOf, stopOf, type Turn } from '../script';
import { moreSuffix, sse, type StreamFrames, type Wire } from './types';

const FINISH = { end_turn: 'STOP', tool_calls: 'STOP', max_tokens: 'MAX_TOKENS' } as const;

const STATUS: Record<number, string> = {
  400: 'INVALID_ARGUMENT',
  401: 'UNAUTHENTICATED',
  403: 'PERMISSION_DENIED',
  404: 'NOT_FOUND',
  429: 'RESOURCE_EXHAUSTED',
  500: 'INTERNAL',
  503: 'UNAVAILABLE',
};

function response(model: string, parts: unknown[], finishReason?: string) {
  const candidate = { content: { role: 'model', parts }, index: 0, ...(finishReason ? { finishReason } : {}) };
  return { candidates: [candidate], modelVersion: model, responseId: 'scripted' };
}

function callParts(turn: Turn): unknown[] {
  return turn.toolCalls.map((call) => ({ functionCall: { name: call.name, args: call.arguments, ...(call.id ? { id: call.id } : {}) } }));
}

/** Where a declaration sits: `tools[i].function_declarations[j]`, as Gemini's errors name it. */
function declarationPath(tools: unknown[], name: string): string {
  for (const [i, tool] of tools.entries()) {
    const j = ((tool as { functionDeclarations?: { name?: unknown }[] }).functionDeclarations ?? []).findIndex((d) => d.name === name);
    if (j >= 0) return `tools[${i}].function_declarations[${j}]`;
  }
  return 'tools[0].function_declarations[0]';
}

export const geminiWire: Wire = {
  name: 'google',
  toolsOf: (body) => (body as { tools?: unknown[] }).tools,
  rejectionMessage(violations, tools) {
    const [first] = violations;
    const at = `${declarationPath(tools, first!.tool)}.${first!.path}`;
    return `Invalid JSON payload received. ${first!.rule} at '${at}'${moreSuffix(violations)}`;
  },
  errorBody: (status, message) => ({ error: { code: status, message, status: STATUS[status] ?? (status >= 500 ? 'INTERNAL' : 'FAILED_PRECONDITION') } }),
  frames(turn, model): StreamFrames {
    const body = turn.text.map((text) => sse(response(model, [{ text }])));
    if (turn.toolCalls.length > 0) body.push(sse(response(model, callParts(turn))));
    const [input, output] = [turn.usage?.input ?? 10, turn.usage?.output ?? 12];
    const usage = { promptTokenCount: input, candidatesTokenCount: output, totalTokenCount: input + output };
    return { body, terminal: [sse({ ...response(model, [{ text: '' }], FINISH[stopOf(turn)]), usageMetadata: usage })] };
  },
  garbage: 'data: {"candidates": [{"content": {"role": "model", "parts": [{"text": "unterminated\r\n\r\n',
  whole(turn, model) {
    const parts: unknown[] = turn.text.length > 0 ? [{ text: turn.text.join('') }] : [];
    return response(model, [...parts, ...callParts(turn)], FINISH[stopOf(turn)]);
  },
  models(models, query, pageSize) {
    // `pageSize` (default 50, at most 1000) and an opaque `pageToken`, as GET /v1beta/models documents them.
    const size = Math.min(Number(query.get('pageSize') ?? 50) || 50, 1000, pageSize ?? 1000);
    const { page, next } = pageOf(models, Number(query.get('pageToken') ?? 0) || 0, size);
    return {
      models: page.map((m) => ({
        name: `models/${m.id}`,
        displayName: m.displayName ?? m.id,
        supportedGenerationMethods: m.chat ? ['generateContent', 'countTokens'] : ['embedContent'],
      })),
      ...(next === undefined ? {} : { nextPageToken: String(next) }),
    };
  },
};
