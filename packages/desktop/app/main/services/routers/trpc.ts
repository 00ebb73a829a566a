import { initTRPC, TRPCError } from '@trpc/server';
import { ZodError } from 'zod';
import type { AppErrorData } from '../../../shared/contracts/errors';
import { toFieldErrors } from '../../../shared/contracts/mcp-types';
import { AppError } from '../../errors';
import type { AppServices } from '../../index';

export interface AppContext {
  services: AppServices;
}

/** The translatable payload of an error, or undefined for an unexpected one (shown as INTERNAL). */
export function appErrorData(error: TRPCError): AppErrorData {
  const cause = error.cause;
  if (cause instanceof AppError) return cause.toData();
  if (cause instanceof ZodError) return { code: 'VALIDATION', fieldErrors: toFieldErrors(cause) };
  if (error.code === 'NOT_FOUND') return { code: 'NOT_FOUND' };
  return { code: 'INTERNAL' };
}

const t = initTRPC.context<AppContext>().create({
  // Errors cross the boundary as a code plus parameters (DESIGN.md decision 2); the renderer
  // translates them. The stack stays in main.
  errorFormatter({ shape, error }) {
    return { ...shape, data: { ...shape.data, stack: undefined, app: appErrorData(error) } };
  },
});

const TRPC_CODE: Record<string, TRPCError['code']> = {
  VALIDATION: 'BAD_REQUEST',
  NOT_FOUND: 'NOT_FOUND',
};

/** Gives thrown AppErrors a fitting tRPC code (BAD_REQUEST, NOT_FOUND) instead of a 500. */
const appErrors = t.middleware(async ({ next }) => {
  const result = await next();
  if (!result.ok && result.error.cause instanceof AppError) {
    const cause = result.error.cause;
    throw new TRPCError({ code: TRPC_CODE[cause.code] ?? 'INTERNAL_SERVER_ERROR', message: cause.message, cause });
  }
  return result;
});

export const router = t.router;
export const publicProcedure = t.procedure.use(appErrors);
export const createCallerFactory = t.createCallerFactory;
