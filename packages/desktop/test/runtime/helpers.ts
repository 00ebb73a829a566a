/**
 * Shared by the runtime tests: a sandbox holding a copy of a fixture server that tests may edit, a
 * stand-in for the McpService surface SourceWatcher uses, and a logger that records its lines.
 */
import { copyFileSync, mkdirSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll } from 'vitest';
import type { McpServerState, McpServiceEvent } from '../../app/shared/contracts/mcp-connection';
import type { McpServerRecord, McpServerStatus } from '../../app/shared/contracts/mcp-types';
import type { McpLogger } from '../../app/main/mcp/ConnectionPool';
import { EventHub } from '../../app/main/lib/eventHub';
import type { SourceWatchedService } from '../../app/main/mcp/SourceWatcher';
import { Sandbox, desktopDir, fixture } from '../process/helpers';

export { Sandbox, fixture, readPidFile, sleep, waitFor, waitForAsync, waitForPids } from '../process/helpers';

/**
 * The first connect resolves the login shell's environment; a slow ~/.bashrc would cost every
 * in-process test seconds (up to the 5 s timeout) without being what these tests are about. Child
 * hosts get cleanEnv()'s empty HOME instead.
 */
export function useFastLoginShell(): void {
  const shell = process.env.SHELL;
  beforeAll(() => {
    process.env.SHELL = '/bin/sh';
  });
  afterAll(() => {
    if (shell === undefined) delete process.env.SHELL;
    else process.env.SHELL = shell;
  });
}

/**
 * A sandbox with `src/server.mjs` (a copy of rt-version-server.mjs the test may edit), an empty
 * `lib/` folder to use as a watchPath, and a node_modules link so the copy finds the SDK.
 */
export class DevSandbox extends Sandbox {
  readonly script = join(this.dir, 'src', 'server.mjs');
  readonly lib = join(this.dir, 'lib');
  readonly dataDir = join(this.dir, 'data');

  constructor() {
    super();
    mkdirSync(join(this.dir, 'src'));
    mkdirSync(this.lib);
    symlinkSync(join(desktopDir, 'node_modules'), join(this.dir, 'node_modules'), 'dir');
    copyFileSync(fixture('rt-version-server.mjs'), this.script);
  }

  /** Rewrites the script with another VERSION constant, in place (same inode). */
  setVersion(version: string): void {
    const source = readFileSync(this.script, 'utf8').replace(/const VERSION = '[^']*';/, `const VERSION = '${version}';`);
    writeFileSync(this.script, source);
  }
}

export class RecordingLogger implements McpLogger {
  readonly lines: string[] = [];
  info = (message: string) => void this.lines.push(`info ${message}`);
  warn = (message: string) => void this.lines.push(`warn ${message}`);
  error = (message: string) => void this.lines.push(`error ${message}`);

  matching(pattern: RegExp): string[] {
    return this.lines.filter((line) => pattern.test(line));
  }
}

export function stdioServer(id: string, config: McpServerRecord['config'], partial: Partial<McpServerRecord> = {}): McpServerRecord {
  const now = new Date().toISOString();
  return { id, name: id, type: 'stdio', config, timeoutSec: 10, enabled: true, disabledTools: [], alwaysAllow: [], createdAt: now, updatedAt: now, ...partial };
}

/**
 * The McpService surface SourceWatcher uses, with statuses set by the test and a record of calls.
 * `gate` holds disconnect or connect open so a test can act while a restart is in flight.
 */
export class ScriptedService implements SourceWatchedService {
  readonly calls: string[] = [];
  readonly servers = new Map<string, McpServerRecord>();
  gate: { phase: 'disconnect' | 'connect'; release: Promise<void> } | undefined;
  private readonly status = new Map<string, McpServerStatus>();
  private readonly events = new EventHub<McpServiceEvent>();

  setStatus(id: string, status: McpServerStatus): void {
    this.status.set(id, status);
    this.events.emit({ type: 'state', serverId: id, state: this.stateOf(id)! });
  }

  onEvent(listener: (event: McpServiceEvent) => void): () => void {
    return this.events.subscribe(listener);
  }

  emitRemoved(id: string): void {
    this.events.emit({ type: 'removed', serverId: id });
  }

  readonly logLines: Array<{ id: string; text: string }> = [];

  appendLog(id: string, _level: string, text: string): void {
    this.logLines.push({ id, text });
  }

  async connect(id: string): Promise<void> {
    await this.step('connect', id);
    this.setStatus(id, 'connected');
  }

  async disconnect(id: string): Promise<void> {
    await this.step('disconnect', id);
    this.setStatus(id, 'disconnected');
  }

  async getState(id: string): Promise<McpServerState | undefined> {
    return this.stateOf(id);
  }

  async listStates(): Promise<McpServerState[]> {
    return [...this.status.keys()].map((id) => this.stateOf(id)!);
  }

  readonly listServers = (): McpServerRecord[] => [...this.servers.values()];
  readonly getServer = (id: string): McpServerRecord | undefined => this.servers.get(id);

  private async step(phase: 'disconnect' | 'connect', id: string): Promise<void> {
    this.calls.push(`${phase} ${id}`);
    if (this.gate?.phase === phase) await this.gate.release;
  }

  private stateOf(id: string): McpServerState | undefined {
    const status = this.status.get(id);
    if (!status) return undefined;
    return { serverId: id, serverName: id, status, consecutiveErrors: 0, degraded: false, toolCount: 0, updatedAtMs: Date.now() };
  }
}

/** A promise and the function that resolves it. */
export function deferred(): { promise: Promise<void>; resolve: () => void } {
  let resolve!: () => void;
  const promise = new Promise<void>((r) => (resolve = r));
  return { promise, resolve };
}
