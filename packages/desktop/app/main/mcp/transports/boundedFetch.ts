import { type FetchLike, ProtocolError, ProtocolErrorCode } from '@modelcontextprotocol/client';
import { RESULT_TOO_LARGE_REASON } from '../process/overlongLine';

/**
 * A fetch for the SDK's Streamable HTTP transport that reads a JSON answer up to `maxBytes` and fails
 * it past that, as the stdio transport fails a line past its cap: the SDK awaits response.json() on
 * the whole body, so a 300 MB answer took 2 GB of memory, and a larger one could take the app down.
 * The rejection carries RESULT_TOO_LARGE_REASON, so the request fails as RESULT_TOO_LARGE
 * (toMcpServiceError). SSE answers pass untouched: they carry one message per event, over time.
 */
export function boundedJsonFetch(maxBytes: number, base: FetchLike = fetch): FetchLike {
  return async (url, init) => {
    const response = await base(url, init);
    const type = (response.headers.get('content-type') ?? '').toLowerCase();
    if (!response.body || !type.startsWith('application/json')) return response;
    const declared = Number(response.headers.get('content-length'));
    if (Number.isFinite(declared) && declared > maxBytes) {
      await response.body.cancel().catch(() => undefined);
      throw tooLargeError(maxBytes, declared);
    }
    let seen = 0;
    const counted = response.body.pipeThrough(
      new TransformStream<Uint8Array, Uint8Array>({
        transform(chunk, controller) {
          seen += chunk.byteLength;
          if (seen > maxBytes) controller.error(tooLargeError(maxBytes, undefined));
          else controller.enqueue(chunk);
        },
      }),
    );
    return new Response(counted, { status: response.status, statusText: response.statusText, headers: response.headers });
  };
}

export const INTERNAL_ERROR_CODE = ProtocolErrorCode.InternalError;
export { RESULT_TOO_LARGE_REASON };

/** The error a too long answer fails with: McpServiceError reads its reason as RESULT_TOO_LARGE. */
export function tooLargeError(limitBytes: number, bytes: number | undefined): ProtocolError {
  const data = { reason: RESULT_TOO_LARGE_REASON, limitBytes, ...(bytes === undefined ? {} : { bytes }) };
  return new ProtocolError(ProtocolErrorCode.InternalError, `the answer was longer than ${limitBytes} bytes and was discarded`, data);
}
