/**
 * Paces `tool_call_partial` events: a model can stream hundreds of argument fragments a second,
 * and each partial travels to the renderer and into an app's iframe. The first partial of a call
 * passes at once (the card appears as soon as the name is known); later ones at most every
 * PARTIAL_INTERVAL_MS. The final `tool_call` always follows, so a dropped partial loses nothing.
 */
export const PARTIAL_INTERVAL_MS = 50;

export interface PartialThrottle {
  /** True when a partial for this call may be sent now (and records that it was). */
  take(key: number | string): boolean;
}

export function createPartialThrottle(now: () => number = Date.now, intervalMs = PARTIAL_INTERVAL_MS): PartialThrottle {
  const lastSent = new Map<number | string, number>();
  return {
    take(key) {
      const at = now();
      const last = lastSent.get(key);
      if (last !== undefined && at - last < intervalMs) return false;
      lastSent.set(key, at);
      return true;
    },
  };
}
