/**
 * Kills a server's whole process tree, not just the direct child: `npx`, `uvx`, `cmd /c` and shell
 * wrappers run the real server as a grandchild, and killing only the wrapper is how peer hosts leak
 * hundreds of processes.
 */
import { execFile, spawnSync } from 'node:child_process';
import { collectTree, readLinuxState, readProcessTable, readProcessTableSync, type ProcessInfo } from './processTable';

/** Default wait between SIGTERM and SIGKILL, in milliseconds. */
export const DEFAULT_KILL_GRACE_MS = 2000;
/** How long to wait for SIGKILLed processes to disappear, in milliseconds. */
const AFTER_SIGKILL_WAIT_MS = 1000;
const POLL_INTERVAL_MS = 50;

export interface KillTreeOptions {
  platform: NodeJS.Platform;
  /** Wait between SIGTERM and SIGKILL, in milliseconds. Default 2000. */
  graceMs?: number;
  /**
   * Processes seen in the tree earlier (see snapshotProcessTree). They are killed too if they still run
   * with the same start time: once the root has exited, an escaped grandchild has no link left to it.
   */
  knownTree?: ProcessInfo[];
}

export interface KillTreeResult {
  /** Every PID that was signalled. */
  signalled: number[];
  /** PIDs still alive after SIGKILL (normally empty; e.g. a process in uninterruptible sleep). */
  survivors: number[];
}

/**
 * True when the process exists and has not exited. On Linux a zombie counts as gone: it has exited
 * and only waits for a parent (or a non-reaping PID 1 in a container) to collect it.
 */
export function isAlive(pid: number, platform: NodeJS.Platform = process.platform): boolean {
  if (!Number.isInteger(pid) || pid <= 0) return false;
  try {
    process.kill(pid, 0);
  } catch (error) {
    // EPERM: it exists but belongs to someone else.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
  if (platform !== 'linux') return true;
  const state = readLinuxState(pid);
  return state !== null && state !== 'Z';
}

function signal(pid: number, sig: NodeJS.Signals): void {
  try {
    process.kill(pid, sig);
  } catch {
    // ESRCH: already gone; EPERM: not ours to kill. Neither is an error for a best-effort kill.
  }
}

function sameIncarnation(known: ProcessInfo, current: ProcessInfo | undefined): boolean {
  if (!current) return false;
  return known.startTicks === undefined || known.startTicks === current.startTicks;
}

/** The live tree of `pid` now, plus still-running members of an earlier snapshot of it. */
async function currentTree(pid: number, platform: NodeJS.Platform, knownTree: ProcessInfo[]): Promise<ProcessInfo[]> {
  const table = await readProcessTable(platform);
  const byPid = new Map(table.map((info) => [info.pid, info]));
  const knownAlive = knownTree.filter((known) => sameIncarnation(known, byPid.get(known.pid))).map((known) => known.pid);
  return collectTree(pid, table, knownAlive);
}

/** Snapshot of a tree to pass later as `knownTree`; take it while the root is still running. */
export async function snapshotProcessTree(pid: number, platform: NodeJS.Platform): Promise<ProcessInfo[]> {
  if (platform === 'win32') return [];
  return collectTree(pid, await readProcessTable(platform));
}

function signalTree(rootPid: number, members: Iterable<number>, sig: NodeJS.Signals): void {
  // The group first, so children forked between our table read and now are included.
  signal(-rootPid, sig);
  for (const pid of members) signal(pid, sig);
}

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

async function waitUntilGone(pids: Set<number>, platform: NodeJS.Platform, timeoutMs: number): Promise<number[]> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const alive = [...pids].filter((pid) => isAlive(pid, platform));
    if (alive.length === 0 || Date.now() >= deadline) return alive;
    await sleep(POLL_INTERVAL_MS);
  }
}

async function killPosixTree(pid: number, options: KillTreeOptions): Promise<KillTreeResult> {
  const { platform, graceMs = DEFAULT_KILL_GRACE_MS, knownTree = [] } = options;
  const members = new Set((await currentTree(pid, platform, knownTree)).map((info) => info.pid));
  members.add(pid);
  signalTree(pid, members, 'SIGTERM');
  const stubborn = await waitUntilGone(members, platform, graceMs);
  if (stubborn.length === 0) return { signalled: [...members], survivors: [] };
  // Re-read: a stubborn process may have forked while dying; its new children must go too.
  for (const info of await currentTree(pid, platform, knownTree)) members.add(info.pid);
  signalTree(pid, members, 'SIGKILL');
  const survivors = await waitUntilGone(members, platform, AFTER_SIGKILL_WAIT_MS);
  return { signalled: [...members], survivors };
}

function taskkill(pid: number): Promise<void> {
  return new Promise((resolve) => {
    // /T: the whole tree; /F: console servers ignore the polite WM_CLOSE that plain taskkill sends.
    execFile('taskkill', ['/T', '/F', '/PID', String(pid)], { windowsHide: true, timeout: 10_000 }, () => resolve());
  });
}

/**
 * POSIX: SIGTERM to the process group (-pid) and to every descendant found in the process table (those
 * that left the group via setsid), wait `graceMs`, then SIGKILL whatever is left and confirm it is gone.
 * Windows: `taskkill /T /F /PID`. Never throws.
 */
export async function killProcessTree(pid: number, options: KillTreeOptions): Promise<KillTreeResult> {
  if (!Number.isInteger(pid) || pid <= 0) return { signalled: [], survivors: [] };
  try {
    if (options.platform !== 'win32') return await killPosixTree(pid, options);
    await taskkill(pid);
    const survivors = await waitUntilGone(new Set([pid]), options.platform, options.graceMs ?? DEFAULT_KILL_GRACE_MS);
    return { signalled: [pid], survivors };
  } catch {
    // Reading the process table failed: still kill what can be killed without it.
    signalTree(pid, [pid], 'SIGKILL');
    return { signalled: [pid], survivors: isAlive(pid, options.platform) ? [pid] : [] };
  }
}

/**
 * For `process.on('exit')`, where nothing asynchronous runs: SIGKILL the group and, on Linux, every
 * descendant read synchronously from /proc. Windows needs taskkill for a tree; spawnSync is
 * synchronous, so it still completes inside the exit handler.
 */
export function killProcessTreeSync(pid: number, platform: NodeJS.Platform = process.platform, knownTree: ProcessInfo[] = []): void {
  if (!Number.isInteger(pid) || pid <= 0) return;
  if (platform === 'win32') {
    spawnSync('taskkill', ['/T', '/F', '/PID', String(pid)], { windowsHide: true, timeout: 5000 });
    return;
  }
  const table = readProcessTableSync(platform);
  const byPid = new Map(table.map((info) => [info.pid, info]));
  const knownAlive = knownTree.filter((known) => sameIncarnation(known, byPid.get(known.pid))).map((known) => known.pid);
  const members = collectTree(pid, table, knownAlive).map((info) => info.pid);
  signalTree(pid, [pid, ...members], 'SIGKILL');
}
