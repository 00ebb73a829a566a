/**
 * Tool calls still streaming: the adapters yield paced `tool_call_partial` events (name known,
 * arguments so far) before the complete `tool_call`, so a tool's app can show up while the model
 * writes the arguments. Unit tests on the mappers (clock by hand), then each wire format end to end.
 */
import { describe, expect, it } from 'vitest';
import { createAnthropicStreamMapper } from '../../app/main/completion/anthropic/stream';
import { CompletionService } from '../../app/main/completion/CompletionService';
import { createOpenAIStreamMapper } from '../../app/main/completion/openai/stream';
import { createPartialThrottle } from '../../app/main/completion/partialThrottle';
import type { CompletionEvent } from '../../app/main/completion/types';
import { collect, FORMATS, providerFor, scripted, VALID_TOOLS } from './helpers';

const oa = (delta: unknown, finish_reason: string | null = null) => ({ choices: [{ index: 0, delta, finish_reason }] });
const partials = (events: CompletionEvent[]) => events.flatMap((e) => (e.type === 'tool_call_partial' ? [e] : []));

function clockAt(times: number[]): () => number {
  let i = 0;
  return () => times[Math.min(i++, times.length - 1)]!;
}

describe('tool_call_partial from the mappers', () => {
  it('OpenAI: one partial as soon as the name is known, then at most one per 50 ms per call', () => {
    // One clock reading per fragment that carries a name: t = 0, 10, 60, 70.
    const mapper = createOpenAIStreamMapper({ newCallId: (i) => `gen-${i}`, partials: createPartialThrottle(clockAt([0, 10, 60, 70])) });
    const events = [
      oa({ tool_calls: [{ index: 0, function: { name: 'echo', arguments: '' } }] }),
      oa({ tool_calls: [{ index: 0, function: { arguments: '{"m":' } }] }),
      oa({ tool_calls: [{ index: 0, function: { arguments: '"hi' } }] }),
      oa({ tool_calls: [{ index: 0, function: { arguments: '"}' } }] }),
      oa({}, 'tool_calls'),
    ].flatMap((c) => mapper.push(c as never));
    events.push(...mapper.end());
    expect(events).toEqual([
      { type: 'tool_call_partial', index: 0, id: 'gen-0', name: 'echo', argumentsText: '' },
      { type: 'tool_call_partial', index: 0, id: 'gen-0', name: 'echo', argumentsText: '{"m":"hi' },
      { type: 'tool_call', call: { id: 'gen-0', name: 'echo', arguments: { m: 'hi' } } },
      { type: 'done', stopReason: 'tool_calls' },
    ]);
  });

  it('OpenAI: paces each call on its own and sends nothing before the name', () => {
    const mapper = createOpenAIStreamMapper({ newCallId: (i) => `gen-${i}`, partials: createPartialThrottle(() => 0) });
    const events = [
      oa({ tool_calls: [{ index: 0, id: 'c0', function: { arguments: '{' } }] }),
      oa({ tool_calls: [{ index: 0, function: { name: 'a' } }, { index: 1, id: 'c1', function: { name: 'b', arguments: '{' } }] }),
      oa({ tool_calls: [{ index: 0, function: { arguments: '}' } }, { index: 1, function: { arguments: '}' } }] }),
    ].flatMap((c) => mapper.push(c as never));
    expect(events).toEqual([
      { type: 'tool_call_partial', index: 0, id: 'c0', name: 'a', argumentsText: '{' },
      { type: 'tool_call_partial', index: 1, id: 'c1', name: 'b', argumentsText: '{' },
    ]);
  });

  it('Anthropic: a partial at the tool_use block start, then paced input_json_delta', () => {
    const mapper = createAnthropicStreamMapper({ partials: createPartialThrottle(clockAt([0, 20, 50])) });
    const chunks = [
      { type: 'message_start', message: { usage: { input_tokens: 1, output_tokens: 0 } } },
      { type: 'content_block_start', index: 0, content_block: { type: 'tool_use', id: 'tu', name: 't', input: {} } },
      { type: 'content_block_delta', index: 0, delta: { type: 'input_json_delta', partial_json: '{"a"' } },
      { type: 'content_block_delta', index: 0, delta: { type: 'input_json_delta', partial_json: ':"b"' } },
      { type: 'content_block_delta', index: 0, delta: { type: 'input_json_delta', partial_json: '}' } },
      { type: 'content_block_stop', index: 0 },
      { type: 'message_delta', delta: { stop_reason: 'tool_use' }, usage: { output_tokens: 3 } },
      { type: 'message_stop' },
    ];
    const events = [...chunks.flatMap((c) => mapper.push(c as never)), ...mapper.end()];
    expect(events.filter((e) => e.type === 'tool_call_partial' || e.type === 'tool_call')).toEqual([
      { type: 'tool_call_partial', index: 0, id: 'tu', name: 't', argumentsText: '' },
      { type: 'tool_call_partial', index: 0, id: 'tu', name: 't', argumentsText: '{"a":"b"' },
      { type: 'tool_call', call: { id: 'tu', name: 't', arguments: { a: 'b' } } },
    ]);
  });

  it('sends no partials unless asked (the mappers stay as they were)', () => {
    const mapper = createOpenAIStreamMapper({ newCallId: (i) => `gen-${i}` });
    expect(mapper.push(oa({ tool_calls: [{ index: 0, id: 'c', function: { name: 'echo', arguments: '{' } }] }) as never)).toEqual([]);
  });
});

describe.each(FORMATS)('%s stream: tool_call_partial over the wire', (format) => {
  it('yields partials before the complete call, under the id the call ends with', async () => {
    const args = { message: 'a fairly long message streamed in pieces ✓', n: [1, 2, 3] };
    // 60 ms between events: every fragment is past the 50 ms pace, so each shows up as a partial.
    const server = await scripted({ script: { turns: [{ format, chunkDelayMs: 60, toolCalls: [{ name: 'mcp__everything__echo', arguments: args, fragments: 4 }] }] } });
    const events = await collect(new CompletionService().stream({ provider: providerFor(format, server.url), model: 'scripted-model', messages: [{ role: 'user', text: 'Echo' }], tools: VALID_TOOLS[format] }));
    const callAt = events.findIndex((e) => e.type === 'tool_call');
    const call = events[callAt];
    if (call?.type !== 'tool_call') throw new Error('no tool_call');
    expect(call.call.arguments).toEqual(args);
    const seen = partials(events);
    if (format === 'google') {
      // Gemini sends whole calls: nothing to show early.
      expect(seen).toEqual([]);
      return;
    }
    expect(seen.length).toBeGreaterThanOrEqual(3);
    expect(events.findIndex((e) => e.type === 'tool_call_partial')).toBeLessThan(callAt);
    expect(events.findLastIndex((e) => e.type === 'tool_call_partial')).toBeLessThan(callAt);
    const full = JSON.stringify(args);
    for (const partial of seen) {
      expect(partial).toMatchObject({ id: call.call.id, name: 'mcp__everything__echo', index: 0 });
      expect(full.startsWith(partial.argumentsText)).toBe(true);
    }
    // The text grows: the partials are not all the same (empty) prefix.
    expect(new Set(seen.map((p) => p.argumentsText)).size).toBeGreaterThanOrEqual(3);
  });
});
