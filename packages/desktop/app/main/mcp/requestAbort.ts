/**
 * The cancel handle of one tool call: an AbortController's `abort()` and a `signal` that has what the
 * MCP SDK reads of one (`aborted`, `reason`, `throwIfAborted()` and the `abort` listeners), without a
 * real AbortSignal behind it.
 *
 * Why: Node 20 takes 8–15 µs to create an AbortSignal (a loop of `new AbortController().signal` on
 * Node 20.20 here), while an EventTarget-free object costs well under 1 µs — and a call
 * needs its handle from the start (the SDK wires its `notifications/cancelled` to it when the request
 * goes out) although almost no call is ever cancelled. In a CPU profile of the calls of `pnpm bench`
 * section a, that signal was the largest single item of the service's own work per call.
 *
 * The signal is only ever handed to the SDK's request options (McpConnection.callTool). It must not
 * reach an API that checks for a real AbortSignal (fetch, AbortSignal.any, events.addAbortListener).
 * test/mcp/requestAbort.test.ts holds it to an AbortController's behaviour; "Stop and cancelCall still
 * cancel a call on the wire" in test/mcp/callTimers.test.ts runs a cancel through the SDK against a
 * real server, so an SDK update that starts doing either fails there.
 */
export interface AbortHandle {
  readonly signal: AbortSignal;
  abort(reason?: unknown): void;
}

type AbortListener = ((event: Event) => void) | { handleEvent(event: Event): void };

class RequestAbortSignal {
  aborted = false;
  reason: unknown = undefined;
  /** Each listener once (as an EventTarget keeps it); an abort fires only once, so `once` changes nothing. */
  private listeners: AbortListener[] = [];

  addEventListener(type: string, listener: AbortListener | null): void {
    if (type !== 'abort' || !listener || this.aborted || this.listeners.includes(listener)) return;
    this.listeners.push(listener);
  }

  removeEventListener(type: string, listener: AbortListener | null): void {
    if (type === 'abort') this.listeners = this.listeners.filter((entry) => entry !== listener);
  }

  throwIfAborted(): void {
    if (this.aborted) throw this.reason;
  }

  /** Runs once: the listeners in the order they were added, as an AbortSignal does. */
  fire(reason: unknown): void {
    if (this.aborted) return;
    this.aborted = true;
    this.reason = reason === undefined ? new DOMException('This operation was aborted', 'AbortError') : reason;
    const event = new Event('abort');
    const listeners = this.listeners;
    this.listeners = [];
    for (const listener of listeners) {
      try {
        if (typeof listener === 'function') listener(event);
        else listener.handleEvent(event);
      } catch (error) {
        // As an EventTarget does: the other listeners still run, the error surfaces as uncaught.
        queueMicrotask(() => {
          throw error;
        });
      }
    }
  }
}

/** A fresh handle; `abort()` after the first does nothing, as AbortController's. */
export function requestAbort(): AbortHandle {
  const signal = new RequestAbortSignal();
  return { signal: signal as unknown as AbortSignal, abort: (reason?: unknown) => signal.fire(reason) };
}
