/**
 * The PIDs of running server processes, persisted in the data dir, so that servers left behind by a
 * crash or a SIGKILL of the app are killed at the next start (reference/pain-points.md, P-3).
 *
 * Each entry carries the process's identity (Linux: boot id + start time; elsewhere `ps` start time +
 * command line) and the identity of the app process that owns it. A leftover is reaped only when its
 * owner is gone and its own identity still matches: a recycled PID is never killed, and neither are the
 * servers of another live instance sharing the data dir (the headless host next to the CLI).
 */
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { writeJsonAtomic } from '../atomicJson';
import { z } from 'zod';
import { readProcessIdentity } from './processTable';
import { DEFAULT_KILL_GRACE_MS, killProcessTree } from './treeKill';

export const PID_REGISTRY_FILE = 'processes.json';

const entrySchema = z.object({
  pid: z.number().int().positive(),
  identity: z.string(),
  ownerPid: z.number().int().positive(),
  ownerIdentity: z.string().nullable(),
  label: z.string().optional(),
  addedAtMs: z.number(),
});
const fileSchema = z.object({ version: z.literal(1), entries: z.array(entrySchema) });

export type PidEntry = z.infer<typeof entrySchema>;

export interface PidRegistryOptions {
  /** Directory that holds processes.json. */
  dataDir: string;
  /** Default process.platform. */
  platform?: NodeJS.Platform;
  /** The app process owning new entries; default process.pid. Tests use another to play a past run. */
  ownerPid?: number;
  /** SIGTERM → SIGKILL wait when reaping, in milliseconds. Default 2000. */
  killGraceMs?: number;
  /** Default Date.now. */
  now?: () => number;
}

/** What the registry needs from the outside; McpProcessTracker depends on this, not on the class. */
export interface PidStore {
  add(pid: number, label?: string): Promise<void>;
  remove(pid: number): Promise<void>;
}

export class PidRegistry implements PidStore {
  private readonly file: string;
  private readonly platform: NodeJS.Platform;
  private readonly ownerPid: number;
  private readonly options: PidRegistryOptions;
  private ownerIdentity: Promise<string | null> | undefined;
  /** Serializes read-modify-write cycles within this process. */
  private queue: Promise<unknown> = Promise.resolve();

  constructor(options: PidRegistryOptions) {
    this.options = options;
    this.file = join(options.dataDir, PID_REGISTRY_FILE);
    this.platform = options.platform ?? process.platform;
    this.ownerPid = options.ownerPid ?? process.pid;
  }

  /**
   * Records a running process. A process whose identity cannot be read (already exited, or Windows,
   * where no identity is implemented) is not recorded: an entry we could not verify would never be reaped.
   */
  add(pid: number, label?: string): Promise<void> {
    return this.mutate(async (entries) => {
      const identity = await readProcessIdentity(pid, this.platform);
      if (identity === null) return entries;
      const entry: PidEntry = { pid, identity, ownerPid: this.ownerPid, ownerIdentity: await this.myIdentity(), addedAtMs: (this.options.now ?? Date.now)() };
      if (label !== undefined) entry.label = label;
      return [...entries.filter((e) => e.pid !== pid), entry];
    });
  }

  remove(pid: number): Promise<void> {
    return this.mutate(async (entries) => entries.filter((e) => e.pid !== pid));
  }

  /** The recorded entries, as on disk. */
  list(): Promise<PidEntry[]> {
    return this.enqueue(() => this.read());
  }

  /**
   * Kills the process tree of every entry whose owner is gone and whose identity still matches, and
   * drops every entry whose owner is gone. Returns the entries that were killed. Run once at start.
   */
  reapLeftovers(): Promise<PidEntry[]> {
    const reaped: PidEntry[] = [];
    return this.mutate(async (entries) => {
      const kept: PidEntry[] = [];
      for (const entry of entries) {
        if (await this.ownerAlive(entry)) {
          kept.push(entry);
          continue;
        }
        if ((await readProcessIdentity(entry.pid, this.platform)) !== entry.identity) continue; // exited or PID recycled
        await killProcessTree(entry.pid, { platform: this.platform, graceMs: this.options.killGraceMs ?? DEFAULT_KILL_GRACE_MS });
        reaped.push(entry);
      }
      return kept;
    }).then(() => reaped);
  }

  private async ownerAlive(entry: PidEntry): Promise<boolean> {
    if (entry.ownerIdentity === null) return false;
    return (await readProcessIdentity(entry.ownerPid, this.platform)) === entry.ownerIdentity;
  }

  private myIdentity(): Promise<string | null> {
    this.ownerIdentity ??= readProcessIdentity(this.ownerPid, this.platform);
    return this.ownerIdentity;
  }

  private enqueue<T>(work: () => Promise<T>): Promise<T> {
    const next = this.queue.then(work, work);
    this.queue = next.catch(() => undefined);
    return next;
  }

  /**
   * Re-reads the file on every change, so entries another instance added since our last write survive
   * (the window between read and rename remains; acceptable for a best-effort safety net).
   */
  private mutate(change: (entries: PidEntry[]) => Promise<PidEntry[]>): Promise<void> {
    return this.enqueue(async () => this.write(await change(await this.read())));
  }

  private async read(): Promise<PidEntry[]> {
    let text: string;
    try {
      text = await readFile(this.file, 'utf8');
    } catch {
      return []; // first run
    }
    try {
      return fileSchema.parse(JSON.parse(text)).entries;
    } catch {
      return []; // a torn or hand-edited file must not stop the app; it is rewritten on the next change
    }
  }

  /** Atomic: a crash mid-write leaves the old file or the new one, never half of each. */
  private async write(entries: PidEntry[]): Promise<void> {
    await writeJsonAtomic(this.file, { version: 1, entries });
  }
}
