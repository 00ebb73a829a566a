import type { Progress, RequestOptions } from '@modelcontextprotocol/client';
import type { Clock } from '../lib/clock';
import { McpServiceError } from './McpServiceError';

export type McpProgress = Progress;

export interface BoundedRequestOptions {
  /** Stop button: aborting sends `notifications/cancelled` and fails with CANCELLED. */
  signal?: AbortSignal | undefined;
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
 * server, which would keep working on a call nobody waits for.
 */
export async function boundedRequest<T>(send: (options: RequestOptions) => Promise<T>, options: BoundedRequestOptions, clock: Clock): Promise<T> {
  const { signal, timeoutMs, maxTotalTimeoutMs, onProgress } = options;
  if (signal?.aborted) throw new McpServiceError('CANCELLED');
  const controller = new AbortController();
  const forwardAbort = () => controller.abort(signal?.reason);
  signal?.addEventListener('abort', forwardAbort, { once: true });
  const cap = clock.setTimeout(() => controller.abort(new Error(`maximum total timeout of ${maxTotalTimeoutMs} ms exceeded`)), maxTotalTimeoutMs);
  try {
    return await send({
      signal: controller.signal,
      timeout: timeoutMs,
      resetTimeoutOnProgress: true,
      // The SDK only asks the server for progress (a progressToken) when a handler is given.
      onprogress: (progress) => onProgress?.(progress),
    });
  } catch (error) {
    if (signal?.aborted) throw new McpServiceError('CANCELLED', {}, { cause: error });
    if (controller.signal.aborted) throw new McpServiceError('TIMEOUT', { timeoutMs: maxTotalTimeoutMs, limit: 'total' }, { cause: error });
    throw error;
  } finally {
    clock.clearTimeout(cap);
    signal?.removeEventListener('abort', forwardAbort);
  }
}
