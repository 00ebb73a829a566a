/**
 * One model completion for a server's sampling request, once the user approved it: the
 * conversation's provider and model (the tool call's, when the request came from one; else the
 * first configured provider), no tools, the server's system prompt. The provider APIs' token limits
 * are not passed through the completion seam, so `maxTokens` bounds what is read instead: reading
 * stops (and closes the request) after about four characters per token.
 */
import type { ResolvedProvider } from '../../shared/contracts/providers';
import type { CompletionClient, EngineMessage } from '../completion/types';
import type { SamplingContent, SamplingOutcome, SamplingParams } from '../mcp/clientRequests';
import { type Clock, systemClock } from '../lib/clock';
import { InteractionRequestError } from './requestErrors';

/** Characters read per token of the server's `maxTokens`. */
export const CHARS_PER_TOKEN = 4;
/** Longest a sampling completion may take, in milliseconds. */
export const SAMPLING_TIMEOUT_MS = 120_000;

export interface SamplingTarget {
  provider: ResolvedProvider;
  model: string;
}

export interface Sampler {
  sample(params: SamplingParams, context: { callId?: string; signal: AbortSignal }): Promise<SamplingOutcome>;
}

export interface SamplingRunnerOptions {
  completion: CompletionClient;
  /** The provider and model to use: the turn's of `callId` when known, else a default; undefined when none is configured. */
  target(callId: string | undefined): SamplingTarget | undefined;
  timeoutMs?: number;
  clock?: Clock;
}

export class SamplingRunner implements Sampler {
  constructor(private readonly options: SamplingRunnerOptions) {}

  async sample(params: SamplingParams, context: { callId?: string; signal: AbortSignal }): Promise<SamplingOutcome> {
    const target = this.options.target(context.callId);
    // -32603: the request was valid; Elftia has no model to run it on.
    if (!target) throw new InteractionRequestError(-32603, 'No model provider is configured in Elftia to answer sampling requests');
    const timeoutMs = this.options.timeoutMs ?? SAMPLING_TIMEOUT_MS;
    const clock = this.options.clock ?? systemClock;
    const limit = new AbortController();
    const timer = clock.setTimeout(() => limit.abort(new DOMException(`no completion within ${timeoutMs} ms`, 'TimeoutError')), timeoutMs);
    const maxChars = Math.max(1, params.maxTokens) * CHARS_PER_TOKEN;
    let text = '';
    let stopReason: string = 'endTurn';
    try {
      const stream = this.options.completion.stream({
        provider: target.provider,
        model: target.model,
        ...(params.systemPrompt ? { system: params.systemPrompt } : {}),
        messages: engineMessages(params),
        tools: [],
        signal: AbortSignal.any([context.signal, limit.signal]),
      });
      for await (const event of stream) {
        if (event.type === 'text') text += event.delta;
        if (event.type === 'done' && event.stopReason === 'max_tokens') stopReason = 'maxTokens';
        if (text.length >= maxChars) {
          text = text.slice(0, maxChars);
          stopReason = 'maxTokens';
          break;
        }
      }
    } finally {
      clock.clearTimeout(timer);
    }
    return { role: 'assistant', content: { type: 'text', text }, model: target.model, stopReason };
  }
}

/** The server's messages for the completion seam: text as text, images as images, audio named. */
export function engineMessages(params: SamplingParams): EngineMessage[] {
  return params.messages.map((message) => {
    const parts = Array.isArray(message.content) ? message.content : [message.content];
    const text = parts.map(partText).filter((part) => part !== '').join('\n');
    if (message.role === 'assistant') return { role: 'assistant', text, toolCalls: [] };
    const images = parts.flatMap((part) => (part.type === 'image' ? [{ mimeType: part.mimeType, data: part.data }] : []));
    return images.length > 0 ? { role: 'user', text, images } : { role: 'user', text };
  });
}

function partText(part: SamplingContent): string {
  switch (part.type) {
    case 'text':
      return part.text;
    case 'audio':
      return '[audio]';
    case 'image':
      return '';
    default:
      return '';
  }
}
