import type { Migration } from './types';

/**
 * LLM providers (Settings → Providers). The API key is stored sealed by the SecretStore;
 * NULL means "no key" (e.g. a local OpenAI-compatible server).
 */
export const migration0004: Migration = {
  version: 4,
  name: 'providers',
  up(db) {
    db.exec(`
      CREATE TABLE providers (
        id TEXT PRIMARY KEY,
        name TEXT NOT NULL,
        name_key TEXT NOT NULL UNIQUE,
        kind TEXT NOT NULL CHECK (kind IN ('openai', 'anthropic', 'google', 'openai-compatible')),
        base_url TEXT,
        models_json TEXT NOT NULL,
        sealed_api_key TEXT,
        created_at TEXT NOT NULL,
        updated_at TEXT NOT NULL
      ) STRICT;
    `);
  },
};
