/** A minimal typed emitter: a subscriber that throws is reported, never allowed to break the emitter. */
export class EventHub<E> {
  private readonly listeners = new Set<(event: E) => void>();

  constructor(private readonly onListenerError: (error: unknown) => void = () => {}) {}

  /** Returns the unsubscribe function. */
  subscribe(listener: (event: E) => void): () => void {
    this.listeners.add(listener);
    return () => {
      this.listeners.delete(listener);
    };
  }

  emit(event: E): void {
    for (const listener of [...this.listeners]) {
      try {
        listener(event);
      } catch (error) {
        this.onListenerError(error);
      }
    }
  }
}
