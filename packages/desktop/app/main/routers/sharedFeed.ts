/**
 * One value per change for any number of subscribers. With a thousand windows or tabs following
 * `mcp.onServersChanged`, a change built the whole server list a thousand times, and the WebSocket
 * bridge serialized it a thousand times; a feed computes it once, and marks the value shared so the
 * bridge serializes it once too (host/sharedJsonEncoder.ts).
 */

const SHARED = Symbol('elftia.sharedValue');

/**
 * Marks `value` as handed to many subscribers unchanged: it is frozen (shallowly: its parts are
 * fresh objects no one else holds), so serializing it once is safe.
 */
export function markShared<T extends object>(value: T): T {
  Object.defineProperty(value, SHARED, { value: true });
  return Object.freeze(value);
}

export function isShared(value: unknown): value is object {
  return typeof value === 'object' && value !== null && SHARED in value;
}

export class SharedFeed<T extends object> {
  readonly #listeners = new Set<() => void>();
  #stopSource: (() => void) | undefined;
  #version = 0;
  #latest: { version: number; value: Promise<T> } | undefined;

  /**
   * @param source subscribes to the changes of what `compute` reads; returns its unsubscribe
   * @param compute builds the value; called at most once per change, and only while someone listens
   */
  constructor(
    private readonly source: (listener: () => void) => () => void,
    private readonly compute: () => T | Promise<T>,
  ) {}

  /** Calls `listener` after every change; the source is followed while anyone listens. */
  subscribe(listener: () => void): () => void {
    if (this.#listeners.size === 0) {
      this.#latest = undefined;
      this.#stopSource = this.source(() => {
        this.#version += 1;
        for (const each of [...this.#listeners]) each();
      });
    }
    this.#listeners.add(listener);
    return () => {
      if (!this.#listeners.delete(listener) || this.#listeners.size > 0) return;
      this.#stopSource?.();
      this.#stopSource = undefined;
    };
  }

  /** The value as of the last change, the same object for every caller until the next one. */
  current(): Promise<T> {
    const version = this.#version;
    if (this.#latest?.version !== version) {
      const value = Promise.resolve().then(this.compute).then(markShared);
      // A failed computation is tried again by the next caller.
      value.catch(() => {
        if (this.#latest?.value === value) this.#latest = undefined;
      });
      this.#latest = { version, value };
    }
    return this.#latest.value;
  }
}
