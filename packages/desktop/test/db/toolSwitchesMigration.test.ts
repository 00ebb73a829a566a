import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { openDatabase, schemaVersion } from '../../app/main/db/database';
import { McpServerRepository } from '../../app/main/db/McpServerRepository';
import { MIGRATIONS } from '../../app/main/db/migrations';
import { FileKeySecretStore } from '../../app/main/secrets/FileKeySecretStore';
import { tempDir } from '../support/tempDir';

const BEFORE = MIGRATIONS.findIndex((m) => m.name === 'tool-switches');

describe('migration 0011 (tool-switches)', () => {
  it('gives every server stored before it no disabled and no always-allowed tool, and stores them from then on', () => {
    const dir = tempDir();
    const file = path.join(dir, 'elftia.db');
    const secrets = new FileKeySecretStore(dir);
    const old = openDatabase(file, MIGRATIONS.slice(0, BEFORE));
    old
      .prepare(
        `INSERT INTO mcp_servers (id, name, name_key, type, command, args_json, watch_paths_json, url, sealed_secrets, timeout_sec, enabled, created_at, updated_at)
         VALUES ('a', 'A', 'a', 'stdio', 'node', '[]', '[]', NULL, ?, 60, 1, 't', 't')`,
      )
      .run(secrets.seal(JSON.stringify({ v: 2, env: {} })));
    old.close();

    const db = openDatabase(file);
    expect(MIGRATIONS[BEFORE]?.version).toBe(11);
    expect(schemaVersion(db)).toBe(MIGRATIONS.at(-1)!.version);
    const repository = new McpServerRepository(db, secrets);
    expect(repository.get('a')).toMatchObject({ disabledTools: [], alwaysAllow: [] });

    expect(repository.setToolSwitches('a', { disabledTools: ['echo'], alwaysAllow: ['add', 'echo'] })).toBe(true);
    // updated_at marks what the server starts with (McpService restarts on it); a switch is not that.
    expect(repository.get('a')).toMatchObject({ disabledTools: ['echo'], alwaysAllow: ['add', 'echo'], updatedAt: 't' });
    // Only JSON arrays, whoever writes the row.
    expect(() => db.prepare(`UPDATE mcp_servers SET disabled_tools_json = '{}' WHERE id = 'a'`).run()).toThrow(/CHECK/);
    db.close();
  });
});
