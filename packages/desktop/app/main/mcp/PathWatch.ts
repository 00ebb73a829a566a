/**
 * One watched file or folder for SourceWatcher, on plain fs.watch (no dependency), kept alive across
 * the ways editors and builds replace things on disk.
 */
import { type Stats, statSync, watch as fsWatch } from 'node:fs';
import path from 'node:path';
import type { Clock, TimerHandle } from '../lib/clock';

/** What PathWatch needs of an fs.FSWatcher. */
export interface WatchHandle {
  close(): void;
  on(event: 'error', listener: (error: Error) => void): unknown;
}

export type WatchFunction = (
  target: string,
  options: { recursive: boolean; persistent: boolean },
  listener: (eventType: string, filename: string | Buffer | null) => void,
) => WatchHandle;

export const nodeWatch: WatchFunction = (target, options, listener) => fsWatch(target, options, listener);

export interface PathWatchOptions {
  watch: WatchFunction;
  clock: Clock;
  platform: NodeJS.Platform;
  /** How often a missing path (or its missing folder) is looked for again, in milliseconds. */
  retryMs: number;
  /** A watch that could not be started; the path is retried. */
  onError(error: unknown): void;
}

/**
 * Folder parts and file names that change without the source changing: dependency and VCS folders,
 * Python's bytecode cache (written by the restarted server itself) and editor swap and lock files.
 */
const NOISE_SEGMENTS = new Set(['node_modules', '.git', '.hg', '.svn', '__pycache__', '.pytest_cache', '.mypy_cache', '.venv']);
const NOISE_FILE = /(\.py[co]|\.sw[a-p]|~|\.tmp)$|^\.#|^4913$/;

export function isNoise(relative: string): boolean {
  const segments = relative.split(/[\\/]/).filter(Boolean);
  const file = segments.at(-1) ?? '';
  return segments.some((s) => NOISE_SEGMENTS.has(s)) || NOISE_FILE.test(file);
}

function statOf(file: string): Stats | undefined {
  try {
    return statSync(file);
  } catch {
    return undefined;
  }
}

/**
 * - A folder is watched recursively (where the platform supports it; else its top level only).
 * - A file is watched through its folder, filtered by name: an editor that saves by writing a temp
 *   file and renaming it over the original replaces the inode, and a watch on the file itself would
 *   go deaf after the first save.
 * - When the watched folder is deleted or replaced (a rename event, then a different inode), or the
 *   watch fails, the watch is re-established; a missing path is looked for every retryMs, and its
 *   appearance counts as a change.
 */
export class PathWatch {
  private handle: WatchHandle | undefined;
  private watched: { dir: string; ino: number; isFolder: boolean } | undefined;
  /** Set while a retry is scheduled (TimerHandle is opaque: undefined means none). */
  private retryTimer: TimerHandle = undefined;
  private closed = false;
  /** One report per outage: a watch that keeps failing (out of inotify watches) must not flood the log. */
  private errorReported = false;

  constructor(
    readonly target: string,
    private readonly onChange: (file: string) => void,
    private readonly options: PathWatchOptions,
  ) {}

  open(): void {
    this.establish(false);
  }

  close(): void {
    this.closed = true;
    this.detach();
  }

  private establish(announce: boolean): void {
    this.detach();
    if (this.closed) return;
    const targetStat = statOf(this.target);
    const isFolder = targetStat?.isDirectory() ?? false;
    const dir = isFolder ? this.target : path.dirname(this.target);
    const dirStat = isFolder ? targetStat : statOf(dir);
    if (!dirStat?.isDirectory()) {
      this.scheduleRetry();
      return;
    }
    try {
      this.handle = this.startWatch(dir, isFolder);
    } catch (error) {
      this.reportError(error);
      this.scheduleRetry();
      return;
    }
    this.errorReported = false;
    this.watched = { dir, ino: dirStat.ino, isFolder };
    if (announce && targetStat) this.onChange(this.target);
  }

  private startWatch(dir: string, recursive: boolean): WatchHandle {
    const listener = (eventType: string, filename: string | Buffer | null) => this.onEvent(eventType, filename === null ? null : filename.toString());
    let handle: WatchHandle;
    try {
      // persistent: false — a watch must never be what keeps a CLI process alive.
      handle = this.options.watch(dir, { recursive, persistent: false }, listener);
    } catch (error) {
      if (!recursive || (error as NodeJS.ErrnoException).code !== 'ERR_FEATURE_UNAVAILABLE_ON_PLATFORM') throw error;
      handle = this.options.watch(dir, { recursive: false, persistent: false }, listener);
    }
    handle.on('error', (error) => {
      if (this.handle !== handle) return;
      // Seen when the watched folder vanishes on some platforms; try again later rather than spin.
      this.reportError(error);
      this.detach();
      this.scheduleRetry();
    });
    return handle;
  }

  private onEvent(eventType: string, filename: string | null): void {
    const watched = this.watched;
    if (!watched || this.closed) return;
    const changed = this.changedFile(watched, filename);
    if (changed !== undefined) this.onChange(changed);
    if (eventType !== 'rename') return;
    // The folder itself deleted or swapped for another: this watch now sees nothing.
    if (statOf(watched.dir)?.ino !== watched.ino) this.establish(true);
    // The watched file became a folder (or the reverse): watch it the other way.
    else if ((statOf(this.target)?.isDirectory() ?? false) !== watched.isFolder) this.establish(true);
  }

  /** The file an event is about, or undefined when it is not about the target. */
  private changedFile(watched: { isFolder: boolean }, filename: string | null): string | undefined {
    if (filename === null || filename === '') return this.target;
    if (watched.isFolder) return isNoise(filename) ? undefined : path.join(this.target, filename);
    const name = path.basename(this.target);
    const same = this.options.platform === 'win32' || this.options.platform === 'darwin' ? filename.toLowerCase() === name.toLowerCase() : filename === name;
    return same ? this.target : undefined;
  }

  private reportError(error: unknown): void {
    if (this.errorReported) return;
    this.errorReported = true;
    this.options.onError(error);
  }

  private scheduleRetry(): void {
    if (this.closed) return;
    this.retryTimer = this.options.clock.setTimeout(() => {
      this.retryTimer = undefined;
      this.establish(true);
    }, this.options.retryMs);
  }

  private detach(): void {
    if (this.retryTimer !== undefined) this.options.clock.clearTimeout(this.retryTimer);
    this.retryTimer = undefined;
    this.handle?.close();
    this.handle = undefined;
    this.watched = undefined;
  }
}
