/**
 * App services on a temp data dir, as the router tests drive them: every one opened here is disposed
 * after its test, and a refused call's TRPCError is one await away.
 */
import { TRPCError } from '@trpc/server';
import { afterEach, expect } from 'vitest';
import { type AppServices, type AppServicesOptions, createAppServices } from '../../app/main/index';
import { createAppCaller } from '../../app/main/routers/appRouter';
import { appErrorData } from '../../app/main/routers/trpc';
import { tempDir } from './tempDir';

const opened: AppServices[] = [];
afterEach(async () => {
  for (const services of opened.splice(0)) await services.dispose();
});

/** Services on `options.dataDir` (default: a new temp dir) and a caller of the whole router. */
export function openApp(options: Partial<AppServicesOptions> = {}) {
  const dataDir = options.dataDir ?? tempDir();
  const services = createAppServices({ ...options, dataDir });
  opened.push(services);
  return { services, caller: createAppCaller({ services }), dataDir };
}

/** Disposes services before the test ends, e.g. to start again on the same data dir. */
export async function closeApp(services: AppServices): Promise<void> {
  const index = opened.indexOf(services);
  if (index >= 0) opened.splice(index, 1);
  await services.dispose();
}

/** The error a call was refused with; fails the test when the call succeeds. */
export async function rejection(promise: Promise<unknown>): Promise<TRPCError> {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(TRPCError);
  return error as TRPCError;
}

/** The field errors a call was refused with; fails the test unless it was refused with VALIDATION. */
export async function fieldErrors(promise: Promise<unknown>) {
  const data = appErrorData(await rejection(promise));
  expect(data.code).toBe('VALIDATION');
  return data.fieldErrors;
}
