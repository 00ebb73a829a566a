/**
 * How a provider failure becomes a CompletionError code. Each adapter first classifies its SDK's
 * error into a `ProviderFailure` (the only SDK-specific step); the mapping below is pure and shared,
 * so the three providers agree on what 401, 429, 5xx, a garbled stream or a refused connection mean.
 */
import type { CompletionErrorCode } from '../../shared/contracts/providers';
import { CompletionError } from './types';

export type ProviderFailure =
  /** The provider answered with an HTTP error status. */
  | { kind: 'status'; status: number; message: string }
  /** An error event inside an already-open stream (OpenAI `error` chunk, Anthropic `event: error`). */
  | { kind: 'event'; type: string | undefined; message: string }
  /** No HTTP answer: refused, DNS, reset before the response, timeout. */
  | { kind: 'connection'; message: string }
  /** Anything else the SDK threw (a JSON parse error, a cut body, …). */
  | { kind: 'other'; message: string };

/** When the failure happened: before the response started, or while reading the stream. */
export type FailurePhase = 'request' | 'stream';

export function codeForStatus(status: number): CompletionErrorCode {
  if (status === 401 || status === 403) return 'PROVIDER_AUTH';
  if (status === 429) return 'PROVIDER_RATE_LIMIT';
  if (status >= 500) return 'PROVIDER_SERVER';
  // 400, and the other 4xx a provider uses for a request it will not serve (404 unknown model, 413, 422).
  return 'PROVIDER_BAD_REQUEST';
}

/** Error `type`s of in-stream error events (Anthropic's documented set; OpenAI uses the same words). */
const EVENT_CODES: Record<string, CompletionErrorCode> = {
  invalid_request_error: 'PROVIDER_BAD_REQUEST',
  authentication_error: 'PROVIDER_AUTH',
  permission_error: 'PROVIDER_AUTH',
  rate_limit_error: 'PROVIDER_RATE_LIMIT',
  api_error: 'PROVIDER_SERVER',
  overloaded_error: 'PROVIDER_SERVER',
};

export function codeForFailure(failure: ProviderFailure, phase: FailurePhase): CompletionErrorCode {
  switch (failure.kind) {
    case 'status':
      return codeForStatus(failure.status);
    case 'event':
      return (failure.type && EVENT_CODES[failure.type]) || 'PROVIDER_SERVER';
    case 'connection':
      // A connection lost after the stream started is a broken stream, not an unreachable host.
      return phase === 'request' ? 'PROVIDER_NETWORK' : 'PROVIDER_MALFORMED_STREAM';
    case 'other':
      return phase === 'request' ? 'PROVIDER_NETWORK' : 'PROVIDER_MALFORMED_STREAM';
  }
}

export function toCompletionError(failure: ProviderFailure, phase: FailurePhase, cause: unknown): CompletionError {
  const status = failure.kind === 'status' ? failure.status : undefined;
  return new CompletionError(codeForFailure(failure, phase), failure.message, status === undefined ? { cause } : { status, cause });
}

export function malformedStream(message: string): CompletionError {
  return new CompletionError('PROVIDER_MALFORMED_STREAM', message);
}

/** The AbortError CompletionClient.stream throws when the request's signal fires. */
export function abortError(signal: AbortSignal): Error {
  const error = new Error('The completion was aborted.', { cause: signal.reason });
  error.name = 'AbortError';
  return error;
}

export function isAbortError(error: unknown): boolean {
  return error instanceof Error && error.name === 'AbortError';
}

/** Node's fetch reports refused/DNS/reset as `TypeError: fetch failed` with the system error as cause. */
const NETWORK_CAUSES = new Set(['ECONNREFUSED', 'ENOTFOUND', 'EAI_AGAIN', 'ECONNRESET', 'EHOSTUNREACH', 'ENETUNREACH', 'ETIMEDOUT', 'UND_ERR_CONNECT_TIMEOUT', 'UND_ERR_SOCKET']);

export function isFetchNetworkError(error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  const cause = error.cause as { code?: unknown } | undefined;
  return (error.name === 'TypeError' && error.message === 'fetch failed') || (typeof cause?.code === 'string' && NETWORK_CAUSES.has(cause.code));
}

/** The translatable form of a CompletionError: `errors.<code>` with the provider's words as `detail`. */
export function completionErrorData(error: CompletionError): { code: CompletionErrorCode; params: Record<string, string | number> } {
  const params: Record<string, string | number> = { detail: error.message };
  if (error.status !== undefined) params.status = error.status;
  return { code: error.code, params };
}
