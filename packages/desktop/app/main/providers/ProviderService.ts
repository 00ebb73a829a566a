import crypto from 'node:crypto';
import { EventEmitter } from 'node:events';
import { PROVIDERS_MAX_COUNT } from '../../shared/contracts/limits';
import { toFieldErrors } from '../../shared/contracts/mcp-types';
import {
  keyMustBeReentered,
  providerDraftModelsSchema,
  type ProviderInputParsed,
  providerInputSchema,
  type ProviderModelsResult,
  type ProviderRecord,
  type ProviderTestResult,
  type ResolvedProvider,
} from '../../shared/contracts/providers';
import type { ProviderFields, ProviderRepository } from '../db/ProviderRepository';
import { AppError } from '../lib/errors';
import { assertNameFree } from '../lib/uniqueNames';
import { type ModelLister, ProviderModelCatalog } from './ProviderModelCatalog';

/** Runs "Test connection" and lists models for a provider with its key; CompletionService implements it. */
export interface ProviderTester extends ModelLister {
  testConnection(provider: ResolvedProvider): Promise<ProviderTestResult>;
}

export interface ProviderServiceOptions {
  repository: ProviderRepository;
  tester: ProviderTester;
  /** Returns ISO 8601 timestamps; injectable for tests. */
  now?: () => string;
  newId?: () => string;
  /** How long a fetched model list is served from the cache, in milliseconds; default MODEL_LIST_TTL_MS (one hour). */
  modelListTtlMs?: number;
}

/**
 * The user's LLM providers (Settings → Providers). Validates every input with the shared schema
 * (so the router, the CLI and the form agree field by field), keeps names unique ignoring case and
 * look-alikes, and hands the opened key only to main-side callers through `resolve`.
 */
export class ProviderService {
  readonly #repository: ProviderRepository;
  readonly #tester: ProviderTester;
  readonly #now: () => string;
  readonly #newId: () => string;
  readonly #events = new EventEmitter();
  readonly #models: ProviderModelCatalog;

  constructor(options: ProviderServiceOptions) {
    this.#repository = options.repository;
    this.#tester = options.tester;
    this.#models = new ProviderModelCatalog({ lister: options.tester, ...(options.modelListTtlMs === undefined ? {} : { ttlMs: options.modelListTtlMs }) });
    this.#now = options.now ?? (() => new Date().toISOString());
    this.#newId = options.newId ?? (() => crypto.randomUUID());
  }

  list(): ProviderRecord[] {
    return this.#repository.list();
  }

  /** The provider, or undefined when none has that id. */
  find(id: string): ProviderRecord | undefined {
    return this.#repository.get(id);
  }

  get(id: string): ProviderRecord {
    const record = this.#repository.get(id);
    if (!record) throw new AppError('PROVIDER_NOT_CONFIGURED', { params: { id } });
    return record;
  }

  /** Looks a provider up by its name, ignoring case (the CLI addresses providers by name). */
  getByName(name: string): ProviderRecord {
    const id = this.#repository.findIdByName(name);
    if (id === undefined) throw new AppError('PROVIDER_NOT_CONFIGURED', { params: { id: name } });
    return this.get(id);
  }

  add(raw: unknown): ProviderRecord {
    const input = parse(raw);
    if (this.#repository.count() >= PROVIDERS_MAX_COUNT) throw new AppError('TOO_MANY_PROVIDERS', { params: { max: PROVIDERS_MAX_COUNT } });
    this.#assertNameFree(input.name);
    const id = this.#newId();
    this.#repository.insert(id, toFields(input), emptyToUndefined(input.apiKey), this.#now());
    this.#changed();
    return this.get(id);
  }

  /**
   * Replaces the provider's fields; an omitted or empty `apiKey` keeps the stored key, unless the
   * kind or base URL changes: then the key must be entered again (keyMustBeReentered).
   */
  update(id: string, raw: unknown): ProviderRecord {
    const input = parse(raw);
    const stored = this.get(id);
    this.#assertNameFree(input.name, id);
    if (keyMustBeReentered(stored, input)) throw AppError.validation([{ field: 'apiKey', code: 'reenterForNewAddress' }]);
    const apiKey = emptyToUndefined(input.apiKey);
    const key = apiKey === undefined ? ({ keep: true } as const) : ({ keep: false, apiKey } as const);
    if (!this.#repository.update(id, toFields(input), key, this.#now())) throw new AppError('PROVIDER_NOT_CONFIGURED', { params: { id } });
    this.#changed();
    return this.get(id);
  }

  remove(id: string): void {
    if (!this.#repository.delete(id)) throw new AppError('PROVIDER_NOT_CONFIGURED', { params: { id } });
    this.#models.forget(id);
    this.#changed();
  }

  /** The provider with its key opened. Main-side only: never send the result to the renderer. */
  resolve(id: string): ResolvedProvider {
    return { ...this.get(id), apiKey: this.#repository.getApiKey(id) };
  }

  test(id: string): Promise<ProviderTestResult> {
    return this.#tester.testConnection(this.resolve(id));
  }

  /** The models the provider lists, from the cache unless `refresh`; a failure is a result, as for `test`. */
  models(id: string, options: { refresh?: boolean } = {}): Promise<ProviderModelsResult> {
    return this.#models.get(this.resolve(id), options);
  }

  /**
   * The provider form's "Fetch models" with the values as typed (not cached). Without a key, `id`'s
   * stored key is used, unless the kind or address changed: VALIDATION `reenterForNewAddress` then.
   */
  draftModels(raw: unknown): Promise<ProviderModelsResult> {
    const parsed = providerDraftModelsSchema.safeParse(raw);
    if (!parsed.success) throw AppError.validation(toFieldErrors(parsed.error));
    const { id, kind, baseUrl } = parsed.data;
    let apiKey = emptyToUndefined(parsed.data.apiKey);
    const stored = id === undefined ? undefined : this.get(id);
    if (stored && apiKey === undefined) {
      if (keyMustBeReentered(stored, { kind, baseUrl })) throw AppError.validation([{ field: 'apiKey', code: 'reenterForNewAddress' }]);
      apiKey = this.#repository.getApiKey(stored.id);
    }
    const now = this.#now();
    const draft: ResolvedProvider = {
      id: stored?.id ?? 'draft',
      name: stored?.name ?? kind,
      kind,
      ...(baseUrl === undefined ? {} : { baseUrl }),
      models: [],
      hasApiKey: apiKey !== undefined,
      apiKey,
      createdAt: now,
      updatedAt: now,
    };
    return this.#tester.listModels(draft);
  }

  onChange(listener: () => void): () => void {
    this.#events.on('change', listener);
    return () => this.#events.off('change', listener);
  }

  /** Called by the owner when another process (the CLI) changed the database. */
  notifyExternalChange(): void {
    this.#changed();
  }

  /** `duplicate` names the provider with this name; `confusable` the one whose name looks the same (shared/contracts/names.ts). */
  #assertNameFree(name: string, exceptId?: string): void {
    const owner = this.#repository.findIdByName(name);
    assertNameFree(name, owner === undefined ? undefined : { id: owner, name: this.#repository.get(owner)?.name ?? name }, exceptId);
  }

  #changed(): void {
    this.#events.emit('change');
  }
}

function parse(raw: unknown): ProviderInputParsed {
  const result = providerInputSchema.safeParse(raw);
  if (!result.success) throw AppError.validation(toFieldErrors(result.error));
  return result.data;
}

function toFields(input: ProviderInputParsed): ProviderFields {
  return { name: input.name, kind: input.kind, baseUrl: input.baseUrl, models: input.models, defaultModel: emptyToUndefined(input.defaultModel) };
}

function emptyToUndefined(value: string | undefined): string | undefined {
  return value === undefined || value.trim() === '' ? undefined : value.trim();
}
