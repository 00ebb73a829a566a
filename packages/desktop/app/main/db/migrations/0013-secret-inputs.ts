import type { Migration } from './types';

/**
 * Values for `${input:id}` references (VS Code's `inputs` shape): asked of the user once, stored
 * sealed through the SecretStore. A row may hold a definition without a value (declared by an
 * import or a project file, not entered yet).
 */
export const migration0013: Migration = {
  version: 13,
  name: 'secret-inputs',
  up(db) {
    db.exec(`CREATE TABLE secret_inputs (
      id TEXT PRIMARY KEY NOT NULL,
      description TEXT NOT NULL DEFAULT '',
      password INTEGER NOT NULL DEFAULT 1 CHECK (password IN (0, 1)),
      sealed_value TEXT,
      updated_at TEXT NOT NULL
    ) STRICT`);
  },
};
