import type { Migration } from './types';

/**
 * Workspaces the user opened (the current one marked, the rest as the recent list) and workspace
 * trust: which project-server configurations (by content hash, see workspace/trustSubject.ts) the
 * user approved in which workspace.
 */
export const migration0012: Migration = {
  version: 12,
  name: 'workspaces',
  up(db) {
    db.exec(`
      CREATE TABLE workspaces (
        path TEXT PRIMARY KEY NOT NULL,
        opened_at TEXT NOT NULL,
        is_current INTEGER NOT NULL DEFAULT 0 CHECK (is_current IN (0, 1))
      ) STRICT;
      CREATE TABLE workspace_trust (
        workspace TEXT NOT NULL,
        hash TEXT NOT NULL,
        server_name TEXT NOT NULL,
        trusted_at TEXT NOT NULL,
        PRIMARY KEY (workspace, hash)
      ) STRICT;
    `);
  },
};
