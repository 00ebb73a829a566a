import type { Migration } from './types';

/** Paths whose change restarts a stdio server. */
export const migration0003: Migration = {
  version: 3,
  name: 'watch-paths',
  up(db) {
    db.exec(`ALTER TABLE mcp_servers ADD COLUMN watch_paths_json TEXT NOT NULL DEFAULT '[]'`);
  },
};
