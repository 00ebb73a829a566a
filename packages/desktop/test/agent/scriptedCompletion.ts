/**
 * A CompletionClient that plays a script: one function per model step, which sees the request (with
 * the tool definitions and the messages so far) and returns what the "model" streams. The provider wire
 * formats are tested against the scripted provider server elsewhere; this is the engine's edge.
 */
import type { CompletionClient, CompletionEvent, CompletionRequest, EngineToolCall } from '../../app/main/completion/types';

export type Step = (request: CompletionRequest) => Iterable<CompletionEvent> | AsyncIterable<CompletionEvent>;

export class ScriptedCompletion implements CompletionClient {
  /** Every request, as sent (messages copied: the engine appends to its own arrays). */
  readonly requests: CompletionRequest[] = [];

  constructor(private readonly steps: Step[]) {}

  async *stream(request: CompletionRequest): AsyncIterable<CompletionEvent> {
    const index = this.requests.length;
    this.requests.push({ ...request, messages: structuredClone(request.messages) });
    const step = this.steps[index];
    if (!step) throw new Error(`the script has no step ${index + 1}`);
    for await (const event of step(request)) {
      request.signal?.throwIfAborted();
      yield event;
    }
  }
}

export function answer(text: string): Step {
  return () => [
    { type: 'text', delta: text.slice(0, 3) },
    { type: 'text', delta: text.slice(3) },
    { type: 'done', stopReason: 'end_turn' },
  ];
}

/** Tool names as the provider saw them, in any of the three formats. */
export function definedToolNames(request: CompletionRequest): string[] {
  return (request.tools as Record<string, unknown>[]).flatMap((tool) => {
    if (Array.isArray(tool.functionDeclarations)) return (tool.functionDeclarations as { name: string }[]).map((d) => d.name);
    if (typeof tool.function === 'object' && tool.function !== null) return [(tool.function as { name: string }).name];
    return [String(tool.name)];
  });
}

/** The provider-facing name of a raw tool id (`mcp__everything__echo`), failing loudly if absent. */
export function providerName(request: CompletionRequest, rawId: string): string {
  const wanted = rawId.replace(/[^A-Za-z0-9_]+/g, '_');
  const found = definedToolNames(request).find((name) => name === wanted);
  if (!found) throw new Error(`no tool ${wanted} in the request; have ${definedToolNames(request).join(', ')}`);
  return found;
}

export interface ScriptedCall {
  id?: string;
  /** A raw tool id resolved through the request's definitions, or `{ literal }` to send a name as is. */
  tool: string | { literal: string };
  arguments?: Record<string, unknown>;
}

let nextId = 0;

/** A step in which the model calls the given tools (all complete, then `done: tool_calls`). */
export function callTools(...calls: ScriptedCall[]): Step {
  return (request) => {
    const events: CompletionEvent[] = [{ type: 'text', delta: 'Let me check.' }];
    for (const call of calls) {
      nextId += 1;
      const name = typeof call.tool === 'string' ? providerName(request, call.tool) : call.tool.literal;
      const toolCall: EngineToolCall = { id: call.id ?? `call_${nextId}`, name, arguments: call.arguments ?? {} };
      events.push({ type: 'tool_call', call: toolCall });
    }
    events.push({ type: 'done', stopReason: 'tool_calls' });
    return events;
  };
}

/** The tool messages of a request, in order. */
export function toolMessages(request: CompletionRequest | undefined) {
  return (request?.messages ?? []).flatMap((m) => (m.role === 'tool' ? [m] : []));
}
