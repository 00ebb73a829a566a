/** How a dropped connection is retried. */
export interface ReconnectPolicy {
  /** Delay before the first retry; default 1000 ms. */
  initialDelayMs: number;
  /** Upper bound of any delay; default 30 000 ms. */
  maxDelayMs: number;
  /** Growth per attempt; default 2. */
  factor: number;
  /**
   * Each delay is scaled by a random factor in [1 - jitterRatio, 1 + jitterRatio] (then capped), so
   * many servers dropped by one event (sleep, network change) do not retry in lockstep. Default 0.2.
   */
  jitterRatio: number;
  /** Retries after one drop before the server is left in `error`; default 10. */
  maxAttempts: number;
}

export const DEFAULT_RECONNECT_POLICY: ReconnectPolicy = {
  initialDelayMs: 1000,
  maxDelayMs: 30_000,
  factor: 2,
  jitterRatio: 0.2,
  maxAttempts: 10,
};

/** Delay before retry number `attempt` (0-based). `random` returns a number in [0, 1). */
export function backoffDelayMs(attempt: number, policy: ReconnectPolicy, random: () => number): number {
  const base = Math.min(policy.maxDelayMs, policy.initialDelayMs * policy.factor ** Math.max(0, attempt));
  const jitter = 1 + policy.jitterRatio * (2 * random() - 1);
  return Math.max(0, Math.min(policy.maxDelayMs, Math.round(base * jitter)));
}
