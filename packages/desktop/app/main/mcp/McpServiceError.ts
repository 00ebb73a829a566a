import { ProtocolError, SdkError, SdkErrorCode } from '@modelcontextprotocol/client';
import type { McpServiceErrorCode, McpServiceErrorData } from '../../shared/contracts/mcp-connection';
import { causeParams, failureCauseOf } from './failureCause';
import { RESULT_TOO_LARGE_REASON } from './process/overlongLine';
import type { FieldError } from '../../shared/contracts/mcp-types';

type Params = Record<string, string | number>;

/**
 * Every failure McpService raises: a stable code the renderer translates, parameters, and the
 * original cause for the logs (never sent to the renderer).
 */
export class McpServiceError extends Error {
  readonly code: McpServiceErrorCode;
  readonly params: Params;
  /** INVALID_ARGUMENTS: every problem of the arguments, each with its path. */
  readonly fieldErrors: FieldError[] | undefined;

  constructor(code: McpServiceErrorCode, params: Params = {}, options: { cause?: unknown; fieldErrors?: FieldError[] } = {}) {
    super(describe(code, params, options.fieldErrors), { cause: options.cause });
    this.name = 'McpServiceError';
    this.code = code;
    this.params = params;
    this.fieldErrors = options.fieldErrors;
  }

  toData(): McpServiceErrorData {
    const data: McpServiceErrorData = { code: this.code };
    if (Object.keys(this.params).length > 0) data.params = this.params;
    if (this.fieldErrors) data.fieldErrors = this.fieldErrors;
    return data;
  }
}

/**
 * One line for logs and the model: a multi-line detail (stderr tail) is cut at its first line; field
 * errors follow as `path reason` (`(arguments)` for the arguments object itself).
 */
function describe(code: McpServiceErrorCode, params: Params, fieldErrors: FieldError[] = []): string {
  const parts = Object.entries(params).map(([k, v]) => `${k}=${String(v).split('\n')[0]}`);
  const head = parts.length > 0 ? `${code} (${parts.join(', ')})` : code;
  if (fieldErrors.length === 0) return head;
  return `${head}: ${fieldErrors.map((e) => `${e.field || '(arguments)'} ${e.reason ?? e.code}`).join('; ')}`;
}

export function isMcpServiceError(error: unknown): error is McpServiceError {
  return error instanceof McpServiceError;
}

/** The message, then the messages of its causes ("fetch failed: read ECONNRESET"): the outer one alone often says nothing. */
export function errorText(error: unknown): string {
  if (!(error instanceof Error)) return String(error);
  const parts = [error.message];
  for (let cause: unknown = error.cause, depth = 0; cause instanceof Error && depth < 3; cause = cause.cause, depth += 1) {
    if (cause.message && !parts.some((part) => part.includes(cause.message))) parts.push(cause.message);
  }
  return parts.join(': ');
}

/** What was going on when an SDK or transport error surfaced; decides the code. */
export type FailureContext = 'connect' | 'request';

/**
 * Maps an SDK/transport error to a service error. `redact` cleans the cause text before it becomes a
 * parameter, because parameters reach the renderer and the logs.
 */
export function toMcpServiceError(error: unknown, context: FailureContext, redact: (text: string) => string): McpServiceError {
  if (error instanceof McpServiceError) return error;
  const detail = redact(errorText(error)).slice(0, 500);
  if (error instanceof SdkError) {
    if (error.code === SdkErrorCode.RequestTimeout) {
      const timeoutMs = Number((error.data as { timeout?: unknown } | undefined)?.timeout);
      return new McpServiceError('TIMEOUT', Number.isFinite(timeoutMs) ? { timeoutMs } : {}, { cause: error });
    }
    if (error.code === SdkErrorCode.ConnectionClosed) {
      return new McpServiceError(context === 'connect' ? 'CONNECT_FAILED' : 'CONNECTION_CLOSED', { detail }, { cause: error });
    }
  }
  if (error instanceof ProtocolError) {
    const data = error.data as { reason?: unknown; limitBytes?: unknown; bytes?: unknown } | undefined;
    if (data?.reason === RESULT_TOO_LARGE_REASON && typeof data.limitBytes === 'number') {
      const params: Params = { limitBytes: data.limitBytes, limit: formatBytes(data.limitBytes), detail };
      if (typeof data.bytes === 'number') params.bytes = data.bytes;
      return new McpServiceError('RESULT_TOO_LARGE', params, { cause: error });
    }
    // The server is alive and answered, with a JSON-RPC error.
    const code = context === 'connect' ? 'CONNECT_FAILED' : 'REQUEST_FAILED';
    return new McpServiceError(code, { cause: 'serverError', mcpCode: error.code, detail }, { cause: error });
  }
  const params = { ...causeParams(failureCauseOf(error)), detail };
  return new McpServiceError(context === 'connect' ? 'CONNECT_FAILED' : 'REQUEST_FAILED', params, { cause: error });
}

/** "64 MiB", "512 KiB", "300 bytes": sizes in the units the limits are set in. */
export function formatBytes(bytes: number): string {
  const units: [number, string][] = [
    [1024 * 1024 * 1024, 'GiB'],
    [1024 * 1024, 'MiB'],
    [1024, 'KiB'],
  ];
  for (const [size, unit] of units) {
    if (bytes >= size) return `${Number((bytes / size).toFixed(1))} ${unit}`;
  }
  return `${bytes} bytes`;
}

/** Spawn failures that only the user can fix: the command or the working folder is missing, or may not run. */
const SPAWN_REASONS_NOT_RETRIED = new Set(['ENOENT', 'EACCES', 'commandNotFound', 'cwdNotFound', 'spawnFailed']);

/**
 * Whether a failed connect is retried with the reconnect backoff. A server that is not up yet, or
 * whose process crashed, may come up; a configuration that is wrong (a bad URL, a missing command
 * or folder, secrets that cannot be read, a borrowed key that is gone), credentials the server
 * refused (401/403: retrying could lock the account) and a package download that failed or ran out
 * of time (each try downloads again, for minutes) will not fix themselves: they wait for the user
 * (who edits, restarts or installs; a change of the configuration reconnects).
 */
export function retriesConnect(error: McpServiceError): boolean {
  switch (error.code) {
    case 'INVALID_CONFIG':
    case 'UNSUPPORTED_TRANSPORT':
    case 'SECRETS_UNREADABLE':
    case 'KEY_SOURCE_MISSING':
    case 'WORKSPACE_TRUST_REQUIRED':
    case 'ENV_REF_MISSING':
    case 'INPUT_REQUIRED':
    case 'INSTALL_FAILED':
    case 'INSTALL_TIMEOUT':
      return false;
    case 'CONNECT_FAILED': {
      const { reason, httpStatus } = error.params;
      if (typeof reason === 'string' && SPAWN_REASONS_NOT_RETRIED.has(reason)) return false;
      return httpStatus !== 401 && httpStatus !== 403;
    }
    case 'TIMEOUT':
    case 'CONNECTION_CLOSED':
    case 'REQUEST_FAILED':
    case 'CANCELLED':
    case 'INVALID_ARGUMENTS':
    case 'NOT_CONNECTED':
    case 'RESULT_TOO_LARGE':
    case 'SERVER_DISABLED':
    case 'SERVER_NOT_FOUND':
    case 'TOOL_NOT_FOUND':
      return countsAgainstServer(error);
  }
}

/**
 * Failures that say something about the server's health and so count toward `degraded`. A caller's
 * own mistake (bad arguments, unknown tool), the user pressing Stop, or a JSON-RPC error the server
 * answered with (it is alive and talking) says nothing bad about the connection.
 */
export function countsAgainstServer(error: McpServiceError): boolean {
  switch (error.code) {
    case 'TIMEOUT':
    case 'CONNECTION_CLOSED':
    case 'CONNECT_FAILED':
    case 'UNSUPPORTED_TRANSPORT':
    case 'INVALID_CONFIG':
    case 'SECRETS_UNREADABLE':
    case 'KEY_SOURCE_MISSING':
    // Counted so the state carries it as lastError: the view shows why the server waits.
    case 'WORKSPACE_TRUST_REQUIRED':
    case 'ENV_REF_MISSING':
    case 'INPUT_REQUIRED':
    case 'INSTALL_FAILED':
    case 'INSTALL_TIMEOUT':
      return true;
    case 'REQUEST_FAILED':
      return error.params.mcpCode === undefined;
    case 'CANCELLED':
    case 'INVALID_ARGUMENTS':
    case 'NOT_CONNECTED':
    case 'RESULT_TOO_LARGE':
    case 'SERVER_DISABLED':
    case 'SERVER_NOT_FOUND':
    case 'TOOL_NOT_FOUND':
      return false;
  }
}
