/**
 * One model step: streams the completion, forwards text as it arrives, and collects the tool calls.
 * How the stream ended is a value, not an exception, so the turn loop can keep what arrived.
 */
import type { CompletionErrorCode } from '../../../../../shared/contracts/providers';
import { completionErrorData } from '../../../completion/errors';
import { type CompletionClient, CompletionError, type CompletionRequest, type EngineToolCall } from '../../../completion/types';

export type StepEnd =
  | { kind: 'completed' }
  /** The signal fired: Stop. */
  | { kind: 'stopped' }
  | { kind: 'error'; code: CompletionErrorCode | 'INTERNAL'; message: string; params?: Record<string, string | number> };

export interface StepOutput {
  text: string;
  /** Complete calls only; empty unless the step completed. */
  toolCalls: EngineToolCall[];
  end: StepEnd;
}

export async function streamStep(completion: CompletionClient, request: CompletionRequest & { signal: AbortSignal }, onText: (delta: string) => void): Promise<StepOutput> {
  let text = '';
  const toolCalls: EngineToolCall[] = [];
  try {
    for await (const event of completion.stream(request)) {
      // An adapter that keeps yielding after Stop must not add to a stopped turn.
      if (request.signal.aborted) break;
      if (event.type === 'text') {
        text += event.delta;
        onText(event.delta);
      } else if (event.type === 'tool_call') {
        toolCalls.push(event.call);
      }
    }
  } catch (error) {
    if (request.signal.aborted) return { text, toolCalls: [], end: { kind: 'stopped' } };
    if (error instanceof CompletionError) {
      // The provider's own words (e.g. which tool definition it rejected) fill {{detail}}.
      const { code, params } = completionErrorData(error);
      return { text, toolCalls: [], end: { kind: 'error', code, message: error.message, params } };
    }
    return { text, toolCalls: [], end: { kind: 'error', code: 'INTERNAL', message: error instanceof Error ? error.message : String(error) } };
  }
  if (request.signal.aborted) return { text, toolCalls: [], end: { kind: 'stopped' } };
  return { text, toolCalls: dedupeIds(toolCalls), end: { kind: 'completed' } };
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
