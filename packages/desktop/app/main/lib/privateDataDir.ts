import fs from 'node:fs';
import path from 'node:path';

/** The data dir's mode: only its owner may list or enter it. */
export const PRIVATE_DIR_MODE = 0o700;
/** The mode of every file Elftia writes there: the database and its WAL hold conversations, secret.key opens the stored keys. */
export const PRIVATE_FILE_MODE = 0o600;

/**
 * Creates the data dir owner-only, and takes group and other permissions away from the dir and
 * from everything directly in it. Run at every start: files an older Elftia left at 0644 (and the
 * -wal and -shm SQLite made from them) are fixed before the database opens. The owner's own bits
 * stay as they are, so a folder the user made read-only is not made writable behind their back.
 * Windows keeps its inherited per-user ACLs: POSIX modes mean nothing there.
 */
export function makeDataDirPrivate(dataDir: string, platform: NodeJS.Platform = process.platform): void {
  fs.mkdirSync(dataDir, { recursive: true, mode: PRIVATE_DIR_MODE });
  if (platform === 'win32') return;
  restrictToOwner(dataDir);
  for (const entry of fs.readdirSync(dataDir, { withFileTypes: true })) {
    if (entry.isFile() || entry.isDirectory()) restrictToOwner(path.join(dataDir, entry.name));
  }
}

function restrictToOwner(target: string): void {
  let mode: number;
  try {
    mode = fs.statSync(target).mode;
  } catch (error) {
    // Another process's temporary file, renamed away between the listing and now.
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return;
    throw error;
  }
  if ((mode & 0o077) !== 0) fs.chmodSync(target, mode & 0o700);
}
