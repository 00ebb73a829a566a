/**
 * Anthropic Messages: named SSE events — message_start, content_block_start/delta/stop (text_delta,
 * input_json_delta), message_delta with the stop_reason, message_stop.
 */
import { argumentText, pageOf, splitInto, stopOf, type Turn } from '../script';
import { moreSuffix, sse, type StreamFrames, toolIndex, type Wire } from './types';

const STOP = { end_turn: 'end_turn', tool_calls: 'tool_use', max_tokens: 'max_tokens' } as const;

const ERROR_TYPES: Record<number, string> = {
  400: 'invalid_request_error',
  401: 'authentication_error',
  403: 'permission_error',
  404: 'not_found_error',
  413: 'request_too_large',
  429: 'rate_limit_error',
  529: 'overloaded_error',
};

function event(type: string, data: Record<string, unknown>): string {
  return sse({ type, ...data }, type);
}

function callId(turn: Turn, i: number): string {
  return turn.toolCalls[i]?.id ?? `toolu_${i + 1}`;
}

function message(model: string, content: unknown[], stopReason: string | null, inputTokens = 10) {
  return { id: 'msg_scripted', type: 'message', role: 'assistant', model, content, stop_reason: stopReason, stop_sequence: null, usage: { input_tokens: inputTokens, output_tokens: 1 } };
}

export const anthropicWire: Wire = {
  name: 'anthropic',
  toolsOf: (body) => (body as { tools?: unknown[] }).tools,
  rejectionMessage(violations, tools) {
    const names = tools.map((t) => String((t as { name?: unknown }).name));
    const [first] = violations;
    return `tools.${toolIndex(names, first!)}.custom.input_schema: ${first!.path}: ${first!.rule}${moreSuffix(violations)}`;
  },
  errorBody: (status, text) => ({ type: 'error', error: { type: ERROR_TYPES[status] ?? 'api_error', message: text }, request_id: 'req_scripted' }),
  frames(turn, model): StreamFrames {
    const body = [event('message_start', { message: message(model, [], null, turn.usage?.input) }), event('ping', {})];
    let index = 0;
    if (turn.text.length > 0) {
      body.push(event('content_block_start', { index, content_block: { type: 'text', text: '' } }));
      for (const text of turn.text) body.push(event('content_block_delta', { index, delta: { type: 'text_delta', text } }));
      body.push(event('content_block_stop', { index }));
      index += 1;
    }
    turn.toolCalls.forEach((call, i) => {
      body.push(event('content_block_start', { index, content_block: { type: 'tool_use', id: callId(turn, i), name: call.name, input: {} } }));
      for (const piece of splitInto(argumentText(call), call.fragments)) {
        body.push(event('content_block_delta', { index, delta: { type: 'input_json_delta', partial_json: piece } }));
      }
      body.push(event('content_block_stop', { index }));
      index += 1;
    });
    const terminal = [
      event('message_delta', { delta: { stop_reason: STOP[stopOf(turn)], stop_sequence: null }, usage: { output_tokens: turn.usage?.output ?? 12 } }),
      event('message_stop', {}),
    ];
    return { body, terminal };
  },
  garbage: 'event: content_block_delta\ndata: {"type":"content_block_delta","index":0,"delta":{"type":"text_delta","text":"unterminated\n\n',
  whole(turn, model) {
    const content: unknown[] = turn.text.length > 0 ? [{ type: 'text', text: turn.text.join('') }] : [];
    turn.toolCalls.forEach((call, i) => content.push({ type: 'tool_use', id: callId(turn, i), name: call.name, input: call.arguments }));
    return message(model, content, STOP[stopOf(turn)]);
  },
  models(models, query, pageSize) {
    // `limit` (default 20, at most 1000) and `after_id`, as GET /v1/models documents them.
    const limit = Math.min(Number(query.get('limit') ?? 20) || 20, 1000, pageSize ?? 1000);
    const after = query.get('after_id');
    const start = after === null ? 0 : models.findIndex((m) => m.id === after) + 1;
    const { page, next } = pageOf(models, start, limit);
    return {
      data: page.map((m) => ({ type: 'model', id: m.id, display_name: m.displayName ?? m.id, created_at: '2025-01-01T00:00:00Z' })),
      has_more: next !== undefined,
      first_id: page[0]?.id ?? null,
      last_id: page.at(-1)?.id ?? null,
    };
  },
};
