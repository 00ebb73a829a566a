import type { Migration } from './types';

/**
 * What an HTTP/SSE server's OAuth sign-in keeps (oauth/): tokens, the registered or pre-registered
 * client, the PKCE verifier and the discovery state, as one JSON document sealed through the
 * SecretStore. Keyed by server id, without a foreign key: a project server (workspace/) signs in too
 * and is not a row of mcp_servers. Deleting a server deletes its row (McpServerConfigService).
 */
export const migration0014: Migration = {
  version: 14,
  name: 'oauth-credentials',
  up(db) {
    db.exec(`CREATE TABLE oauth_credentials (
      server_id TEXT PRIMARY KEY NOT NULL,
      sealed_state TEXT NOT NULL,
      updated_at TEXT NOT NULL
    ) STRICT`);
  },
};
