/**
 * The model lists providers answer, cached per provider: the picker opens at once after the first
 * fetch, and a refresh asks again. A list belongs to the provider as it was when fetched (its
 * `updatedAt`), so a new key or address fetches anew; failures are not cached, so the next look
 * tries again. Two looks at the same provider while a fetch runs share it.
 */
import type { ProviderModelsResult, ResolvedProvider } from '../../shared/contracts/providers';

/** How long a fetched list is served without asking again, in milliseconds. Default for `ttlMs`. */
export const MODEL_LIST_TTL_MS = 60 * 60 * 1000;

/** Lists a provider's models and never throws (CompletionService.listModels). */
export interface ModelLister {
  listModels(provider: ResolvedProvider): Promise<ProviderModelsResult>;
}

export interface ProviderModelCatalogOptions {
  lister: ModelLister;
  /** Milliseconds; default MODEL_LIST_TTL_MS. */
  ttlMs?: number;
  /** Epoch milliseconds; injectable for tests. */
  nowMs?: () => number;
}

interface Entry {
  version: string;
  result: Extract<ProviderModelsResult, { ok: true }>;
  storedAtMs: number;
}

export class ProviderModelCatalog {
  readonly #lister: ModelLister;
  readonly #ttlMs: number;
  readonly #nowMs: () => number;
  readonly #entries = new Map<string, Entry>();
  readonly #fetching = new Map<string, { version: string; promise: Promise<ProviderModelsResult> }>();

  constructor(options: ProviderModelCatalogOptions) {
    this.#lister = options.lister;
    this.#ttlMs = options.ttlMs ?? MODEL_LIST_TTL_MS;
    this.#nowMs = options.nowMs ?? Date.now;
  }

  /** The cached list when fresh and `refresh` is not asked, else the provider's answer now. */
  get(provider: ResolvedProvider, options: { refresh?: boolean } = {}): Promise<ProviderModelsResult> {
    const version = versionOf(provider);
    const cached = this.#entries.get(provider.id);
    if (!options.refresh && cached?.version === version && this.#nowMs() - cached.storedAtMs < this.#ttlMs) return Promise.resolve(cached.result);
    const running = this.#fetching.get(provider.id);
    if (running?.version === version) return running.promise;
    const promise = this.#fetch(provider, version);
    this.#fetching.set(provider.id, { version, promise });
    return promise;
  }

  /** Drops the provider's list (it was removed). */
  forget(providerId: string): void {
    this.#entries.delete(providerId);
  }

  async #fetch(provider: ResolvedProvider, version: string): Promise<ProviderModelsResult> {
    try {
      const result = await this.#lister.listModels(provider);
      if (result.ok) this.#entries.set(provider.id, { version, result, storedAtMs: this.#nowMs() });
      return result;
    } finally {
      if (this.#fetching.get(provider.id)?.version === version) this.#fetching.delete(provider.id);
    }
  }
}

/** What the list depends on: every change of the provider (kind, address, key) moves `updatedAt`. */
function versionOf(provider: ResolvedProvider): string {
  return `${provider.updatedAt}\u0000${provider.kind}\u0000${provider.baseUrl ?? ''}`;
}
