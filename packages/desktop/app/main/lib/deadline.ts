/**
 * One way to bound work by time and by a caller's cancel: `work` gets a signal that aborts when either
 * fires, the first outcome wins, and the timer and the abort listener are removed on every path. The
 * losing outcome is ignored (a late rejection cannot surface as an unhandled rejection).
 */
import { type Clock, type TimerHandle, systemClock } from './clock';

/** The default outcome, and the reason work's signal aborts with, when time runs out. */
export class DeadlineExceededError extends Error {
  constructor(readonly timeoutMs: number) {
    super(`timed out after ${timeoutMs} ms`);
    this.name = 'DeadlineExceededError';
  }
}

export interface DeadlineOptions<F> {
  /** The budget in milliseconds; omitted: no time limit, only the signal. */
  ms?: number;
  /** The caller's cancel. Already aborted: work never starts. */
  signal?: AbortSignal | undefined;
  /** Default systemClock, whose timers do not keep the process alive. */
  clock?: Clock | undefined;
  /** What the call settles with when time runs out: return a value or throw. Default throws DeadlineExceededError. */
  onTimeout?: () => F;
  /** What the call settles with when `signal` aborts: return a value or throw. Default throws the signal's reason. */
  onAbort?: (reason: unknown) => F;
  /** The reason work's own signal aborts with when time runs out (servers may be told it). Default a DeadlineExceededError. */
  timeoutReason?: () => unknown;
}

/** Runs `work` until it settles, the deadline passes or `signal` aborts, whichever comes first. */
export function withDeadline<T, F = never>(work: (signal: AbortSignal) => Promise<T> | T, options: DeadlineOptions<F>): Promise<T | F> {
  const { ms, signal, clock = systemClock } = options;
  const onAbort = options.onAbort ?? ((reason: unknown): F => {
    throw reason;
  });
  const onTimeout = options.onTimeout ?? ((): F => {
    throw new DeadlineExceededError(ms ?? 0);
  });
  if (signal?.aborted) return settled(() => onAbort(signal.reason));
  const controller = new AbortController();
  return new Promise<T | F>((resolve, reject) => {
    let done = false;
    let timer: { handle: TimerHandle } | undefined;
    const finish = (outcome: () => T | F): void => {
      if (done) return;
      done = true;
      if (timer) clock.clearTimeout(timer.handle);
      signal?.removeEventListener('abort', abortListener);
      try {
        resolve(outcome());
      } catch (error) {
        reject(error);
      }
    };
    const abortListener = (): void => {
      const reason: unknown = signal?.reason;
      controller.abort(reason);
      finish(() => onAbort(reason));
    };
    if (ms !== undefined) {
      timer = {
        handle: clock.setTimeout(() => {
          controller.abort(options.timeoutReason ? options.timeoutReason() : new DeadlineExceededError(ms));
          finish(onTimeout);
        }, ms),
      };
    }
    signal?.addEventListener('abort', abortListener, { once: true });
    Promise.resolve()
      .then(() => work(controller.signal))
      .then(
        (value) => finish(() => value),
        (error: unknown) =>
          finish(() => {
            throw error;
          }),
      );
  });
}

function settled<R>(outcome: () => R): Promise<R> {
  try {
    return Promise.resolve(outcome());
  } catch (error) {
    return Promise.reject(error);
  }
}
