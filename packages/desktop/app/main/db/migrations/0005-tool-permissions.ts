import type { Migration } from './types';

/**
 * "Always allow" grants per (server, tool), revocable in the Tools tab. No foreign key to
 * mcp_servers: built-in servers (`builtin:<name>`) have no row there. A removed server's grants stay
 * listed until revoked, and can never apply to another server because ids are never reused.
 */
export const migration0005: Migration = {
  version: 5,
  name: 'tool-permissions',
  up(db) {
    db.exec(`
      CREATE TABLE tool_permissions (
        server_id TEXT NOT NULL,
        server_name TEXT NOT NULL,
        tool_name TEXT NOT NULL,
        created_at TEXT NOT NULL,
        PRIMARY KEY (server_id, tool_name)
      ) STRICT;
    `);
  },
};
