/**
 * One message of a conversation in the provider-neutral shape the TinyElf engine speaks
 * (main/engine), each provider adapter maps to its wire format (main/completion), and the
 * conversation's stored history keeps as JSON, one row per message (main/db/ConversationRepository.ts).
 * Types only: what is stored is what the engine produced, so nothing is parsed against a schema.
 */

/** An image a tool returned or the user attached, for vision-capable models (base64, no `data:` prefix). */
export interface EngineImage {
  mimeType: string;
  data: string;
  /** The attached file's name, for the line that stands in for an image a provider cannot read. */
  name?: string;
}

/**
 * An image the user attached, as the stored history keeps it: the bytes are a file of the chat's
 * AttachmentStore, loaded into `images` before a turn (main/chat/attachments.ts).
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
