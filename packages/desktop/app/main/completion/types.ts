/**
 * The seam between the TinyElf engine and the LLM providers. The
 * engine speaks this provider-neutral shape; one adapter per provider maps it to that provider's
 * wire format through its official SDK (openai, @anthropic-ai/sdk, @google/genai) with pure
 * `toXRequest` / stream-mapping functions.
 */
import type { TokenUsage } from '../../shared/contracts/chat';
import type { CompletionErrorCode, ResolvedProvider } from '../../shared/contracts/providers';

/** An image a tool returned or the user attached, for vision-capable models (base64, no `data:` prefix). */
export interface EngineImage {
  mimeType: string;
  data: string;
  /** The attached file's name, for the line that stands in for an image a provider cannot read. */
  name?: string;
}

/**
 * An image the user attached, as the stored history keeps it: the bytes are a file of the chat's
 * AttachmentStore, loaded into `images` before a turn (chat/attachments.ts).
 */
export interface EngineImageRef {
  attachmentId: string;
  name: string;
  mimeType: string;
  /** Bytes. */
  size: number;
}

export type EngineMessage =
  | {
      role: 'user';
      /** The typed text, with attached text files inlined after it. */
      text: string;
      /** Attached images, sent in the provider's native image form. */
      images?: EngineImage[];
      /** Stored history only: the attached images, before they are loaded into `images`. */
      imageRefs?: EngineImageRef[];
    }
  | { role: 'assistant'; text: string; toolCalls: EngineToolCall[] }
  | {
      role: 'tool';
      toolCallId: string;
      /** The provider-facing tool name the model called. */
      name: string;
      text: string;
      isError: boolean;
      /** Sent in the provider's native form where its API allows, else as the text placeholder. */
      images: EngineImage[];
    };

export interface EngineToolCall {
  id: string;
  /** The provider-facing name. */
  name: string;
  /** Parsed JSON arguments, keys as the provider sent them (map back before calling MCP). */
  arguments: Record<string, unknown>;
}

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
