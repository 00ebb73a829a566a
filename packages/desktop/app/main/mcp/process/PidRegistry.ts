/**
 * The process trees of running servers and package downloads, persisted in the data dir, so that
 * what a crash or a SIGKILL of the app left behind is killed at the next start.
 *
 * Each entry carries the root's identity (Linux: boot id + start time; elsewhere `ps` start time +
 * command line), its process group, its start time, the tree's environment marker, and the identity
 * of the app process that owns it. A leftover is reaped only when its owner is gone, so the servers of
 * another live instance sharing the data dir (the headless host next to the CLI) are left alone.
 *
 * The root may be gone while its group lives on (npx's real server, a browser a server launched, each
 * now a child of init). The group is then signalled only once it is proved ours; see `ownsGroup`.
 */
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { writeJsonAtomic } from '../../lib/atomicJson';
import { z } from 'zod';
import { readProcessFacts, readProcessIdentity, readProcessStart, readProcessTable, type ProcessStart } from './processTable';
import { carriesTreeMarker } from './treeMarker';
import { DEFAULT_KILL_GRACE_MS, killProcessTree } from './treeKill';

export const PID_REGISTRY_FILE = 'processes.json';

const commonFields = {
  pid: z.number().int().positive(),
  identity: z.string(),
  ownerPid: z.number().int().positive(),
  ownerIdentity: z.string().nullable(),
  label: z.string().optional(),
  addedAtMs: z.number(),
};
const entrySchema = z.object({
  ...commonFields,
  /** The process group the root leads; null when it leads none (it shares its parent's group). */
  pgid: z.number().int().positive().nullable(),
  start: z.object({ boot: z.string(), at: z.number() }).nullable(),
  /** The tree's TREE_MARKER_ENV value; null for a process started without one. */
  marker: z.string().nullable(),
});
const fileSchema = z.union([
  z.object({ version: z.literal(2), entries: z.array(entrySchema) }),
  // Written before groups were recorded: such an entry is reaped only while its root still runs.
  z
    .object({ version: z.literal(1), entries: z.array(z.object(commonFields)) })
    .transform(({ entries }) => ({ version: 2 as const, entries: entries.map((e) => ({ ...e, pgid: null, start: null, marker: null })) })),
]);

export type PidEntry = z.infer<typeof entrySchema>;

export interface PidEntryDetails {
  /** For logs: the server's name, or what the process is for. */
  label?: string;
  /** The TREE_MARKER_ENV value the process was started with. */
  marker?: string;
}

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
  add(pid: number, details?: PidEntryDetails): Promise<void>;
  remove(pid: number): Promise<void>;
}

interface PendingChange {
  change: (entries: PidEntry[]) => Promise<PidEntry[]>;
  resolve: () => void;
  reject: (error: unknown) => void;
}

export class PidRegistry implements PidStore {
  private readonly file: string;
  private readonly platform: NodeJS.Platform;
  private readonly ownerPid: number;
  private readonly options: PidRegistryOptions;
  private ownerIdentity: Promise<string | null> | undefined;
  /** Serializes read-modify-write cycles within this process. */
  private queue: Promise<unknown> = Promise.resolve();
  /** Changes waiting for the next cycle: made together, one read and one write for all of them. */
  private pending: PendingChange[] = [];

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
  add(pid: number, details: PidEntryDetails = {}): Promise<void> {
    // Read now, outside the queue, so servers starting together read their processes in parallel; the
    // change still takes its place in the queue at once, so a remove called after it comes after it.
    const read = Promise.all([readProcessFacts(pid, this.platform), this.myIdentity()]);
    return this.mutate(async (entries) => {
      const [facts, ownerIdentity] = await read;
      if (facts === null) return entries;
      const entry: PidEntry = {
        pid,
        identity: facts.identity,
        pgid: facts.pgid === pid ? facts.pgid : null,
        start: facts.start,
        marker: details.marker ?? null,
        ownerPid: this.ownerPid,
        ownerIdentity,
        addedAtMs: (this.options.now ?? Date.now)(),
      };
      if (details.label !== undefined) entry.label = details.label;
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
   * Kills the tree of every entry whose owner is gone: from the root while it still runs as the
   * process recorded, else from its process group once that is proved ours. Drops every entry whose
   * owner is gone and returns those it killed something for. Run once at start.
   */
  reapLeftovers(): Promise<PidEntry[]> {
    const reaped: PidEntry[] = [];
    return this.mutate(async (entries) => {
      const kept: PidEntry[] = [];
      for (const entry of entries) {
        if (await this.ownerAlive(entry)) kept.push(entry);
        else if (await this.reap(entry)) reaped.push(entry);
      }
      return kept;
    }).then(() => reaped);
  }

  private async reap(entry: PidEntry): Promise<boolean> {
    const graceMs = this.options.killGraceMs ?? DEFAULT_KILL_GRACE_MS;
    const rootIdentity = await readProcessIdentity(entry.pid, this.platform);
    if (rootIdentity === entry.identity) {
      await killProcessTree(entry.pid, { platform: this.platform, graceMs });
      return true;
    }
    // Another process has the root's PID now. POSIX.1-2017 (Base Definitions, "Process ID Reuse")
    // forbids reusing a PID while a process group of that ID exists: the recorded group has ended.
    if (rootIdentity !== null || entry.pgid === null) return false;
    if (!(await this.ownsGroup(entry, entry.pgid))) return false;
    await killProcessTree(entry.pgid, { platform: this.platform, graceMs });
    return true;
  }

  /**
   * Whether the live members of process group `pgid` are the recorded tree's, its root being gone.
   * The group ID cannot be reused while one of our members lives (same rule), but once they all exited
   * the ID may come back as someone else's group. So: every member must have started no earlier than
   * the root (a group is never older than its leader), and where the OS shows a process's starting
   * environment (Linux), a member must carry the tree's marker, which another group reusing the ID
   * cannot hold. Where no member's environment can be read, the start times decide.
   */
  private async ownsGroup(entry: PidEntry, pgid: number): Promise<boolean> {
    const { start, marker } = entry;
    if (start === null) return false;
    const members = (await readProcessTable(this.platform)).filter((info) => info.pgid === pgid && info.pid !== process.pid && info.pid !== 1);
    if (members.length === 0) return false;
    const starts = await Promise.all(members.map((info) => readProcessStart(info.pid, this.platform)));
    if (!starts.every((s): s is ProcessStart => s !== null && s.boot === start.boot && s.at >= start.at)) return false;
    if (marker === null) return true;
    const carried = await Promise.all(members.map((info) => carriesTreeMarker(info.pid, marker, this.platform)));
    if (carried.includes(true)) return true;
    return !carried.includes(false);
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
   * Re-reads the file on every cycle, so entries another instance added since our last write survive
   * (the window between read and rename remains; acceptable for a best-effort safety net). Changes
   * made while a cycle runs wait for the next one and share it: ten servers starting at once cost a
   * few writes, not ten. A write that fails rejects each change it carried.
   */
  private mutate(change: (entries: PidEntry[]) => Promise<PidEntry[]>): Promise<void> {
    return new Promise((resolve, reject) => {
      this.pending.push({ change, resolve, reject });
      if (this.pending.length === 1) void this.enqueue(() => this.runPending());
    });
  }

  private async runPending(): Promise<void> {
    const batch = this.pending;
    this.pending = [];
    const applied: PendingChange[] = [];
    let entries: PidEntry[];
    try {
      entries = await this.read();
    } catch (error) {
      // read() answers [] for a missing or torn file; anything else still settles every change.
      for (const { reject } of batch) reject(error);
      return;
    }
    for (const item of batch) {
      // A change that fails is left out alone; the others of its cycle are still written.
      try {
        entries = await item.change(entries);
        applied.push(item);
      } catch (error) {
        item.reject(error);
      }
    }
    try {
      await this.write(entries);
    } catch (error) {
      for (const { reject } of applied) reject(error);
      return;
    }
    for (const { resolve } of applied) resolve();
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
    await writeJsonAtomic(this.file, { version: 2, entries });
  }
}
