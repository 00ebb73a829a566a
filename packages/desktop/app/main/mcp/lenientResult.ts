import type { CallToolResult } from '@modelcontextprotocol/client';
import { CallToolResultSchema, ContentBlockSchema } from '@modelcontextprotocol/core';
import { z } from 'zod';
import { TOOL_CONTENT_MAX_LENGTH } from '../../shared/contracts/limits';
import { type TextContent, ToolContentSchema, unsupportedContent } from '../../shared/contracts/tool-content';

/**
 * A tools/call result read item by item: the SDK's
 * own schema fails the whole call for one content item that breaks it — an image whose data is not
 * base64, a content type of a newer revision or of the server's own — and the user then sees
 * nothing of the rest. The envelope is checked as strictly as before.
 */
export const LenientCallToolResultSchema = CallToolResultSchema.extend({
  content: z.array(z.unknown()).default([]),
  isError: z.unknown().optional(),
});

export type LenientCallToolResult = z.infer<typeof LenientCallToolResultSchema>;

/**
 * `{type: "text", text}` and nothing else, within the app's bound: what both schemas below accept
 * unchanged, and what nearly every tool returns, checked without building two parsed copies.
 */
function isPlainText(item: unknown): item is TextContent {
  if (typeof item !== 'object' || item === null) return false;
  const { type, text } = item as { type?: unknown; text?: unknown };
  return type === 'text' && typeof text === 'string' && text.length <= TOOL_CONTENT_MAX_LENGTH && Object.keys(item).length === 2;
}

/**
 * Keeps every content item that fits the MCP schema; one that does not becomes the
 * `[Unsupported content: …]` note the chat shows for such items (parseToolContent), and is
 * described in `notes` for the log, as is a non-boolean isError (ignored).
 */
export function repairToolResult(raw: LenientCallToolResult, notes: string[]): CallToolResult {
  const content = raw.content.map((item, index) => {
    if (isPlainText(item)) return item;
    // The SDK's schema checks what the app's does not (base64 data, which a provider would refuse);
    // the app's bounds what the SDK does not (sizes).
    const mcp = ContentBlockSchema.safeParse(item);
    const parsed = mcp.success ? ToolContentSchema.safeParse(item) : mcp;
    if (parsed.success) return parsed.data;
    const issue = parsed.error.issues[0];
    const type = typeof item === 'object' && item !== null && typeof (item as { type?: unknown }).type === 'string' ? `"${String((item as { type: string }).type).slice(0, 40)}"` : item === null ? 'null' : typeof item;
    notes.push(`content[${index}] (${type}) not shown: ${issue ? `${issue.path.join('.') || 'item'}: ${issue.message}` : 'not valid'}`);
    return unsupportedContent(item);
  });
  const { isError, ...rest } = raw;
  if (isError !== undefined && typeof isError !== 'boolean') notes.push(`isError ${JSON.stringify(isError)?.slice(0, 40) ?? typeof isError} ignored: not a boolean`);
  return { ...rest, content, ...(typeof isError === 'boolean' ? { isError } : {}) } as CallToolResult;
}
