/**
 * OpenAI Chat Completions chunks → engine events. Pure state machine: text deltas pass through;
 * tool calls arrive as index-keyed deltas (id and name first, then argument fragments) and are
 * emitted whole once the choice finishes. Token usage comes in a chunk of its own (asked for with
 * stream_options.include_usage); compatible servers that put it in every chunk are cumulative, so
 * the last one counts.
 */
import type { ChatCompletionChunk } from 'openai/resources/chat/completions';
import { malformedStream } from '../errors';
import type { StreamMapper } from '../runStream';
import { parseToolArguments } from '../shared';
import type { PartialThrottle } from '../partialThrottle';
import type { CompletionEvent } from '../types';
import { tokenSum, usageEvents } from '../usage';

type StopReason = Extract<CompletionEvent, { type: 'done' }>['stopReason'];

interface PendingCall {
  id: string;
  name: string;
  args: string;
}

export function openAIStopReason(finishReason: string, hadToolCalls: boolean): StopReason {
  // Some compatible servers finish a tool-calling step with "stop"; the calls decide.
  if (hadToolCalls || finishReason === 'tool_calls' || finishReason === 'function_call') return 'tool_calls';
  if (finishReason === 'stop') return 'end_turn';
  if (finishReason === 'length') return 'max_tokens';
  return 'other';
}

export interface OpenAIStreamOptions {
  /** The id for the call at this index when the server sent none (some OpenAI-compatible servers). */
  newCallId: (index: number) => string;
  /** When set, argument fragments also yield paced `tool_call_partial` events. */
  partials?: PartialThrottle;
}

export function createOpenAIStreamMapper(options: OpenAIStreamOptions): StreamMapper<ChatCompletionChunk> {
  const calls = new Map<number, PendingCall>();
  let finishReason: string | undefined;
  let inputTokens: number | undefined;
  let outputTokens: number | undefined;

  function push(chunk: ChatCompletionChunk): CompletionEvent[] {
    const events: CompletionEvent[] = [];
    if (chunk.usage) {
      inputTokens = tokenSum(chunk.usage.prompt_tokens) ?? inputTokens;
      outputTokens = tokenSum(chunk.usage.completion_tokens) ?? outputTokens;
    }
    // Only choice 0 is requested (n defaults to 1); a trailing usage chunk has no choices.
    const choice = chunk.choices?.find((c) => c.index === 0);
    if (!choice) return events;
    const delta = choice.delta ?? {};
    if (typeof delta.content === 'string' && delta.content !== '') events.push({ type: 'text', delta: delta.content });
    for (const fragment of delta.tool_calls ?? []) {
      const call = calls.get(fragment.index) ?? { id: '', name: '', args: '' };
      if (fragment.id) call.id = fragment.id;
      // Set, not appended: some compatible servers repeat the name in every fragment.
      if (fragment.function?.name) call.name = fragment.function.name;
      if (fragment.function?.arguments) call.args += fragment.function.arguments;
      calls.set(fragment.index, call);
      if (call.name && options.partials?.take(fragment.index)) {
        // The id the final call gets too, so the partial card is replaced, not duplicated.
        const id = call.id || options.newCallId(fragment.index);
        events.push({ type: 'tool_call_partial', index: fragment.index, id, name: call.name, argumentsText: call.args });
      }
    }
    if (choice.finish_reason) finishReason = choice.finish_reason;
    return events;
  }

  function end(): CompletionEvent[] {
    if (finishReason === undefined) throw malformedStream('The stream ended before the model finished (no finish_reason).');
    const events: CompletionEvent[] = [];
    for (const [index, call] of [...calls.entries()].sort(([a], [b]) => a - b)) {
      if (!call.name) throw malformedStream(`Tool call #${index} arrived without a name.`);
      const id = call.id || options.newCallId(index);
      events.push({ type: 'tool_call', call: { id, name: call.name, arguments: parseToolArguments(call.args, call.name) } });
    }
    events.push(...usageEvents(inputTokens, outputTokens));
    events.push({ type: 'done', stopReason: openAIStopReason(finishReason, calls.size > 0) });
    return events;
  }

  return { push, end };
}
