/**
 * The translations between an app's requests (MCP shapes, from the bridge) and Elftia's API (the
 * views the routers return): what the app gets back for a resource read, and which links it may open.
 */
import type { CallToolResult, ReadResourceResult } from '@modelcontextprotocol/client';
import type { AppToolCallResult } from '@elftia/desktop/shared/contracts/apps.ts';
import type { ResourceReadView } from '@elftia/desktop/shared/contracts/mcp-resources.ts';
import type { ToolCallView } from '@elftia/desktop/shared/contracts/chat.ts';

export function readResult(view: ResourceReadView): ReadResourceResult {
  return {
    contents: view.contents.map((item) =>
      item.blob !== undefined
        ? { uri: item.uri, blob: item.blob, ...(item.mimeType ? { mimeType: item.mimeType } : {}) }
        : { uri: item.uri, text: item.text ?? '', ...(item.mimeType ? { mimeType: item.mimeType } : {}) },
    ),
  };
}

/**
 * apps.callTool's answer as the app's `tools/call` result: what the server returned (a denied or
 * cancelled call is an error result, as the model gets it); how the call ended stays with Elftia.
 */
export function appCallResult(result: AppToolCallResult): CallToolResult {
  return {
    content: result.content,
    isError: result.isError,
    ...(result.structuredContent ? { structuredContent: result.structuredContent } : {}),
  };
}

/** `ui/tool-result`'s params: the call's result as the server sent it (the card's whole copy). */
export function toolResultParams(result: NonNullable<ToolCallView['result']>) {
  return {
    content: result.content,
    isError: result.isError,
    ...(result.structuredContent ? { structuredContent: result.structuredContent } : {}),
  };
}

/** Only web and mail links leave the app; `javascript:`, `file:` and the like are refused. */
export function openableUrl(raw: string): URL | undefined {
  try {
    const url = new URL(raw);
    return url.protocol === 'https:' || url.protocol === 'http:' || url.protocol === 'mailto:' ? url : undefined;
  } catch {
    return undefined;
  }
}

/** The text of an app's `ui/message` or `ui/update-model-context` content blocks (text blocks only). */
export function textOf(content: readonly { type: string; text?: unknown }[] | undefined): string {
  return (content ?? [])
    .filter((block) => block.type === 'text' && typeof block.text === 'string')
    .map((block) => block.text as string)
    .join('\n\n');
}
