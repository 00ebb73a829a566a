/**
 * Turns a `subscribe(listener) → unsubscribe` source into an async iterable for tRPC 11
 * subscriptions: yields once at start and after every change, coalescing bursts, and
 * unsubscribes when the client goes away (the signal aborts).
 */
import { type BufferPolicy, keepLatest, pushIterator } from '../lib/pushIterator';

export async function* changes(subscribe: (listener: () => void) => () => void, signal: AbortSignal | undefined): AsyncGenerator<void> {
  yield* pushIterator<void>(
    (sink) => {
      sink.push();
      return subscribe(() => sink.push());
    },
    { signal, buffer: keepLatest as BufferPolicy<void> },
  );
}
