/**
 * Gemini streamGenerateContent chunks → engine events. Pure state machine: text parts pass
 * through (thought summaries do not); function calls arrive whole, one part each, so each is
 * emitted as it comes. A stream whose candidate never got a finishReason was cut. usageMetadata is
 * cumulative (the last chunk's counts); thinking tokens are billed as output, so they count there.
 */
import type { GenerateContentResponse } from '@google/genai';
import { malformedStream } from '../errors';
import { checkArgumentDepth } from '../shared';
import type { StreamMapper } from '../runStream';
import type { CompletionEvent } from '../types';
import { tokenSum, usageEvents } from '../usage';

type StopReason = Extract<CompletionEvent, { type: 'done' }>['stopReason'];

export interface GeminiStreamOptions {
  /** The id for the n-th (0-based) function call of this stream when the API sent none. */
  newCallId: (index: number) => string;
  /** Called with a call's thought signature, so the next request can echo it. */
  onSignature?: (callId: string, signature: string) => void;
}

export function geminiStopReason(finishReason: string, hadToolCalls: boolean): StopReason {
  // Gemini finishes a function-calling step with STOP too; the calls decide.
  if (finishReason === 'STOP') return hadToolCalls ? 'tool_calls' : 'end_turn';
  if (finishReason === 'MAX_TOKENS') return 'max_tokens';
  return 'other';
}

export function createGeminiStreamMapper(options: GeminiStreamOptions): StreamMapper<GenerateContentResponse> {
  let calls = 0;
  let finishReason: string | undefined;
  let blocked = false;
  let inputTokens: number | undefined;
  let outputTokens: number | undefined;

  function push(chunk: GenerateContentResponse): CompletionEvent[] {
    const events: CompletionEvent[] = [];
    if (chunk.promptFeedback?.blockReason) blocked = true;
    const usage = chunk.usageMetadata;
    if (usage) {
      inputTokens = tokenSum(usage.promptTokenCount) ?? inputTokens;
      outputTokens = tokenSum(usage.candidatesTokenCount, usage.thoughtsTokenCount) ?? outputTokens;
    }
    const candidate = chunk.candidates?.[0];
    for (const part of candidate?.content?.parts ?? []) {
      if (typeof part.text === 'string' && part.text !== '' && !part.thought) events.push({ type: 'text', delta: part.text });
      const call = part.functionCall;
      if (!call) continue;
      if (!call.name) throw malformedStream('A functionCall part arrived without a name.');
      const id = call.id || options.newCallId(calls);
      calls += 1;
      if (part.thoughtSignature) options.onSignature?.(id, part.thoughtSignature);
      events.push({ type: 'tool_call', call: { id, name: call.name, arguments: checkArgumentDepth(call.args ?? {}, call.name) } });
    }
    if (candidate?.finishReason) finishReason = candidate.finishReason;
    return events;
  }

  function end(): CompletionEvent[] {
    // A blocked prompt ends with promptFeedback and no candidate: a finished answer, not a cut stream.
    const usage = usageEvents(inputTokens, outputTokens);
    if (blocked && finishReason === undefined) return [...usage, { type: 'done', stopReason: 'other' }];
    if (finishReason === undefined) throw malformedStream('The stream ended before the model finished (no finishReason).');
    return [...usage, { type: 'done', stopReason: geminiStopReason(finishReason, calls > 0) }];
  }

  return { push, end };
}
