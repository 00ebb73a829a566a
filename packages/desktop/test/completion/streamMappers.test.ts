/** The pure stream mappers, fed chunk sequences by hand (edge cases the scripted server does not produce). */
import { describe, expect, it } from 'vitest';
import { anthropicStopReason, createAnthropicStreamMapper } from '../../app/main/completion/anthropic/stream';
import { createGeminiStreamMapper, geminiStopReason } from '../../app/main/completion/gemini/stream';
import { createOpenAIStreamMapper, openAIStopReason } from '../../app/main/completion/openai/stream';
import type { StreamMapper } from '../../app/main/completion/runStream';
import { CompletionError, type CompletionEvent } from '../../app/main/completion/types';

function run<C>(mapper: StreamMapper<C>, chunks: unknown[]): CompletionEvent[] {
  return [...chunks.flatMap((c) => mapper.push(c as C)), ...mapper.end()];
}

function malformed<C>(mapper: StreamMapper<C>, chunks: unknown[]): CompletionError {
  try {
    run(mapper, chunks);
  } catch (error) {
    expect(error).toBeInstanceOf(CompletionError);
    expect((error as CompletionError).code).toBe('PROVIDER_MALFORMED_STREAM');
    return error as CompletionError;
  }
  throw new Error('expected PROVIDER_MALFORMED_STREAM');
}

const oa = (delta: unknown, finish_reason: string | null = null) => ({ choices: [{ index: 0, delta, finish_reason }] });

describe('OpenAI stream mapper', () => {
  it('interleaves two tool calls by index and orders them by index', () => {
    const events = run(createOpenAIStreamMapper({ newCallId: (i) => `gen-${i}` }), [
      oa({ tool_calls: [{ index: 1, id: 'c2', function: { name: 'two', arguments: '{"b"' } }] }),
      oa({ tool_calls: [{ index: 0, id: 'c1', function: { name: 'one', arguments: '' } }] }),
      oa({ tool_calls: [{ index: 1, function: { arguments: ':2}' } }, { index: 0, function: { arguments: '{}' } }] }),
      oa({}, 'tool_calls'),
      { choices: [], usage: { total_tokens: 3 } },
    ]);
    expect(events).toEqual([
      { type: 'tool_call', call: { id: 'c1', name: 'one', arguments: {} } },
      { type: 'tool_call', call: { id: 'c2', name: 'two', arguments: { b: 2 } } },
      { type: 'done', stopReason: 'tool_calls' },
    ]);
  });

  it('treats a repeated name as one name (servers that resend it with every fragment)', () => {
    const events = run(createOpenAIStreamMapper({ newCallId: (i) => `gen-${i}` }), [oa({ tool_calls: [{ index: 0, id: 'c', function: { name: 'echo', arguments: '{' } }] }), oa({ tool_calls: [{ index: 0, function: { name: 'echo', arguments: '}' } }] }), oa({}, 'stop')]);
    expect(events[0]).toEqual({ type: 'tool_call', call: { id: 'c', name: 'echo', arguments: {} } });
  });

  it('names a call the server sent without an id (some OpenAI-compatible servers)', () => {
    const events = run(createOpenAIStreamMapper({ newCallId: (i) => `gen-${i}` }), [oa({ tool_calls: [{ index: 0, function: { name: 't', arguments: '{}' } }] }), oa({}, 'tool_calls')]);
    expect(events[0]).toEqual({ type: 'tool_call', call: { id: 'gen-0', name: 't', arguments: {} } });
  });

  it.each([
    ['no finish_reason', [oa({ content: 'x' })]],
    ['a call without a name', [oa({ tool_calls: [{ index: 0, id: 'c', function: { arguments: '{}' } }] }), oa({}, 'tool_calls')]],
    ['arguments that are an array', [oa({ tool_calls: [{ index: 0, id: 'c', function: { name: 't', arguments: '[1]' } }] }), oa({}, 'tool_calls')]],
  ])('rejects %s', (_, chunks) => {
    malformed(createOpenAIStreamMapper({ newCallId: (i) => `gen-${i}` }), chunks);
  });

  it.each([
    ['stop', false, 'end_turn'],
    ['stop', true, 'tool_calls'],
    ['tool_calls', false, 'tool_calls'],
    ['length', false, 'max_tokens'],
    ['content_filter', false, 'other'],
  ] as const)('finish_reason %s (calls: %s) → %s', (reason, calls, expected) => {
    expect(openAIStopReason(reason, calls)).toBe(expected);
  });
});

const an = {
  start: { type: 'message_start', message: {} },
  stop: { type: 'message_stop' },
  delta: (stop_reason: string) => ({ type: 'message_delta', delta: { stop_reason } }),
};

describe('Anthropic stream mapper', () => {
  it('emits a tool call at its block stop, ignoring thinking deltas', () => {
    const events = run(createAnthropicStreamMapper(), [
      an.start,
      { type: 'content_block_start', index: 0, content_block: { type: 'thinking', thinking: '' } },
      { type: 'content_block_delta', index: 0, delta: { type: 'thinking_delta', thinking: 'hmm' } },
      { type: 'content_block_stop', index: 0 },
      { type: 'content_block_start', index: 1, content_block: { type: 'tool_use', id: 'tu', name: 't', input: {} } },
      { type: 'content_block_delta', index: 1, delta: { type: 'input_json_delta', partial_json: '{"a":' } },
      { type: 'content_block_delta', index: 1, delta: { type: 'input_json_delta', partial_json: '"b"}' } },
      { type: 'content_block_stop', index: 1 },
      an.delta('tool_use'),
      an.stop,
    ]);
    expect(events).toEqual([{ type: 'tool_call', call: { id: 'tu', name: 't', arguments: { a: 'b' } } }, { type: 'done', stopReason: 'tool_calls' }]);
  });

  it('reads a tool without parameters (no input_json_delta) as {}', () => {
    const events = run(createAnthropicStreamMapper(), [an.start, { type: 'content_block_start', index: 0, content_block: { type: 'tool_use', id: 'tu', name: 't', input: {} } }, { type: 'content_block_stop', index: 0 }, an.delta('tool_use'), an.stop]);
    expect(events[0]).toEqual({ type: 'tool_call', call: { id: 'tu', name: 't', arguments: {} } });
  });

  it.each([
    ['no message_stop', [an.start, an.delta('end_turn')]],
    ['no message_start', [an.delta('end_turn'), an.stop]],
    ['input_json_delta outside a tool block', [an.start, { type: 'content_block_delta', index: 3, delta: { type: 'input_json_delta', partial_json: '{}' } }, an.stop]],
    ['an unterminated tool block', [an.start, { type: 'content_block_start', index: 0, content_block: { type: 'tool_use', id: 'tu', name: 't', input: {} } }, an.stop]],
  ])('rejects %s', (_, chunks) => {
    malformed(createAnthropicStreamMapper(), chunks);
  });

  it.each([
    ['end_turn', 'end_turn'],
    ['stop_sequence', 'end_turn'],
    ['tool_use', 'tool_calls'],
    ['max_tokens', 'max_tokens'],
    ['refusal', 'other'],
    [null, 'other'],
  ] as const)('stop_reason %s → %s', (reason, expected) => {
    expect(anthropicStopReason(reason)).toBe(expected);
  });
});

const gm = (parts: unknown[], finishReason?: string) => ({ candidates: [{ content: { role: 'model', parts }, ...(finishReason ? { finishReason } : {}) }] });

describe('Gemini stream mapper', () => {
  it('skips thought parts, numbers id-less calls in order, keeps API ids and reports signatures', () => {
    const signatures: [string, string][] = [];
    const mapper = createGeminiStreamMapper({ newCallId: (i) => `gen-${i}`, onSignature: (id, s) => signatures.push([id, s]) });
    const events = run(mapper, [
      gm([{ text: 'thinking…', thought: true }, { text: 'Hi' }]),
      gm([{ functionCall: { name: 'a', args: { x: 1 } }, thoughtSignature: 'sig' }, { functionCall: { id: 'api-id', name: 'b' } }, { functionCall: { name: 'c', args: {} } }]),
      gm([{ text: '' }], 'STOP'),
    ]);
    expect(events).toEqual([
      { type: 'text', delta: 'Hi' },
      { type: 'tool_call', call: { id: 'gen-0', name: 'a', arguments: { x: 1 } } },
      { type: 'tool_call', call: { id: 'api-id', name: 'b', arguments: {} } },
      { type: 'tool_call', call: { id: 'gen-2', name: 'c', arguments: {} } },
      { type: 'done', stopReason: 'tool_calls' },
    ]);
    expect(signatures).toEqual([['gen-0', 'sig']]);
  });

  it('ends a blocked prompt (promptFeedback, no candidate) as done/other', () => {
    expect(run(createGeminiStreamMapper({ newCallId: String }), [{ promptFeedback: { blockReason: 'SAFETY' } }])).toEqual([{ type: 'done', stopReason: 'other' }]);
  });

  it.each([
    ['no finishReason', [gm([{ text: 'x' }])]],
    ['a functionCall without a name', [gm([{ functionCall: { args: {} } }], 'STOP')]],
  ])('rejects %s', (_, chunks) => {
    malformed(createGeminiStreamMapper({ newCallId: String }), chunks);
  });

  it.each([
    ['STOP', false, 'end_turn'],
    ['STOP', true, 'tool_calls'],
    ['MAX_TOKENS', false, 'max_tokens'],
    ['SAFETY', false, 'other'],
    ['MALFORMED_FUNCTION_CALL', false, 'other'],
  ] as const)('finishReason %s (calls: %s) → %s', (reason, calls, expected) => {
    expect(geminiStopReason(reason, calls)).toBe(expected);
  });
});
