// @ts-check
/**
 * The read-only operations of the `files` server. Each takes the root guard first, resolves every
 * path through it, and returns text for the model. Nothing here writes.
 */
import { lstat, open, opendir, readdir, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { FileAccessError } from './confine.mjs';
import { compileGlob } from './glob.mjs';

/** Largest slice read_text_file returns in one call, in bytes. */
export const MAX_READ_BYTES = 256 * 1024;
/** Entries list_directory shows at most. */
export const MAX_LIST_ENTRIES = 1000;
/** Entries search_files looks at before it stops, so a huge tree cannot stall the server. */
export const MAX_SEARCH_VISITS = 50_000;
/** How long one search_files call may walk, in milliseconds, before it answers with what it found (a slow or network file system). */
export const SEARCH_TIME_BUDGET_MS = 5_000;
/** Folders search_files does not descend into: large and almost never what is searched for. */
export const SKIPPED_FOLDERS = new Set(['.git', 'node_modules']);

/** @typedef {import('./confine.mjs').RootGuard} RootGuard */

/** @param {string} real @param {string} display */
async function requireFile(real, display) {
  const info = await stat(real);
  if (info.isDirectory()) throw new FileAccessError(`${display} is a folder; use list_directory`);
  // A FIFO or device would block the read or never end.
  if (!info.isFile()) throw new FileAccessError(`${display} is not a regular file`);
  return info;
}

/** @param {number} byte */
const isContinuation = (byte) => (byte & 0xc0) === 0x80;

/**
 * Reads up to `length` bytes from `offset`, widened or narrowed to whole UTF-8 characters so a
 * continued read never shows a broken character.
 * @param {RootGuard} guard
 * @param {{ path: string, offset?: number, length?: number }} args
 * @returns {Promise<{ text: string, note?: string }>}
 */
export async function readTextFile(guard, { path, offset = 0, length = MAX_READ_BYTES }) {
  const { real, display } = await guard.resolve(path);
  const { size } = await requireFile(real, display);
  const want = Math.min(length, MAX_READ_BYTES);
  const start = Math.min(offset, size);
  const buffer = Buffer.alloc(Math.min(want + 3, size - start));
  const handle = await open(real, 'r');
  let bytesRead;
  try {
    ({ bytesRead } = await handle.read(buffer, 0, buffer.length, start));
  } finally {
    await handle.close();
  }
  const bytes = buffer.subarray(0, bytesRead);
  if (bytes.includes(0)) throw new FileAccessError(`${display} looks binary (it contains NUL bytes); read_text_file reads text only`);
  let from = 0;
  while (start > 0 && from < Math.min(3, bytesRead) && isContinuation(/** @type {number} */ (bytes[from]))) from += 1;
  let to = Math.min(from + want, bytesRead);
  while (to < bytesRead && isContinuation(/** @type {number} */ (bytes[to]))) to += 1;
  const text = bytes.subarray(from, to).toString('utf8');
  const [first, last] = [start + from, start + to];
  if (first === 0 && last === size) return { text };
  const next = last < size ? `To continue, call read_text_file with offset=${last}.` : 'End of file.';
  return { text, note: `[${display}: bytes ${first}–${last} of ${size}. ${next}]` };
}

/**
 * @param {import('node:fs').Dirent} entry
 * @param {string} folder
 */
async function describeEntry(entry, folder) {
  if (entry.isSymbolicLink()) return `[link] ${entry.name}`;
  if (entry.isDirectory()) return `[dir]  ${entry.name}/`;
  if (!entry.isFile()) return `[other] ${entry.name}`;
  const size = await lstat(join(folder, entry.name)).then((s) => `${s.size} bytes`, () => 'size unknown');
  return `[file] ${entry.name} (${size})`;
}

/**
 * @param {RootGuard} guard
 * @param {{ path?: string }} args
 */
export async function listDirectory(guard, { path }) {
  const { real, display } = await guard.resolve(path);
  if (!(await stat(real)).isDirectory()) throw new FileAccessError(`${display} is not a folder; use read_text_file or file_info`);
  const entries = (await readdir(real, { withFileTypes: true })).sort((a, b) => {
    const folderFirst = Number(b.isDirectory()) - Number(a.isDirectory());
    return folderFirst || (a.name < b.name ? -1 : a.name > b.name ? 1 : 0);
  });
  const shown = entries.slice(0, MAX_LIST_ENTRIES);
  const lines = await Promise.all(shown.map((entry) => describeEntry(entry, real)));
  const more = entries.length > shown.length ? ` (showing the first ${shown.length})` : '';
  const header = `${display}: ${entries.length} ${entries.length === 1 ? 'entry' : 'entries'}${more}`;
  return [header, ...(lines.length === 0 ? ['(empty)'] : lines)].join('\n');
}

/**
 * @typedef {object} SearchBudget
 * @property {number} [maxVisits] entries looked at, at most; default MAX_SEARCH_VISITS
 * @property {number} [timeMs] milliseconds of walking, at most; default SEARCH_TIME_BUDGET_MS
 * @property {() => number} [now] the clock, in milliseconds; default performance.now
 */

/**
 * Breadth-first, without following symlinks (a link could lead out of the root or into a loop).
 * Folders are read entry by entry, so a folder of a million files is cut by the budget as well.
 * @param {RootGuard} guard
 * @param {{ pattern: string, path?: string, maxResults?: number }} args
 * @param {SearchBudget} [budget]
 */
export async function searchFiles(guard, { pattern, path, maxResults = 100 }, budget = {}) {
  const { maxVisits = MAX_SEARCH_VISITS, timeMs = SEARCH_TIME_BUDGET_MS, now = () => performance.now() } = budget;
  const matches = compileGlob(pattern);
  const { real, display } = await guard.resolve(path);
  if (!(await stat(real)).isDirectory()) throw new FileAccessError(`${display} is not a folder`);
  const deadline = now() + timeMs;
  /** @type {Array<[string, string]>} */
  const queue = [[real, '']];
  /** @type {string[]} */
  const found = [];
  let visits = 0;
  let unreadable = 0;
  /** @type {string} */
  let stopped = '';
  while (queue.length > 0 && stopped === '' && found.length < maxResults) {
    const [folder, rel] = /** @type {[string, string]} */ (queue.shift());
    const dir = await opendir(folder).catch(() => undefined);
    if (!dir) {
      unreadable += 1;
      continue;
    }
    // Leaving the loop early closes the folder.
    for await (const entry of dir) {
      if (found.length >= maxResults) stopped = `stopped at ${maxResults} results`;
      else if (visits >= maxVisits) stopped = `stopped after ${visits} entries`;
      else if (now() > deadline) stopped = `stopped after ${timeMs / 1000} s, having looked at ${visits} entries`;
      if (stopped !== '') break;
      visits += 1;
      const relPath = rel === '' ? entry.name : `${rel}/${entry.name}`;
      const isFolder = entry.isDirectory();
      if (matches(relPath)) found.push(guard.display(join(folder, entry.name)) + (isFolder ? '/' : ''));
      if (isFolder && !SKIPPED_FOLDERS.has(entry.name)) queue.push([join(folder, entry.name), relPath]);
    }
  }
  if (stopped === '' && found.length >= maxResults) stopped = `stopped at ${maxResults} results`;
  const notes = [stopped, unreadable > 0 ? `${unreadable} folder(s) could not be read` : ''].filter(Boolean);
  const header = `${found.length} match(es) for "${pattern}" in ${display}${notes.length > 0 ? ` (${notes.join('; ')})` : ''}`;
  return [header, ...found].join('\n');
}

/** @param {number} mode */
function permissions(mode) {
  return (mode & 0o777).toString(8).padStart(3, '0');
}

/**
 * @param {RootGuard} guard
 * @param {{ path: string }} args
 */
export async function fileInfo(guard, { path }) {
  const { real, display } = await guard.resolve(path);
  const info = await stat(real);
  const type = info.isDirectory() ? 'folder' : info.isFile() ? 'file' : 'other';
  const lines = [`path: ${display}`, `type: ${type}`, `size: ${info.size} bytes`, `modified: ${info.mtime.toISOString()}`];
  // Some file systems report no birth time (0); saying 1970 would be wrong.
  if (info.birthtimeMs > 0) lines.push(`created: ${info.birthtime.toISOString()}`);
  lines.push(`permissions: ${permissions(info.mode)}`);
  return lines.join('\n');
}
