/**
 * Seed 004's auto-restart end to end: the app's services on a temp data dir, a real SDK server run
 * as `node src/server.mjs` from a sandbox, real edits on disk.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { type AppServices, createAppServices } from '../../app/main/index';
import { isAlive } from '../../app/main/mcp/process/treeKill';
import { DevSandbox, RecordingLogger, readPidFile, sleep, useFastLoginShell, waitFor } from './helpers';

/** Default debounce (300 ms) + a restart + room for a loaded machine, for "nothing else happens" checks. */
const QUIET_MS = 1500;

let sandbox: DevSandbox;
let services: AppServices | undefined;
let logger: RecordingLogger;

useFastLoginShell();

beforeEach(() => {
  sandbox = new DevSandbox();
  logger = new RecordingLogger();
});
afterEach(async () => {
  try {
    await services?.dispose();
  } finally {
    services = undefined;
    sandbox.cleanup();
  }
});

/** Starts the app's services with one server running the sandbox's script; resolves once it answered. */
async function startDevServer(watchPaths: string[] = []): Promise<string> {
  services = createAppServices({ dataDir: sandbox.dataDir, autoConnectMcp: true, logger });
  const { id } = services.mcpServers.add({
    name: 'dev',
    type: 'stdio',
    command: process.execPath,
    args: [sandbox.script],
    env: { PROC_PID_FILE: sandbox.pidFile },
    watchPaths,
    timeoutSec: 10,
    enabled: true,
  });
  await services.start();
  expect(await version(id)).toMatch(/^v1 \d+$/);
  return id;
}

/** The server's answer, or undefined while it is not connected (mid-restart). */
async function version(id: string): Promise<string | undefined> {
  try {
    const result = await services!.mcp.callTool(id, 'version', {}, `call-${Date.now()}`, { timeoutMs: 2000 });
    const first = result.content[0];
    return first?.type === 'text' ? first.text : undefined;
  } catch {
    return undefined;
  }
}

const serverPids = () => readPidFile(sandbox.pidFile).map((r) => r.pid);

/** Waits until the server was started `count` times in all and is connected; returns every pid. */
async function waitForStarts(count: number): Promise<number[]> {
  expect(await waitFor(() => serverPids().length >= count, 8000)).toBe(true);
  await waitForStatus(services!.mcpServers.list()[0]!.id, 'connected');
  return serverPids();
}

async function waitForStatus(id: string, status: string): Promise<void> {
  const deadline = Date.now() + 8000;
  while ((await services!.mcp.getState(id))?.status !== status) {
    if (Date.now() > deadline) throw new Error(`server never reached ${status}`);
    await sleep(25);
  }
}

describe('auto-restart on source change', () => {
  it('an edit of the script restarts the server: new process, new code', async () => {
    const id = await startDevServer();
    const [firstPid] = serverPids();
    sandbox.setVersion('v2');
    const pids = await waitForStarts(2);
    expect(pids[1]).not.toBe(firstPid);
    expect(await version(id)).toBe(`v2 ${pids[1]}`);
    expect(isAlive(firstPid!)).toBe(false);
    expect(logger.matching(/changed: restarting/)).toEqual([`info [mcp:dev] ${sandbox.script} changed: restarting`]);
  });

  it('several quick edits restart it once, with the last one', async () => {
    const id = await startDevServer();
    for (const v of ['v2', 'v3', 'v4', 'v5']) {
      sandbox.setVersion(v);
      await sleep(20);
    }
    const pids = await waitForStarts(2);
    await sleep(QUIET_MS);
    expect(serverPids()).toEqual(pids);
    expect(await version(id)).toBe(`v5 ${pids[1]}`);
  });

  it('a change in a watchPaths folder restarts it, also in a subfolder', async () => {
    await startDevServer([sandbox.lib]);
    writeFileSync(join(sandbox.lib, 'helper.mjs'), 'export const x = 1;\n');
    await waitForStarts(2);
    mkdirSync(join(sandbox.lib, 'nested'));
    await sleep(100);
    writeFileSync(join(sandbox.lib, 'nested', 'deep.mjs'), 'export const y = 2;\n');
    await waitForStarts(3);
  });

  it('once the server is disabled, edits no longer restart it', async () => {
    const id = await startDevServer([sandbox.lib]);
    services!.mcpServers.setEnabled(id, false);
    await waitForStatus(id, 'disabled');
    expect(await waitFor(() => serverPids().every((pid) => !isAlive(pid)), 8000)).toBe(true);
    sandbox.setVersion('v2');
    writeFileSync(join(sandbox.lib, 'helper.mjs'), 'x');
    await sleep(QUIET_MS);
    expect(serverPids()).toHaveLength(1);
    expect((await services!.mcp.getState(id))?.status).toBe('disabled');
    expect(logger.matching(/changed: restarting/)).toEqual([]);
  });

  it('once the server is deleted, edits no longer start it', async () => {
    const id = await startDevServer();
    services!.mcpServers.remove(id);
    expect(await waitFor(() => serverPids().every((pid) => !isAlive(pid)), 8000)).toBe(true);
    sandbox.setVersion('v2');
    await sleep(QUIET_MS);
    expect(serverPids()).toHaveLength(1);
    expect(logger.matching(/changed: restarting/)).toEqual([]);
  });
});
