import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { openDatabase, schemaVersion } from '../../app/main/db/database';
import { MIGRATIONS } from '../../app/main/db/migrations';
import { tempDir } from '../support/tempDir';

describe('migration 0004-providers', () => {
  const upTo3 = MIGRATIONS.filter((m) => m.version <= 3);
  const upTo4 = MIGRATIONS.filter((m) => m.version <= 4);

  it('adds a STRICT providers table to a version-3 database, keeping its servers', () => {
    const file = path.join(tempDir(), 'elftia.db');
    const old = openDatabase(file, upTo3);
    old.prepare("INSERT INTO mcp_servers (id, name, name_key, type, command, sealed_secrets, timeout_sec, enabled, created_at, updated_at) VALUES ('a', 'A', 'a', 'stdio', 'node', 'x', 60, 1, 't', 't')").run();
    old.close();

    const db = openDatabase(file, upTo4);
    expect(schemaVersion(db)).toBe(4);
    expect(db.prepare("SELECT strict FROM pragma_table_list WHERE name = 'providers'").get()).toEqual({ strict: 1 });
    expect(db.prepare('SELECT count(*) AS n FROM mcp_servers').get()).toEqual({ n: 1 });
    db.close();
  });

  it('enforces unique names (case-folded key) and known kinds', () => {
    const db = openDatabase(path.join(tempDir(), 'elftia.db'), upTo4);
    const insert = db.prepare("INSERT INTO providers (id, name, name_key, kind, models_json, created_at, updated_at) VALUES (?, ?, ?, ?, '[]', 't', 't')");
    insert.run('1', 'OpenAI', 'openai', 'openai');
    expect(() => insert.run('2', 'openai', 'openai', 'openai')).toThrow(/UNIQUE/);
    expect(() => insert.run('3', 'Azure', 'azure', 'azure')).toThrow(/CHECK/);
    db.close();
  });
});
