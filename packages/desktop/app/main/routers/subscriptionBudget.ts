import { AppError } from '../lib/errors';

/**
 * How many subscriptions one connection may hold at once. Each holds listeners and a queue in main,
 * so 5,000 of them on one WebSocket ran the host out of memory; the renderer opens about eight.
 */
export const MAX_SUBSCRIPTIONS_PER_CONNECTION = 64;

/** The open subscriptions of one connection; a subscription beyond the limit fails with TOO_MANY_SUBSCRIPTIONS. */
export class SubscriptionBudget {
  #open = 0;

  constructor(readonly max: number = MAX_SUBSCRIPTIONS_PER_CONNECTION) {}

  get open(): number {
    return this.#open;
  }

  /** Takes a slot; the returned function gives it back (calling it again does nothing). */
  acquire(): () => void {
    if (this.#open >= this.max) throw new AppError('TOO_MANY_SUBSCRIPTIONS', { params: { max: this.max } });
    this.#open += 1;
    let released = false;
    return () => {
      if (released) return;
      released = true;
      this.#open -= 1;
    };
  }
}
