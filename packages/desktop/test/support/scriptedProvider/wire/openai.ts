/** OpenAI Chat Completions: SSE `data:` chunks with index-keyed tool_call deltas, then `[DONE]`. */
import { argumentText, splitInto, stopOf, type Turn } from '../script';
import { moreSuffix, sse, type StreamFrames, toolIndex, type Wire } from './types';

const FINISH = { end_turn: 'stop', tool_calls: 'tool_calls', max_tokens: 'length' } as const;

const ERROR_TYPES: Record<number, { type: string; code: string | null }> = {
  400: { type: 'invalid_request_error', code: null },
  401: { type: 'invalid_request_error', code: 'invalid_api_key' },
  403: { type: 'invalid_request_error', code: 'unsupported_country_region_territory' },
  404: { type: 'invalid_request_error', code: 'model_not_found' },
  429: { type: 'requests', code: 'rate_limit_exceeded' },
};

function chunk(model: string, delta: unknown, finishReason: string | null = null): string {
  return sse({ id: 'chatcmpl-scripted', object: 'chat.completion.chunk', created: 1_700_000_000, model, choices: [{ index: 0, delta, finish_reason: finishReason }] });
}

/** The last chunk when stream_options.include_usage is set: no choices, the counts. */
function usageChunk(model: string, usage: NonNullable<Turn['usage']>): string {
  const counts = { prompt_tokens: usage.input, completion_tokens: usage.output, total_tokens: usage.input + usage.output };
  return sse({ id: 'chatcmpl-scripted', object: 'chat.completion.chunk', created: 1_700_000_000, model, choices: [], usage: counts });
}

function asksForUsage(request: unknown): boolean {
  return (request as { stream_options?: { include_usage?: unknown } } | undefined)?.stream_options?.include_usage === true;
}

function callId(turn: Turn, i: number): string {
  return turn.toolCalls[i]?.id ?? `call_${i + 1}`;
}

export const openaiWire: Wire = {
  name: 'openai',
  toolsOf: (body) => (body as { tools?: unknown[] }).tools,
  rejectionMessage(violations, tools) {
    const names = tools.map((t) => String((t as { function?: { name?: unknown } }).function?.name));
    const [first] = violations;
    return `Invalid schema for function '${first!.tool}' (tools[${toolIndex(names, first!)}]): In context=${first!.path}, ${first!.rule}${moreSuffix(violations)}.`;
  },
  errorBody(status, message) {
    const kind = ERROR_TYPES[status] ?? { type: 'server_error', code: null };
    return { error: { message, type: kind.type, param: null, code: kind.code } };
  },
  frames(turn, model, request): StreamFrames {
    const body = [chunk(model, { role: 'assistant', content: '' })];
    for (const text of turn.text) body.push(chunk(model, { content: text }));
    turn.toolCalls.forEach((call, index) => {
      body.push(chunk(model, { tool_calls: [{ index, id: callId(turn, index), type: 'function', function: { name: call.name, arguments: '' } }] }));
      for (const piece of splitInto(argumentText(call), call.fragments)) {
        body.push(chunk(model, { tool_calls: [{ index, function: { arguments: piece } }] }));
      }
    });
    const terminal = [chunk(model, {}, FINISH[stopOf(turn)])];
    if (turn.usage && asksForUsage(request)) terminal.push(usageChunk(model, turn.usage));
    terminal.push(sse('[DONE]'));
    return { body, terminal };
  },
  garbage: 'data: {"id":"chatcmpl-scripted","choices":[{"index":0,"delta":{"content":"unterminated\n\n',
  whole(turn, model) {
    const toolCalls = turn.toolCalls.map((call, i) => ({ id: callId(turn, i), type: 'function', function: { name: call.name, arguments: argumentText(call) } }));
    const message = { role: 'assistant', content: turn.text.join('') || null, ...(toolCalls.length > 0 ? { tool_calls: toolCalls } : {}) };
    return { id: 'chatcmpl-scripted', object: 'chat.completion', created: 1_700_000_000, model, choices: [{ index: 0, message, finish_reason: FINISH[stopOf(turn)] }] };
  },
  models: (models) => ({
    object: 'list',
    data: models.map((m) => ({ id: m.id, object: 'model', created: 1_700_000_000, owned_by: 'scripted', ...(m.displayName ? { name: m.displayName } : {}) })),
  }),
};
