/**
 * A fetch whose answers may together hold at most `maxBytes` of body: past that the body errors with
 * PROVIDER_MALFORMED_STREAM and the connection is closed. The SDKs read a list answer whole before
 * parsing it, so without this a server that never stops sending (a wrong address streaming a file, a
 * broken proxy) fills the app's memory until the timeout. For model lists; streams have Stop.
 */
import { malformedStream } from './errors';

/** Bytes all pages of one model list may hold: far above a real list (1000 models of ~2 KB). */
export const MODEL_LIST_MAX_BYTES = 16 * 1024 * 1024;

export function boundedFetch(maxBytes: number): typeof fetch {
  let left = maxBytes;
  return async (input, init) => {
    const response = await fetch(input, init);
    if (!response.body) return response;
    const body = response.body.pipeThrough(
      new TransformStream<Uint8Array, Uint8Array>({
        transform(chunk, controller) {
          left -= chunk.byteLength;
          if (left < 0) controller.error(malformedStream(`The answer is larger than ${Math.round(maxBytes / (1024 * 1024))} MB: check the base URL.`));
          else controller.enqueue(chunk);
        },
      }),
    );
    return new Response(body, { status: response.status, statusText: response.statusText, headers: response.headers });
  };
}
