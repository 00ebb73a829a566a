/** streamStep forwards the adapters' tool_call_partial events; the step's calls stay the complete ones. */
import { describe, expect, it } from 'vitest';
import type { CompletionClient, CompletionEvent } from '../../app/main/completion/types';
import { type PartialToolCall, streamStep } from '../../app/main/engine/streamStep';

function client(events: CompletionEvent[]): CompletionClient {
  return {
    async *stream() {
      for (const event of events) yield event;
    },
  };
}

const request = { provider: {} as never, model: 'm', messages: [], tools: [], signal: new AbortController().signal };

describe('streamStep and tool calls still streaming', () => {
  const events: CompletionEvent[] = [
    { type: 'tool_call_partial', index: 0, id: 'c1', name: 'echo', argumentsText: '' },
    { type: 'tool_call_partial', index: 0, id: 'c1', name: 'echo', argumentsText: '{"m":"h' },
    { type: 'tool_call', call: { id: 'c1', name: 'echo', arguments: { m: 'hi' } } },
    { type: 'done', stopReason: 'tool_calls' },
  ];

  it('hands each partial to onToolCallPartial, before the step ends with the complete call', async () => {
    const partials: PartialToolCall[] = [];
    const output = await streamStep(client(events), request, { onText: () => undefined, onToolCallPartial: (call) => partials.push(call) });
    expect(partials).toEqual([
      { id: 'c1', name: 'echo', argumentsText: '' },
      { id: 'c1', name: 'echo', argumentsText: '{"m":"h' },
    ]);
    expect(output.toolCalls).toEqual([{ id: 'c1', name: 'echo', arguments: { m: 'hi' } }]);
    expect(output.end).toEqual({ kind: 'completed' });
  });

  it('ignores partials when nobody listens for them', async () => {
    const output = await streamStep(client(events), request, { onText: () => undefined });
    expect(output.toolCalls).toHaveLength(1);
  });
});
