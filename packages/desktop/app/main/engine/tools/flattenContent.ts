/**
 * Tool result content → the text the model reads, and a server's
 * CallToolResult → the engine's ToolExecutionResult. The binary parts stay in `content` for the UI.
 */
import { type ToolContent, parseToolContent } from '../../../shared/contracts/tool-content';
import type { ToolErrorCode, ToolExecutionResult } from '../ITool';
import { isPlainObject } from '../../lib/isPlainObject';

/**
 * Default cap on an embedded resource's text copied into the model's view, in characters. Embedded
 * resources can be whole files or pages; text items are passed whole (the original design's rule), but an
 * embedded resource is a side attachment and must not crowd the context window on its own.
 */
export const DEFAULT_MAX_EMBEDDED_TEXT_CHARS = 20_000;

export interface FlattenOptions {
  /** See DEFAULT_MAX_EMBEDDED_TEXT_CHARS. */
  maxEmbeddedTextChars?: number;
}

/** Cuts at most `max` UTF-16 units without splitting a surrogate pair. */
function cut(text: string, max: number): string {
  const end = max > 0 && /[\uD800-\uDBFF]/.test(text.charAt(max - 1)) ? max - 1 : max;
  return text.slice(0, Math.max(0, end));
}

/** Size of base64 data in bytes, without decoding it. */
function base64Bytes(data: string): number {
  const padding = data.endsWith('==') ? 2 : data.endsWith('=') ? 1 : 0;
  return Math.max(0, Math.floor((data.length * 3) / 4) - padding);
}

function describeLink(item: Extract<ToolContent, { type: 'resource_link' }>): string {
  const label = item.title ?? item.name;
  const details = [item.uri, item.mimeType, item.size === undefined ? undefined : `${item.size} bytes`].filter(Boolean).join(', ');
  const description = item.description ? ` — ${item.description}` : '';
  return `[Resource link: ${label} (${details})${description}]`;
}

function describeEmbedded(item: Extract<ToolContent, { type: 'resource' }>, maxChars: number): string {
  const { resource } = item;
  const mime = resource.mimeType ? `, ${resource.mimeType}` : '';
  if ('blob' in resource) return `[Resource: ${resource.uri}${mime}, ${base64Bytes(resource.blob)} bytes, binary]`;
  const header = `[Resource: ${resource.uri}${mime}]`;
  if (resource.text.length <= maxChars) return `${header}\n${resource.text}`;
  const kept = cut(resource.text, maxChars);
  return `${header}\n${kept}\n[… ${resource.text.length - kept.length} more characters not shown]`;
}

function flattenItem(item: ToolContent, maxEmbeddedChars: number): string {
  switch (item.type) {
    case 'text':
      return item.text;
    case 'image':
      return `[Image: ${item.mimeType}]`;
    case 'audio':
      return `[Audio: ${item.mimeType}]`;
    case 'resource_link':
      return describeLink(item);
    case 'resource':
      return describeEmbedded(item, maxEmbeddedChars);
  }
}

/** One line (or block) per item, joined with `\n`. */
export function flattenContent(content: readonly ToolContent[], options: FlattenOptions = {}): string {
  const max = options.maxEmbeddedTextChars ?? DEFAULT_MAX_EMBEDDED_TEXT_CHARS;
  return content.map((item) => flattenItem(item, max)).join('\n');
}

/** The part of an MCP CallToolResult the engine reads (the SDK type, loosely: content is re-validated). */
export interface RawCallToolResult {
  content?: unknown;
  isError?: boolean;
  /** Any JSON value in SDK v2 (SEP-2106); the engine passes an object on and words anything else. */
  structuredContent?: unknown;
  /** How structuredContent misses the tool's outputSchema (McpService's 'report' mode). */
  outputMismatch?: string;
}

/**
 * A server's answer as the engine's result. When a server sends only structuredContent (the spec
 * says it SHOULD also send text, but not all do), the model gets its JSON rather than nothing.
 */
export function toToolExecutionResult(result: RawCallToolResult, options: FlattenOptions = {}): ToolExecutionResult {
  const content = parseToolContent(result.content);
  const structured = result.structuredContent;
  const text = content.length === 0 && structured !== undefined ? JSON.stringify(structured) : flattenContent(content, options);
  return {
    text,
    content,
    isError: result.isError === true,
    ...(isPlainObject(structured) ? { structuredContent: structured } : {}),
    ...(result.outputMismatch === undefined ? {} : { structuredContentMismatch: result.outputMismatch }),
  };
}

/** What the UI needs to say why a call failed in the user's language (see ToolExecutionResult). */
export type ToolErrorDetails = Pick<ToolExecutionResult, 'errorParams' | 'fieldErrors'>;

/** A call that produced no server result; `message` is what the model reads, `details` what the UI translates. */
export function toolErrorResult(errorCode: ToolErrorCode, message: string, details: ToolErrorDetails = {}): ToolExecutionResult {
  const result: ToolExecutionResult = { text: message, content: [{ type: 'text', text: message }], isError: true, errorCode };
  if (details.errorParams && Object.keys(details.errorParams).length > 0) result.errorParams = details.errorParams;
  if (details.fieldErrors && details.fieldErrors.length > 0) result.fieldErrors = details.fieldErrors;
  return result;
}
