/**
 * The content of a tool result as the app keeps it for the UI (MCP `CallToolResult.content`): text,
 * image, audio, resource links and embedded resources. The model reads a flattened text (see the
 * engine's flattenContent); ToolCallDisplay renders these items.
 *
 * Runtime-neutral: imports only zod. Unknown keys (`_meta`, future fields) are dropped on parse, so
 * what is stored with a message is exactly what the renderer knows how to show.
 */
import { z } from 'zod';
import { ANNOTATIONS_MAX_ENTRIES, boundedRecord, ID_MAX_LENGTH, TOOL_CONTENT_MAX_LENGTH, URL_MAX_LENGTH } from './limits';

/** MCP `Annotations` (audience, priority, lastModified), kept loose: hints only, never validated strictly. */
const AnnotationsSchema = boundedRecord(z.string().max(ID_MAX_LENGTH), z.unknown(), ANNOTATIONS_MAX_ENTRIES).optional();
/** Text or base64 of one item: as long as the largest message a server can send. */
const body = z.string().max(TOOL_CONTENT_MAX_LENGTH);
const mimeType = z.string().max(ID_MAX_LENGTH);
/** Resource URIs may carry data (`data:` URIs): bounded like content. */
const uri = z.string().max(TOOL_CONTENT_MAX_LENGTH);
const label = z.string().max(URL_MAX_LENGTH);

export const TextContentSchema = z.object({
  type: z.literal('text'),
  text: body,
  annotations: AnnotationsSchema,
});

/** `data` is base64 (no `data:` prefix), as MCP sends it. */
export const ImageContentSchema = z.object({
  type: z.literal('image'),
  data: body,
  mimeType,
  annotations: AnnotationsSchema,
});

/** `data` is base64 (no `data:` prefix), as MCP sends it. */
export const AudioContentSchema = z.object({
  type: z.literal('audio'),
  data: body,
  mimeType,
  annotations: AnnotationsSchema,
});

/** A pointer to a resource the client may read later (MCP 2025-06-18 `resource_link`). */
export const ResourceLinkContentSchema = z.object({
  type: z.literal('resource_link'),
  uri,
  name: label,
  title: label.optional(),
  description: body.optional(),
  mimeType: mimeType.optional(),
  /** Size in bytes, when the server knows it. */
  size: z.number().optional(),
  annotations: AnnotationsSchema,
});

export const TextResourceContentsSchema = z.object({
  uri,
  mimeType: mimeType.optional(),
  text: body,
});

/** `blob` is base64. */
export const BlobResourceContentsSchema = z.object({
  uri,
  mimeType: mimeType.optional(),
  blob: body,
});

/** A resource's contents inlined in the result (MCP `resource`). */
export const EmbeddedResourceContentSchema = z.object({
  type: z.literal('resource'),
  resource: z.union([TextResourceContentsSchema, BlobResourceContentsSchema]),
  annotations: AnnotationsSchema,
});

export const ToolContentSchema = z.discriminatedUnion('type', [
  TextContentSchema,
  ImageContentSchema,
  AudioContentSchema,
  ResourceLinkContentSchema,
  EmbeddedResourceContentSchema,
]);

export type TextContent = z.infer<typeof TextContentSchema>;
export type ImageContent = z.infer<typeof ImageContentSchema>;
export type AudioContent = z.infer<typeof AudioContentSchema>;
export type ResourceLinkContent = z.infer<typeof ResourceLinkContentSchema>;
export type TextResourceContents = z.infer<typeof TextResourceContentsSchema>;
export type BlobResourceContents = z.infer<typeof BlobResourceContentsSchema>;
export type EmbeddedResourceContent = z.infer<typeof EmbeddedResourceContentSchema>;
export type ToolContent = z.infer<typeof ToolContentSchema>;
export type ToolContentType = ToolContent['type'];

function describeType(item: unknown): string {
  if (typeof item === 'object' && item !== null && 'type' in item && typeof item.type === 'string') return item.type;
  return typeof item;
}

/**
 * Parses a server's content array item by item. An item this app does not understand (a newer MCP
 * content type, or a malformed one) becomes a text note naming its type, so one odd item neither
 * fails the whole result nor reaches the renderer unchecked.
 */
export function parseToolContent(items: unknown): ToolContent[] {
  if (!Array.isArray(items)) return [];
  return items.map((item): ToolContent => {
    const parsed = ToolContentSchema.safeParse(item);
    return parsed.success ? parsed.data : unsupportedContent(item);
  });
}

/** The text note that stands for a content item this app does not understand. */
export function unsupportedContent(item: unknown): ToolContent {
  return { type: 'text', text: `[Unsupported content: ${describeType(item)}]` };
}
