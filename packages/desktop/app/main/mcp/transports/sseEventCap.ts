import type { FetchLike } from '@modelcontextprotocol/client';
import { INTERNAL_ERROR_CODE, RESULT_TOO_LARGE_REASON, tooLargeError } from './boundedFetch';
import { type JsonRpcId, scanHead } from '../process/overlongLine';
import { ResponseStreamBrokenError } from './watchedFetch';

const LF = 0x0a;
const CR = 0x0d;

/**
 * A fetch whose text/event-stream answers pass on whole events of at most `maxEventBytes`, the SSE
 * counterpart of boundedJsonFetch: an event is one JSON-RPC message, and the EventSource parser
 * buffers an event whole, so a 300 MB one took 1.5 GB of memory (see wholeEvents).
 *
 * With `onBroken`, the same stream also reports an answer that breaks off mid-stream (see
 * ResponseStreamBrokenError): one stream stage per answer instead of two, since every tool call over
 * Streamable HTTP may be answered this way.
 */
export function cappedSseFetch(maxEventBytes: number, base: FetchLike = fetch, onBroken?: (error: ResponseStreamBrokenError) => void): FetchLike {
  return async (url, init) => {
    const response = await base(url, init);
    const type = (response.headers.get('content-type') ?? '').toLowerCase();
    if (!response.ok || !response.body || !type.startsWith('text/event-stream')) return response;
    // The request's id is read only for an event past the cap: most answers never need it.
    const answering = () => requestId(init?.method, init?.body);
    const events = wholeEvents(maxEventBytes, answering);
    const body = onBroken
      ? watchedEvents(response.body, events, (error) => !init?.signal?.aborted && onBroken(new ResponseStreamBrokenError(error)))
      : response.body.pipeThrough(new TransformStream<Uint8Array, Uint8Array>({ transform: (chunk, controller) => events.transform(chunk, controller), flush: (controller) => events.flush(controller) }));
    return new Response(body, { status: response.status, statusText: response.statusText, headers: response.headers });
  };
}

/**
 * The answer's body read through `events`, reporting a read that fails (a reset, a closed socket) to
 * `onReadError` before the stream fails with it. The SDK turns such a break into
 * `onerror(new Error('SSE stream disconnected: …'))` with its cause stringified away, and leaves the
 * request the stream carried waiting for its timeout; the report keeps fetch's own error.
 */
function watchedEvents(source: ReadableStream<Uint8Array>, events: EventFilter, onReadError: (error: unknown) => void): ReadableStream<Uint8Array> {
  const reader = source.getReader();
  let failed = false;
  let passed = 0;
  const output = (controller: ReadableStreamDefaultController<Uint8Array>): EventOutput => ({
    enqueue: (chunk) => {
      passed += 1;
      controller.enqueue(chunk);
    },
    error: (error) => {
      failed = true;
      controller.error(error);
      reader.cancel(error).catch(() => {});
    },
  });
  return new ReadableStream<Uint8Array>({
    // Reads until something passes (or the answer ends): a pull that enqueues nothing is not
    // repeated by the stream, and a chunk holding only part of an event passes nothing yet.
    async pull(controller) {
      const out = output(controller);
      for (const before = passed; passed === before && !failed; ) {
        let next: Awaited<ReturnType<typeof reader.read>>;
        try {
          next = await reader.read();
        } catch (error) {
          // An abort is the transport closing on purpose, not a break (onReadError checks the signal).
          onReadError(error);
          controller.error(error);
          return;
        }
        if (next.done) {
          events.flush(out);
          if (!failed) controller.close();
          return;
        }
        events.transform(next.value, out);
      }
    },
    cancel: (reason) => reader.cancel(reason),
  });
}

/** Where wholeEvents puts what passes: a TransformStream's controller, or watchedEvents' stream. */
interface EventOutput {
  enqueue(chunk: Uint8Array): void;
  error(error: unknown): void;
}

interface EventFilter {
  transform(chunk: Uint8Array, output: EventOutput): void;
  flush(output: EventOutput): void;
}

/** The id of the single JSON-RPC request a POST body carries, if it carries one. */
function requestId(method: string | undefined, body: unknown): JsonRpcId | undefined {
  if (method?.toUpperCase() !== 'POST' || typeof body !== 'string') return undefined;
  try {
    const message = JSON.parse(body) as { id?: unknown; method?: unknown };
    const id = message.id;
    return typeof message.method === 'string' && (typeof id === 'string' || typeof id === 'number') ? id : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Holds each event until its blank line (SSE: a line terminator right after another, CRLF counting
 * as one), so only whole events go on, and at most `maxEventBytes` are held. An event past that is
 * skipped to its blank line; the request it answers (the POST's own, or the id its head names, as
 * scanHead reads a stdio line too long to keep) gets a RESULT_TOO_LARGE error event in its place.
 * With no id to answer, the stream fails instead: a lost answer must not wait out its timeout.
 */
function wholeEvents(maxEventBytes: number, answering: () => JsonRpcId | undefined): EventFilter {
  let held: Uint8Array[] = [];
  let heldBytes = 0;
  let lineBytes = 0;
  let previous = -1;
  let skipping = false;
  return {
    transform(chunk, controller) {
      let start = 0;
      for (let i = 0; i < chunk.length; i += 1) {
        const byte = chunk[i]!;
        const secondHalfOfCrlf = byte === LF && previous === CR;
        previous = byte;
        if (byte !== LF && byte !== CR) {
          lineBytes += 1;
          continue;
        }
        if (secondHalfOfCrlf) continue;
        if (lineBytes > 0) {
          lineBytes = 0;
          continue;
        }
        // A blank line: the event ends here (with the LF of a CRLF, when it is in this chunk).
        let end = i + 1;
        if (byte === CR && chunk[i + 1] === LF) {
          end += 1;
          previous = LF;
          i += 1;
        }
        if (!skipping) {
          for (const part of held) controller.enqueue(part);
          controller.enqueue(chunk.subarray(start, end));
        }
        held = [];
        heldBytes = 0;
        skipping = false;
        start = end;
      }
      if (skipping) return;
      const rest = chunk.subarray(start);
      if (heldBytes + rest.length > maxEventBytes) {
        const id = answering() ?? idInHead([...held, rest]);
        held = [];
        heldBytes = 0;
        skipping = true;
        if (id === undefined) controller.error(tooLargeError(maxEventBytes, undefined));
        else controller.enqueue(tooLargeEvent(id, maxEventBytes));
        return;
      }
      if (rest.length > 0) held.push(rest.slice());
      heldBytes += rest.length;
    },
    flush(controller) {
      if (!skipping) for (const part of held) controller.enqueue(part);
    },
  };
}

/** How much of an event's start is searched for the id of the message it carries. */
const HEAD_BYTES = 64 * 1024;

/** The id of the JSON-RPC message in the event's first `data:` line, when it comes before the bulk. */
function idInHead(parts: Uint8Array[]): JsonRpcId | undefined {
  const head = new Uint8Array(HEAD_BYTES);
  let length = 0;
  for (const part of parts) {
    const take = Math.min(part.length, HEAD_BYTES - length);
    head.set(part.subarray(0, take), length);
    length += take;
    if (length === HEAD_BYTES) break;
  }
  const text = new TextDecoder().decode(head.subarray(0, length));
  const data = /(?:^|[\r\n])data: ?([^\r\n]*)/.exec(text);
  if (!data) return undefined;
  const facts = scanHead(data[1]!);
  return facts.hasMethod ? undefined : facts.id;
}

function tooLargeEvent(id: JsonRpcId, limitBytes: number): Uint8Array {
  const error = { code: INTERNAL_ERROR_CODE, message: `the answer was longer than ${limitBytes} bytes and was discarded`, data: { reason: RESULT_TOO_LARGE_REASON, limitBytes } };
  return new TextEncoder().encode(`\n\nevent: message\ndata: ${JSON.stringify({ jsonrpc: '2.0', id, error })}\n\n`);
}
