import fs from 'node:fs';
import path from 'node:path';
import Database from 'better-sqlite3';
import { AppError } from '../lib/errors';
import { PRIVATE_DIR_MODE, PRIVATE_FILE_MODE } from '../lib/privateDataDir';
import { MIGRATIONS, type Migration } from './migrations';
import { fileStorageError, sqliteStorageError } from './storageErrors';

export type Db = Database.Database;

export const DATABASE_FILE = 'elftia.db';

export interface OpenDatabaseOptions {
  /**
   * Files beside the database that exist only once Elftia stored data (the data dir's secret.key):
   * with one of them present, an empty database file is refused instead of started afresh.
   */
  dataMarkers?: readonly string[];
}

/**
 * Opens (creating when absent) the app database and brings it to the newest schema.
 *
 * A file written by a newer Elftia, one that is not a database, and an emptied one whose data a
 * WAL or marker file says existed are refused with a clear AppError and left untouched: never a
 * crash, never a silent reset that loses the user's servers. A full disk, a read-only folder and an
 * I/O error are named as such (storageErrors.ts).
 */
export function openDatabase(file: string, migrations: readonly Migration[] = MIGRATIONS, options: OpenDatabaseOptions = {}): Db {
  assertNotEmptied(file, options.dataMarkers ?? []);
  try {
    fs.mkdirSync(path.dirname(file), { recursive: true, mode: PRIVATE_DIR_MODE });
    createPrivately(file);
  } catch (cause) {
    throw openFailure(cause, file);
  }
  let db: Db;
  try {
    db = new Database(file);
  } catch (cause) {
    throw openFailure(cause, file);
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
    throw openFailure(cause, file);
  }
}

function openFailure(cause: unknown, file: string): AppError {
  const reason = cause instanceof Error ? cause.message : String(cause);
  return sqliteStorageError(cause, file) ?? fileStorageError(cause, file) ?? new AppError('DB_OPEN_FAILED', { params: { path: file, reason }, cause });
}

/**
 * SQLite takes an empty or missing file for a new database, and then deletes the -wal beside it:
 * after a crash, a sync tool or a restore truncated elftia.db, starting would throw away what the
 * WAL still holds and show the user an empty app. Refused while a WAL (or, for an empty file, a
 * marker) says data existed.
 */
function assertNotEmptied(file: string, markers: readonly string[]): void {
  const size = sizeOf(file);
  if (size !== undefined && size > 0) return;
  const wal = `${file}-wal`;
  const marker = size === 0 ? markers.find((candidate) => sizeOf(candidate) !== undefined) : undefined;
  const evidence = (sizeOf(wal) ?? 0) > 0 ? wal : marker;
  if (evidence !== undefined) throw new AppError('DB_EMPTY', { params: { path: file, evidence } });
}

/** The file's size, or undefined when it cannot be seen (absent, or a folder that cannot be read — opening reports that). */
function sizeOf(file: string): number | undefined {
  try {
    return fs.statSync(file).size;
  } catch {
    return undefined;
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
