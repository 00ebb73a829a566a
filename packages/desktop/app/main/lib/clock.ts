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
