import type { ListedModel, ResolvedProvider } from '../../shared/contracts/providers';
import { abortError, type FailurePhase, type ProviderFailure, toCompletionError } from './errors';
import { CompletionError, type CompletionEvent, type CompletionRequest } from './types';

/** Turns a provider's stream chunks into engine events; throws CompletionError on a broken stream. */
export interface StreamMapper<Chunk> {
  push(chunk: Chunk): CompletionEvent[];
  /** Called once the SDK's stream ended normally: the pending tool calls and `done`. */
  end(): CompletionEvent[];
}

/** One wire format's SDK call, behind CompletionService. */
export interface ProviderAdapter {
  stream(request: CompletionRequest): AsyncIterable<CompletionEvent>;
  /** The models the endpoint lists (every page); also "Test connection", as it needs the key and costs no tokens. */
  listModels(provider: ResolvedProvider, signal: AbortSignal): Promise<ListedModel[]>;
}

interface ErrorContext {
  signal: AbortSignal | undefined;
  classify(error: unknown): ProviderFailure;
}

export interface StreamRun<Chunk> extends ErrorContext {
  /**
   * Sends the request with `signal` (the request's signal, combined with one that fires when the
   * consumer stops reading); resolves once the response headers arrived.
   */
  open(signal: AbortSignal): Promise<AsyncIterable<Chunk>>;
  mapper: StreamMapper<Chunk>;
}

/**
 * The phases every adapter shares: an error before the response is a request failure (status,
 * network), one while reading is a stream failure; an abort always surfaces as an AbortError, even
 * though the OpenAI and Anthropic SDKs end their iterators quietly when their request is aborted.
 */
export async function* runStream<Chunk>(run: StreamRun<Chunk>): AsyncGenerator<CompletionEvent> {
  const { signal, mapper } = run;
  if (signal?.aborted) throw abortError(signal);
  const stopped = new AbortController();
  const requestSignal = signal ? AbortSignal.any([signal, stopped.signal]) : stopped.signal;
  const iterable = await guard(run, 'request', () => run.open(requestSignal));
  const iterator = iterable[Symbol.asyncIterator]();
  let drained = false;
  try {
    for (;;) {
      const next = await guard(run, 'stream', () => iterator.next());
      if (next.done) break;
      const events = guardSync(run, () => mapper.push(next.value));
      for (const event of events) yield event;
    }
    drained = true;
  } finally {
    // A consumer that stops early (or a mapping error) must not leave the HTTP response open.
    // Returning the iterator is not enough: @google/genai's stream ignores it and keeps reading.
    if (!drained) {
      stopped.abort();
      await iterator.return?.().catch(() => undefined);
    }
  }
  if (signal?.aborted) throw abortError(signal);
  for (const event of guardSync(run, () => mapper.end())) yield event;
}

async function guard<T>(run: ErrorContext, phase: FailurePhase, step: () => Promise<T>): Promise<T> {
  try {
    return await step();
  } catch (error) {
    throw mapError(run, phase, error);
  }
}

function guardSync<T>(run: ErrorContext, step: () => T): T {
  try {
    return step();
  } catch (error) {
    throw mapError(run, 'stream', error);
  }
}

function mapError(run: ErrorContext, phase: FailurePhase, error: unknown): Error {
  if (run.signal?.aborted) return abortError(run.signal);
  if (error instanceof CompletionError) return error;
  return toCompletionError(run.classify(error), phase, error);
}

/** A single non-streaming call (listing models) with the same error mapping as a stream's request phase. */
export async function requestOnce<T>(signal: AbortSignal, classify: (error: unknown) => ProviderFailure, call: () => Promise<T>): Promise<T> {
  if (signal.aborted) throw abortError(signal);
  return guard({ signal, classify }, 'request', call);
}
