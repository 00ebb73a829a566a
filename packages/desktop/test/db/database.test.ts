import fs from 'node:fs';
import path from 'node:path';
import Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { openDatabase, schemaVersion } from '../../app/main/db/database';
import { MIGRATIONS } from '../../app/main/db/migrations';
import { AppError } from '../../app/main/lib/errors';
import { tempDir } from '../support/tempDir';

const latest = MIGRATIONS.at(-1)!.version;

function expectAppError(fn: () => unknown, code: string): AppError {
  try {
    fn();
  } catch (error) {
    expect(error).toBeInstanceOf(AppError);
    expect((error as AppError).code).toBe(code);
    return error as AppError;
  }
  throw new Error(`expected ${code}`);
}

describe('openDatabase', () => {
  it('creates a WAL database at the newest schema with STRICT tables', () => {
    const file = path.join(tempDir(), 'nested', 'elftia.db');
    const db = openDatabase(file);
    expect(schemaVersion(db)).toBe(latest);
    expect(db.pragma('journal_mode', { simple: true })).toBe('wal');
    const tables = db.prepare<[], { name: string; strict: number }>("SELECT name, strict FROM pragma_table_list WHERE schema = 'main' AND name NOT LIKE 'sqlite_%'").all();
    expect(tables.map((t) => t.name).sort()).toEqual(
      ['chat_history', 'chat_messages', 'conversations', 'mcp_servers', 'oauth_credentials', 'providers', 'secret_inputs', 'settings', 'tool_permissions', 'workspace_trust', 'workspaces'],
    );
    expect(tables.every((t) => t.strict === 1)).toBe(true);
    db.close();
  });

  it('numbers migrations consecutively from 1', () => {
    expect(MIGRATIONS.map((m) => m.version)).toEqual(MIGRATIONS.map((_, i) => i + 1));
  });

  it('applies only the missing migrations to an older database, keeping its rows', () => {
    const file = path.join(tempDir(), 'elftia.db');
    const first = openDatabase(file, MIGRATIONS.slice(0, 1));
    first.prepare("INSERT INTO mcp_servers (id, name, name_key, type, command, sealed_secrets, timeout_sec, enabled, created_at, updated_at) VALUES ('a', 'A', 'a', 'stdio', 'node', 'x', 60, 1, 't', 't')").run();
    expect(schemaVersion(first)).toBe(1);
    first.close();

    const db = openDatabase(file);
    expect(schemaVersion(db)).toBe(latest);
    expect(db.prepare('SELECT count(*) AS n FROM mcp_servers').get()).toEqual({ n: 1 });
    db.close();
  });

  it('rolls a failing migration back entirely and leaves the version where it was', () => {
    const file = path.join(tempDir(), 'elftia.db');
    const broken = [
      ...MIGRATIONS,
      { version: latest + 1, name: 'broken', up: (d: Database.Database) => d.exec('CREATE TABLE half (x INTEGER) STRICT; SELECT * FROM missing_table;') },
    ];
    expect(() => openDatabase(file, broken)).toThrow(AppError);
    const db = new Database(file);
    expect(schemaVersion(db)).toBe(latest);
    expect(db.prepare("SELECT count(*) AS n FROM sqlite_master WHERE name = 'half'").get()).toEqual({ n: 0 });
    db.close();
  });

  it('refuses a database from a newer Elftia without touching it', () => {
    const file = path.join(tempDir(), 'elftia.db');
    // A rollback-journal file: switching it to WAL would rewrite its header.
    const raw = new Database(file);
    raw.exec('CREATE TABLE future (x INTEGER) STRICT');
    raw.pragma('user_version = 99');
    raw.close();
    const before = fs.readFileSync(file);

    const error = expectAppError(() => openDatabase(file), 'DB_NEWER_VERSION');
    expect(error.params).toEqual({ path: file, found: 99, supported: latest });
    expect(fs.readFileSync(file).equals(before)).toBe(true);
  });

  it('refuses a corrupt file without overwriting it', () => {
    const file = path.join(tempDir(), 'elftia.db');
    const garbage = Buffer.from('this is not a database, it is a shopping list\n'.repeat(200));
    fs.writeFileSync(file, garbage);

    const error = expectAppError(() => openDatabase(file), 'DB_CORRUPT');
    expect(error.params).toEqual({ path: file });
    expect(fs.readFileSync(file).equals(garbage)).toBe(true);
  });
});
