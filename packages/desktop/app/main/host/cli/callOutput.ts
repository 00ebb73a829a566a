/**
 * How `elftia mcp call` prints a tool's result: text as the server wrote it, everything a terminal
 * cannot show (images, audio, binary resources) as a one-line summary. Pure, so each kind of
 * content is tested on its own.
 */
import type { CallToolResult, ContentBlock } from '@modelcontextprotocol/client';
import type { Translate } from '../messages';
import { UsageError } from './command';

/** Shown where a server left out an optional mime type. */
const UNKNOWN = '-';

export function formatContentBlock(block: ContentBlock, t: Translate): string {
  switch (block.type) {
    case 'text':
      return block.text;
    case 'image':
      return t('cli/messages:call.image', { mimeType: block.mimeType, size: block.data.length });
    case 'audio':
      return t('cli/messages:call.audio', { mimeType: block.mimeType, size: block.data.length });
    case 'resource_link':
      return t('cli/messages:call.resourceLink', { name: block.name, uri: block.uri });
    case 'resource': {
      const { resource } = block;
      const mimeType = resource.mimeType ?? UNKNOWN;
      if ('text' in resource) return t('cli/messages:call.resourceText', { uri: resource.uri, mimeType, size: resource.text.length });
      return t('cli/messages:call.resourceBlob', { uri: resource.uri, mimeType, size: resource.blob.length });
    }
    default:
      // A content type newer than this SDK: say what it is rather than drop it silently.
      return t('cli/messages:call.unknown', { type: String((block as { type?: unknown }).type) });
  }
}

/**
 * The whole result as terminal text ending in one newline. A result with only structuredContent
 * (servers should mirror it in a text block, but not all do) is printed as JSON.
 */
export function formatCallResult(result: CallToolResult, t: Translate): string {
  const blocks = result.content ?? [];
  let text: string;
  if (blocks.length > 0) text = blocks.map((block) => formatContentBlock(block, t)).join('\n');
  else if (result.structuredContent !== undefined) text = JSON.stringify(result.structuredContent, null, 2);
  else text = t('cli/messages:call.empty');
  return text.endsWith('\n') ? text : `${text}\n`;
}

/** `--args '{"message":"hi"}'` → the arguments object; anything but a JSON object is a usage error. */
export function parseToolArguments(text: string | undefined): Record<string, unknown> {
  if (text === undefined) return {};
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    throw new UsageError(`--args: not valid JSON (${(error as Error).message})`);
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    throw new UsageError(`--args: expected a JSON object such as '{"message":"hi"}', got ${Array.isArray(value) ? 'an array' : JSON.stringify(value)}`);
  }
  return value as Record<string, unknown>;
}
