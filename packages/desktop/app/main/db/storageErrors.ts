/**
 * What a failed read or write of the data dir means for the user: the disk is full, the folder or
 * file is read-only, the disk itself failed, or the database is damaged. Each is an AppError whose
 * translated text says what to do, instead of INTERNAL ("Something went wrong").
 */
import fs from 'node:fs';
import path from 'node:path';
import Database from 'better-sqlite3';
import { AppError } from '../lib/errors';

export type StorageFailure = 'DISK_FULL' | 'READ_ONLY' | 'IO_ERROR' | 'DB_CORRUPT';

/**
 * SQLite's result codes, first match wins; a code stands for its extended codes too, which are it
 * plus a suffix (SQLITE_IOERR_WRITE, SQLITE_READONLY_DBMOVED, SQLITE_CORRUPT_INDEX —
 * sqlite.org/rescode.html). SQLite reports ENOSPC as SQLITE_FULL.
 */
const SQLITE_FAILURES: readonly [string, StorageFailure][] = [
  ['SQLITE_FULL', 'DISK_FULL'],
  // The -shm file could not grow: "may indicate that the underlying filesystem volume is out of
  // space" (rescode.html). It is what opening a WAL database on a full disk fails with.
  ['SQLITE_IOERR_SHMSIZE', 'DISK_FULL'],
  ['SQLITE_READONLY', 'READ_ONLY'],
  ['SQLITE_IOERR', 'IO_ERROR'],
  ['SQLITE_CORRUPT', 'DB_CORRUPT'],
  ['SQLITE_NOTADB', 'DB_CORRUPT'],
];

/** File-system errors (errno names) while Elftia creates or fixes its own files. EPERM: an immutable file, or one of another user. */
const ERRNO_FAILURES: Readonly<Record<string, StorageFailure>> = {
  ENOSPC: 'DISK_FULL',
  EDQUOT: 'DISK_FULL',
  EROFS: 'READ_ONLY',
  EACCES: 'READ_ONLY',
  EPERM: 'READ_ONLY',
  EIO: 'IO_ERROR',
};

function sqliteFailure(code: string): StorageFailure | undefined {
  return SQLITE_FAILURES.find(([known]) => code === known || code.startsWith(`${known}_`))?.[1];
}

function errnoOf(error: unknown): string | undefined {
  const code = (error as NodeJS.ErrnoException | undefined)?.code;
  return typeof code === 'string' ? code : undefined;
}

/**
 * SQLite says only "unable to open database file" (SQLITE_CANTOPEN) when it cannot create the
 * -wal or -shm beside the database: asks the file system whether the folder or file is writable.
 */
function writeAccessFailure(file: string): StorageFailure | undefined {
  for (const target of [path.dirname(file), file]) {
    try {
      fs.accessSync(target, fs.constants.W_OK);
    } catch (error) {
      const failure = ERRNO_FAILURES[errnoOf(error) ?? ''];
      if (failure) return failure;
    }
  }
  return undefined;
}

/** better-sqlite3's SqliteError; its `code` is SQLite's (extended) result code name. */
export type SqliteError = InstanceType<typeof Database.SqliteError>;

export function isSqliteError(error: unknown): error is SqliteError {
  return error instanceof Database.SqliteError;
}

/** The AppError for an error better-sqlite3 threw on the database `file`, or undefined when it is not about storage. */
export function sqliteStorageError(error: unknown, file: string): AppError | undefined {
  if (!isSqliteError(error)) return undefined;
  const failure = error.code.startsWith('SQLITE_CANTOPEN') ? writeAccessFailure(file) : sqliteFailure(error.code);
  return failure && new AppError(failure, { params: { path: file }, cause: error });
}

/** The AppError for a file-system error on `target` (a file or folder of the data dir), or undefined for any other error. */
export function fileStorageError(error: unknown, target: string): AppError | undefined {
  const failure = ERRNO_FAILURES[errnoOf(error) ?? ''];
  return failure && new AppError(failure, { params: { path: target }, cause: error });
}
