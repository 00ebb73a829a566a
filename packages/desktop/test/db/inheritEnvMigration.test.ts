import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { openDatabase, schemaVersion } from '../../app/main/db/database';
import { McpServerRepository } from '../../app/main/db/McpServerRepository';
import { MIGRATIONS } from '../../app/main/db/migrations';
import { FileKeySecretStore } from '../../app/main/secrets/FileKeySecretStore';
import { tempDir } from '../support/tempDir';

const BEFORE = MIGRATIONS.findIndex((m) => m.name === 'inherit-env');

describe('migration 0008 (inherit-env)', () => {
  it('turns the switch off for every server stored before it, and stores it from then on', () => {
    const dir = tempDir();
    const file = path.join(dir, 'elftia.db');
    const secrets = new FileKeySecretStore(dir);
    const old = openDatabase(file, MIGRATIONS.slice(0, BEFORE));
    old
      .prepare(
        `INSERT INTO mcp_servers (id, name, name_key, type, command, args_json, watch_paths_json, url, sealed_secrets, timeout_sec, enabled, created_at, updated_at)
         VALUES ('a', 'A', 'a', 'stdio', 'node', '[]', '[]', NULL, ?, 60, 1, 't', 't')`,
      )
      .run(secrets.seal(JSON.stringify({ env: { K: 'v' } })));
    old.close();

    const db = openDatabase(file);
    expect(schemaVersion(db)).toBe(MIGRATIONS.at(-1)!.version);
    const repository = new McpServerRepository(db, secrets);
    expect(repository.get('a')?.config).toMatchObject({ command: 'node', env: { K: 'v' }, inheritEnv: false });

    const fields = { name: 'B', type: 'stdio' as const, timeoutSec: 60, enabled: true, disabledTools: [], alwaysAllow: [], config: { command: 'uvx', args: [], env: {}, watchPaths: [], inheritEnv: true } };
    repository.insert('b', fields, 't');
    expect(repository.get('b')?.config.inheritEnv).toBe(true);
    repository.update('b', { ...fields, config: { ...fields.config, inheritEnv: false } }, 't');
    expect(repository.get('b')?.config.inheritEnv).toBe(false);
    // Only 0 or 1, whoever writes the row.
    expect(() => db.prepare("UPDATE mcp_servers SET inherit_env = 2 WHERE id = 'b'").run()).toThrow(/CHECK constraint/);
    db.close();
  });
});
