/**
 * Turns a `subscribe(listener) → unsubscribe` source into an async iterable for tRPC 11
 * subscriptions: yields once at start and after every change, coalescing bursts, and
 * unsubscribes when the client goes away (the signal aborts).
 */
export async function* changes(subscribe: (listener: () => void) => () => void, signal: AbortSignal | undefined): AsyncGenerator<void> {
  let pending = true;
  let wake: (() => void) | undefined;
  const unsubscribe = subscribe(() => {
    pending = true;
    wake?.();
  });
  const onAbort = () => wake?.();
  signal?.addEventListener('abort', onAbort);
  try {
    while (!signal?.aborted) {
      if (!pending) await new Promise<void>((resolve) => (wake = resolve));
      wake = undefined;
      if (signal?.aborted) break;
      pending = false;
      yield;
    }
  } finally {
    signal?.removeEventListener('abort', onAbort);
    unsubscribe();
  }
}
