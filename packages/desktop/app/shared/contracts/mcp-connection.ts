/**
 * What McpService tells the outside world about its connections: state snapshots, events for a
 * tRPC subscription, log entries and error codes. Runtime-neutral: imports only types.
 *
 * Errors cross the boundary as a code plus parameters; the renderer translates `mcp.<code>`.
 * `params.detail`, when present, is the underlying cause with secrets already redacted (for the
 * diagnostics view, not for translation).
 */
import type { McpServerStatus } from './mcp-types';

export const MCP_SERVICE_ERROR_CODES = [
  'SERVER_NOT_FOUND',
  'SERVER_DISABLED',
  'NOT_CONNECTED',
  'TOOL_NOT_FOUND',
  'INVALID_ARGUMENTS',
  'INVALID_CONFIG',
  'TIMEOUT',
  'CANCELLED',
  'CONNECTION_CLOSED',
  'UNSUPPORTED_TRANSPORT',
  'CONNECT_FAILED',
  'REQUEST_FAILED',
  'INSTALL_FAILED',
  'INSTALL_TIMEOUT',
  'SECRETS_UNREADABLE',
  'KEY_SOURCE_MISSING',
] as const;
export type McpServiceErrorCode = (typeof MCP_SERVICE_ERROR_CODES)[number];

export interface McpServiceErrorData {
  code: McpServiceErrorCode;
  params?: Record<string, string | number>;
}

export interface McpServerInfo {
  name: string;
  version: string;
}

/** A snapshot of one server's connection, safe to send to the renderer. */
export interface McpServerState {
  serverId: string;
  serverName: string;
  status: McpServerStatus;
  /** The most recent failure; kept after recovery so the UI can show what happened last. */
  lastError?: McpServiceErrorData;
  serverInfo?: McpServerInfo;
  /** The protocol version negotiated in `initialize`. */
  protocolVersion?: string;
  /** Failed connects, drops and failed requests in a row; any success resets it (seed 004). */
  consecutiveErrors: number;
  /** True once consecutiveErrors reaches 3. */
  degraded: boolean;
  toolCount: number;
  /**
   * Present while status is `connecting` and the server's package downloads before its first start
   * (`npx`, `uvx`); the connect timeout starts after it. `lastLine` is the download's latest output.
   */
  installing?: { packages: string[]; startedAtMs: number; lastLine?: string };
  /** Present while an automatic reconnect is scheduled. `nextAtMs` is epoch milliseconds. */
  reconnect?: { attempt: number; nextAtMs: number };
  /** Epoch milliseconds of the last change. */
  updatedAtMs: number;
}

export type McpLogLevel = 'stderr' | 'info' | 'warn' | 'error';

export interface McpLogEntry {
  /** Increases by one per entry of a server; lets a subscriber detect gaps. */
  seq: number;
  /** Epoch milliseconds. */
  timeMs: number;
  level: McpLogLevel;
  /** Secrets already redacted. */
  text: string;
}

export type McpServiceEvent =
  | { type: 'state'; serverId: string; state: McpServerState }
  | { type: 'tools'; serverId: string; toolCount: number }
  | { type: 'log'; serverId: string; entry: McpLogEntry }
  /** The server left the configuration; drop it from any view. */
  | { type: 'removed'; serverId: string };
