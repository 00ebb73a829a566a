import type { ProviderKind, ProviderRecord } from '../../shared/contracts/providers';
import type { SecretStore } from './SecretStore';
import type { Db } from './database';
import { nameKey } from '../../shared/contracts/names';

interface Row {
  id: string;
  name: string;
  kind: ProviderKind;
  base_url: string | null;
  models_json: string;
  default_model: string | null;
  sealed_api_key: string | null;
  created_at: string;
  updated_at: string;
}

export interface ProviderFields {
  name: string;
  kind: ProviderKind;
  baseUrl: string | undefined;
  models: string[];
  /** One of `models`; undefined: the first of them. */
  defaultModel: string | undefined;
}

/** What to do with the stored key on a write: keep it (update without a key) or replace it. */
export type ApiKeyChange = { keep: true } | { keep: false; apiKey: string | undefined };

/**
 * The only place with SQL for providers. The API key is sealed before it is written and opened
 * only by `getApiKey`; records never carry it.
 */
export class ProviderRepository {
  readonly #db: Db;
  readonly #secrets: SecretStore;

  constructor(db: Db, secrets: SecretStore) {
    this.#db = db;
    this.#secrets = secrets;
  }

  list(): ProviderRecord[] {
    return this.#db.prepare<[], Row>('SELECT * FROM providers ORDER BY created_at, rowid').all().map(toRecord);
  }

  count(): number {
    return this.#db.prepare<[], { n: number }>('SELECT count(*) AS n FROM providers').get()?.n ?? 0;
  }

  get(id: string): ProviderRecord | undefined {
    const row = this.#db.prepare<[string], Row>('SELECT * FROM providers WHERE id = ?').get(id);
    return row && toRecord(row);
  }

  findIdByName(name: string): string | undefined {
    return this.#db.prepare<[string], { id: string }>('SELECT id FROM providers WHERE name_key = ?').get(nameKey(name))?.id;
  }

  /** The opened key, or undefined when none is stored. Main-side only (ResolvedProvider). */
  getApiKey(id: string): string | undefined {
    const row = this.#db.prepare<[string], { sealed_api_key: string | null }>('SELECT sealed_api_key FROM providers WHERE id = ?').get(id);
    return row?.sealed_api_key ? this.#secrets.open(row.sealed_api_key) : undefined;
  }

  insert(id: string, fields: ProviderFields, apiKey: string | undefined, now: string): void {
    this.#db
      .prepare(
        `INSERT INTO providers (id, name, name_key, kind, base_url, models_json, default_model, sealed_api_key, created_at, updated_at)
         VALUES (@id, @name, @nameKey, @kind, @baseUrl, @modelsJson, @defaultModel, @sealed, @now, @now)`,
      )
      .run({ id, now, ...toParams(fields), sealed: this.#seal(apiKey) });
  }

  /** Returns false when no provider has that id. */
  update(id: string, fields: ProviderFields, key: ApiKeyChange, now: string): boolean {
    const params = { id, now, ...toParams(fields) };
    const sql = key.keep
      ? `UPDATE providers SET name = @name, name_key = @nameKey, kind = @kind, base_url = @baseUrl, models_json = @modelsJson, default_model = @defaultModel, updated_at = @now WHERE id = @id`
      : `UPDATE providers SET name = @name, name_key = @nameKey, kind = @kind, base_url = @baseUrl, models_json = @modelsJson, default_model = @defaultModel, sealed_api_key = @sealed, updated_at = @now WHERE id = @id`;
    const run = key.keep ? params : { ...params, sealed: this.#seal(key.apiKey) };
    return this.#db.prepare(sql).run(run).changes === 1;
  }

  delete(id: string): boolean {
    return this.#db.prepare('DELETE FROM providers WHERE id = ?').run(id).changes === 1;
  }

  #seal(apiKey: string | undefined): string | null {
    return apiKey ? this.#secrets.seal(apiKey) : null;
  }
}

function toParams(fields: ProviderFields) {
  return {
    name: fields.name,
    nameKey: nameKey(fields.name),
    kind: fields.kind,
    baseUrl: fields.baseUrl ?? null,
    modelsJson: JSON.stringify(fields.models),
    defaultModel: fields.defaultModel ?? null,
  };
}

function toRecord(row: Row): ProviderRecord {
  const record: ProviderRecord = {
    id: row.id,
    name: row.name,
    kind: row.kind,
    models: JSON.parse(row.models_json) as string[],
    hasApiKey: row.sealed_api_key !== null,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  };
  if (row.base_url !== null) record.baseUrl = row.base_url;
  if (row.default_model !== null) record.defaultModel = row.default_model;
  return record;
}
