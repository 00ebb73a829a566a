import { type AppErrorData, isAppErrorData } from '@elftia/desktop/shared/contracts/errors.ts';

/** An error code with a message in `errors.*` of locales/<lng>/common/errors.json. */
export type DisplayErrorCode = AppErrorData['code'] | 'CONNECTION_LOST';

export interface DisplayError {
  code: DisplayErrorCode;
  params?: Record<string, string | number>;
}

interface MaybeTrpcError {
  name?: unknown;
  data?: { app?: unknown };
  cause?: { data?: { app?: unknown } };
}

/**
 * The main process's translatable error payload (`data.app`, see routers/trpc.ts).
 * Over the WebSocket link it is on `err.data`; over trpc-electron, @trpc/client 11 wraps the link's
 * own TRPCClientError, so it sits on `err.cause.data` instead.
 */
export function readAppError(error: unknown): AppErrorData | undefined {
  if (typeof error !== 'object' || error === null) return undefined;
  const candidate = error as MaybeTrpcError;
  for (const app of [candidate.data?.app, candidate.cause?.data?.app]) {
    if (isAppErrorData(app)) return app;
  }
  return undefined;
}

/**
 * What to tell the user about a failed call. Every error the router raises carries `data.app`, so
 * a TRPCClientError without it never reached the router: the bridge dropped.
 */
export function toDisplayError(error: unknown): DisplayError {
  const app = readAppError(error);
  if (app) return app.params ? { code: app.code, params: app.params } : { code: app.code };
  const name = typeof error === 'object' && error !== null ? (error as MaybeTrpcError).name : undefined;
  return { code: name === 'TRPCClientError' ? 'CONNECTION_LOST' : 'INTERNAL' };
}

/** The i18n key of an error's message. */
export function errorMessageKey(code: DisplayErrorCode): string {
  return `common/errors:errors.${code}`;
}
