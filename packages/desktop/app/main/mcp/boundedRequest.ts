import type { Progress, RequestOptions } from '@modelcontextprotocol/client';
import type { Clock, TimerHandle } from '../lib/clock';
import { McpServiceError } from './McpServiceError';
import type { AbortHandle } from './requestAbort';

export type McpProgress = Progress;

export interface BoundedRequestOptions {
  /** Stop button: aborting sends `notifications/cancelled` and fails with CANCELLED. */
  signal?: AbortSignal | undefined;
  /**
   * The controller behind `signal` when the caller made it for this request alone (McpService.callTool,
   * whose cancelCall aborts it): the cap aborts it directly instead of a second controller that
   * follows it. An abort by anything but the cap still fails with CANCELLED.
   */
  ownController?: AbortHandle | undefined;
  /** Time allowed without a response or a progress notification. */
  timeoutMs: number;
  /** Absolute cap, however much progress arrives. */
  maxTotalTimeoutMs: number;
  onProgress?: ((progress: McpProgress) => void) | undefined;
}

/** Multiplier from the idle timeout to the default absolute cap. */
export const DEFAULT_MAX_TOTAL_TIMEOUT_FACTOR = 10;

/**
 * Runs one request under the timeout policy shared by every request path:
 * an idle timeout that progress resets, an absolute cap, and cancellation by the caller. The SDK
 * sends `notifications/cancelled` for the idle timeout and for an abort, and the connection stays
 * usable either way.
 *
 * The cap is enforced here with an abort rather than through the SDK's `maxTotalTimeout`: the SDK
 * only checks that cap when a progress notification arrives, and then rejects without telling the
 * server, which would keep working on a call nobody waits for. Its timer starts only when it can
 * matter: at once when the cap is not longer than the idle timeout, otherwise at the first progress
 * notification (without progress the idle timeout ends the request first). Most requests send no
 * progress, and so set no timer of ours.
 */
export async function boundedRequest<T>(send: (options: RequestOptions) => Promise<T>, options: BoundedRequestOptions, clock: Clock): Promise<T> {
  const { signal, ownController, timeoutMs, maxTotalTimeoutMs, onProgress } = options;
  if (signal?.aborted) throw new McpServiceError('CANCELLED');
  const controller: AbortHandle = ownController ?? new AbortController();
  const forwardAbort = () => controller.abort(signal?.reason);
  if (!ownController) signal?.addEventListener('abort', forwardAbort, { once: true });
  let capped = false;
  let armed = false;
  let cap: TimerHandle;
  const armCap = (ms: number) => {
    armed = true;
    cap = clock.setTimeout(() => {
      capped = true;
      controller.abort(new Error(`maximum total timeout of ${maxTotalTimeoutMs} ms exceeded`));
    }, Math.max(0, ms));
  };
  const startedAt = maxTotalTimeoutMs <= timeoutMs ? 0 : clock.now();
  if (maxTotalTimeoutMs <= timeoutMs) armCap(maxTotalTimeoutMs);
  try {
    return await send({
      signal: controller.signal,
      timeout: timeoutMs,
      resetTimeoutOnProgress: true,
      // The SDK only asks the server for progress (a progressToken) when a handler is given.
      onprogress: (progress) => {
        if (!armed) armCap(maxTotalTimeoutMs - (clock.now() - startedAt));
        onProgress?.(progress);
      },
    });
  } catch (error) {
    // Checked in this order as before the cap was lazy: the caller's abort wins over the cap.
    const cancelled = ownController ? ownController.signal.aborted && !capped : signal?.aborted;
    if (cancelled) throw new McpServiceError('CANCELLED', {}, { cause: error });
    if (capped) throw new McpServiceError('TIMEOUT', { timeoutMs: maxTotalTimeoutMs, limit: 'total' }, { cause: error });
    throw error;
  } finally {
    if (armed) clock.clearTimeout(cap);
    if (!ownController) signal?.removeEventListener('abort', forwardAbort);
  }
}
