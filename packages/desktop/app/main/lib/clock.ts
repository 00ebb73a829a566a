/** Opaque handle returned by Clock.setTimeout. */
export type TimerHandle = unknown;

/** Time, injectable so tests can control backoff and timestamps. */
export interface Clock {
  /** Epoch milliseconds. */
  now(): number;
  setTimeout(callback: () => void, delayMs: number): TimerHandle;
  clearTimeout(handle: TimerHandle): void;
}

export const systemClock: Clock = {
  now: () => Date.now(),
  setTimeout: (callback, delayMs) => {
    const timer = setTimeout(callback, delayMs);
    // A pending reconnect must not keep a CLI process alive on its own.
    timer.unref();
    return timer;
  },
  clearTimeout: (handle) => clearTimeout(handle as NodeJS.Timeout),
};

/**
 * Races `work` against a deadline and an abort signal. The loser's outcome is ignored (its rejection
 * is swallowed so it cannot surface as an unhandled rejection); `onGiveUp` lets the caller tear
 * down whatever `work` was doing.
 */
export function withDeadline<T>(
  work: Promise<T>,
  options: { timeoutMs: number; signal?: AbortSignal; clock: Clock; onTimeout: () => Error; onAbort: () => Error },
): Promise<T> {
  const { timeoutMs, signal, clock } = options;
  work.catch(() => {});
  return new Promise<T>((resolve, reject) => {
    if (signal?.aborted) {
      reject(options.onAbort());
      return;
    }
    const abort = () => finish(() => reject(options.onAbort()));
    const timer = clock.setTimeout(() => finish(() => reject(options.onTimeout())), timeoutMs);
    signal?.addEventListener('abort', abort, { once: true });
    let settled = false;
    function finish(settle: () => void): void {
      if (settled) return;
      settled = true;
      clock.clearTimeout(timer);
      signal?.removeEventListener('abort', abort);
      settle();
    }
    work.then(
      (value) => finish(() => resolve(value)),
      (error: unknown) => finish(() => reject(error)),
    );
  });
}
