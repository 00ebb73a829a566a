/**
 * Turns a push source (listeners, callbacks) into an async iterator: values wait in a buffer until the
 * consumer reads them, the source can end the stream or fail it (after what is buffered), the caller's
 * signal ends it at once, and however it ends (return(), break in for-await, abort, end) the source is
 * unsubscribed exactly once.
 */

/** What the source is handed. Calls after the stream ended are ignored. */
export interface PushSink<T> {
  push(value: T): void;
  /** No more values: the consumer reads what is buffered, then the stream is done. */
  end(): void;
  /** The consumer reads what is buffered, then next() rejects with `error`. */
  fail(error: unknown): void;
}

/** How a new value joins the values not read yet (mutates `buffered`). */
export type BufferPolicy<T> = (buffered: T[], value: T) => void;

/** Every value, in order (the default). */
export const appendAll: BufferPolicy<unknown> = (buffered, value) => {
  buffered.push(value);
};

/** Only the newest value waits: a burst of changes is read once. */
export const keepLatest: BufferPolicy<unknown> = (buffered, value) => {
  buffered.length = 0;
  buffered.push(value);
};

/** A value replaces a waiting one it supersedes, in place (a newer snapshot of the same thing); others are appended. */
export function replaceMatching<T>(supersedes: (waiting: T, value: T) => boolean): BufferPolicy<T> {
  return (buffered, value) => {
    const index = buffered.findIndex((waiting) => supersedes(waiting, value));
    if (index >= 0) buffered[index] = value;
    else buffered.push(value);
  };
}

/** The stream's error when more than `maxBuffered` values wait and the overflow policy is 'fail'. */
export class BufferOverflowError extends Error {
  constructor(readonly maxBuffered: number) {
    super(`more than ${maxBuffered} values waiting to be read`);
    this.name = 'BufferOverflowError';
  }
}

export interface PushIteratorOptions<T> {
  /** Aborting ends the stream at once; what is buffered is dropped. */
  signal?: AbortSignal | undefined;
  /** Default appendAll. */
  buffer?: BufferPolicy<T>;
  /** Bound on the values waiting; default none (the policy bounds it, or the source is finite). */
  maxBuffered?: number;
  /** Past maxBuffered: 'fail' ends the stream with BufferOverflowError after what is buffered; 'drop-oldest' forgets the oldest. Default 'fail'. */
  onOverflow?: 'fail' | 'drop-oldest';
}

/**
 * Subscribes at once (so nothing pushed from now on is missed) and returns the iterator. `subscribe`
 * returns its unsubscribe, called when the stream ends for any reason; it may push, end or fail
 * synchronously.
 */
export function pushIterator<T>(
  subscribe: (sink: PushSink<T>) => (() => void) | undefined | void,
  options: PushIteratorOptions<T> = {},
): AsyncIterableIterator<T> {
  return new PushIterator(subscribe, options);
}

class PushIterator<T> implements AsyncIterableIterator<T> {
  private readonly buffered: T[] = [];
  private readonly waiters: (() => void)[] = [];
  private readonly policy: BufferPolicy<T>;
  /** The source said it is done (end, fail or overflow). */
  private ended = false;
  private failure: { error: unknown } | undefined;
  /** The consumer is done: nothing more is read. */
  private stopped = false;
  private unsubscribe: (() => void) | undefined;
  private readonly onAbort = () => this.stop();

  constructor(
    subscribe: (sink: PushSink<T>) => (() => void) | undefined | void,
    private readonly options: PushIteratorOptions<T>,
  ) {
    this.policy = options.buffer ?? (appendAll as BufferPolicy<T>);
    if (options.signal?.aborted) {
      this.stopped = true;
      return;
    }
    options.signal?.addEventListener('abort', this.onAbort, { once: true });
    const unsubscribe = subscribe({
      push: (value) => this.push(value),
      end: () => this.finish(undefined),
      fail: (error) => this.finish({ error }),
    });
    this.unsubscribe = unsubscribe ?? undefined;
    // The source ended (or the consumer stopped) while subscribing: release it now.
    if (this.ended || this.stopped) this.release();
  }

  [Symbol.asyncIterator](): AsyncIterableIterator<T> {
    return this;
  }

  async next(): Promise<IteratorResult<T>> {
    for (;;) {
      if (this.stopped) return { done: true, value: undefined };
      if (this.buffered.length > 0) return { done: false, value: this.buffered.shift() as T };
      if (this.ended) {
        const failure = this.failure;
        this.stop();
        if (failure) throw failure.error;
        return { done: true, value: undefined };
      }
      await new Promise<void>((resolve) => this.waiters.push(resolve));
    }
  }

  return(): Promise<IteratorResult<T>> {
    this.stop();
    return Promise.resolve({ done: true, value: undefined });
  }

  private push(value: T): void {
    if (this.ended || this.stopped) return;
    this.policy(this.buffered, value);
    const max = this.options.maxBuffered;
    if (max !== undefined && this.buffered.length > max) {
      if ((this.options.onOverflow ?? 'fail') === 'drop-oldest') this.buffered.splice(0, this.buffered.length - max);
      else {
        this.buffered.length = max;
        this.finish({ error: new BufferOverflowError(max) });
        return;
      }
    }
    this.wake();
  }

  private finish(failure: { error: unknown } | undefined): void {
    if (this.ended || this.stopped) return;
    this.ended = true;
    this.failure = failure;
    this.release();
    this.wake();
  }

  private stop(): void {
    if (this.stopped) return;
    this.stopped = true;
    this.buffered.length = 0;
    this.release();
    this.wake();
  }

  /** Unsubscribes from the source and the signal, once. */
  private release(): void {
    this.options.signal?.removeEventListener('abort', this.onAbort);
    const unsubscribe = this.unsubscribe;
    this.unsubscribe = undefined;
    unsubscribe?.();
  }

  private wake(): void {
    for (const resolve of this.waiters.splice(0)) resolve();
  }
}
