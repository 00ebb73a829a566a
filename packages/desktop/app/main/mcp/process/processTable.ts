/**
 * Read-only views of the OS process table: who is whose child, which group a process is in, and a
 * per-process identity that survives PID reuse. Linux reads /proc directly (no child process per call);
 * macOS and other POSIX systems ask `ps`. Windows has no equivalent here: callers use `taskkill /T`.
 */
import { execFile } from 'node:child_process';
import { readFileSync, readdirSync } from 'node:fs';
import { readFile, readdir } from 'node:fs/promises';

export interface ProcessInfo {
  pid: number;
  ppid: number;
  /** Process group id. */
  pgid: number;
  /** Linux only: start time in clock ticks since boot (/proc/<pid>/stat field 22). */
  startTicks?: string;
}

interface StatFields {
  state: string;
  ppid: number;
  pgid: number;
  startTicks: string;
}

/**
 * Parses /proc/<pid>/stat. The command name (field 2) may contain spaces and ')', so the fields are
 * counted from the last ')' — the layout proc(5) documents.
 */
export function parseProcStat(text: string): StatFields | null {
  const close = text.lastIndexOf(')');
  if (close < 0) return null;
  // After ')': field 3 (state) is index 0, so field N is index N - 3.
  const fields = text.slice(close + 2).split(' ');
  const startTicks = fields[22 - 3];
  if (fields.length < 20 || startTicks === undefined) return null;
  return { state: fields[0] ?? '', ppid: Number(fields[1]), pgid: Number(fields[2]), startTicks };
}

function toInfo(pid: number, stat: StatFields | null): ProcessInfo | null {
  // A zombie has exited; it only waits for its parent to reap it and can hold nothing open.
  if (!stat || stat.state === 'Z') return null;
  return { pid, ppid: stat.ppid, pgid: stat.pgid, startTicks: stat.startTicks };
}

function numericEntries(names: string[]): number[] {
  return names.filter((name) => /^\d+$/.test(name)).map(Number);
}

async function readLinuxTable(): Promise<ProcessInfo[]> {
  const pids = numericEntries(await readdir('/proc'));
  const infos = await Promise.all(
    pids.map(async (pid) => {
      try {
        return toInfo(pid, parseProcStat(await readFile(`/proc/${pid}/stat`, 'utf8')));
      } catch {
        return null; // exited between readdir and read
      }
    }),
  );
  return infos.filter((info): info is ProcessInfo => info !== null);
}

function readLinuxTableSync(): ProcessInfo[] {
  const infos: ProcessInfo[] = [];
  for (const pid of numericEntries(readdirSync('/proc'))) {
    try {
      const info = toInfo(pid, parseProcStat(readFileSync(`/proc/${pid}/stat`, 'utf8')));
      if (info) infos.push(info);
    } catch {
      // exited between readdir and read
    }
  }
  return infos;
}

function execText(file: string, args: string[]): Promise<string | null> {
  return new Promise((resolve) => {
    // LC_ALL=C: `lstart` spells month and day names in the locale, and they are parsed below.
    const env = { ...process.env, LC_ALL: 'C' };
    execFile(file, args, { env, timeout: 5000, windowsHide: true, maxBuffer: 16 * 1024 * 1024 }, (error, stdout) => {
      resolve(error ? null : stdout);
    });
  });
}

async function readPsTable(): Promise<ProcessInfo[]> {
  const text = await execText('ps', ['-A', '-o', 'pid=,ppid=,pgid=,stat=']);
  if (text === null) return [];
  const infos: ProcessInfo[] = [];
  for (const line of text.split('\n')) {
    const [pid, ppid, pgid, stat] = line.trim().split(/\s+/);
    if (!pid || !ppid || !pgid || stat?.startsWith('Z')) continue;
    infos.push({ pid: Number(pid), ppid: Number(ppid), pgid: Number(pgid) });
  }
  return infos;
}

/** Every live (non-zombie) process. Empty on Windows. */
export async function readProcessTable(platform: NodeJS.Platform): Promise<ProcessInfo[]> {
  if (platform === 'win32') return [];
  if (platform === 'linux') {
    try {
      return await readLinuxTable();
    } catch {
      // /proc not mounted (some sandboxes): ps still works there.
    }
  }
  return readPsTable();
}

/** Synchronous variant for the process 'exit' handler; only Linux can do it without spawning. */
export function readProcessTableSync(platform: NodeJS.Platform): ProcessInfo[] {
  if (platform !== 'linux') return [];
  try {
    return readLinuxTableSync();
  } catch {
    return [];
  }
}

/**
 * The root, every member of its process group, and every descendant of those, transitively.
 * Group members count because a child that double-forked is reparented away from the root but stays
 * in the group; descendants count because setsid/npx-style grandchildren leave the group but keep
 * their parent link while the parent lives.
 */
export function collectTree(rootPid: number, table: ProcessInfo[], extraRoots: number[] = []): ProcessInfo[] {
  const byPid = new Map(table.map((info) => [info.pid, info]));
  const children = new Map<number, ProcessInfo[]>();
  for (const info of table) {
    const siblings = children.get(info.ppid) ?? [];
    siblings.push(info);
    children.set(info.ppid, siblings);
  }
  const found = new Map<number, ProcessInfo>();
  const queue = [rootPid, ...extraRoots, ...table.filter((info) => info.pgid === rootPid).map((info) => info.pid)];
  for (let pid = queue.shift(); pid !== undefined; pid = queue.shift()) {
    const info = byPid.get(pid);
    if (!info || found.has(pid)) continue;
    found.set(pid, info);
    for (const child of children.get(pid) ?? []) queue.push(child.pid);
  }
  // Never the caller itself or init, whatever the table says.
  found.delete(process.pid);
  found.delete(1);
  return [...found.values()];
}

/** Reads the Linux stat state letter; null when the process does not exist. */
export function readLinuxState(pid: number): string | null {
  try {
    return parseProcStat(readFileSync(`/proc/${pid}/stat`, 'utf8'))?.state ?? null;
  } catch {
    return null;
  }
}

let bootId: Promise<string> | undefined;

/** The boot's id, read once: it is the same for the life of the process (and of the machine's boot). */
function readBootId(): Promise<string> {
  bootId ??= readFile('/proc/sys/kernel/random/boot_id', 'utf8').then(
    (text) => text.trim(),
    () => 'unknown-boot',
  );
  return bootId;
}

/**
 * A string that names one process incarnation, so a recycled PID is never mistaken for it.
 * Linux: boot id + start ticks. Other POSIX: `ps` start time + command line. Windows: null
 * (unsupported: such entries are never reaped, which is the safe failure).
 */
export async function readProcessIdentity(pid: number, platform: NodeJS.Platform): Promise<string | null> {
  if (platform === 'win32' || !Number.isInteger(pid) || pid <= 0) return null;
  if (platform === 'linux') return (await readLinuxFacts(pid))?.identity ?? null;
  // `stat` first: a zombie (Z) is gone for our purposes, as on Linux; it only awaits its parent's wait().
  const text = await execText('ps', ['-o', 'stat=,lstart=,command=', '-p', String(pid)]);
  const match = /^\s*(\S+)\s+(.*)$/.exec(text?.trim() ?? '');
  if (!match || match[1]!.startsWith('Z')) return null;
  return `ps:${match[2]}`;
}

/**
 * When a process started, comparable with the start of another process of the same `boot`: Linux
 * gives clock ticks since boot (so the boot id must match too), `ps` a wall-clock time in seconds.
 */
export interface ProcessStart {
  boot: string;
  at: number;
}

/** The start of a live process; null when it does not exist, is a zombie, or on Windows. */
export async function readProcessStart(pid: number, platform: NodeJS.Platform): Promise<ProcessStart | null> {
  if (platform === 'win32' || !Number.isInteger(pid) || pid <= 0) return null;
  if (platform === 'linux') return (await readLinuxFacts(pid))?.start ?? null;
  const text = await execText('ps', ['-o', 'stat=,lstart=', '-p', String(pid)]);
  const match = /^\s*(\S+)\s+(.*)$/.exec(text?.trim() ?? '');
  if (!match || match[1]!.startsWith('Z')) return null;
  const ms = Date.parse(match[2]!);
  return Number.isNaN(ms) ? null : { boot: 'wall-clock', at: Math.floor(ms / 1000) };
}

/** What the process registry records of a process when it starts. */
export interface ProcessFacts {
  identity: string;
  start: ProcessStart | null;
  pgid: number | null;
}

/**
 * readProcessIdentity, readProcessStart and readProcessGroup of one process together: on Linux from a
 * single read of /proc/<pid>/stat, as each server start records all three. Null when the process does
 * not exist, is a zombie, or on Windows.
 */
export async function readProcessFacts(pid: number, platform: NodeJS.Platform): Promise<ProcessFacts | null> {
  if (platform === 'win32' || !Number.isInteger(pid) || pid <= 0) return null;
  if (platform === 'linux') return readLinuxFacts(pid);
  const [identity, start, pgid] = await Promise.all([readProcessIdentity(pid, platform), readProcessStart(pid, platform), readProcessGroup(pid, platform)]);
  return identity === null ? null : { identity, start, pgid };
}

/** The facts of a live Linux process from one read of /proc/<pid>/stat; null when gone or a zombie. */
async function readLinuxFacts(pid: number): Promise<(ProcessFacts & { start: ProcessStart; pgid: number }) | null> {
  try {
    const stat = parseProcStat(await readFile(`/proc/${pid}/stat`, 'utf8'));
    if (!stat || stat.state === 'Z') return null;
    const boot = await readBootId();
    return { identity: `linux:${boot}:${stat.startTicks}`, start: { boot, at: Number(stat.startTicks) }, pgid: stat.pgid };
  } catch {
    return null;
  }
}

/** The process group of a live process; null when it does not exist or on Windows. */
export async function readProcessGroup(pid: number, platform: NodeJS.Platform): Promise<number | null> {
  if (platform === 'win32' || !Number.isInteger(pid) || pid <= 0) return null;
  if (platform === 'linux') return (await readLinuxFacts(pid))?.pgid ?? null;
  const text = await execText('ps', ['-o', 'pgid=', '-p', String(pid)]);
  const pgid = Number(text?.trim());
  return Number.isInteger(pgid) && pgid > 0 ? pgid : null;
}
