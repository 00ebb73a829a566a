/**
 * providers.* in memory: what is sent is stored (the router's validation is not re-implemented; a
 * test scripts a refusal with `failures`), the key is write-only (records carry hasApiKey), an empty
 * key on update keeps the stored one, and "Test connection" answers a result rather than throwing.
 */
import {
  type ProviderInput,
  type ProviderInputParsed,
  type ProviderModelsResult,
  providerInputSchema,
  type ProviderRecord,
  type ProviderTestResult,
} from '@elftia/desktop/shared/contracts/providers.ts';
import type { ElftiaApi } from '../../src/lib/api';
import { type CallRecorder, FakeTrpcError } from './CallRecorder';

const FETCHED_AT = new Date(0).toISOString();

export class FakeProviders {
  records: ProviderRecord[] = [];
  /** The stored keys, by provider id; what the SecretStore would hold. */
  readonly keys = new Map<string, string>();
  /** What providers.test answers, per provider id; a successful 120 ms round trip otherwise. */
  readonly testResults = new Map<string, ProviderTestResult>();
  /** What providers.models and refreshModels answer, per provider id; its own models otherwise. */
  readonly listedModels = new Map<string, ProviderModelsResult>();
  /** What providers.draftModels answers; its key's models otherwise (see draftModels). */
  draftResult: ProviderModelsResult | undefined;
  #nextId = 1;

  constructor(private readonly recorder: CallRecorder) {}

  readonly api: ElftiaApi['providers'] = {
    list: { query: () => this.recorder.run('providers.list', undefined, () => this.records.map((r) => ({ ...r }))) },
    add: { mutate: (input) => this.recorder.run('providers.add', input, () => this.#store(input as ProviderInputParsed)) },
    update: {
      mutate: (input) =>
        this.recorder.run('providers.update', input, () => {
          const { id, ...fields } = input;
          const existing = this.#find(id);
          const parsed = fields as ProviderInputParsed;
          if (parsed.apiKey) this.keys.set(id, parsed.apiKey);
          const next: ProviderRecord = { ...existing, ...this.#fields(parsed), hasApiKey: this.keys.has(id) };
          this.records = this.records.map((r) => (r.id === id ? next : r));
          return { ...next };
        }),
    },
    remove: {
      mutate: (input) =>
        this.recorder.run('providers.remove', input, () => {
          this.#find(input.id);
          this.records = this.records.filter((r) => r.id !== input.id);
          this.keys.delete(input.id);
          return { id: input.id };
        }),
    },
    test: {
      mutate: (input) =>
        this.recorder.run('providers.test', input, () => {
          this.#find(input.id);
          return this.testResults.get(input.id) ?? { ok: true, latencyMs: 120 };
        }),
    },
    models: { query: (input) => this.recorder.run('providers.models', input, () => this.#listed(input.id)) },
    refreshModels: { mutate: (input) => this.recorder.run('providers.refreshModels', input, () => this.#listed(input.id)) },
    draftModels: {
      mutate: (input) =>
        this.recorder.run('providers.draftModels', input, () => this.draftResult ?? { ok: true, models: [], fetchedAt: FETCHED_AT }),
    },
  };

  #listed(id: string): ProviderModelsResult {
    const record = this.#find(id);
    return this.listedModels.get(id) ?? { ok: true, models: record.models.map((model) => ({ id: model })), fetchedAt: FETCHED_AT };
  }

  /** Adds a provider as if the user had earlier; a test's own providers get the schema's defaults. */
  add(input: ProviderInput): ProviderRecord {
    const parsed = providerInputSchema.parse(input);
    return this.#store(parsed);
  }

  #store(parsed: ProviderInputParsed): ProviderRecord {
    const id = `prov-${this.#nextId++}`;
    if (parsed.apiKey) this.keys.set(id, parsed.apiKey);
    const now = new Date(0).toISOString();
    const record: ProviderRecord = { id, ...this.#fields(parsed), hasApiKey: this.keys.has(id), createdAt: now, updatedAt: now };
    this.records = [...this.records, record];
    return { ...record };
  }

  #fields(parsed: ProviderInputParsed): Pick<ProviderRecord, 'name' | 'kind' | 'baseUrl' | 'models' | 'defaultModel'> {
    return {
      name: parsed.name,
      kind: parsed.kind,
      models: parsed.models,
      ...(parsed.baseUrl ? { baseUrl: parsed.baseUrl } : {}),
      ...(parsed.defaultModel ? { defaultModel: parsed.defaultModel } : {}),
    };
  }

  #find(id: string): ProviderRecord {
    const record = this.records.find((r) => r.id === id);
    if (!record) throw new FakeTrpcError({ code: 'PROVIDER_NOT_CONFIGURED', params: { id } });
    return record;
  }
}
