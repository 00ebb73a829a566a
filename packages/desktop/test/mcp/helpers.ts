import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { McpServiceEvent } from '../../app/shared/contracts/mcp-connection';
import type { McpServerRecord } from '../../app/shared/contracts/mcp-types';
import { type McpTransport, type StdioTransportFactory, sdkStdioTransportFactory } from '../../app/main/mcp/transports/createTransport';
import { McpService, type McpServiceOptions } from '../../app/main/mcp/McpService';
import { ProcessStdioTransport } from '../../app/main/mcp/process/ProcessStdioTransport';

const require = createRequire(import.meta.url);
const fixturesDir = fileURLToPath(new URL('../fixtures/', import.meta.url));

export function fixture(name: string): string {
  return join(fixturesDir, name);
}

/** server-everything's launcher: the package has no main or exports, only dist/index.js. */
export function everythingEntry(): string {
  return join(dirname(require.resolve('@modelcontextprotocol/server-everything/package.json')), 'dist', 'index.js');
}

let counter = 0;

export function makeRecord(partial: Partial<McpServerRecord> & Pick<McpServerRecord, 'type' | 'config'>): McpServerRecord {
  counter += 1;
  const now = new Date().toISOString();
  return { id: `srv-${counter}`, name: `server${counter}`, timeoutSec: 10, enabled: true, disabledTools: [], alwaysAllow: [], createdAt: now, updatedAt: now, ...partial };
}

export function stdioRecord(script: string, partial: Partial<McpServerRecord> = {}, env: Record<string, string> = {}): McpServerRecord {
  return makeRecord({ type: 'stdio', config: { command: process.execPath, args: [script], env }, ...partial });
}

/** The configuration as a repository would hold it, editable by the test. */
export class ServerList {
  private readonly servers = new Map<string, McpServerRecord>();

  constructor(records: McpServerRecord[] = []) {
    for (const r of records) this.servers.set(r.id, r);
  }

  set(record: McpServerRecord): void {
    this.servers.set(record.id, record);
  }

  update(id: string, patch: Partial<McpServerRecord>): void {
    const current = this.servers.get(id);
    if (current) this.servers.set(id, { ...current, ...patch, updatedAt: new Date(Date.now() + 1).toISOString() });
  }

  remove(id: string): void {
    this.servers.delete(id);
  }

  listServers = (): McpServerRecord[] => [...this.servers.values()];
  getServer = (id: string): McpServerRecord | undefined => this.servers.get(id);
}

/**
 * Elftia's own stdio transport as the app builds it (mcpRuntime.ts): process group, tree kill, the
 * line cap, exit codes and signals.
 */
export const processStdioTransportFactory: StdioTransportFactory = (params) =>
  new ProcessStdioTransport({
    command: params.command,
    args: params.args,
    env: { ...(process.env as Record<string, string>), ...params.env },
    maxLineBytes: params.maxMessageBytes,
    onStderr: params.onStderr,
  });

/** Wraps a real stdio factory and remembers every transport it built and every pid it spawned. */
export class TrackingStdioFactory {
  readonly transports: McpTransport[] = [];
  private readonly spawned: number[] = [];

  /** @param inner the factory wrapped; default the SDK's StdioClientTransport. */
  constructor(private readonly inner: StdioTransportFactory = sdkStdioTransportFactory) {}

  readonly factory: StdioTransportFactory = (params) => {
    const transport = this.inner(params);
    const start = transport.start.bind(transport);
    // The SDK forgets the pid once the process is closed; keep it to prove the process is gone.
    transport.start = async () => {
      await start();
      if (typeof transport.pid === 'number') this.spawned.push(transport.pid);
    };
    this.transports.push(transport);
    return transport;
  };

  get spawnCount(): number {
    return this.transports.length;
  }

  /** Every pid spawned so far, in spawn order, alive or not. */
  pids(): number[] {
    return [...this.spawned];
  }
}

export interface Harness {
  service: McpService;
  servers: ServerList;
  stdio: TrackingStdioFactory;
  events: McpServiceEvent[];
}

/**
 * A service over real transports, a fast reconnect policy, and event capture. Call `closeHarness`.
 * `stdio` picks the stdio transport: the SDK's (default) or Elftia's own ProcessStdioTransport.
 */
export function createHarness(records: McpServerRecord[] = [], options: Partial<McpServiceOptions> = {}, stdioKind: 'sdk' | 'process' = 'sdk'): Harness {
  const servers = new ServerList(records);
  const stdio = new TrackingStdioFactory(stdioKind === 'process' ? processStdioTransportFactory : sdkStdioTransportFactory);
  const events: McpServiceEvent[] = [];
  const service = new McpService({
    listServers: servers.listServers,
    getServer: servers.getServer,
    stdioTransportFactory: stdio.factory,
    reconnect: { initialDelayMs: 100, maxDelayMs: 1000, jitterRatio: 0.1, maxAttempts: 5 },
    ...options,
  });
  service.onEvent((event) => events.push(event));
  return { service, servers, stdio, events };
}

export function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

/** Closes the service and proves no stdio server process outlived it. */
export async function closeHarness(harness: Harness): Promise<void> {
  await harness.service.closeAll();
  await waitFor(() => harness.stdio.pids().every((pid) => !isAlive(pid)), 5000, 'server processes to exit');
}

export async function waitFor(predicate: () => boolean | Promise<boolean>, timeoutMs: number, what: string): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await predicate())) {
    if (Date.now() > deadline) throw new Error(`timed out after ${timeoutMs} ms waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

/** A port the OS just handed out on 127.0.0.1 (for servers that only take a PORT variable). */
/** How long `work` took to settle, and what it rejected with (undefined when it resolved). */
export async function elapsedMs<T>(work: Promise<T>): Promise<{ ms: number; error: unknown }> {
  const start = performance.now();
  try {
    await work;
    return { ms: performance.now() - start, error: undefined };
  } catch (error) {
    return { ms: performance.now() - start, error };
  }
}

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port'))));
    });
  });
}

export interface RunningServer {
  port: number;
  child: ChildProcess;
  stderr: () => string;
  stop(): Promise<void>;
}

/** Starts a network server as a child process and waits for its "port N" line on stderr. */
export function startNetworkServer(args: string[], env: Record<string, string> = {}, readyTimeoutMs = 10_000): Promise<RunningServer> {
  const child = spawn(process.execPath, args, { env: { ...process.env, ...env }, stdio: ['ignore', 'ignore', 'pipe'] });
  let stderr = '';
  const stop = async () => {
    if (child.exitCode !== null || child.signalCode !== null) return;
    const exited = new Promise((resolve) => child.once('exit', resolve));
    child.kill('SIGKILL');
    await exited;
  };
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      void stop();
      reject(new Error(`server did not become ready: ${stderr}`));
    }, readyTimeoutMs);
    child.stderr?.on('data', (chunk: Buffer) => {
      stderr += String(chunk);
      const match = /(?:listening on port|running on port) (\d+)/i.exec(stderr);
      if (match?.[1] && Number(match[1]) > 0) {
        clearTimeout(timer);
        resolve({ port: Number(match[1]), child, stderr: () => stderr, stop });
      }
    });
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`server exited with ${code}: ${stderr}`));
    });
  });
}

/** A temp file for a fixture's MCP_FIXTURE_RECORD; `lines()` reads what the server recorded. */
export function recordFile(): { path: string; lines: () => string[]; cleanup: () => void } {
  const dir = mkdtempSync(join(tmpdir(), 'mcp-record-'));
  const path = join(dir, 'record.txt');
  return {
    path,
    lines: () => {
      try {
        return readFileSync(path, 'utf8').split('\n').filter(Boolean);
      } catch {
        return [];
      }
    },
    cleanup: () => rmSync(dir, { recursive: true, force: true }),
  };
}

export function textOf(result: { content?: unknown }): string {
  const content = (result.content ?? []) as { type: string; text?: string }[];
  return content.filter((c) => c.type === 'text').map((c) => c.text).join('\n');
}

/** The raw (SDK-less) stdio fixture with a record of every request method it received. */
export function rawServer(partial: Partial<McpServerRecord> = {}): { record: McpServerRecord; methods: () => string[]; cleanup: () => void } {
  const file = recordFile();
  const record = stdioRecord(fixture('raw-stdio-server.mjs'), partial, { MCP_FIXTURE_RECORD: file.path });
  return { record, methods: file.lines, cleanup: file.cleanup };
}
