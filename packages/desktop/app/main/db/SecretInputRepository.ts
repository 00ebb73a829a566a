import type { SecretInputDefinition } from '../../shared/contracts/secret-inputs';
import type { Db } from './database';
import { type SecretStore, SecretStoreError } from './SecretStore';

interface Row {
  id: string;
  description: string;
  password: number;
  sealed_value: string | null;
}

export interface StoredSecretInput extends SecretInputDefinition {
  /** Whether a value is stored (it may still be one this data dir's store cannot open). */
  set: boolean;
}

/** The only place with SQL for `${input:id}` values (migration 0013); values are sealed before they are written. */
export class SecretInputRepository {
  readonly #db: Db;
  readonly #secrets: SecretStore;

  constructor(db: Db, secrets: SecretStore) {
    this.#db = db;
    this.#secrets = secrets;
  }

  list(): StoredSecretInput[] {
    return this.#db
      .prepare<[], Row>('SELECT id, description, password, sealed_value FROM secret_inputs ORDER BY id')
      .all()
      .map((row) => ({ id: row.id, description: row.description, password: row.password === 1, set: row.sealed_value !== null }));
  }

  /** The opened value; undefined when none is stored or the store cannot open it (then the user enters it again). */
  value(id: string): string | undefined {
    const row = this.#db.prepare<[string], Pick<Row, 'sealed_value'>>('SELECT sealed_value FROM secret_inputs WHERE id = ?').get(id);
    if (!row?.sealed_value) return undefined;
    try {
      return this.#secrets.open(row.sealed_value);
    } catch (error) {
      if (error instanceof SecretStoreError) return undefined;
      throw error;
    }
  }

  /** Adds or updates a definition; a stored value is kept. */
  declare(definition: SecretInputDefinition, now: string): void {
    this.#db
      .prepare(
        `INSERT INTO secret_inputs (id, description, password, updated_at) VALUES (@id, @description, @password, @now)
         ON CONFLICT (id) DO UPDATE SET description = excluded.description, password = excluded.password, updated_at = excluded.updated_at`,
      )
      .run({ id: definition.id, description: definition.description, password: definition.password ? 1 : 0, now });
  }

  /** Stores the value sealed; an undeclared id becomes a password input without a description. */
  setValue(id: string, value: string, now: string): void {
    this.#db
      .prepare(
        `INSERT INTO secret_inputs (id, sealed_value, updated_at) VALUES (@id, @sealed, @now)
         ON CONFLICT (id) DO UPDATE SET sealed_value = excluded.sealed_value, updated_at = excluded.updated_at`,
      )
      .run({ id, sealed: this.#secrets.seal(value), now });
  }

  /** Forgets the value, keeping the definition. False when there was none. */
  clearValue(id: string, now: string): boolean {
    return this.#db.prepare('UPDATE secret_inputs SET sealed_value = NULL, updated_at = ? WHERE id = ? AND sealed_value IS NOT NULL').run(now, id).changes > 0;
  }
}
