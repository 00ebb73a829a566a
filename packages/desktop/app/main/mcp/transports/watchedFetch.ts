import type { FetchLike } from '@modelcontextprotocol/client';

/** An SSE answer of a Streamable HTTP server broke off (reset, closed socket); `cause` is fetch's error. */
export class ResponseStreamBrokenError extends Error {
  constructor(cause: unknown) {
    super(`response stream broke off: ${cause instanceof Error ? cause.message : String(cause)}`, { cause });
    this.name = 'ResponseStreamBrokenError';
  }
}

/**
 * A fetch for the SDK's Streamable HTTP transport that reports an SSE response breaking off
 * mid-answer. The SDK turns such a break into `onerror(new Error('SSE stream disconnected: …'))`, with
 * its cause (a reset, a closed socket) stringified away, and leaves the request the stream carried
 * waiting for its timeout. `onBroken` gets fetch's own error, cause chain included.
 */
export function watchedFetch(onBroken: (error: ResponseStreamBrokenError) => void, base: FetchLike = fetch): FetchLike {
  return async (url, init) => {
    const response = await base(url, init);
    const type = response.headers.get('content-type') ?? '';
    // JSON bodies need no watch: the SDK awaits response.json(), whose rejection fails the request.
    if (!response.ok || !response.body || !type.toLowerCase().startsWith('text/event-stream')) return response;
    const reader = response.body.getReader();
    const body = new ReadableStream<Uint8Array>({
      async pull(controller) {
        try {
          const { done, value } = await reader.read();
          if (done) controller.close();
          else controller.enqueue(value);
        } catch (error) {
          // An abort is the transport closing on purpose, not a break.
          if (!init?.signal?.aborted) onBroken(new ResponseStreamBrokenError(error));
          controller.error(error);
        }
      },
      cancel: (reason) => reader.cancel(reason),
    });
    return new Response(body, { status: response.status, statusText: response.statusText, headers: response.headers });
  };
}
