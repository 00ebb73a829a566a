import crypto from 'node:crypto';
import { setMaxListeners } from 'node:events';
import { ApiError, GoogleGenAI } from '@google/genai';
import type { Model } from '@google/genai';
import type { ListedModel, ResolvedProvider } from '../../../shared/contracts/providers';
import { isFetchNetworkError, type ProviderFailure } from '../errors';
import { boundedFetch, MODEL_LIST_MAX_BYTES } from '../boundedFetch';
import { sameOriginRedirects } from '../sameOriginRedirects';
import { collectModels, MODEL_LIST_MAX_PAGES, mapEntries, pagerEntries, type RawModel } from '../modelList';
import { type ProviderAdapter, requestOnce, runStream } from '../runStream';
import type { CompletionEvent, CompletionRequest } from '../types';
import { GEMINI_SYNTHETIC_ID_PREFIX, toGeminiRequest } from './request';
import { createGeminiStreamMapper } from './stream';

/** How many thought signatures to remember (one per function call); older ones are forgotten first. */
const MAX_SIGNATURES = 2000;

export function createGeminiClient(provider: ResolvedProvider, options: { fetch?: typeof fetch } = {}): GoogleGenAI {
  return new GoogleGenAI({
    apiKey: provider.apiKey ?? '',
    // Explicit: GOOGLE_GENAI_USE_VERTEXAI in the environment must not switch the backend.
    vertexai: false,
    // No retryOptions: the SDK then sends each request once, so errors surface now. The key header
    // goes only where the base URL points (sameOriginRedirects).
    httpOptions: { ...(provider.baseUrl ? { baseUrl: provider.baseUrl } : {}), fetch: sameOriginRedirects(options.fetch) },
  });
}

/** Gemini answers a bad key with 400 INVALID_ARGUMENT and reason API_KEY_INVALID; that is an auth failure. */
const KEY_INVALID = /API_KEY_INVALID|API key not valid/;

export function classifyGeminiError(error: unknown): ProviderFailure {
  if (isFetchNetworkError(error)) return { kind: 'connection', message: (error as Error).message };
  if (error instanceof ApiError) {
    const message = geminiMessage(error.message);
    const status = error.status === 400 && KEY_INVALID.test(error.message) ? 401 : error.status;
    return { kind: 'status', status, message };
  }
  return { kind: 'other', message: error instanceof Error ? error.message : String(error) };
}

/** The SDK's ApiError message is the response's JSON (sometimes after "got status: …. "); keep `error.message`. */
export function geminiMessage(raw: string): string {
  const start = raw.indexOf('{');
  if (start < 0) return raw;
  try {
    const body = JSON.parse(raw.slice(start)) as { error?: { message?: unknown } };
    return typeof body.error?.message === 'string' ? body.error.message : raw;
  } catch {
    return raw;
  }
}

/**
 * Only models that can chat (`generateContent` among their supportedGenerationMethods): the list
 * also holds embedding, AQA and Imagen models, which a conversation cannot use. Names come as
 * "models/gemini-…"; a request names the part after the slash.
 */
export function toListedGeminiModel(model: Model): RawModel | undefined {
  if (model.supportedActions && !model.supportedActions.includes('generateContent')) return undefined;
  return { id: (model.name ?? '').replace(/^models\//, ''), name: model.displayName };
}

export class GeminiAdapter implements ProviderAdapter {
  readonly #signatures = new Map<string, string>();

  stream(request: CompletionRequest): AsyncIterable<CompletionEvent> {
    const client = createGeminiClient(request.provider);
    const params = toGeminiRequest(request, { signatureOf: (id) => this.#signatures.get(id) });
    // Unique per stream, so two steps that call the same tool never share an id.
    const streamId = crypto.randomUUID().slice(0, 8);
    return runStream({
      signal: request.signal,
      open: (signal) => client.models.generateContentStream({ ...params, config: { ...params.config, abortSignal: signal } }),
      mapper: createGeminiStreamMapper({
        newCallId: (index) => `${GEMINI_SYNTHETIC_ID_PREFIX}${streamId}-${index}`,
        onSignature: (id, signature) => this.#remember(id, signature),
      }),
      classify: classifyGeminiError,
    });
  }

  listModels(provider: ResolvedProvider, signal: AbortSignal): Promise<ListedModel[]> {
    return requestOnce(signal, classifyGeminiError, async () => {
      // @google/genai leaves an abort listener on the signal it is given for each request that
      // succeeds (its per-attempt signal stays armed while the body is read, ApiClient.apiCall). The
      // pages of one list share the config, so they get a signal of their own, dropped with the list,
      // that may hold one listener per page without Node's leak warning.
      const pages = AbortSignal.any([signal]);
      setMaxListeners(MODEL_LIST_MAX_PAGES + 1, pages);
      // Each next page is asked with its `pageToken`.
      const pager = await createGeminiClient(provider, { fetch: boundedFetch(MODEL_LIST_MAX_BYTES) }).models.list({ config: { abortSignal: pages, pageSize: 1000 } });
      return collectModels(mapEntries(pagerEntries(pager), toListedGeminiModel));
    });
  }

  #remember(id: string, signature: string): void {
    this.#signatures.set(id, signature);
    if (this.#signatures.size > MAX_SIGNATURES) this.#signatures.delete(this.#signatures.keys().next().value!);
  }
}
