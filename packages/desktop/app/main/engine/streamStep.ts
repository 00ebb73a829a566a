/**
 * One model step: streams the completion, forwards text as it arrives, and collects the tool calls.
 * How the stream ended is a value, not an exception, so the turn loop can keep what arrived.
 */
import type { TokenUsage } from '../../shared/contracts/chat';
import type { CompletionErrorCode } from '../../shared/contracts/providers';
import { completionErrorData } from '../completion/errors';
import { type CompletionClient, CompletionError, type CompletionRequest, type EngineToolCall } from '../completion/types';

export type StepEnd =
  | { kind: 'completed' }
  /** The signal fired: Stop. */
  | { kind: 'stopped' }
  | { kind: 'error'; code: CompletionErrorCode | 'INTERNAL'; message: string; params?: Record<string, string | number> };

export interface StepOutput {
  text: string;
  /** What the provider reported, even for a step that failed after it. */
  usage?: TokenUsage;
  /** Complete calls only; empty unless the step completed. */
  toolCalls: EngineToolCall[];
  end: StepEnd;
}

/** A tool call the model is still writing: its name, and its arguments text so far (a JSON prefix). */
export interface PartialToolCall {
  id: string;
  name: string;
  argumentsText: string;
}

export interface StepListener {
  onText(delta: string): void;
  /** Paced by the adapters; the complete call (in StepOutput.toolCalls) follows under the same id. */
  onToolCallPartial?(call: PartialToolCall): void;
  onUsage?(usage: TokenUsage): void;
}

export async function streamStep(completion: CompletionClient, request: CompletionRequest & { signal: AbortSignal }, listener: StepListener): Promise<StepOutput> {
  let text = '';
  let usage: TokenUsage | undefined;
  const toolCalls: EngineToolCall[] = [];
  const output = (end: StepEnd, calls: EngineToolCall[] = []): StepOutput => ({ text, toolCalls: calls, end, ...(usage ? { usage } : {}) });
  try {
    for await (const event of completion.stream(request)) {
      // An adapter that keeps yielding after Stop must not add to a stopped turn.
      if (request.signal.aborted) break;
      if (event.type === 'text') {
        text += event.delta;
        listener.onText(event.delta);
      } else if (event.type === 'tool_call') {
        toolCalls.push(event.call);
      } else if (event.type === 'tool_call_partial') {
        listener.onToolCallPartial?.({ id: event.id, name: event.name, argumentsText: event.argumentsText });
      } else if (event.type === 'usage') {
        usage = event.usage;
        listener.onUsage?.(event.usage);
      }
    }
  } catch (error) {
    if (request.signal.aborted) return output({ kind: 'stopped' });
    if (error instanceof CompletionError) {
      // The provider's own words (e.g. which tool definition it rejected) fill {{detail}}.
      const { code, params } = completionErrorData(error);
      return output({ kind: 'error', code, message: error.message, params });
    }
    return output({ kind: 'error', code: 'INTERNAL', message: error instanceof Error ? error.message : String(error) });
  }
  if (request.signal.aborted) return output({ kind: 'stopped' });
  return output({ kind: 'completed' }, dedupeIds(toolCalls));
}

/**
 * Results are matched to calls by id; a provider that repeats or omits ids (some OpenAI-compatible
 * servers send none) would make two results indistinguishable, so such calls get fresh ids.
 */
function dedupeIds(calls: EngineToolCall[]): EngineToolCall[] {
  const seen = new Set<string>();
  return calls.map((call, index) => {
    let id = call.id;
    if (!id || seen.has(id)) id = `${call.id || 'call'}_${index}`;
    seen.add(id);
    return id === call.id ? call : { ...call, id };
  });
}
