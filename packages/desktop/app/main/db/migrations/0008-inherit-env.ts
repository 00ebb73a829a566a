import type { Migration } from './types';

/**
 * The per-server "inherit my environment" switch: 1 starts a stdio server with the app's whole
 * environment instead of the allowlist. Off for every existing server.
 */
export const migration0008: Migration = {
  version: 8,
  name: 'inherit-env',
  up(db) {
    db.exec(`ALTER TABLE mcp_servers ADD COLUMN inherit_env INTEGER NOT NULL DEFAULT 0 CHECK (inherit_env IN (0, 1))`);
  },
};
