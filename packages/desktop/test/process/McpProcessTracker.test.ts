import { spawn } from 'node:child_process';
import { Client, type Transport } from '@modelcontextprotocol/client';
import { StdioClientTransport } from '@modelcontextprotocol/client/stdio';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { McpProcessTracker } from '../../app/main/mcp/process/McpProcessTracker';
import { liveTrackerCount } from '../../app/main/mcp/process/exitSafetyNet';
import { PidRegistry } from '../../app/main/mcp/process/PidRegistry';
import { ProcessStdioTransport } from '../../app/main/mcp/process/ProcessStdioTransport';
import { isAlive } from '../../app/main/mcp/process/treeKill';
import { Sandbox, desktopDir, fixture, readPidFile, waitFor, waitForPids } from './helpers';

let sandbox: Sandbox;
const trackers: McpProcessTracker[] = [];
/** A tracker disposed after the test. */
function newTracker(config: ConstructorParameters<typeof McpProcessTracker>[0]): McpProcessTracker {
  const tracker = new McpProcessTracker(config);
  trackers.push(tracker);
  return tracker;
}
beforeEach(() => {
  sandbox = new Sandbox();
});
afterEach(async () => {
  await Promise.all(trackers.splice(0).map((tracker) => tracker.dispose()));
  sandbox.cleanup();
});

const treeEnv = (setsid: '0' | '1') => ({
  ...(process.env as Record<string, string>),
  PROC_PID_FILE: sandbox.pidFile,
  PROC_GRANDCHILD_SCRIPT: 'proc-ignore-eof.mjs',
  PROC_GRANDCHILD_SETSID: setsid,
});

/** Connects a Client to an npx-style tree whose grandchild ignores EOF and SIGTERM. */
async function connectTree(transport: Transport & { pid?: number | null }) {
  const client = new Client({ name: 'test', version: '1.0.0' });
  await client.connect(transport);
  await client.callTool({ name: 'whoami', arguments: {} });
  sandbox.remember(transport.pid ?? undefined);
  return { client, connection: { get pid() { return transport.pid; }, close: () => client.close() } };
}

function ownTransport(setsid: '0' | '1') {
  return new ProcessStdioTransport({ command: process.execPath, args: [fixture('proc-grandchild.mjs')], env: treeEnv(setsid), closeGraceMs: 200, killGraceMs: 300 });
}

describe('McpProcessTracker', () => {
  it('live trackers share one exit listener, and the last dispose removes it', async () => {
    const before = process.listenerCount('exit');
    const liveBefore = liveTrackerCount();
    const a = new McpProcessTracker();
    const b = new McpProcessTracker();
    expect(a).not.toBe(b);
    expect(liveTrackerCount()).toBe(liveBefore + 2);
    expect(process.listenerCount('exit')).toBe(before + (liveBefore === 0 ? 1 : 0));
    await a.dispose();
    await a.dispose();
    expect(liveTrackerCount()).toBe(liveBefore + 1);
    await b.dispose();
    expect(liveTrackerCount()).toBe(liveBefore);
    expect(process.listenerCount('exit')).toBe(before);
  });

  it('closeAll kills every tracked tree and clears the registry', async () => {
    const registry = new PidRegistry({ dataDir: sandbox.dir });
    const tracker = newTracker({ registry, closeTimeoutMs: 1000, killGraceMs: 300 });
    const a = await connectTree(ownTransport('0'));
    const b = await connectTree(ownTransport('1'));
    await Promise.all([tracker.track(a.connection), tracker.track(b.connection), tracker.track(a.connection)]);
    const pids = (await waitForPids(sandbox.pidFile, 4)).map((r) => r.pid);
    expect((await registry.list()).map((e) => e.pid).sort()).toEqual([a.connection.pid, b.connection.pid].sort());
    expect(tracker.trackedPids().sort()).toEqual([a.connection.pid, b.connection.pid].sort());

    await tracker.closeAll();
    expect(pids.filter((pid) => isAlive(pid))).toEqual([]);
    expect(tracker.trackedPids()).toEqual([]);
    expect(await registry.list()).toEqual([]);
  }, 15_000);

  it.each(['0', '1'] as const)('closeConnection kills the grandchild the SDK transport leaves behind (setsid=%s)', async (setsid) => {
    const registry = new PidRegistry({ dataDir: sandbox.dir });
    const tracker = newTracker({ registry, closeTimeoutMs: 3000, killGraceMs: 300 });
    // The SDK's transport signals only its direct child (the grandchild shares our own group or left
    // it), and it forgets its pid once closed.
    const sdk = new StdioClientTransport({ command: process.execPath, args: [fixture('proc-grandchild.mjs')], env: treeEnv(setsid), stderr: 'ignore' });
    const { connection } = await connectTree(sdk);
    await tracker.track(connection);
    const records = await waitForPids(sandbox.pidFile, 2);
    expect((await registry.list()).map((e) => e.pid)).toEqual([sdk.pid]);
    await tracker.closeConnection(connection);
    expect(sdk.pid).toBeNull();
    expect(records.filter((r) => isAlive(r.pid))).toEqual([]);
    expect(await registry.list()).toEqual([]);
  }, 15_000);

  it('dispose kills its own trees only; a process tracked after dispose is closed at once', async () => {
    const mine = newTracker({ closeTimeoutMs: 1000, killGraceMs: 300 });
    const other = newTracker({ closeTimeoutMs: 1000, killGraceMs: 300 });
    const a = await connectTree(ownTransport('1'));
    await mine.track(a.connection);
    const aTree = (await waitForPids(sandbox.pidFile, 2)).map((r) => r.pid);
    const b = await connectTree(ownTransport('1'));
    await other.track(b.connection);
    const bTree = (await waitForPids(sandbox.pidFile, 4)).slice(2).map((r) => r.pid);

    await mine.dispose();
    expect(aTree.filter((pid) => isAlive(pid))).toEqual([]);
    expect(bTree.filter((pid) => !isAlive(pid))).toEqual([]);
    expect(other.trackedPids()).toEqual([b.connection.pid]);

    const late = await connectTree(ownTransport('1'));
    const lateTree = (await waitForPids(sandbox.pidFile, 6)).slice(4).map((r) => r.pid);
    await mine.track(late.connection);
    expect(lateTree.filter((pid) => isAlive(pid))).toEqual([]);
    expect(mine.trackedPids()).toEqual([]);
  }, 20_000);

  it('kills the tree when a graceful close hangs, after closeTimeoutMs', async () => {
    const tracker = newTracker({ closeTimeoutMs: 400, killGraceMs: 300 });
    const transport = ownTransport('1');
    await connectTree(transport);
    let closeCalls = 0;
    const hanging = { pid: transport.pid, close: () => { closeCalls += 1; return new Promise<void>(() => {}); } };
    await tracker.track(hanging);
    const records = await waitForPids(sandbox.pidFile, 2);
    const started = Date.now();
    await Promise.all([tracker.closeConnection(hanging), tracker.closeConnection(hanging)]);
    expect(closeCalls).toBe(1);
    expect(Date.now() - started).toBeGreaterThanOrEqual(400);
    expect(records.filter((r) => isAlive(r.pid))).toEqual([]);
  }, 15_000);
});

/** Runs proc-tracker-host.ts and resolves once it printed "ready <pid>". */
function startHost(mode: 'exit' | 'wait') {
  const host = spawn(process.execPath, ['--import', 'tsx', fixture('proc-tracker-host.ts'), mode], {
    cwd: desktopDir,
    env: { ...process.env, PROC_DATA_DIR: sandbox.dir, PROC_PID_FILE: sandbox.pidFile },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  sandbox.remember(host.pid);
  let stderr = '';
  host.stderr.on('data', (chunk) => (stderr += chunk));
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) => host.on('exit', (code, signal) => resolve({ code, signal })));
  const ready = new Promise<number>((resolve, reject) => {
    let out = '';
    host.stdout.on('data', (chunk) => {
      out += chunk;
      const match = /ready (\d+)/.exec(out);
      if (match) resolve(Number(match[1]));
    });
    host.on('exit', () => reject(new Error(`host exited before ready: ${stderr}`)));
  });
  return { host, ready, exited };
}

const treePids = () => readPidFile(sandbox.pidFile).map((r) => r.pid);

describe('McpProcessTracker in a host process', () => {
  it('the exit safety net kills the tracked tree when the host exits', async () => {
    const { ready, exited } = startHost('exit');
    await ready.catch(() => undefined); // with mode "exit" the host may be gone before we read "ready"
    expect((await exited).code).toBe(0);
    expect(treePids()).toHaveLength(2);
    expect(await waitFor(() => treePids().every((pid) => !isAlive(pid)), 2000)).toBe(true);
  }, 15_000);

  it('SIGTERM runs closeAll, exits 143, and leaves nothing behind', async () => {
    const { host, ready, exited } = startHost('wait');
    await ready;
    expect(treePids().every((pid) => isAlive(pid))).toBe(true);
    host.kill('SIGTERM');
    expect((await exited).code).toBe(143);
    expect(treePids().filter((pid) => isAlive(pid))).toEqual([]);
    expect(await new PidRegistry({ dataDir: sandbox.dir }).list()).toEqual([]);
  }, 15_000);

  it('after SIGKILL of the host the next start reaps the leftovers', async () => {
    const { host, ready, exited } = startHost('wait');
    const wrapperPid = await ready;
    host.kill('SIGKILL');
    await exited;
    // Nothing ran in the host: the tree survives it.
    expect(treePids().every((pid) => isAlive(pid))).toBe(true);
    const reaped = await new PidRegistry({ dataDir: sandbox.dir, killGraceMs: 300 }).reapLeftovers();
    expect(reaped.map((e) => e.pid)).toEqual([wrapperPid]);
    expect(treePids().filter((pid) => isAlive(pid))).toEqual([]);
  }, 15_000);
});
