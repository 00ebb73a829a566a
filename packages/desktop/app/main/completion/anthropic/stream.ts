/**
 * Anthropic Messages stream events → engine events. Pure state machine: text_delta passes through;
 * a tool_use block collects its input_json_delta fragments and is emitted at content_block_stop.
 * A stream without message_stop was cut. Usage: message_start carries the input tokens (fresh,
 * written to and read from the prompt cache, counted apart), message_delta the cumulative output
 * tokens (and, in newer API versions, the input counts again).
 */
import type { RawMessageStreamEvent } from '@anthropic-ai/sdk/resources/messages';
import { malformedStream } from '../errors';
import type { StreamMapper } from '../runStream';
import { parseToolArguments } from '../shared';
import type { PartialThrottle } from '../partialThrottle';
import type { CompletionEvent } from '../types';
import { tokenSum, usageEvents } from '../usage';

type StopReason = Extract<CompletionEvent, { type: 'done' }>['stopReason'];

/** The counts of message_start's and message_delta's usage (the latter's fields may be null). */
interface AnthropicUsage {
  input_tokens?: number | null;
  output_tokens?: number | null;
  cache_creation_input_tokens?: number | null;
  cache_read_input_tokens?: number | null;
}

interface ToolBlock {
  id: string;
  name: string;
  json: string;
}

export function anthropicStopReason(stopReason: string | null | undefined): StopReason {
  if (stopReason === 'end_turn' || stopReason === 'stop_sequence') return 'end_turn';
  if (stopReason === 'tool_use') return 'tool_calls';
  if (stopReason === 'max_tokens') return 'max_tokens';
  return 'other';
}

export interface AnthropicStreamOptions {
  /** When set, input_json_delta fragments also yield paced `tool_call_partial` events. */
  partials?: PartialThrottle;
}

export function createAnthropicStreamMapper(options: AnthropicStreamOptions = {}): StreamMapper<RawMessageStreamEvent> {
  const tools = new Map<number, ToolBlock>();
  let started = false;
  let stopped = false;
  let stopReason: string | null | undefined;
  let inputTokens: number | undefined;
  let outputTokens: number | undefined;

  function readUsage(usage: AnthropicUsage | null | undefined): void {
    if (!usage) return;
    inputTokens = tokenSum(usage.input_tokens, usage.cache_creation_input_tokens, usage.cache_read_input_tokens) ?? inputTokens;
    outputTokens = tokenSum(usage.output_tokens) ?? outputTokens;
  }

  function push(event: RawMessageStreamEvent): CompletionEvent[] {
    switch (event.type) {
      case 'message_start':
        started = true;
        readUsage(event.message.usage);
        return [];
      case 'content_block_start':
        if (event.content_block.type === 'tool_use') {
          tools.set(event.index, { id: event.content_block.id, name: event.content_block.name, json: '' });
          return partial(event.index);
        }
        if (event.content_block.type === 'text' && event.content_block.text !== '') return [{ type: 'text', delta: event.content_block.text }];
        return [];
      case 'content_block_delta':
        return onDelta(event.index, event.delta);
      case 'content_block_stop':
        return onBlockStop(event.index);
      case 'message_delta':
        stopReason = event.delta.stop_reason;
        readUsage(event.usage);
        return [];
      case 'message_stop':
        stopped = true;
        return [];
      default:
        return [];
    }
  }

  function onDelta(index: number, delta: { type: string; text?: string; partial_json?: string }): CompletionEvent[] {
    if (delta.type === 'text_delta' && delta.text) return [{ type: 'text', delta: delta.text }];
    if (delta.type === 'input_json_delta') {
      const tool = tools.get(index);
      if (!tool) throw malformedStream(`input_json_delta for content block ${index}, which is not a tool_use block.`);
      tool.json += delta.partial_json ?? '';
      return partial(index);
    }
    // thinking_delta, signature_delta, citations_delta: nothing the engine shows yet.
    return [];
  }

  function partial(index: number): CompletionEvent[] {
    const tool = tools.get(index);
    if (!tool || !options.partials?.take(index)) return [];
    return [{ type: 'tool_call_partial', index, id: tool.id, name: tool.name, argumentsText: tool.json }];
  }

  function onBlockStop(index: number): CompletionEvent[] {
    const tool = tools.get(index);
    if (!tool) return [];
    tools.delete(index);
    return [{ type: 'tool_call', call: { id: tool.id, name: tool.name, arguments: parseToolArguments(tool.json, tool.name) } }];
  }

  function end(): CompletionEvent[] {
    if (!started || !stopped) throw malformedStream('The stream ended before message_stop.');
    if (tools.size > 0) throw malformedStream('The stream ended inside a tool_use block.');
    return [...usageEvents(inputTokens, outputTokens), { type: 'done', stopReason: anthropicStopReason(stopReason) }];
  }

  return { push, end };
}
