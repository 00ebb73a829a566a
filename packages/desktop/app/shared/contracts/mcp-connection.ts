/**
 * What McpService tells the outside world about its connections: state snapshots, events for a
 * tRPC subscription, log entries and error codes. Runtime-neutral: imports only types.
 *
 * Errors cross the boundary as a code plus parameters; the renderer translates `mcp.<code>`.
 * `params.detail`, when present, is the underlying cause with secrets already redacted (for the
 * diagnostics view, not for translation).
 */
import type { FieldError, McpServerStatus } from './mcp-types';

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
  'RESULT_TOO_LARGE',
  'SECRETS_UNREADABLE',
  'KEY_SOURCE_MISSING',
  /** A project server (workspace.ts) the user has not approved in its current form: nothing was started. */
  'WORKSPACE_TRUST_REQUIRED',
  /** A `${env:NAME}` reference names a variable the app's environment does not set (params: server, name, field). */
  'ENV_REF_MISSING',
  /** A `${input:id}` reference has no value yet: the user enters it (params: server, input, description, field). */
  'INPUT_REQUIRED',
  /** An HTTP/SSE server answered 401 and no valid sign-in is stored: the user signs in (params: server). */
  'MCP_AUTH_REQUIRED',
] as const;
export type McpServiceErrorCode = (typeof MCP_SERVICE_ERROR_CODES)[number];

/**
 * What happened, when a connection or request failed for a reason Elftia can name: `params.cause`
 * of an error, beside `exitCode` (exit), `signal` (signal), `httpStatus` (httpStatus), `mcpCode`
 * (serverError) or `command` (the spawn failures). Translated as `causes.<cause>` and shown after
 * the code's own message.
 */
export const MCP_FAILURE_CAUSES = [
  /** A stdio server's process exited by itself. */
  'exit',
  /** A stdio server's process was killed by a signal. */
  'signal',
  /** A stdio server's command is not on PATH (nor a path that exists). */
  'commandNotFound',
  /** The folder a stdio server is started in does not exist. */
  'cwdNotFound',
  /** A stdio server's command exists but could not be started (not executable, not permitted). */
  'spawnFailed',
  /** A stdio server closed its stdout but kept running (then Elftia stopped it). */
  'stdoutClosed',
  /** A stdio server stopped reading its stdin (EPIPE) but kept running (then Elftia stopped it). */
  'stdinClosed',
  /** The peer reset the connection (ECONNRESET). */
  'reset',
  /** Nothing listens at the address (ECONNREFUSED). */
  'refused',
  /** The server closed the connection before answering. */
  'socketClosed',
  /** The host name did not resolve. */
  'hostNotFound',
  /** No route or no answer at the network level. */
  'unreachable',
  /** The server answered with an HTTP error status. */
  'httpStatus',
  /** The server answered with a JSON-RPC error. */
  'serverError',
] as const;
export type McpFailureCause = (typeof MCP_FAILURE_CAUSES)[number];

/**
 * The i18n key (in common/errors) of the sentence that follows an error's message: its `cause`, or
 * for NOT_CONNECTED without one the message of the server's last error (`lastError`).
 */
export function failureReasonKey(params: Record<string, string | number> | undefined): string | undefined {
  const cause = params?.cause;
  if (typeof cause === 'string' && (MCP_FAILURE_CAUSES as readonly string[]).includes(cause)) return `causes.${cause}`;
  const lastError = params?.lastError;
  if (typeof lastError === 'string' && (MCP_SERVICE_ERROR_CODES as readonly string[]).includes(lastError)) return `errors.${lastError}`;
  return undefined;
}

export interface McpServiceErrorData {
  code: McpServiceErrorCode;
  params?: Record<string, string | number>;
  /** INVALID_ARGUMENTS: every problem of a tool call's arguments, each with its dotted path. */
  fieldErrors?: FieldError[];
}

export interface McpServerInfo {
  name: string;
  version: string;
  /** The server's icon, when it gave one the app may show (shared/contracts/icons.ts). */
  icon?: string;
}

/** The lists a server offers, as Elftia fetches them. */
export const MCP_LIST_KINDS = ['tool', 'resource', 'resourceTemplate', 'prompt'] as const;
export type McpListKind = (typeof MCP_LIST_KINDS)[number];

/**
 * Why an entry of a server's list was left out: not an object at all, a field it cannot do without
 * (its name, a resource's URI) missing or not valid, or the same name as an earlier entry.
 * `notAList`: the server's answer had no list where one belongs (`name` is then '').
 */
export const MCP_SKIP_REASONS = ['notAnObject', 'invalidField', 'duplicate', 'notAList'] as const;
export type McpSkipReason = (typeof MCP_SKIP_REASONS)[number];

export interface McpSkippedItem {
  kind: McpListKind;
  /** The entry's name (a resource's URI, a template's URI template); '' when it has none. */
  name: string;
  reason: McpSkipReason;
  /** For invalidField: the field's dotted path ('name', 'inputSchema'); '' for the entry as a whole. */
  field?: string;
  /** The parser's own words (English), for diagnostics. */
  detail?: string;
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
  /** Failed connects, drops and failed requests in a row; any success resets it. */
  consecutiveErrors: number;
  /** True once consecutiveErrors reaches 3. */
  degraded: boolean;
  toolCount: number;
  /**
   * Entries of the server's lists that Elftia left out (the lists fetched so far), at most
   * MAX_SKIPPED_IN_STATE of them; `skippedCount` is how many in all. Absent when none was.
   */
  skipped?: McpSkippedItem[];
  skippedCount?: number;
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

/** How many left-out entries a state carries (a broken server may send thousands). */
export const MAX_SKIPPED_IN_STATE = 50;

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

/**
 * What mcp.onLogs pushes: the whole bounded log once, then only the entries added since (a busy
 * server's log is not resent on every line). A second snapshot replaces everything shown: the log
 * started over.
 */
export type McpLogUpdate = { kind: 'snapshot'; entries: McpLogEntry[] } | { kind: 'append'; entries: McpLogEntry[] };

export type McpServiceEvent =
  | { type: 'state'; serverId: string; state: McpServerState }
  | { type: 'tools'; serverId: string; toolCount: number }
  | { type: 'log'; serverId: string; entry: McpLogEntry }
  /** The server left the configuration; drop it from any view. */
  | { type: 'removed'; serverId: string };

/** MCP logging levels (RFC 5424 severities), least severe first: what a server sends at or above. */
export const MCP_SERVER_LOG_LEVELS = ['debug', 'info', 'notice', 'warning', 'error', 'critical', 'alert', 'emergency'] as const;
export type McpServerLogLevel = (typeof MCP_SERVER_LOG_LEVELS)[number];
/** What a server is asked to log until the user picks another level. */
export const DEFAULT_SERVER_LOG_LEVEL: McpServerLogLevel = 'info';
