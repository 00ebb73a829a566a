/**
 * What a server row says about its connection, derived from the McpServerView the router pushes.
 * Pure, so each state's wording is decided in one place and tested as a table.
 */
import type { McpServerView } from '@elftia/desktop/router';
import type { McpServiceErrorData } from '@elftia/desktop/shared/contracts/mcp-connection.ts';
import type { McpServerStatus } from '@elftia/desktop/shared/contracts/mcp-types.ts';
import { needsApproval, type OriginView } from '../origin/serverOrigin';

/**
 * The badge's tone: a status, `reconnecting` while an automatic reconnect is scheduled, `approval`
 * for a project server waiting for the user (a question, not a crash), `overridden` for a global
 * server a project server hides.
 */
export type StatusTone = McpServerStatus | 'reconnecting' | 'approval' | 'overridden';

export interface StatusText {
  key: string;
  params?: Record<string, number>;
  tone: StatusTone;
}

const STATUS_KEYS: Record<McpServerStatus, string> = {
  disabled: 'settings/tools:status.disabled',
  disconnected: 'settings/tools:status.disconnected',
  connecting: 'settings/tools:status.connecting',
  connected: 'settings/tools:status.connected',
  error: 'settings/tools:status.error',
};

/** The automatic reconnect waiting out its backoff, if one is scheduled. */
export function scheduledReconnect(server: McpServerView): { attempt: number; nextAtMs: number } | undefined {
  // A server disabled during its backoff is never revived (McpService), so the pending attempt is
  // not worth announcing.
  return server.status === 'disabled' ? undefined : server.connection?.reconnect;
}

export function statusText(server: OriginView): StatusText {
  if (server.overriddenBy) return { key: 'settings/tools:status.overridden', tone: 'overridden' };
  if (needsApproval(server)) return { key: 'settings/tools:status.needsApproval', tone: 'approval' };
  const reconnect = scheduledReconnect(server);
  if (reconnect) return { key: 'settings/tools:status.reconnecting', params: { attempt: reconnect.attempt }, tone: 'reconnecting' };
  // A first start's package download: its own phase, with its own (longer) timeout.
  if (server.status === 'connecting' && server.connection?.installing) return { key: 'settings/tools:status.installing', tone: 'connecting' };
  return { key: STATUS_KEYS[server.status], tone: server.status };
}

/**
 * The failure to show under the row: only while the server is failing. McpService keeps
 * `lastError` after a recovery; the details panel shows it then, as history rather than an alert.
 * A server whose stored secrets cannot be read says so whatever its state: it will not start.
 */
export function currentError(server: OriginView): McpServiceErrorData | undefined {
  // Waiting for approval and hidden by an override are states the row explains, not failures.
  if (server.overriddenBy || needsApproval(server)) return undefined;
  if (server.secretsUnreadable) return { code: 'SECRETS_UNREADABLE', params: { server: server.name } };
  return server.status === 'error' ? server.connection?.lastError : undefined;
}

/** The consecutive-error count while the server is degraded (3 or more failures in a row). */
export function degradedErrorCount(server: McpServerView): number | undefined {
  const connection = server.connection;
  return server.status !== 'disabled' && connection?.degraded ? connection.consecutiveErrors : undefined;
}

/** A McpServiceError's parameters split into what the message interpolates and the untranslated detail. */
export function splitErrorParams(error: McpServiceErrorData): { params: Record<string, string | number>; detail: string | undefined } {
  const { detail, ...params } = error.params ?? {};
  const text = detail === undefined ? '' : String(detail).trim();
  return { params, detail: text === '' ? undefined : text };
}
