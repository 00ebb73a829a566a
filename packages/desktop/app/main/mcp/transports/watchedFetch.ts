/**
 * An SSE answer of a Streamable HTTP server broke off (reset, closed socket); `cause` is fetch's error.
 * Reported by the answer's event stream (sseEventCap.ts, cappedSseFetch with `onBroken`).
 */
export class ResponseStreamBrokenError extends Error {
  constructor(cause: unknown) {
    super(`response stream broke off: ${cause instanceof Error ? cause.message : String(cause)}`, { cause });
    this.name = 'ResponseStreamBrokenError';
  }
}
