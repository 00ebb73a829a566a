import { useSyncExternalStore } from 'react';
import type { TokenVerdict } from './accessToken';

/**
 * The state of the connection to the main process, as the banner shows it.
 * - `connecting`: the first attempt is under way (nothing shown yet).
 * - `connected`: calls go through.
 * - `missingToken`: the page was opened without its access token; the host will refuse it.
 * - `refused`: the host answers but refuses the page's token (it was started with a new one).
 * - `unreachable`: no connection has ever opened and nothing answers: the host is not running.
 * - `lost`: it was connected and dropped; the client is reconnecting.
 * A refused WebSocket upgrade surfaces in a browser only as close code 1006, the same as a host that
 * is down: the host's token check (checkAccessToken) tells the two apart.
 */
export type BridgeState = 'connecting' | 'connected' | 'missingToken' | 'refused' | 'unreachable' | 'lost';

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

/** What the banner says once a connection attempt closed, given what the host's token check answered. */
export function stateAfterClose(everOpened: boolean, verdict: TokenVerdict): BridgeState {
  if (verdict === 'refused') return 'refused';
  return everOpened ? 'lost' : 'unreachable';
}
