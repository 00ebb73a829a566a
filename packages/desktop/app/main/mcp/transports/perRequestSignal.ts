import type { FetchLike } from '@modelcontextprotocol/client';

/**
 * A fetch that hands the network a signal of its own per request, following the one it was given.
 * The SDK's Streamable HTTP transport passes its one long-lived signal to every POST that has no
 * signal of its own, and Node's fetch adds an abort listener to that signal per request, removed only
 * when the request is garbage-collected: listeners piled up by the thousand on a busy connection
 * (MaxListenersExceededWarning after 1,500 calls), each new one added after a scan of the others.
 * `AbortSignal.any` follows the given signal without adding a listener to it, and Node's listener
 * lands on the per-request signal, which goes away with the request.
 */
export function perRequestSignalFetch(base: FetchLike): FetchLike {
  return (url, init) => {
    const signal = init?.signal;
    if (!signal) return base(url, init);
    return base(url, { ...init, signal: AbortSignal.any([signal]) });
  };
}
