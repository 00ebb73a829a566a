/**
 * Names what happened when a transport failed — a command that is not installed, an exit code, a
 * signal, a reset, a refused connection, an HTTP status — so the user reads "was not found",
 * "exited with code 1" or "connection reset" rather than "spawn ENOENT", "write EPIPE" or "fetch
 * failed". The raw error text stays in `detail`.
 */
import { SdkHttpError, SseError } from '@modelcontextprotocol/client';
import type { McpFailureCause } from '../../shared/contracts/mcp-connection';
import { ProcessSpawnError } from './process/ProcessStdioTransport';

export interface FailureCause {
  cause: McpFailureCause;
  exitCode?: number;
  signal?: string;
  httpStatus?: number;
  /** The stdio server's command, for the spawn failures. */
  command?: string;
}

/** Node and undici error codes (undici is Node's fetch) by what they mean to a user. */
const CAUSE_BY_CODE: Record<string, McpFailureCause> = {
  ECONNRESET: 'reset',
  ECONNREFUSED: 'refused',
  EPIPE: 'socketClosed',
  ECONNABORTED: 'socketClosed',
  UND_ERR_SOCKET: 'socketClosed',
  UND_ERR_CLOSED: 'socketClosed',
  ENOTFOUND: 'hostNotFound',
  EAI_AGAIN: 'hostNotFound',
  ETIMEDOUT: 'unreachable',
  EHOSTUNREACH: 'unreachable',
  ENETUNREACH: 'unreachable',
  UND_ERR_CONNECT_TIMEOUT: 'unreachable',
};

/** fetch wraps the socket's error in one or two layers of `cause`. */
const MAX_CAUSE_DEPTH = 5;

/** The first nameable cause along the error's `cause` chain. */
export function failureCauseOf(error: unknown): FailureCause | undefined {
  let current: unknown = error;
  for (let depth = 0; depth < MAX_CAUSE_DEPTH && typeof current === 'object' && current !== null; depth += 1) {
    if (current instanceof ProcessSpawnError) return { cause: current.code, command: current.command };
    if (current instanceof SdkHttpError || current instanceof SseError) {
      // SDK v2 puts a Streamable HTTP status on `status` (its `code` names the failure); SseError keeps it on `code`.
      const status = current instanceof SdkHttpError ? current.status : current.code;
      if (typeof status === 'number' && status >= 100 && status <= 599) return { cause: 'httpStatus', httpStatus: status };
    }
    if (current instanceof SseError) {
      const named = causeInText(current.message);
      if (named) return { cause: named };
    }
    const code = (current as { code?: unknown }).code;
    const cause = typeof code === 'string' ? CAUSE_BY_CODE[code] : undefined;
    if (cause) return { cause };
    current = (current as { cause?: unknown }).cause;
  }
  return undefined;
}

/**
 * The SSE transport's EventSource (npm eventsource) turns fetch's error into text before the SDK
 * sees it ("TypeError: fetch failed: read ECONNRESET"), so the code is only in the words; "other
 * side closed" is undici's message for UND_ERR_SOCKET.
 */
function causeInText(message: string): McpFailureCause | undefined {
  for (const word of message.match(/\b(?:E[A-Z]{3,}|UND_ERR_[A-Z_]+)\b/g) ?? []) {
    const cause = CAUSE_BY_CODE[word];
    if (cause) return cause;
  }
  return message.includes('other side closed') ? 'socketClosed' : undefined;
}

/** The cause as error parameters (flat, as McpServiceError params are). */
export function causeParams(cause: FailureCause | undefined): Record<string, string | number> {
  if (!cause) return {};
  const params: Record<string, string | number> = { cause: cause.cause };
  if (cause.exitCode !== undefined) params.exitCode = cause.exitCode;
  if (cause.signal !== undefined) params.signal = cause.signal;
  if (cause.httpStatus !== undefined) params.httpStatus = cause.httpStatus;
  if (cause.command !== undefined) params.command = cause.command;
  return params;
}

/** One English line for logs and `detail`. */
export function describeCause(cause: FailureCause): string {
  switch (cause.cause) {
    case 'exit':
      return `server process exited with code ${cause.exitCode ?? '?'}`;
    case 'signal':
      return `server process was killed by ${cause.signal ?? 'a signal'}`;
    case 'commandNotFound':
      return `command not found: ${cause.command ?? '?'}`;
    case 'cwdNotFound':
      return 'working directory not found';
    case 'spawnFailed':
      return `could not start ${cause.command ?? 'the command'}`;
    case 'stdoutClosed':
      return 'server closed its stdout while still running; it was stopped';
    case 'stdinClosed':
      return 'server stopped reading its stdin while still running; it was stopped';
    case 'reset':
      return 'connection reset';
    case 'refused':
      return 'connection refused';
    case 'socketClosed':
      return 'the server closed the connection';
    case 'hostNotFound':
      return 'host not found';
    case 'unreachable':
      return 'server unreachable';
    case 'httpStatus':
      return `HTTP ${cause.httpStatus ?? '?'}`;
    case 'serverError':
      return 'the server answered with an error';
  }
}
