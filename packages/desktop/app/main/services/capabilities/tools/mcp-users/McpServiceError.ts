import { ErrorCode, McpError } from '@modelcontextprotocol/sdk/types.js';
import type { McpServiceErrorCode, McpServiceErrorData } from '../../../../../shared/contracts/mcp-connection';
import type { FieldError } from '../../../../../shared/contracts/mcp-types';

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

export function errorText(error: unknown): string {
  if (error instanceof Error) return error.message;
  return String(error);
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
  if (error instanceof McpError) {
    if (error.code === ErrorCode.RequestTimeout) {
      const timeoutMs = Number((error.data as { timeout?: unknown } | undefined)?.timeout);
      return new McpServiceError('TIMEOUT', Number.isFinite(timeoutMs) ? { timeoutMs } : {}, { cause: error });
    }
    if (error.code === ErrorCode.ConnectionClosed) {
      return new McpServiceError(context === 'connect' ? 'CONNECT_FAILED' : 'CONNECTION_CLOSED', { detail }, { cause: error });
    }
    if (context === 'request') return new McpServiceError('REQUEST_FAILED', { mcpCode: error.code, detail }, { cause: error });
  }
  return new McpServiceError(context === 'connect' ? 'CONNECT_FAILED' : 'REQUEST_FAILED', { detail }, { cause: error });
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
    case 'INSTALL_FAILED':
    case 'INSTALL_TIMEOUT':
      return true;
    case 'REQUEST_FAILED':
      return error.params.mcpCode === undefined;
    default:
      return false;
  }
}
