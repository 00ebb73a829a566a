/**
 * What a server may ask of Elftia, and who answers it.
 *
 * McpService owns the connections; it does not own the user. When a server sends a request that
 * needs a person or the rest of the app — an elicitation, a sampling request, the list of roots —
 * McpService hands it to the `McpClientRequests` it was given, together with the origin of the
 * request (which server, and the tool call that caused it when one did). The same interface serves
 * both protocol eras: a 2025-11-25 server sends `elicitation/create` as a request of its own, a
 * 2026-07-28 server answers the tool call with `input_required`; either way one `elicit` call here.
 *
 * Types are written out here (not the SDK's) so the renderer contracts, the CLI and the tests can
 * use them without depending on the SDK's version.
 */
import type { OAuthClientProvider } from '@modelcontextprotocol/client';
import type { McpServerRecord } from '../../shared/contracts/mcp-types';

/** Where a server request came from. */
export interface ServerRequestOrigin {
  serverId: string;
  serverName: string;
  /** The tool call in flight that this request belongs to, when one does. */
  callId?: string;
  /** Aborted when the server cancels the request, the call stops or the connection closes. */
  signal: AbortSignal;
}

type JsonObject = Record<string, unknown>;

/** `elicitation/create` params (or one `input_required` elicitation), form or URL mode. */
export type ElicitParams =
  | { mode?: 'form'; message: string; requestedSchema: JsonObject }
  | { mode: 'url'; message: string; url: string; elicitationId: string };

export type ElicitContentValue = string | number | boolean | string[];

export interface ElicitOutcome {
  action: 'accept' | 'decline' | 'cancel';
  /** Form mode with `accept` only. */
  content?: Record<string, ElicitContentValue>;
}

export type SamplingContent =
  | { type: 'text'; text: string }
  | { type: 'image'; data: string; mimeType: string }
  | { type: 'audio'; data: string; mimeType: string };

export interface SamplingParams {
  messages: Array<{ role: 'user' | 'assistant'; content: SamplingContent | SamplingContent[] }>;
  systemPrompt?: string;
  maxTokens: number;
  temperature?: number;
  stopSequences?: string[];
  includeContext?: 'none' | 'thisServer' | 'allServers';
  modelPreferences?: JsonObject;
}

export interface SamplingOutcome {
  role: 'assistant';
  content: SamplingContent;
  model: string;
  stopReason?: string;
}

export interface McpRoot {
  uri: string;
  name?: string;
}

/** Answers the requests a server sends to Elftia. Throwing rejects the server's request. */
export interface McpClientRequests {
  elicit(params: ElicitParams, origin: ServerRequestOrigin): Promise<ElicitOutcome>;
  createMessage(params: SamplingParams, origin: ServerRequestOrigin): Promise<SamplingOutcome>;
  listRoots(origin: ServerRequestOrigin): Promise<McpRoot[]>;
  /** Called whenever the roots change; McpService sends `notifications/roots/list_changed`. */
  onRootsChanged(listener: () => void): () => void;
}

/** What a server's 401 (or 403 insufficient_scope) `WWW-Authenticate` challenge named. */
export interface AuthChallenge {
  /** RFC 9728 `resource_metadata`: where the protected-resource metadata is. */
  resourceMetadataUrl?: URL;
  /** The scope the server wants. */
  scope?: string;
}

/**
 * An OAuth provider that also hears each challenge its server's transport meets. The SDK hands a
 * challenge to `auth()` for that one attempt only; a sign-in the user starts later needs it too.
 */
export interface McpAuthProvider extends OAuthClientProvider {
  onAuthChallenge?(challenge: AuthChallenge): void;
}

/** The OAuth provider an HTTP/SSE server's transport uses, or none for a server without sign-in. */
export interface McpAuthProviders {
  forServer(server: McpServerRecord): McpAuthProvider | undefined;
}
