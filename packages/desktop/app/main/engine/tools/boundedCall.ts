/**
 * The engine's outer bound on one tool call (`Promise.race([callTool, timeout(120s)])`,
 * the same budget as ShellTool). It sits above the transport's own per-request timeout, which resets
 * on progress; this one does not, so a server that keeps reporting progress forever still ends.
 */
import { type Clock, type TimerHandle, systemClock } from '../../lib/clock';
import type { ToolExecutionResult } from '../ITool';
import { toolErrorResult } from './flattenContent';

/** The seed's 120 s, in milliseconds. */
export const DEFAULT_TOOL_TIMEOUT_MS = 120_000;

export interface BoundedCallOptions {
  /** Absolute budget for the call, in milliseconds. */
  timeoutMs: number;
  /** The caller's Stop button. */
  signal?: AbortSignal | undefined;
  /** Runs the budget (tests move a manual one). Default systemClock. */
  clock?: Clock | undefined;
}

/**
 * Runs `call` with a signal that aborts when the caller aborts or the budget runs out, and resolves
 * with whichever comes first. The losing call is aborted (so the server hears `notifications/cancelled`)
 * rather than left running. `onResult` maps the call's value, `onError` its failure.
 */
export async function boundedCall<T>(
  call: (signal: AbortSignal) => Promise<T>,
  options: BoundedCallOptions,
  onResult: (value: T) => ToolExecutionResult,
  onError: (error: unknown) => ToolExecutionResult,
): Promise<ToolExecutionResult> {
  const cancelled = () => toolErrorResult('CANCELLED', 'Tool call cancelled.');
  if (options.signal?.aborted) return cancelled();
  const controller = new AbortController();
  const clock = options.clock ?? systemClock;
  let timer: TimerHandle;
  let onAbort: (() => void) | undefined;

  const timedOut = new Promise<ToolExecutionResult>((resolve) => {
    timer = clock.setTimeout(() => {
      controller.abort(new Error(`tool call timed out after ${options.timeoutMs} ms`));
      resolve(toolErrorResult('TIMEOUT', `Tool call timed out after ${formatSeconds(options.timeoutMs)}.`));
    }, options.timeoutMs);
  });
  const aborted = new Promise<ToolExecutionResult>((resolve) => {
    onAbort = () => {
      controller.abort(options.signal?.reason);
      resolve(cancelled());
    };
    options.signal?.addEventListener('abort', onAbort, { once: true });
  });
  const settled = Promise.resolve()
    .then(() => call(controller.signal))
    .then(onResult, onError);

  try {
    return await Promise.race([settled, timedOut, aborted]);
  } finally {
    if (timer !== undefined) clock.clearTimeout(timer);
    if (onAbort) options.signal?.removeEventListener('abort', onAbort);
  }
}

function formatSeconds(ms: number): string {
  return ms % 1000 === 0 ? `${ms / 1000} s` : `${(ms / 1000).toFixed(1)} s`;
}
