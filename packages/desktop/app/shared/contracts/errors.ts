/**
 * Errors cross the main/renderer boundary as a stable code plus parameters; each side translates
 * `errors.<code>` from locales/<lng>/common/errors.json. Logs keep the cause; the user sees the code's text.
 */
import { APP_ERROR_CODES as MCP_APP_ERROR_CODES } from './apps';
import { CHAT_ERROR_CODES } from './chat';
import { MCP_SERVICE_ERROR_CODES } from './mcp-connection';
import type { FieldError } from './mcp-types';
import { COMPLETION_ERROR_CODES } from './providers';
import { REGISTRY_ERROR_CODES } from './registry';

export const APP_ERROR_CODES = [
  // McpService's failures keep their own codes (SERVER_NOT_FOUND, TIMEOUT, …); see mcp-connection.ts.
  ...MCP_SERVICE_ERROR_CODES,
  // Provider failures (PROVIDER_AUTH, …) and an unknown provider id (PROVIDER_NOT_CONFIGURED); see providers.ts.
  ...COMPLETION_ERROR_CODES,
  // Conversations and turns (CONVERSATION_NOT_FOUND, TURN_IN_PROGRESS, …); see chat.ts.
  ...CHAT_ERROR_CODES,
  // The MCP Registry browser (REGISTRY_UNREACHABLE, …); see registry.ts.
  ...REGISTRY_ERROR_CODES,
  // MCP Apps (APP_RESOURCE_INVALID, APP_TOOL_NOT_ALLOWED); see apps.ts.
  ...MCP_APP_ERROR_CODES,
  'VALIDATION',
  'NOT_FOUND',
  'PRESET_NOT_FOUND',
  /** An edit, switch or delete of a built-in server (`builtin:…`): they ship with the app. */
  'BUILTIN_SERVER_READONLY',
  'DB_NEWER_VERSION',
  'DB_CORRUPT',
  'DB_OPEN_FAILED',
  'DB_EMPTY',
  // A failed read or write of the data dir (main/db/storageErrors.ts), at start or in any call.
  'DISK_FULL',
  'READ_ONLY',
  'IO_ERROR',
  'SECRET_STORE_FAILED',
  /** More configured servers, providers or open subscriptions than the limits in limits.ts allow. */
  'TOO_MANY_SERVERS',
  'TOO_MANY_PROVIDERS',
  'TOO_MANY_SUBSCRIPTIONS',
  'SECRET_KEY_MISSING',
  /** A workspace folder (`workspace.open`, `--workspace DIR`) that does not exist; `params.path`. */
  'WORKSPACE_NOT_FOUND',
  /** A project-file action (copy to project) with no workspace open. */
  'NO_WORKSPACE',
  /** The project file cannot be used (workspace.ts ProjectFileProblem: `params.problem`, file, line, column, entry, field). */
  'PROJECT_FILE_INVALID',
  /** OAuth sign-in (main/oauth/): the browser did not come back in time (5 minutes). */
  'OAUTH_SIGN_IN_TIMEOUT',
  /** The sign-in was cancelled (a new one started, sign out, or the app closed). */
  'OAUTH_SIGN_IN_CANCELLED',
  /** The authorization server refused or the exchange failed; `params.reason` is its error code (never its description). */
  'OAUTH_SIGN_IN_FAILED',
  /** Sign-in for a server that has none: not HTTP/SSE (`params.server`). */
  'OAUTH_NOT_SUPPORTED',
  'INTERNAL',
] as const;
export type AppErrorCode = (typeof APP_ERROR_CODES)[number];

export interface AppErrorData {
  code: AppErrorCode;
  params?: Record<string, string | number>;
  /** Present for VALIDATION: one entry per offending field. */
  fieldErrors?: FieldError[];
}

export function isAppErrorData(value: unknown): value is AppErrorData {
  return (
    typeof value === 'object' &&
    value !== null &&
    typeof (value as { code?: unknown }).code === 'string' &&
    (APP_ERROR_CODES as readonly string[]).includes((value as { code: string }).code)
  );
}
