/**
 * MCP Apps (the `io.modelcontextprotocol/ui` extension, stable revision 2026-01-26): a tool names a
 * `ui://` resource in `_meta.ui.resourceUri`; the app shows that HTML in a sandboxed frame on an
 * origin separate from the app's, and the frame talks to the host over postMessage (the ext-apps
 * AppBridge in the renderer). This file is the contract between the main side (`main/apps/`: reading
 * the resource, the call gate, the sandbox origin) and the renderer (`features/chat/components/apps/`).
 *
 * Runtime-neutral: imports only zod.
 */
import { z } from 'zod';
import { ID_MAX_LENGTH, URL_MAX_LENGTH, boundedRecord } from './limits';
import type { ToolCallStatus } from './chat';
import { type FieldError, idString } from './mcp-types';
import type { ToolContent } from './tool-content';

/** The extension's id in `capabilities.extensions`. */
export const MCP_UI_EXTENSION_ID = 'io.modelcontextprotocol/ui';
/** The only MIME type an app resource may have. */
export const MCP_APP_MIME_TYPE = 'text/html;profile=mcp-app';
/** An app's HTML larger than this is refused (APP_RESOURCE_INVALID). */
export const MCP_APP_HTML_MAX_BYTES = 5 * 1024 * 1024;
/**
 * Elftia's own notification (not part of the extension), sent from inside the app's frame when Esc
 * is pressed there and the app did not take it: key events in a frame never reach the host's
 * document, so without it Esc could not collapse an expanded app that has the focus. The sandbox
 * proxy adds the script that sends it (main/apps/sandboxProxyPage.ts); the renderer's
 * SandboxTransport takes it before the AppBridge sees it. An app may send it too: it only collapses
 * its own frame.
 */
export const APP_ESCAPE_NOTIFICATION = 'elftia/notifications/escape-pressed';

/** Who may call a tool: the model, an app of the same server, or both (the default when absent). */
export const MCP_TOOL_VISIBILITIES = ['model', 'app'] as const;
export type McpToolVisibility = (typeof MCP_TOOL_VISIBILITIES)[number];

/** Set on a tool call whose tool declares an app: the renderer shows the app in the call's card. */
export interface ToolCallAppRef {
  serverId: string;
  /** The `ui://` resource the tool named. */
  resourceUri: string;
}

/** `_meta.ui.csp` of the resource: the origins the app may reach, each kind on its own. */
export interface McpAppCsp {
  connectDomains?: string[];
  resourceDomains?: string[];
  frameDomains?: string[];
  baseUriDomains?: string[];
}

/** `_meta.ui.permissions`: what the app asks the browser for, mapped to the iframe `allow` list. */
export interface McpAppPermissions {
  camera?: boolean;
  microphone?: boolean;
  geolocation?: boolean;
  clipboardWrite?: boolean;
}

/** What apps.resource returns: the app's HTML, checked, with what the sandbox needs to enforce. */
export interface McpAppResourceView {
  serverId: string;
  uri: string;
  html: string;
  csp: McpAppCsp;
  permissions: McpAppPermissions;
  /** `_meta.ui.prefersBorder`. */
  prefersBorder?: boolean;
}

/** Where the renderer loads the sandbox proxy page (a separate origin: a loopback port, or a custom protocol in Electron). */
export interface McpAppSandboxView {
  /** The proxy page's URL, without the CSP query the renderer adds per app. */
  url: string;
  /** Its origin, the only one the renderer accepts messages from. */
  origin: string;
}

const uiUri = z
  .string()
  .min(1)
  .max(URL_MAX_LENGTH, { error: 'tooLong' })
  .refine((uri) => uri.startsWith('ui://'), { error: 'invalid' });

export const appsResourceSchema = z.strictObject({ serverId: idString, uri: uiUri });

/** The host tool call that shows the app: app requests are tied to it (conversation, server, card). */
const appHost = {
  conversationId: idString,
  /** The id of the tool call whose card shows the app. */
  hostCallId: idString,
  serverId: idString,
};

/** An app's `tools/call`: only tools of its own server whose visibility includes `app`, through approval. */
export const appsCallToolSchema = z.strictObject({
  ...appHost,
  name: z.string().min(1).max(ID_MAX_LENGTH, { error: 'tooLong' }),
  arguments: boundedRecord(z.string().max(ID_MAX_LENGTH), z.unknown(), 256).default({}),
});
export type AppsCallToolInput = z.input<typeof appsCallToolSchema>;

/**
 * An MCP `CallToolResult` for the app (`content`, `structuredContent`, `isError`), and for the card
 * how the call ended: `denied` and `cancelled` come back as error results too, as the model gets them.
 */
export interface AppToolCallResult {
  status: Extract<ToolCallStatus, 'done' | 'error' | 'denied' | 'cancelled'>;
  content: ToolContent[];
  isError: boolean;
  structuredContent?: Record<string, unknown>;
  errorCode?: string;
  errorParams?: Record<string, string | number>;
  fieldErrors?: FieldError[];
}

/** `ui/update-model-context`: the latest context an app gives the model; sent with the next turn. */
export const appsUpdateContextSchema = z.strictObject({
  ...appHost,
  /** Text the model should know; empty clears the app's context. */
  text: z.string().max(100_000, { error: 'tooLong' }),
});

/** Error codes of the apps router, translated as `errors.<code>`. */
export const APP_ERROR_CODES = [
  /** The resource is not `text/html;profile=mcp-app`, has no text, or is too large. */
  'APP_RESOURCE_INVALID',
  /** An app called a tool of another server, a tool without `app` visibility, or an unknown tool. */
  'APP_TOOL_NOT_ALLOWED',
] as const;
export type AppErrorCode = (typeof APP_ERROR_CODES)[number];
