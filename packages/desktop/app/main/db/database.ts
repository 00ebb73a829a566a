import fs from 'node:fs';
import path from 'node:path';
import Database from 'better-sqlite3';
import { AppError } from '../errors';
import { PRIVATE_DIR_MODE, PRIVATE_FILE_MODE } from '../privateDataDir';
import { MIGRATIONS, type Migration } from './migrations';

export type Db = Database.Database;

export const DATABASE_FILE = 'elftia.db';

const CORRUPT_CODES = new Set(['SQLITE_NOTADB', 'SQLITE_CORRUPT']);

/**
 * Opens (creating when absent) the app database and brings it to the newest schema.
 *
 * A file written by a newer Elftia, or one that is not a database, is refused with a clear
 * AppError and left untouched: never a crash, never a silent reset that loses the user's servers.
 */
export function openDatabase(file: string, migrations: readonly Migration[] = MIGRATIONS): Db {
  fs.mkdirSync(path.dirname(file), { recursive: true, mode: PRIVATE_DIR_MODE });
  createPrivately(file);
  let db: Db;
  try {
    db = new Database(file);
  } catch (cause) {
    throw new AppError('DB_OPEN_FAILED', { params: { path: file }, cause });
  }
  try {
    db.pragma('busy_timeout = 5000');
    // Refuse a newer schema before anything writes: switching to WAL rewrites header bytes.
    assertNotNewer(db, file, migrations);
    db.pragma('journal_mode = WAL');
    db.pragma('foreign_keys = ON');
    migrate(db, migrations);
    return db;
  } catch (cause) {
    db.close();
    if (cause instanceof AppError) throw cause;
    if (isSqliteError(cause) && CORRUPT_CODES.has(cause.code)) {
      throw new AppError('DB_CORRUPT', { params: { path: file }, cause });
    }
    throw new AppError('DB_OPEN_FAILED', { params: { path: file }, cause });
  }
}

export function schemaVersion(db: Db): number {
  return db.pragma('user_version', { simple: true }) as number;
}

function assertNotNewer(db: Db, file: string, migrations: readonly Migration[]): void {
  const latest = migrations.at(-1)?.version ?? 0;
  const found = schemaVersion(db);
  if (found > latest) {
    throw new AppError('DB_NEWER_VERSION', { params: { path: file, found, supported: latest } });
  }
}

function migrate(db: Db, migrations: readonly Migration[]): void {
  for (const migration of migrations) {
    // IMMEDIATE takes the write lock first, so a CLI and a running app opening the same
    // file cannot both apply a migration; the version is re-read under the lock.
    db.transaction(() => {
      if (schemaVersion(db) >= migration.version) return;
      migration.up(db);
      db.pragma(`user_version = ${migration.version}`);
    }).immediate();
  }
}

/**
 * Creates the file owner-only before SQLite does (it would use 0644), since SQLite gives the -wal
 * and -shm it makes the main file's mode. An existing file is left as it is.
 */
function createPrivately(file: string): void {
  try {
    fs.closeSync(fs.openSync(file, 'wx', PRIVATE_FILE_MODE));
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
  }
}

function isSqliteError(value: unknown): value is Error & { code: string } {
  return value instanceof Error && typeof (value as { code?: unknown }).code === 'string';
}
