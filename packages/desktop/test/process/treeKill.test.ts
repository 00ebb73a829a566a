import { afterEach, describe, expect, it } from 'vitest';
import { collectTree, parseProcStat, readProcessFacts, readProcessGroup, readProcessIdentity, readProcessStart, readProcessTable, type ProcessInfo } from '../../app/main/mcp/process/processTable';
import {
  isAlive,
  killProcessTree,
  killProcessTreeSync,
  snapshotProcessTree,
} from '../../app/main/mcp/process/treeKill';
import { Sandbox, fixture, waitFor, waitForPids } from './helpers';

const platform = process.platform;
let sandbox: Sandbox;
afterEach(() => sandbox?.cleanup());

/** proc-grandchild.mjs started detached: wrapper (group leader) + grandchild ignoring EOF and SIGTERM. */
async function startTree(setsid: '0' | '1') {
  sandbox = new Sandbox();
  const child = sandbox.spawnNode([fixture('proc-grandchild.mjs')], { PROC_GRANDCHILD_SCRIPT: 'proc-ignore-eof.mjs', PROC_GRANDCHILD_SETSID: setsid });
  const records = await waitForPids(sandbox.pidFile, 2);
  const wrapper = records.find((r) => r.role === 'wrapper')!.pid;
  const server = records.find((r) => r.role === 'server')!.pid;
  expect(wrapper).toBe(child.pid);
  return { wrapper, server };
}

describe('isAlive', () => {
  it('is true for a running process and false once it exited, and for nonsense pids', async () => {
    sandbox = new Sandbox();
    const child = sandbox.spawnNode(['-e', 'setTimeout(() => {}, 30000)']);
    expect(isAlive(child.pid!)).toBe(true);
    expect(isAlive(process.pid)).toBe(true);
    child.kill('SIGKILL');
    expect(await waitFor(() => !isAlive(child.pid!), 2000)).toBe(true);
    expect(isAlive(0)).toBe(false);
    expect(isAlive(-1)).toBe(false);
    expect(isAlive(2 ** 22 + 7)).toBe(false);
  });
});

describe('killProcessTree', () => {
  it.each(['0', '1'] as const)('kills the group and escaped descendants, SIGKILLing the SIGTERM-ignorer (setsid=%s)', async (setsid) => {
    const { wrapper, server } = await startTree(setsid);
    expect(isAlive(server)).toBe(true);
    const started = Date.now();
    const result = await killProcessTree(wrapper, { platform, graceMs: 400 });
    expect(result.survivors).toEqual([]);
    expect(result.signalled).toEqual(expect.arrayContaining([wrapper, server]));
    expect(isAlive(wrapper)).toBe(false);
    expect(isAlive(server)).toBe(false);
    // The grandchild ignores SIGTERM, so the grace period had to run out.
    expect(Date.now() - started).toBeGreaterThanOrEqual(400);
  }, 15_000);

  it('finds a reparented grandchild through an earlier snapshot once the root is gone', async () => {
    const { wrapper, server } = await startTree('1');
    const snapshot = await snapshotProcessTree(wrapper, platform);
    expect(snapshot.map((info) => info.pid)).toEqual(expect.arrayContaining([wrapper, server]));
    process.kill(wrapper, 'SIGKILL');
    await waitFor(() => !isAlive(wrapper), 2000);
    // Without the snapshot nothing links the grandchild to the wrapper any more.
    await killProcessTree(wrapper, { platform, graceMs: 200 });
    expect(isAlive(server)).toBe(true);
    await killProcessTree(wrapper, { platform, graceMs: 200, knownTree: snapshot });
    expect(isAlive(server)).toBe(false);
  }, 15_000);

  it('skips a snapshot entry whose start time changed (a recycled pid)', async () => {
    sandbox = new Sandbox();
    const bystander = sandbox.spawnNode(['-e', 'setTimeout(() => {}, 30000)']);
    const fake: ProcessInfo[] = [{ pid: bystander.pid!, ppid: 1, pgid: bystander.pid!, startTicks: '1' }];
    await killProcessTree(2 ** 22 + 7, { platform, graceMs: 100, knownTree: fake });
    expect(isAlive(bystander.pid!)).toBe(true);
  });

  it('returns quickly for a pid that does not exist', async () => {
    const started = Date.now();
    expect((await killProcessTree(2 ** 22 + 7, { platform, graceMs: 2000 })).survivors).toEqual([]);
    expect(Date.now() - started).toBeLessThan(1000);
  });
});

describe('killProcessTreeSync', () => {
  it.each(['0', '1'] as const)('SIGKILLs the whole tree synchronously (setsid=%s)', async (setsid) => {
    const { wrapper, server } = await startTree(setsid);
    killProcessTreeSync(wrapper, platform);
    expect(await waitFor(() => !isAlive(wrapper) && !isAlive(server), 2000)).toBe(true);
  }, 15_000);
});

describe('process table', () => {
  it('parses /proc/<pid>/stat with spaces and parentheses in the command name', () => {
    const fields = Array.from({ length: 50 }, (_, i) => String(i + 3));
    fields[0] = 'S';
    fields[1] = '77';
    fields[2] = '88';
    fields[19] = '123456';
    expect(parseProcStat(`42 (we ird) name)) ${fields.join(' ')}`)).toEqual({ state: 'S', ppid: 77, pgid: 88, startTicks: '123456' });
    expect(parseProcStat('garbage')).toBeNull();
  });

  it('collects group members and descendants, never itself or init', () => {
    const table: ProcessInfo[] = [
      { pid: 10, ppid: 5, pgid: 10 },
      { pid: 11, ppid: 10, pgid: 10 },
      { pid: 12, ppid: 11, pgid: 12 }, // setsid grandchild
      { pid: 13, ppid: 1, pgid: 10 }, // double-forked, reparented, still in the group
      { pid: 14, ppid: 13, pgid: 14 },
      { pid: 20, ppid: 5, pgid: 20 }, // unrelated
      { pid: process.pid, ppid: 10, pgid: 10 },
    ];
    expect(collectTree(10, table).map((info) => info.pid).sort((a, b) => a - b)).toEqual([10, 11, 12, 13, 14]);
  });

  // The macOS code path (`ps`) runs on Linux too: exercise its parsing against /proc.
  it.skipIf(platform !== 'linux')('reads the same table and identities through ps as through /proc', async () => {
    sandbox = new Sandbox();
    const child = sandbox.spawnNode(['-e', 'setTimeout(() => {}, 30000)']);
    const viaPs = (await readProcessTable('darwin')).find((info) => info.pid === child.pid);
    const viaProc = (await readProcessTable('linux')).find((info) => info.pid === child.pid);
    expect(viaPs).toEqual({ pid: child.pid, ppid: process.pid, pgid: child.pid });
    expect(viaProc).toMatchObject({ pid: child.pid, ppid: process.pid, pgid: child.pid });
    const identity = await readProcessIdentity(child.pid!, 'darwin');
    expect(identity).toMatch(/^ps:\w{3} \w{3} +\d+ [\d:]+ \d{4} .*setTimeout/);
    expect(await readProcessIdentity(child.pid!, 'darwin')).toBe(identity);
    expect(await readProcessIdentity(process.pid, 'darwin')).not.toBe(identity);
    expect(await readProcessIdentity(child.pid!, 'win32')).toBeNull();
    child.kill('SIGKILL');
    await waitFor(() => !isAlive(child.pid!), 2000);
    expect(await readProcessIdentity(child.pid!, 'darwin')).toBeNull();
    expect(await readProcessIdentity(child.pid!, 'linux')).toBeNull();
  });

  // The registry records a starting server from one read; it must say what the three reads say.
  it.each(platform === 'linux' ? (['linux', 'darwin'] as const) : ([platform] as const))('reads a process’s identity, start and group in one go as the three reads do (%s)', async (as) => {
    sandbox = new Sandbox();
    const child = sandbox.spawnNode(['-e', 'setTimeout(() => {}, 30000)']);
    const facts = await readProcessFacts(child.pid!, as);
    expect(facts).toEqual({
      identity: await readProcessIdentity(child.pid!, as),
      start: await readProcessStart(child.pid!, as),
      pgid: await readProcessGroup(child.pid!, as),
    });
    expect(facts).toMatchObject({ identity: expect.any(String), pgid: child.pid });
    expect(await readProcessFacts(child.pid!, 'win32')).toBeNull();
    child.kill('SIGKILL');
    await waitFor(() => !isAlive(child.pid!), 2000);
    expect(await readProcessFacts(child.pid!, as)).toBeNull();
  });
});
