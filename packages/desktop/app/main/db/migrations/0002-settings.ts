import type { Migration } from './types';

/** Small app-wide preferences (language, …) as JSON values under a key. */
export const migration0002: Migration = {
  version: 2,
  name: 'settings',
  up(db) {
    db.exec(`
      CREATE TABLE settings (
        key TEXT PRIMARY KEY,
        value_json TEXT NOT NULL
      ) STRICT;
    `);
  },
};
