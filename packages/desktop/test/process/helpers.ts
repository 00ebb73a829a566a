/**
 * Shared by the process-layer tests: fixture paths, PID files, and a cleanup that SIGKILLs every
 * process a test started, so a failing test never leaks one.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { isAlive } from '../../app/main/mcp/process/treeKill';

export const fixture = (name: string) => fileURLToPath(new URL(`../fixtures/${name}`, import.meta.url));
export const desktopDir = fileURLToPath(new URL('../..', import.meta.url));

export interface PidRecord {
  role: string;
  pid: number;
  ppid: number;
}

export function readPidFile(file: string): PidRecord[] {
  if (!existsSync(file)) return [];
  return readFileSync(file, 'utf8').trim().split('\n').filter(Boolean).map((line) => JSON.parse(line) as PidRecord);
}

export const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** Polls until `check` is true or `timeoutMs` passes; returns the last result. */
export async function waitFor(check: () => boolean, timeoutMs: number): Promise<boolean> {
  const deadline = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() >= deadline) return false;
    await sleep(25);
  }
  return true;
}

/** Polls an asynchronous check until it is true or `timeoutMs` passes; returns the last result. */
export async function waitForAsync(check: () => Promise<boolean>, timeoutMs: number): Promise<boolean> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() >= deadline) return false;
    await sleep(25);
  }
  return true;
}

/** Waits until `file` lists `count` pids (the fixtures write theirs on start). */
export async function waitForPids(file: string, count: number, timeoutMs = 5000): Promise<PidRecord[]> {
  await waitFor(() => readPidFile(file).length >= count, timeoutMs);
  const records = readPidFile(file);
  if (records.length < count) throw new Error(`expected ${count} pids in ${file}, got ${records.length}`);
  return records;
}

/** A temp dir plus every pid started under it, all removed/killed by cleanup(). */
export class Sandbox {
  readonly dir = mkdtempSync(join(tmpdir(), 'elftia-proc-'));
  readonly pidFile = join(this.dir, 'pids.jsonl');
  private readonly pids = new Set<number>();

  remember(...pids: (number | undefined)[]): void {
    for (const pid of pids) if (pid) this.pids.add(pid);
  }

  /** Spawns a node script as its own process group and remembers it. */
  spawnNode(args: string[], env: Record<string, string> = {}, detached = true): ChildProcess {
    const child = spawn(process.execPath, args, { env: { ...process.env, PROC_PID_FILE: this.pidFile, ...env }, stdio: 'ignore', detached });
    this.remember(child.pid);
    return child;
  }

  alive(): number[] {
    for (const record of readPidFile(this.pidFile)) this.pids.add(record.pid);
    return [...this.pids].filter((pid) => isAlive(pid));
  }

  cleanup(): void {
    for (const pid of this.alive()) {
      for (const target of [-pid, pid]) {
        try {
          process.kill(target, 'SIGKILL');
        } catch {
          // gone
        }
      }
    }
    rmSync(this.dir, { recursive: true, force: true });
  }
}
