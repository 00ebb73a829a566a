import { initTRPC, TRPCError } from '@trpc/server';
import { ZodError } from 'zod';
import type { AppErrorData } from '../../../shared/contracts/errors';
import { toFieldErrors } from '../../../shared/contracts/mcp-types';
import { isSqliteError, sqliteStorageError } from '../../db/storageErrors';
import { AppError } from '../../errors';
import { McpServiceError } from '../capabilities/tools/mcp-users/McpServiceError';
import { SecretStoreError } from '../secrets/SecretStore';
import type { AppServices } from '../../index';
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
  // Errors cross the boundary as a code plus parameters (DESIGN.md decision 2); the renderer
  // translates them. The stack stays in main.
  errorFormatter({ shape, error, ctx }) {
    return { ...shape, data: { ...shape.data, stack: undefined, app: appErrorData(error, ctx && (() => ctx.services.db.name)) } };
  },
});

const TRPC_CODE: Record<string, TRPCError['code']> = {
  VALIDATION: 'BAD_REQUEST',
  INVALID_ARGUMENTS: 'BAD_REQUEST',
  NOT_FOUND: 'NOT_FOUND',
  SERVER_NOT_FOUND: 'NOT_FOUND',
  TOOL_NOT_FOUND: 'NOT_FOUND',
  PROVIDER_NOT_CONFIGURED: 'NOT_FOUND',
  CONVERSATION_NOT_FOUND: 'NOT_FOUND',
  TOOL_RESULT_NOT_FOUND: 'NOT_FOUND',
  TURN_IN_PROGRESS: 'CONFLICT',
  MESSAGE_NOT_FOUND: 'NOT_FOUND',
  MESSAGE_NOT_EDITABLE: 'BAD_REQUEST',
  NOT_LAST_ANSWER: 'CONFLICT',
  TIMEOUT: 'TIMEOUT',
  SERVER_DISABLED: 'PRECONDITION_FAILED',
  NOT_CONNECTED: 'PRECONDITION_FAILED',
  TOO_MANY_SUBSCRIPTIONS: 'TOO_MANY_REQUESTS',
  SECRET_KEY_MISSING: 'PRECONDITION_FAILED',
};

/** Gives thrown AppErrors, McpServiceErrors and SecretStoreErrors a fitting tRPC code (BAD_REQUEST, NOT_FOUND, …) instead of a 500. */
const appErrors = t.middleware(async ({ ctx, next }) => {
  const result = await next();
  const thrown = result.ok ? undefined : result.error.cause;
  // Only then are the services touched: a refused IPC sender's context throws on any access.
  const cause = isSqliteError(thrown) ? (sqliteStorageError(thrown, ctx.services.db.name) ?? thrown) : thrown;
  if (cause instanceof AppError || cause instanceof McpServiceError || cause instanceof SecretStoreError) {
    throw new TRPCError({ code: TRPC_CODE[cause.code] ?? 'INTERNAL_SERVER_ERROR', message: cause.message, cause });
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
