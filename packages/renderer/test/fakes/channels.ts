/** Subscriptions as the routers deliver them: the current value at start, then every change. */
import type { SubscriptionHandlers } from '../../src/lib/api';

export class Channel<T> {
  readonly #listeners = new Set<SubscriptionHandlers<T>>();
  constructor(private readonly current: () => T) {}
  subscribe = (_input: undefined, handlers: SubscriptionHandlers<T>) => {
    this.#listeners.add(handlers);
    // Like the router: the current value at start.
    queueMicrotask(() => this.#listeners.has(handlers) && handlers.onData(this.current()));
    return { unsubscribe: () => void this.#listeners.delete(handlers) };
  };
  emit(): void {
    for (const listener of this.#listeners) listener.onData(this.current());
  }
  get size(): number {
    return this.#listeners.size;
  }
}

/** One stream per key (a server id), each delivering its current value at start, like the router. */
export class KeyedChannel<T> {
  readonly #listeners = new Map<string, Set<SubscriptionHandlers<T>>>();
  constructor(private readonly current: (key: string) => T) {}
  subscribe = (key: string, handlers: SubscriptionHandlers<T>) => {
    const set = this.#listeners.get(key) ?? new Set();
    this.#listeners.set(key, set.add(handlers));
    queueMicrotask(() => set.has(handlers) && handlers.onData(this.current(key)));
    return { unsubscribe: () => void set.delete(handlers) };
  };
  emit(key: string): void {
    for (const listener of this.#listeners.get(key) ?? []) listener.onData(this.current(key));
  }
  /** Delivers `value` rather than the current one, as a stream of additions does after its first value. */
  push(key: string, value: T): void {
    for (const listener of this.#listeners.get(key) ?? []) listener.onData(value);
  }
  /** Fails every open subscription of a key, as a dropped bridge would. */
  fail(key: string, error: unknown): void {
    for (const listener of this.#listeners.get(key) ?? []) listener.onError(error);
  }
  sizeOf(key: string): number {
    return this.#listeners.get(key)?.size ?? 0;
  }
}
