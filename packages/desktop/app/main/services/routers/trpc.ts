import { initTRPC, TRPCError } from '@trpc/server';
import { ZodError } from 'zod';
import type { AppErrorData } from '../../../shared/contracts/errors';
import { toFieldErrors } from '../../../shared/contracts/mcp-types';
import { isSqliteError, sqliteStorageError } from '../../db/storageErrors';
import { AppError } from '../../errors';
import { McpServiceError } from '../capabilities/tools/mcp-users/McpServiceError';
import type { AppServices } from '../../index';

export interface AppContext {
  services: AppServices;
}

/**
 * The translatable payload of an error; INTERNAL for an unexpected one. `dbFile` names the database
 * in a storage failure (a full disk, a damaged page) that reached the router as SQLite's own error.
 */
export function appErrorData(error: TRPCError, dbFile?: () => string): AppErrorData {
  const cause = error.cause;
  if (cause instanceof AppError || cause instanceof McpServiceError) return cause.toData();
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
  TURN_IN_PROGRESS: 'CONFLICT',
  TIMEOUT: 'TIMEOUT',
  SERVER_DISABLED: 'PRECONDITION_FAILED',
  NOT_CONNECTED: 'PRECONDITION_FAILED',
};

/** Gives thrown AppErrors and McpServiceErrors a fitting tRPC code (BAD_REQUEST, NOT_FOUND, …) instead of a 500. */
const appErrors = t.middleware(async ({ ctx, next }) => {
  const result = await next();
  const thrown = result.ok ? undefined : result.error.cause;
  // Only then are the services touched: a refused IPC sender's context throws on any access.
  const cause = isSqliteError(thrown) ? (sqliteStorageError(thrown, ctx.services.db.name) ?? thrown) : thrown;
  if (cause instanceof AppError || cause instanceof McpServiceError) {
    throw new TRPCError({ code: TRPC_CODE[cause.code] ?? 'INTERNAL_SERVER_ERROR', message: cause.message, cause });
  }
  return result;
});

export const router = t.router;
export const publicProcedure = t.procedure.use(appErrors);
export const createCallerFactory = t.createCallerFactory;
