/**
 * Token usage, as each provider reports it: the pure stream mappers fed by hand, then each wire format
 * end to end against the scripted provider (OpenAI only reports usage when asked with
 * stream_options.include_usage; a compatible server that refuses the option is asked again without it).
 */
import { describe, expect, it } from 'vitest';
import { createAnthropicStreamMapper } from '../../app/main/completion/anthropic/stream';
import { CompletionService } from '../../app/main/completion/CompletionService';
import { createGeminiStreamMapper } from '../../app/main/completion/gemini/stream';
import { createOpenAIStreamMapper } from '../../app/main/completion/openai/stream';
import type { StreamMapper } from '../../app/main/completion/runStream';
import type { CompletionEvent } from '../../app/main/completion/types';
import { collect, FORMATS, providerFor, scripted, textOf } from './helpers';

function run<C>(mapper: StreamMapper<C>, chunks: unknown[]): CompletionEvent[] {
  return [...chunks.flatMap((c) => mapper.push(c as C)), ...mapper.end()];
}

const usageOf = (events: CompletionEvent[]) => events.flatMap((e) => (e.type === 'usage' ? [e.usage] : []));

const oa = (delta: unknown, finish_reason: string | null = null, usage?: unknown) => ({ choices: [{ index: 0, delta, finish_reason }], ...(usage ? { usage } : {}) });

describe('usage in the stream mappers', () => {
  it('OpenAI: the trailing usage chunk, once, just before done', () => {
    const events = run(createOpenAIStreamMapper({ newCallId: String }), [oa({ content: 'Hi' }), oa({}, 'stop'), { choices: [], usage: { prompt_tokens: 1234, completion_tokens: 567, total_tokens: 1801 } }]);
    expect(events).toEqual([
      { type: 'text', delta: 'Hi' },
      { type: 'usage', usage: { inputTokens: 1234, outputTokens: 567 } },
      { type: 'done', stopReason: 'end_turn' },
    ]);
  });

  it('OpenAI: cumulative counts in every chunk (some compatible servers) count once, the last; none means no event', () => {
    const cumulative = run(createOpenAIStreamMapper({ newCallId: String }), [
      oa({ content: 'a' }, null, { prompt_tokens: 10, completion_tokens: 1 }),
      oa({ content: 'b' }, null, { prompt_tokens: 10, completion_tokens: 2 }),
      oa({}, 'stop', { prompt_tokens: 10, completion_tokens: 3 }),
    ]);
    expect(usageOf(cumulative)).toEqual([{ inputTokens: 10, outputTokens: 3 }]);
    expect(usageOf(run(createOpenAIStreamMapper({ newCallId: String }), [oa({ content: 'a' }), oa({}, 'stop')]))).toEqual([]);
    // Counts that are not counts are left out rather than failing the turn.
    const odd = run(createOpenAIStreamMapper({ newCallId: String }), [oa({}, 'stop'), { choices: [], usage: { prompt_tokens: -1, completion_tokens: 'many' } }]);
    expect(usageOf(odd)).toEqual([]);
  });

  it('Anthropic: input (with prompt-cache reads and writes) from message_start, output from message_delta', () => {
    const events = run(createAnthropicStreamMapper(), [
      { type: 'message_start', message: { usage: { input_tokens: 100, cache_creation_input_tokens: 20, cache_read_input_tokens: 3000, output_tokens: 1 } } },
      { type: 'content_block_start', index: 0, content_block: { type: 'text', text: '' } },
      { type: 'content_block_delta', index: 0, delta: { type: 'text_delta', text: 'Hi' } },
      { type: 'content_block_stop', index: 0 },
      { type: 'message_delta', delta: { stop_reason: 'end_turn' }, usage: { output_tokens: 42, input_tokens: null } },
      { type: 'message_stop' },
    ]);
    expect(events.slice(-2)).toEqual([
      { type: 'usage', usage: { inputTokens: 3120, outputTokens: 42 } },
      { type: 'done', stopReason: 'end_turn' },
    ]);
  });

  it('Gemini: the last usageMetadata, thinking tokens counted as output', () => {
    const chunk = (text: string, usage: unknown, finishReason?: string) => ({ candidates: [{ content: { role: 'model', parts: [{ text }] }, ...(finishReason ? { finishReason } : {}) }], usageMetadata: usage });
    const events = run(createGeminiStreamMapper({ newCallId: String }), [
      chunk('Hel', { promptTokenCount: 50, candidatesTokenCount: 1 }),
      chunk('lo', { promptTokenCount: 50, candidatesTokenCount: 4, thoughtsTokenCount: 30, totalTokenCount: 84 }, 'STOP'),
    ]);
    expect(events.slice(-2)).toEqual([
      { type: 'usage', usage: { inputTokens: 50, outputTokens: 34 } },
      { type: 'done', stopReason: 'end_turn' },
    ]);
  });
});

describe.each(FORMATS)('%s usage through the SDK', (format) => {
  it('reports what the provider counted', async () => {
    const server = await scripted({ script: { turns: [{ format, text: ['Hi'], usage: { input: 1234, output: 567 } }] } });
    const events = await collect(new CompletionService().stream({ provider: providerFor(format, server.url), model: 'scripted-model', messages: [{ role: 'user', text: 'Hi' }], tools: [] }));
    expect(usageOf(events)).toEqual([{ inputTokens: 1234, outputTokens: 567 }]);
    expect(events.at(-1)).toEqual({ type: 'done', stopReason: 'end_turn' });
    if (format === 'openai') expect(server.requests[0]!.body).toMatchObject({ stream_options: { include_usage: true } });
  });
});

describe('an OpenAI-compatible server that refuses stream_options', () => {
  it('is asked again without it, and from then on without it at once', async () => {
    const server = await scripted({ script: { refuseStreamOptions: true, turns: [{ text: ['First.'] }, { text: ['Second.'] }] } });
    const service = new CompletionService();
    const provider = providerFor('openai', server.url, { kind: 'openai-compatible' });
    const request = { provider, model: 'scripted-model', messages: [{ role: 'user' as const, text: 'Hi' }], tools: [] };

    expect(textOf(await collect(service.stream(request)))).toBe('First.');
    expect(textOf(await collect(service.stream(request)))).toBe('Second.');
    expect(server.requests.map((r) => [r.outcome, (r.body as { stream_options?: unknown }).stream_options !== undefined])).toEqual([
      ['rejected', true],
      ['reply', false],
      ['reply', false],
    ]);
  });

  it('still fails a request refused for another reason', async () => {
    const server = await scripted({ script: { turns: [{ error: { status: 400, message: 'model not supported' } }] } });
    const error = await collect(new CompletionService().stream({ provider: providerFor('openai', server.url), model: 'm', messages: [{ role: 'user', text: 'Hi' }], tools: [] })).catch((e: unknown) => e);
    expect(error).toMatchObject({ code: 'PROVIDER_BAD_REQUEST' });
    expect(server.requests).toHaveLength(1);
  });
});
