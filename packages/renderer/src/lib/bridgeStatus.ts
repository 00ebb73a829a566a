import { useSyncExternalStore } from 'react';

/**
 * The state of the connection to the main process, as the banner shows it.
 * - `connecting`: the first attempt is under way (nothing shown yet).
 * - `connected`: calls go through.
 * - `missingToken`: the page was opened without its access token; the host will refuse it.
 * - `refused`: no connection has ever opened — a wrong or stale token, or the host is not running.
 *   A browser cannot tell these apart (a refused WebSocket upgrade surfaces only as close code 1006).
 * - `lost`: it was connected and dropped; the client is reconnecting.
 */
export type BridgeState = 'connecting' | 'connected' | 'missingToken' | 'refused' | 'lost';

export class BridgeStatus {
  #state: BridgeState;
  readonly #listeners = new Set<() => void>();

  constructor(initial: BridgeState) {
    this.#state = initial;
  }

  get = (): BridgeState => this.#state;

  subscribe = (listener: () => void): (() => void) => {
    this.#listeners.add(listener);
    return () => this.#listeners.delete(listener);
  };

  set(state: BridgeState): void {
    if (state === this.#state) return;
    this.#state = state;
    for (const listener of this.#listeners) listener();
  }
}

export function useBridgeState(status: BridgeStatus): BridgeState {
  return useSyncExternalStore(status.subscribe, status.get);
}
