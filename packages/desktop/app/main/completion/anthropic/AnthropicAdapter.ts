import Anthropic, { APIConnectionError, APIError } from '@anthropic-ai/sdk';
import type { ListedModel, ResolvedProvider } from '../../../shared/contracts/providers';
import { isFetchNetworkError, type ProviderFailure } from '../errors';
import { boundedFetch, MODEL_LIST_MAX_BYTES } from '../boundedFetch';
import { collectModels, mapEntries, pageEntries } from '../modelList';
import { type ProviderAdapter, requestOnce, runStream } from '../runStream';
import type { CompletionEvent, CompletionRequest } from '../types';
import { toAnthropicRequest } from './request';
import { createPartialThrottle } from '../partialThrottle';
import { createAnthropicStreamMapper } from './stream';

export function createAnthropicClient(provider: ResolvedProvider, options: { fetch?: typeof fetch } = {}): Anthropic {
  return new Anthropic({
    ...options,
    // Passing the key explicitly also keeps the SDK from reading ANTHROPIC_* variables or profiles.
    apiKey: provider.apiKey ?? '',
    baseURL: provider.baseUrl ?? 'https://api.anthropic.com',
    // Errors surface now, as CompletionErrors the user can act on; the engine decides about retries.
    maxRetries: 0,
    // The SDK logs unparsable chunks itself; the CompletionError carries them as its cause instead.
    logLevel: 'off',
    openTelemetry: false,
  });
}

export function classifyAnthropicError(error: unknown): ProviderFailure {
  if (error instanceof APIConnectionError || isFetchNetworkError(error)) return { kind: 'connection', message: (error as Error).message };
  if (error instanceof APIError) {
    const message = error.apiMessage ?? error.message;
    if (typeof error.status === 'number') return { kind: 'status', status: error.status, message };
    return { kind: 'event', type: error.type ?? undefined, message };
  }
  return { kind: 'other', message: error instanceof Error ? error.message : String(error) };
}

export class AnthropicAdapter implements ProviderAdapter {
  stream(request: CompletionRequest): AsyncIterable<CompletionEvent> {
    const client = createAnthropicClient(request.provider);
    return runStream({
      signal: request.signal,
      open: (signal) => client.messages.create(toAnthropicRequest(request), { signal }),
      mapper: createAnthropicStreamMapper({ partials: createPartialThrottle() }),
      classify: classifyAnthropicError,
    });
  }

  listModels(provider: ResolvedProvider, signal: AbortSignal): Promise<ListedModel[]> {
    return requestOnce(signal, classifyAnthropicError, () =>
      // Iterating the page fetches the next ones (`after_id`) while `has_more` says so; 1000 is the API's largest page.
      collectModels(
        mapEntries(pageEntries<Anthropic.Models.ModelInfo>(() => createAnthropicClient(provider, { fetch: boundedFetch(MODEL_LIST_MAX_BYTES) }).models.list({ limit: 1000 }, { signal })), (model) => ({ id: model.id, name: model.display_name })),
      ),
    );
  }
}
