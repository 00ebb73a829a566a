/**
 * The content of a tool result as the app keeps it for the UI (MCP `CallToolResult.content`): text,
 * image, audio, resource links and embedded resources. The model reads a flattened text (see the
 * engine's flattenContent); ToolCallDisplay renders these items.
 *
 * Runtime-neutral: imports only zod. Unknown keys (`_meta`, future fields) are dropped on parse, so
 * what is stored with a message is exactly what the renderer knows how to show.
 */
import { z } from 'zod';

/** MCP `Annotations` (audience, priority, lastModified), kept loose: hints only, never validated strictly. */
const AnnotationsSchema = z.record(z.string(), z.unknown()).optional();

export const TextContentSchema = z.object({
  type: z.literal('text'),
  text: z.string(),
  annotations: AnnotationsSchema,
});

/** `data` is base64 (no `data:` prefix), as MCP sends it. */
export const ImageContentSchema = z.object({
  type: z.literal('image'),
  data: z.string(),
  mimeType: z.string(),
  annotations: AnnotationsSchema,
});

/** `data` is base64 (no `data:` prefix), as MCP sends it. */
export const AudioContentSchema = z.object({
  type: z.literal('audio'),
  data: z.string(),
  mimeType: z.string(),
  annotations: AnnotationsSchema,
});

/** A pointer to a resource the client may read later (MCP 2025-06-18 `resource_link`). */
export const ResourceLinkContentSchema = z.object({
  type: z.literal('resource_link'),
  uri: z.string(),
  name: z.string(),
  title: z.string().optional(),
  description: z.string().optional(),
  mimeType: z.string().optional(),
  /** Size in bytes, when the server knows it. */
  size: z.number().optional(),
  annotations: AnnotationsSchema,
});

export const TextResourceContentsSchema = z.object({
  uri: z.string(),
  mimeType: z.string().optional(),
  text: z.string(),
});

/** `blob` is base64. */
export const BlobResourceContentsSchema = z.object({
  uri: z.string(),
  mimeType: z.string().optional(),
  blob: z.string(),
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
    return parsed.success ? parsed.data : { type: 'text', text: `[Unsupported content: ${describeType(item)}]` };
  });
}
