/**
 * The seam between the TinyElf engine and the LLM providers. The
 * engine speaks this provider-neutral shape; one adapter per provider maps it to that provider's
 * wire format through its official SDK (openai, @anthropic-ai/sdk, @google/genai) with pure
 * `toXRequest` / stream-mapping functions.
 */
import type { TokenUsage } from '../../shared/contracts/chat';
import type { CompletionErrorCode, ResolvedProvider } from '../../shared/contracts/providers';
import type { EngineMessage, EngineToolCall } from '../../shared/contracts/engine-message';

/**
 * The conversation as the engine, the providers' adapters and the stored history share it: a plain
 * data contract (stored as JSON by db/ConversationRepository.ts), so it lives in shared/contracts.
 */
export type { EngineImage, EngineImageRef, EngineMessage, EngineToolCall } from '../../shared/contracts/engine-message';

export interface CompletionRequest {
  provider: ResolvedProvider;
  model: string;
  system?: string;
  messages: EngineMessage[];
  /** Already in the provider's format (setupMcpTools / formatToolsFor for apiFormatOf(provider.kind)). */
  tools: unknown[];
  signal?: AbortSignal;
}

export type CompletionEvent =
  | { type: 'text'; delta: string }
  /** A complete tool call: arguments fully streamed and parsed. */
  | { type: 'tool_call'; call: EngineToolCall }
  /**
   * A tool call still streaming: its name is known, its arguments text so far (a JSON prefix).
   * At most one per call every PARTIAL_INTERVAL_MS; the `tool_call` with the same id follows.
   * Providers that send whole calls (Gemini) send none.
   */
  | { type: 'tool_call_partial'; index: number; id: string; name: string; argumentsText: string }
  /** The tokens of this call, when the provider reported them; sent once, before `done`. */
  | { type: 'usage'; usage: TokenUsage }
  | { type: 'done'; stopReason: 'end_turn' | 'tool_calls' | 'max_tokens' | 'other' };

export class CompletionError extends Error {
  readonly code: CompletionErrorCode;
  readonly status: number | undefined;

  constructor(code: CompletionErrorCode, message: string, options: { status?: number; cause?: unknown } = {}) {
    super(message, { cause: options.cause });
    this.name = 'CompletionError';
    this.code = code;
    this.status = options.status;
  }
}

export interface CompletionClient {
  /** Streams one model step. Throws CompletionError (or an AbortError when the signal fires). */
  stream(request: CompletionRequest): AsyncIterable<CompletionEvent>;
}
