import crypto from 'node:crypto';
import OpenAI, { APIConnectionError, APIError } from 'openai';
import type { ListedModel, ResolvedProvider } from '../../../shared/contracts/providers';
import { isFetchNetworkError, type ProviderFailure } from '../errors';
import { boundedFetch, MODEL_LIST_MAX_BYTES } from '../boundedFetch';
import { collectModels, mapEntries, pageEntries } from '../modelList';
import { type ProviderAdapter, requestOnce, runStream } from '../runStream';
import type { CompletionEvent, CompletionRequest } from '../types';
import { toOpenAIRequest } from './request';
import { createPartialThrottle } from '../partialThrottle';
import { createOpenAIStreamMapper } from './stream';

/**
 * Sent when an openai-compatible endpoint has no key (Ollama, LM Studio): the SDK refuses to start
 * without one, and without it would fall back to OPENAI_API_KEY from the environment — a real key
 * that must not go to a third-party endpoint. The Authorization header is removed below.
 */
const KEYLESS = 'elftia-no-key';

export function createOpenAIClient(provider: ResolvedProvider, options: { fetch?: typeof fetch } = {}): OpenAI {
  return new OpenAI({
    ...options,
    apiKey: provider.apiKey ?? KEYLESS,
    // Explicit nulls: none of these may be picked up from OPENAI_* environment variables.
    adminAPIKey: null,
    organization: null,
    project: null,
    baseURL: provider.baseUrl ?? 'https://api.openai.com/v1',
    ...(provider.apiKey ? {} : { defaultHeaders: { Authorization: null } }),
    // Errors surface now, as CompletionErrors the user can act on; the engine decides about retries.
    maxRetries: 0,
    // The SDK logs unparsable chunks itself; the CompletionError carries them as its cause instead.
    logLevel: 'off',
  });
}

export function classifyOpenAIError(error: unknown): ProviderFailure {
  if (error instanceof APIConnectionError || isFetchNetworkError(error)) return { kind: 'connection', message: (error as Error).message };
  if (error instanceof APIError) {
    const body = error.error as { message?: unknown; type?: unknown } | undefined;
    const message = typeof body?.message === 'string' ? body.message : error.message;
    if (typeof error.status === 'number') return { kind: 'status', status: error.status, message };
    return { kind: 'event', type: typeof body?.type === 'string' ? body.type : undefined, message };
  }
  return { kind: 'other', message: error instanceof Error ? error.message : String(error) };
}

/**
 * Whether a failed request is an OpenAI-compatible server refusing `stream_options` (Mistral answers
 * 422 "extra_forbidden", Groq 400 "property 'stream_options' is unsupported"): such a server answers
 * the same request without it.
 */
export function refusesStreamOptions(error: unknown): boolean {
  if (!(error instanceof APIError) || (error.status !== 400 && error.status !== 422)) return false;
  return /stream_options|include_usage/i.test(`${error.message} ${JSON.stringify(error.error ?? null)}`);
}

export class OpenAIAdapter implements ProviderAdapter {
  /** Base URLs whose server refused stream_options once: asked without it from then on. */
  readonly #withoutUsage = new Set<string>();

  stream(request: CompletionRequest): AsyncIterable<CompletionEvent> {
    const client = createOpenAIClient(request.provider);
    // Unique per stream, so two steps of an id-less server never share an id.
    const streamId = crypto.randomUUID().slice(0, 8);
    return runStream({
      signal: request.signal,
      open: (signal) => this.#open(client, request, signal),
      mapper: createOpenAIStreamMapper({ newCallId: (index) => `call_${streamId}_${index}`, partials: createPartialThrottle() }),
      classify: classifyOpenAIError,
    });
  }

  /** Asks for token usage, and once more without it when the server refuses the option. */
  async #open(client: OpenAI, request: CompletionRequest, signal: AbortSignal) {
    const address = client.baseURL;
    if (this.#withoutUsage.has(address)) return client.chat.completions.create(toOpenAIRequest(request), { signal });
    try {
      return await client.chat.completions.create(toOpenAIRequest(request, { includeUsage: true }), { signal });
    } catch (error) {
      if (!refusesStreamOptions(error)) throw error;
      this.#withoutUsage.add(address);
      return client.chat.completions.create(toOpenAIRequest(request), { signal });
    }
  }

  listModels(provider: ResolvedProvider, signal: AbortSignal): Promise<ListedModel[]> {
    return requestOnce(signal, classifyOpenAIError, () =>
      // OpenAI's entries have no display name; OpenRouter's (an openai-compatible endpoint) carry one as `name`.
      collectModels(
        mapEntries(pageEntries<OpenAI.Models.Model>(() => createOpenAIClient(provider, { fetch: boundedFetch(MODEL_LIST_MAX_BYTES) }).models.list({ signal })), (model) => ({ id: model.id, name: (model as { name?: unknown }).name })),
      ),
    );
  }
}
