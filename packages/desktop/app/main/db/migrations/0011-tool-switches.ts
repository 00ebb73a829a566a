import type { Migration } from './types';

/**
 * Per-tool switches of a server: the tools hidden from the model (`disabled_tools_json`) and the
 * tools called without asking (`always_allow_json`), each a JSON array of tool names as the server
 * names them. Empty for every existing server, so every tool stays on and asks as before.
 */
export const migration0011: Migration = {
  version: 11,
  name: 'tool-switches',
  up(db) {
    db.exec(`
      ALTER TABLE mcp_servers ADD COLUMN disabled_tools_json TEXT NOT NULL DEFAULT '[]' CHECK (json_valid(disabled_tools_json) AND json_type(disabled_tools_json) = 'array');
      ALTER TABLE mcp_servers ADD COLUMN always_allow_json TEXT NOT NULL DEFAULT '[]' CHECK (json_valid(always_allow_json) AND json_type(always_allow_json) = 'array');
    `);
  },
};
