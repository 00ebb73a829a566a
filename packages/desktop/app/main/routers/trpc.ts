import { initTRPC, TRPCError } from '@trpc/server';
import { ZodError } from 'zod';
import type { AppErrorCode, AppErrorData } from '../../shared/contracts/errors';
import { toFieldErrors } from '../../shared/contracts/mcp-types';
import { isSqliteError, sqliteStorageError } from '../db/storageErrors';
import { AppError } from '../lib/errors';
import { McpServiceError } from '../mcp/McpServiceError';
import { SecretStoreError } from '../db/SecretStore';
import type { AppServices } from '../index';
import type { SubscriptionBudget } from './subscriptionBudget';

export interface AppContext {
  services: AppServices;
  /** The connection's subscription limit, where connections are known (the headless host's WebSocket). */
  subscriptions?: SubscriptionBudget;
}

/**
 * The translatable payload of an error; INTERNAL for an unexpected one. `dbFile` names the database
 * in a storage failure (a full disk, a damaged page) that reached the router as SQLite's own error.
 */
export function appErrorData(error: TRPCError, dbFile?: () => string): AppErrorData {
  const cause = error.cause;
  if (cause instanceof AppError || cause instanceof McpServiceError || cause instanceof SecretStoreError) return cause.toData();
  const storage = dbFile && isSqliteError(cause) ? sqliteStorageError(cause, dbFile()) : undefined;
  if (storage) return storage.toData();
  if (cause instanceof ZodError) return { code: 'VALIDATION', fieldErrors: toFieldErrors(cause) };
  if (error.code === 'NOT_FOUND') return { code: 'NOT_FOUND' };
  return { code: 'INTERNAL' };
}

const t = initTRPC.context<AppContext>().create({
  // Errors cross the boundary as a code plus parameters; the renderer
  // translates them. The stack stays in main.
  errorFormatter({ shape, error, ctx }) {
    return { ...shape, data: { ...shape.data, stack: undefined, app: appErrorData(error, ctx && (() => ctx.services.db.name)) } };
  },
});

/**
 * The tRPC (and so HTTP) code each app error travels with. Every code is listed, so a new one cannot
 * fall through to a 500 unnoticed: the type fails until it is given its place here.
 */
export const TRPC_CODE: Record<AppErrorCode, TRPCError['code']> = {
  // The request itself is wrong.
  VALIDATION: 'BAD_REQUEST',
  INVALID_ARGUMENTS: 'BAD_REQUEST',
  INVALID_CONFIG: 'BAD_REQUEST',
  UNSUPPORTED_TRANSPORT: 'BAD_REQUEST',
  MESSAGE_NOT_EDITABLE: 'BAD_REQUEST',
  TOOLS_OMITTED: 'BAD_REQUEST',
  PROVIDER_BAD_REQUEST: 'BAD_REQUEST',
  // What it names does not exist.
  NOT_FOUND: 'NOT_FOUND',
  SERVER_NOT_FOUND: 'NOT_FOUND',
  TOOL_NOT_FOUND: 'NOT_FOUND',
  PRESET_NOT_FOUND: 'NOT_FOUND',
  REGISTRY_SERVER_NOT_FOUND: 'NOT_FOUND',
  REGISTRY_OPTION_UNSUPPORTED: 'BAD_REQUEST',
  REGISTRY_UNREACHABLE: 'SERVICE_UNAVAILABLE',
  REGISTRY_BAD_RESPONSE: 'BAD_GATEWAY',
  PROVIDER_NOT_CONFIGURED: 'NOT_FOUND',
  CONVERSATION_NOT_FOUND: 'NOT_FOUND',
  TOOL_RESULT_NOT_FOUND: 'NOT_FOUND',
  MESSAGE_NOT_FOUND: 'NOT_FOUND',
  ATTACHMENT_NOT_FOUND: 'NOT_FOUND',
  WORKSPACE_NOT_FOUND: 'NOT_FOUND',
  // It clashes with what is happening now.
  TURN_IN_PROGRESS: 'CONFLICT',
  NOT_LAST_ANSWER: 'CONFLICT',
  TURN_INTERRUPTED: 'CONFLICT',
  STEP_LIMIT: 'UNPROCESSABLE_CONTENT',
  // Something must be set up or fixed first.
  SERVER_DISABLED: 'PRECONDITION_FAILED',
  NOT_CONNECTED: 'PRECONDITION_FAILED',
  SECRET_KEY_MISSING: 'PRECONDITION_FAILED',
  SECRETS_UNREADABLE: 'PRECONDITION_FAILED',
  KEY_SOURCE_MISSING: 'PRECONDITION_FAILED',
  WORKSPACE_TRUST_REQUIRED: 'PRECONDITION_FAILED',
  NO_WORKSPACE: 'PRECONDITION_FAILED',
  PROJECT_FILE_INVALID: 'PRECONDITION_FAILED',
  ENV_REF_MISSING: 'PRECONDITION_FAILED',
  INPUT_REQUIRED: 'PRECONDITION_FAILED',
  MCP_AUTH_REQUIRED: 'UNAUTHORIZED',
  OAUTH_NOT_SUPPORTED: 'BAD_REQUEST',
  OAUTH_SIGN_IN_FAILED: 'BAD_GATEWAY',
  OAUTH_SIGN_IN_TIMEOUT: 'TIMEOUT',
  OAUTH_SIGN_IN_CANCELLED: 'CLIENT_CLOSED_REQUEST',
  PROVIDER_AUTH: 'PRECONDITION_FAILED',
  DB_NEWER_VERSION: 'PRECONDITION_FAILED',
  DB_EMPTY: 'PRECONDITION_FAILED',
  TOO_MANY_SERVERS: 'PRECONDITION_FAILED',
  TOO_MANY_PROVIDERS: 'PRECONDITION_FAILED',
  BUILTIN_SERVER_READONLY: 'FORBIDDEN',
  APP_TOOL_NOT_ALLOWED: 'FORBIDDEN',
  // Limits and time.
  TOO_MANY_SUBSCRIPTIONS: 'TOO_MANY_REQUESTS',
  PROVIDER_RATE_LIMIT: 'TOO_MANY_REQUESTS',
  RESULT_TOO_LARGE: 'PAYLOAD_TOO_LARGE',
  TIMEOUT: 'TIMEOUT',
  INSTALL_TIMEOUT: 'TIMEOUT',
  CANCELLED: 'CLIENT_CLOSED_REQUEST',
  // What Elftia talks to (an MCP server, a provider, an installer) failed.
  CONNECT_FAILED: 'BAD_GATEWAY',
  CONNECTION_CLOSED: 'BAD_GATEWAY',
  REQUEST_FAILED: 'BAD_GATEWAY',
  INSTALL_FAILED: 'BAD_GATEWAY',
  PROVIDER_SERVER: 'BAD_GATEWAY',
  PROVIDER_MALFORMED_STREAM: 'BAD_GATEWAY',
  APP_RESOURCE_INVALID: 'BAD_GATEWAY',
  PROVIDER_NETWORK: 'BAD_GATEWAY',
  // The data dir cannot be written now.
  DISK_FULL: 'SERVICE_UNAVAILABLE',
  READ_ONLY: 'SERVICE_UNAVAILABLE',
  // Elftia's own failures.
  DB_CORRUPT: 'INTERNAL_SERVER_ERROR',
  DB_OPEN_FAILED: 'INTERNAL_SERVER_ERROR',
  IO_ERROR: 'INTERNAL_SERVER_ERROR',
  SECRET_STORE_FAILED: 'INTERNAL_SERVER_ERROR',
  INTERNAL: 'INTERNAL_SERVER_ERROR',
};

/** Gives thrown AppErrors, McpServiceErrors and SecretStoreErrors a fitting tRPC code (BAD_REQUEST, NOT_FOUND, …) instead of a 500. */
const appErrors = t.middleware(async ({ ctx, next }) => {
  const result = await next();
  const thrown = result.ok ? undefined : result.error.cause;
  // Only then are the services touched: a refused IPC sender's context throws on any access.
  const cause = isSqliteError(thrown) ? (sqliteStorageError(thrown, ctx.services.db.name) ?? thrown) : thrown;
  if (cause instanceof AppError || cause instanceof McpServiceError || cause instanceof SecretStoreError) {
    throw new TRPCError({ code: TRPC_CODE[cause.code], message: cause.message, cause });
  }
  return result;
});

/** Yields what `source` yields; `release` runs once when it ends, however it ends. */
async function* releasing<T>(source: AsyncIterable<T>, release: () => void): AsyncGenerator<T> {
  try {
    yield* source;
  } finally {
    release();
  }
}

/**
 * Holds a slot of the connection's SubscriptionBudget for as long as a subscription runs. The slot
 * is given back when the stream ends, and when the client stops it (the signal aborts), which also
 * covers a stream stopped before it started, whose `finally` never runs.
 */
const subscriptionBudget = t.middleware(async ({ ctx, type, signal, next }) => {
  if (type !== 'subscription' || !ctx.subscriptions) return next();
  const release = ctx.subscriptions.acquire();
  signal?.addEventListener('abort', release, { once: true });
  const result = await next();
  if (!result.ok || !isAsyncIterable(result.data)) {
    release();
    return result;
  }
  return { ...result, data: releasing(result.data, release) };
});

function isAsyncIterable(value: unknown): value is AsyncIterable<unknown> {
  return typeof value === 'object' && value !== null && Symbol.asyncIterator in value;
}

export const router = t.router;
export const publicProcedure = t.procedure.use(appErrors).use(subscriptionBudget);
export const createCallerFactory = t.createCallerFactory;
