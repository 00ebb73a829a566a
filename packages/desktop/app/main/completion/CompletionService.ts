import {
  apiFormatOf,
  type ListedModel,
  type ProviderApiFormat,
  type ProviderFailureResult,
  type ProviderModelsResult,
  type ProviderTestResult,
  type ResolvedProvider,
} from '../../shared/contracts/providers';
import { AnthropicAdapter } from './anthropic/AnthropicAdapter';
import { isAbortError } from './errors';
import { GeminiAdapter } from './gemini/GeminiAdapter';
import { OpenAIAdapter } from './openai/OpenAIAdapter';
import { redactCompletionError } from './redactError';
import type { ProviderAdapter } from './runStream';
import { type CompletionClient, CompletionError, type CompletionEvent, type CompletionRequest } from './types';

/** Default for `testConnection`, in milliseconds. */
export const TEST_CONNECTION_TIMEOUT_MS = 15_000;

export interface CompletionServiceOptions {
  /** Replaces the adapter of a wire format (tests); defaults to the official-SDK adapters. */
  adapters?: Partial<Record<ProviderApiFormat, ProviderAdapter>>;
}

/**
 * Seed 000's CompletionService: one model step through the provider's official SDK, the adapter
 * chosen by the provider's wire format (openai-compatible endpoints speak OpenAI's).
 */
export class CompletionService implements CompletionClient {
  readonly #adapters: Record<ProviderApiFormat, ProviderAdapter>;

  constructor(options: CompletionServiceOptions = {}) {
    this.#adapters = {
      openai: options.adapters?.openai ?? new OpenAIAdapter(),
      anthropic: options.adapters?.anthropic ?? new AnthropicAdapter(),
      google: options.adapters?.google ?? new GeminiAdapter(),
    };
  }

  async *stream(request: CompletionRequest): AsyncGenerator<CompletionEvent> {
    assertConfigured(request.provider);
    try {
      yield* this.#adapters[apiFormatOf(request.provider.kind)].stream(request);
    } catch (error) {
      throw redactCompletionError(error, request.provider);
    }
  }

  /**
   * Settings → Providers → "Test connection": lists the endpoint's models, which needs a valid key
   * and costs no tokens. Never throws; a failure is reported with its CompletionError code.
   */
  async testConnection(provider: ResolvedProvider, options: { /** Milliseconds; default TEST_CONNECTION_TIMEOUT_MS. */ timeoutMs?: number } = {}): Promise<ProviderTestResult> {
    const started = performance.now();
    const read = await this.#readModels(provider, options.timeoutMs ?? TEST_CONNECTION_TIMEOUT_MS);
    if (!read.ok) return read;
    return { ok: true, latencyMs: Math.round(performance.now() - started), models: read.models.map((model) => model.id) };
  }

  /** The models the provider lists (the model picker, the provider form). Never throws, like testConnection. */
  async listModels(provider: ResolvedProvider, options: { /** Milliseconds; default TEST_CONNECTION_TIMEOUT_MS. */ timeoutMs?: number } = {}): Promise<ProviderModelsResult> {
    const read = await this.#readModels(provider, options.timeoutMs ?? TEST_CONNECTION_TIMEOUT_MS);
    return read.ok ? { ...read, fetchedAt: new Date().toISOString() } : read;
  }

  async #readModels(provider: ResolvedProvider, timeoutMs: number): Promise<{ ok: true; models: ListedModel[] } | ProviderFailureResult> {
    const signal = AbortSignal.timeout(timeoutMs);
    try {
      assertConfigured(provider);
      return { ok: true, models: await this.#adapters[apiFormatOf(provider.kind)].listModels(provider, signal) };
    } catch (raw) {
      const error = redactCompletionError(raw, provider);
      if (error instanceof CompletionError) {
        const result: ProviderFailureResult = { ok: false, code: error.code, detail: error.message };
        return error.status === undefined ? result : { ...result, status: error.status };
      }
      if (isAbortError(error)) return { ok: false, code: 'PROVIDER_NETWORK', detail: `No answer within ${timeoutMs} ms.` };
      throw error;
    }
  }
}

/** OpenAI, Anthropic and Gemini always need a key; a local OpenAI-compatible server may not. */
function assertConfigured(provider: ResolvedProvider): void {
  if (provider.kind !== 'openai-compatible' && !provider.apiKey) {
    throw new CompletionError('PROVIDER_NOT_CONFIGURED', `The provider "${provider.name}" has no API key.`);
  }
}
