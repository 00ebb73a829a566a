import type { Migration } from './types';

/**
 * MCP servers. Env and header values may hold API keys, so they live only in `sealed_secrets`,
 * encrypted by the SecretStore; everything else is plain.
 */
export const migration0001: Migration = {
  version: 1,
  name: 'mcp-servers',
  up(db) {
    db.exec(`
      CREATE TABLE mcp_servers (
        id TEXT PRIMARY KEY,
        name TEXT NOT NULL,
        name_key TEXT NOT NULL UNIQUE,
        type TEXT NOT NULL CHECK (type IN ('stdio', 'sse', 'http', 'websocket')),
        command TEXT,
        args_json TEXT NOT NULL DEFAULT '[]',
        url TEXT,
        sealed_secrets TEXT NOT NULL,
        timeout_sec INTEGER NOT NULL CHECK (timeout_sec BETWEEN 1 AND 3600),
        enabled INTEGER NOT NULL CHECK (enabled IN (0, 1)),
        created_at TEXT NOT NULL,
        updated_at TEXT NOT NULL
      ) STRICT;
    `);
  },
};
