import type { Db } from './database';

/** Key/value preferences stored as JSON. */
export class SettingsRepository {
  readonly #db: Db;

  constructor(db: Db) {
    this.#db = db;
  }

  get(key: string): unknown {
    const row = this.#db.prepare<[string], { value_json: string }>('SELECT value_json FROM settings WHERE key = ?').get(key);
    return row === undefined ? undefined : (JSON.parse(row.value_json) as unknown);
  }

  set(key: string, value: unknown): void {
    this.#db
      .prepare('INSERT INTO settings (key, value_json) VALUES (?, ?) ON CONFLICT(key) DO UPDATE SET value_json = excluded.value_json')
      .run(key, JSON.stringify(value));
  }
}
