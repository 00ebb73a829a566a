/**
 * Issue 3's acceptance line, checked by PID: after closeAll (dispose), app quit or SIGTERM of the host
 * process no process of any server tree survives, grandchildren included; after SIGKILL of the host
 * the leftovers are reaped at the next start. The server is proc-grandchild.mjs (an npx-like wrapper)
 * whose grandchild left the process group and ignores stdin EOF (and, but in one test, SIGTERM).
 * (A recycled PID is never killed: test/process/PidRegistry.test.ts.)
 */
import type { ChildProcess } from 'node:child_process';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { type AppServices, createAppServices } from '../../app/main/index';
import { PID_REGISTRY_FILE, isAlive } from '../../app/main/mcp/process';
import { readProcessTable } from '../../app/main/mcp/process/processTable';
import { cleanEnv, collect, spawnCli } from '../cli/cliProcess';
import { Sandbox, fixture, sleep, useFastLoginShell, waitFor, waitForAsync, waitForPids } from './helpers';

let sandbox: Sandbox;
let dataDir: string;
useFastLoginShell();
const hosts: ChildProcess[] = [];

beforeEach(() => {
  sandbox = new Sandbox();
  dataDir = join(sandbox.dir, 'data');
});
afterEach(() => {
  for (const host of hosts.splice(0)) if (host.exitCode === null && host.signalCode === null) host.kill('SIGKILL');
  sandbox.cleanup();
});

/**
 * Configures the data dir with one server: proc-grandchild.mjs running `grandchild` in a new session
 * (it left the process group, as a daemonizing child does).
 */
async function addTreeServer(grandchild = 'proc-ignore-eof.mjs', env: Record<string, string> = {}): Promise<void> {
  const services = createAppServices({ dataDir });
  try {
    services.mcpServers.add({
      name: 'tree',
      type: 'stdio',
      command: process.execPath,
      args: [fixture('proc-grandchild.mjs')],
      env: { PROC_PID_FILE: sandbox.pidFile, PROC_GRANDCHILD_SCRIPT: grandchild, PROC_GRANDCHILD_SETSID: '1', ...env },
      watchPaths: [],
      timeoutSec: 20,
      enabled: true,
    });
  } finally {
    await services.dispose();
  }
}

/** `elftia serve --json` on the data dir; resolves once it printed its URL line. */
async function startHost(): Promise<{ host: ChildProcess; exited: Promise<{ code: number | null; stderr: string }> }> {
  const host = spawnCli(['serve', '--json', '--port', '0', '--data-dir', dataDir], cleanEnv());
  hosts.push(host);
  sandbox.remember(host.pid);
  const exited = collect(host);
  let stdout = '';
  host.stdout?.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
  const ready = await waitFor(() => stdout.includes('\n') || host.exitCode !== null, 20_000);
  if (!ready || host.exitCode !== null) throw new Error(`host did not start: ${host.exitCode === null ? 'timeout' : (await exited).stderr}`);
  return { host, exited };
}

/** The wrapper's PID in the data dir's registry: until then a SIGKILL would leave nothing to reap. */
function registeredPids(): number[] {
  const file = join(dataDir, PID_REGISTRY_FILE);
  if (!existsSync(file)) return [];
  return (JSON.parse(readFileSync(file, 'utf8')) as { entries: { pid: number }[] }).entries.map((e) => e.pid);
}

/** Waits for the server tree (wrapper + grandchild) to run and the wrapper to be registered. */
async function waitForTree(alreadySeen = 0): Promise<number[]> {
  const records = await waitForPids(sandbox.pidFile, alreadySeen + 2, 15_000);
  const tree = records.slice(alreadySeen).map((r) => r.pid);
  const wrapper = records.slice(alreadySeen).find((r) => r.role === 'wrapper')!.pid;
  expect(await waitFor(() => registeredPids().includes(wrapper), 10_000)).toBe(true);
  expect(tree.filter((pid) => !isAlive(pid))).toEqual([]);
  return tree;
}

const allGone = (pids: number[]) => waitFor(() => pids.every((pid) => !isAlive(pid)), 5000);

describe('no server process outlives the host', () => {
  it('SIGTERM of the host kills the whole tree', async () => {
    await addTreeServer();
    const { host, exited } = await startHost();
    const tree = await waitForTree();
    host.kill('SIGTERM');
    const { code } = await exited;
    expect(code).toBe(0);
    expect(await allGone(tree)).toBe(true);
    expect(registeredPids()).toEqual([]);
  }, 30_000);

  it('after SIGKILL of the host the tree survives, and the next start reaps it and starts the server anew', async () => {
    // A grandchild that honours SIGTERM keeps this test (two host starts) well inside its budget;
    // reaping a SIGTERM-ignorer is covered in test/process/PidRegistry.test.ts.
    await addTreeServer('rt-ignore-eof-only.mjs');
    const first = await startHost();
    const oldTree = await waitForTree();
    first.host.kill('SIGKILL');
    await first.exited;
    // Nothing ran in the host (no safety net can): the tree is still there.
    await sleep(300);
    expect(oldTree.filter((pid) => !isAlive(pid))).toEqual([]);

    await startHost();
    expect(await allGone(oldTree)).toBe(true);
    const newTree = await waitForTree(oldTree.length);
    expect(newTree.some((pid) => oldTree.includes(pid))).toBe(false);
    // Its SIGTERM path is the test above; afterEach kills this host and the new tree.
  }, 30_000);

  it('after SIGKILL of the host, the next start reaps the group of a root that exited too (its grandchild a child of init)', async () => {
    // The wrapper exits with its host; its grandchild stays behind in the wrapper's process group.
    await addTreeServer('rt-ignore-eof-only.mjs', { PROC_GRANDCHILD_SETSID: '0', PROC_GRANDCHILD_EXIT_WITH_PARENT: '1' });
    const first = await startHost();
    const records = await waitForPids(sandbox.pidFile, 2, 15_000);
    const wrapper = records.find((r) => r.role === 'wrapper')!.pid;
    const grandchild = records.find((r) => r.role === 'server')!.pid;
    expect(await waitFor(() => registeredPids().includes(wrapper), 10_000)).toBe(true);
    first.host.kill('SIGKILL');
    await first.exited;
    // Orphaned once the wrapper's last thread is gone: init adopted it, and it is still in the wrapper's group.
    const orphan = async () => (await readProcessTable(process.platform)).find((info) => info.pid === grandchild);
    expect(await waitForAsync(async () => (await orphan())?.ppid === 1, 5000)).toBe(true);
    expect(await orphan()).toMatchObject({ ppid: 1, pgid: wrapper });
    expect(isAlive(wrapper)).toBe(false);

    await startHost();
    expect(await allGone([grandchild])).toBe(true);
  }, 30_000);

  it('a server still in `initialize` when the host is SIGKILLed is registered, and reaped at the next start', async () => {
    await addTreeServer('proc-mute-server.mjs');
    const first = await startHost();
    // Registered although `initialize` never answers: tracked from the spawn.
    const tree = await waitForTree();
    first.host.kill('SIGKILL');
    await first.exited;
    await sleep(300);
    expect(tree.filter((pid) => !isAlive(pid))).toEqual([]);

    await startHost();
    expect(await allGone(tree)).toBe(true);
  }, 30_000);

  it('a package download still running when the host is SIGKILLed is reaped at the next start', async () => {
    // A stand-in npx whose download never ends (it waits on a `sleep` in its group).
    const npx = join(sandbox.dir, 'npx');
    writeFileSync(npx, readFileSync(fixture('fake-npx.sh')), { mode: 0o755 });
    const downloadPids = join(sandbox.dir, 'download-pids.txt');
    const pids = () => (existsSync(downloadPids) ? readFileSync(downloadPids, 'utf8').trim().split('\n').filter(Boolean).map(Number) : []);
    const services = createAppServices({ dataDir });
    try {
      services.mcpServers.add({
        name: 'download',
        type: 'stdio',
        command: npx,
        args: ['-y', '@example/never-downloaded@1.0.0'],
        env: { FAKE_NPX_RECORD: join(sandbox.dir, 'calls.txt'), FAKE_NPX_PIDS: downloadPids, FAKE_NPX_MODE: 'hang' },
        watchPaths: [],
        timeoutSec: 20,
        enabled: true,
      });
    } finally {
      await services.dispose();
    }
    const first = await startHost();
    expect(await waitFor(() => pids().length === 2, 15_000)).toBe(true);
    const download = pids();
    sandbox.remember(...download);
    expect(await waitFor(() => registeredPids().includes(download[0]!), 10_000)).toBe(true);
    first.host.kill('SIGKILL');
    await first.exited;
    await sleep(300);
    expect(download.filter((pid) => !isAlive(pid))).toEqual([]);

    const second = await startHost();
    expect(await allGone(download)).toBe(true);
    // The new start downloads again; a SIGTERM of its host ends that download too.
    expect(await waitFor(() => pids().length === 4, 15_000)).toBe(true);
    sandbox.remember(...pids());
    second.host.kill('SIGTERM');
    await second.exited;
    expect(await allGone(pids())).toBe(true);
  }, 40_000);
});

describe('in process', () => {
  let services: AppServices | undefined;
  afterEach(async () => {
    await services?.dispose();
    services = undefined;
  });

  it('services.dispose() leaves no process of the tree when it resolves', async () => {
    await addTreeServer();
    services = createAppServices({ dataDir, autoConnectMcp: true });
    await services.start();
    const tree = await waitForTree();
    await services.dispose();
    services = undefined;
    expect(tree.filter((pid) => isAlive(pid))).toEqual([]);
    expect(registeredPids()).toEqual([]);
  }, 30_000);

  it('a server stopped while still in `initialize` leaves no process and no registry entry behind', async () => {
    await addTreeServer('proc-mute-server.mjs');
    services = createAppServices({ dataDir });
    await services.start();
    const id = services.mcpServers.list()[0]!.id;
    const connecting = services.mcp.connect(id);
    const tree = await waitForTree();
    expect((await services.mcp.getState(id))?.status).toBe('connecting');
    await services.mcp.disconnect(id);
    await expect(connecting).rejects.toMatchObject({ code: 'CANCELLED' });
    expect(tree.filter((pid) => isAlive(pid))).toEqual([]);
    expect(registeredPids()).toEqual([]);
  }, 30_000);
});
