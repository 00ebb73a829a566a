import { type CallToolResult, CallToolResultSchema, ContentBlockSchema } from '@modelcontextprotocol/sdk/types.js';
import { z } from 'zod';
import { isPlainObject } from './tool-format/types';

/**
 * A tools/call result read item by item (STYLE.md, "Parse what others send leniently"): the SDK's
 * own schema fails the whole call for one content item that breaks it — an image whose data is not
 * base64, a content type of a newer revision or of the server's own — and the user then sees
 * nothing of the rest. The envelope is checked as strictly as before.
 */
export const LenientCallToolResultSchema = CallToolResultSchema.extend({
  content: z.array(z.unknown()).default([]),
  isError: z.unknown().optional(),
});

export type LenientCallToolResult = z.infer<typeof LenientCallToolResultSchema>;

/** Keeps every content item that fits the MCP schema; each one left out (and a non-boolean isError) is described in `notes`. */
export function repairToolResult(raw: LenientCallToolResult, notes: string[]): CallToolResult {
  const content: CallToolResult['content'] = [];
  raw.content.forEach((item, index) => {
    const parsed = ContentBlockSchema.safeParse(item);
    if (parsed.success) {
      content.push(parsed.data);
      return;
    }
    const type = isPlainObject(item) && typeof item.type === 'string' ? `"${item.type.slice(0, 40)}"` : item === null ? 'null' : typeof item;
    const issue = parsed.error.issues[0];
    notes.push(`content[${index}] (${type}) left out: ${issue ? `${issue.path.join('.') || 'item'}: ${issue.message}` : 'not valid'}`);
  });
  const { isError, ...rest } = raw;
  if (isError !== undefined && typeof isError !== 'boolean') notes.push(`isError ${JSON.stringify(isError)?.slice(0, 40) ?? typeof isError} ignored: not a boolean`);
  return { ...rest, content, ...(typeof isError === 'boolean' ? { isError } : {}) } as CallToolResult;
}
