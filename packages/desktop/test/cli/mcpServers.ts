/**
 * Real MCP servers for the CLI tests, each started through fixtures/pid-wrapper.mjs so the test
 * knows the exact PIDs it must find gone after every command.
 */
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect } from 'vitest';
import { createAppServices } from '../../app/main/index';
import { createAppCaller } from '../../app/main/routers/appRouter';

const require = createRequire(import.meta.url);
const PID_WRAPPER = fileURLToPath(new URL('./fixtures/pid-wrapper.mjs', import.meta.url));
export const FAULT_SERVER = fileURLToPath(new URL('../fixtures/mcp-fault-server.mjs', import.meta.url));

/** server-everything's launcher: the package has no main or exports, only dist/index.js. */
export const EVERYTHING_DIR = path.dirname(require.resolve('@modelcontextprotocol/server-everything/package.json'));
export const EVERYTHING_ENTRY = path.join(EVERYTHING_DIR, 'dist', 'index.js');

/** The PIDs the wrapped servers of one data dir reported, one per start. */
export class ServerPids {
  readonly file: string;

  constructor(dir: string) {
    this.file = path.join(dir, 'server-pids.txt');
  }

  list(): number[] {
    if (!fs.existsSync(this.file)) return [];
    return fs.readFileSync(this.file, 'utf8').split('\n').filter(Boolean).map(Number);
  }

  /** Reported PIDs still held by one of our servers (a PID the system reused for another process does not count). */
  alive(): number[] {
    return this.list().filter((pid) => isOurServer(pid, this.file));
  }

  /** After a CLI process has exited, none of the servers it started may still run. */
  expectNoneAlive(): void {
    expect(this.list().length, 'the command started no server').toBeGreaterThan(0);
    expect(this.alive()).toEqual([]);
  }

  /** Cleanup after a failed test: only processes proven to be our own servers, never anything found by name. */
  killSurvivors(): void {
    for (const pid of this.alive()) process.kill(pid, 'SIGKILL');
  }
}

/**
 * On Linux the process's environment proves it is the server started with this PID file (a zombie
 * has an empty one, and counts as gone). Elsewhere, existence is the best available check.
 */
function isOurServer(pid: number, pidFile: string): boolean {
  if (process.platform === 'linux') {
    try {
      return fs.readFileSync(`/proc/${pid}/environ`, 'utf8').split('\0').includes(`ELFTIA_TEST_PID_FILE=${pidFile}`);
    } catch {
      return false;
    }
  }
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

export interface StdioServer {
  name: string;
  /** The server script and its arguments, run through the pid wrapper. */
  script: string[];
  env?: Record<string, string>;
  enabled?: boolean;
  timeoutSec?: number;
  command?: string;
}

/** The `--command/--arg` pair `mcp add` needs for a wrapped server. */
function wrappedArgs(script: string[]): string[] {
  return [PID_WRAPPER, ...script];
}

/**
 * Stores servers in a data dir directly through the router (no CLI process: `mcp add` has its own
 * tests), so each test spends its time on the command it is about.
 */
export async function addServers(dataDir: string, pids: ServerPids, servers: StdioServer[]): Promise<void> {
  const services = createAppServices({ dataDir });
  try {
    const caller = createAppCaller({ services });
    for (const server of servers) {
      await caller.mcp.add({
        name: server.name,
        type: 'stdio',
        command: server.command ?? process.execPath,
        args: server.command ? server.script : wrappedArgs(server.script),
        env: { ELFTIA_TEST_PID_FILE: pids.file, ...server.env },
        enabled: server.enabled ?? true,
        timeoutSec: server.timeoutSec ?? 30,
      });
    }
  } finally {
    await services.dispose();
  }
}
