import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { PID_REGISTRY_FILE, PidRegistry } from '../../app/main/mcp/process/PidRegistry';
import { readProcessTable } from '../../app/main/mcp/process/processTable';
import { TREE_MARKER_ENV } from '../../app/main/mcp/process/treeMarker';
import { isAlive } from '../../app/main/mcp/process/treeKill';
import { Sandbox, fixture, waitFor, waitForAsync, waitForPids } from './helpers';

/** The real atomic write, counted: servers starting together should share writes. */
const writes = vi.hoisted(() => ({ count: 0 }));
vi.mock('../../app/main/lib/atomicJson', async (importOriginal) => {
  const real = await importOriginal<typeof import('../../app/main/lib/atomicJson')>();
  return {
    ...real,
    writeJsonAtomic: (...args: Parameters<typeof real.writeJsonAtomic>) => {
      writes.count++;
      return real.writeJsonAtomic(...args);
    },
  };
});

let sandbox: Sandbox;
afterEach(() => sandbox?.cleanup());

const HOLD = ['-e', 'setInterval(() => {}, 1000)'];

/** A "previous run": an owner process that registered a detached server tree, then died. */
async function previousRun(options: { ownerDies: boolean }) {
  sandbox = new Sandbox();
  const owner = sandbox.spawnNode(HOLD);
  const server = sandbox.spawnNode([fixture('proc-grandchild.mjs')], { PROC_GRANDCHILD_SCRIPT: 'proc-ignore-eof.mjs', PROC_GRANDCHILD_SETSID: '1' });
  const records = await waitForPids(sandbox.pidFile, 2);
  const grandchild = records.find((r) => r.role === 'server')!.pid;
  const past = new PidRegistry({ dataDir: sandbox.dir, ownerPid: owner.pid! });
  await past.add(server.pid!, { label: 'everything' });
  if (options.ownerDies) {
    owner.kill('SIGKILL');
    await waitFor(() => !isAlive(owner.pid!), 2000);
  }
  return { server: server.pid!, grandchild, owner: owner.pid! };
}

const file = () => join(sandbox.dir, PID_REGISTRY_FILE);

/**
 * A "previous run" whose server root is gone too: the wrapper (its own group's leader, started with a
 * tree marker) left its grandchild behind in that group, now a child of init. The grandchild ignores
 * stdin EOF and SIGTERM.
 */
async function orphanedGroup() {
  sandbox = new Sandbox();
  const marker = 'marker-of-this-tree';
  const owner = sandbox.spawnNode(HOLD);
  const root = sandbox.spawnNode([fixture('proc-grandchild.mjs')], { PROC_GRANDCHILD_SCRIPT: 'proc-ignore-eof.mjs', [TREE_MARKER_ENV]: marker });
  const records = await waitForPids(sandbox.pidFile, 2);
  const grandchild = records.find((r) => r.role === 'server')!.pid;
  await new PidRegistry({ dataDir: sandbox.dir, ownerPid: owner.pid! }).add(root.pid!, { label: 'tree', marker });
  owner.kill('SIGKILL');
  root.kill('SIGKILL');
  // Orphaned: init adopted it (once the root's last thread is gone), and it is still in the root's group.
  const info = async () => (await readProcessTable(process.platform)).find((p) => p.pid === grandchild);
  expect(await waitForAsync(async () => (await info())?.ppid === 1, 5000)).toBe(true);
  expect(await info()).toMatchObject({ ppid: 1, pgid: root.pid });
  expect(await waitFor(() => !isAlive(owner.pid!) && !isAlive(root.pid!), 2000)).toBe(true);
  return { root: root.pid!, grandchild };
}

function editEntry(change: (entry: Record<string, unknown>) => void): void {
  const data = JSON.parse(readFileSync(file(), 'utf8')) as { entries: Record<string, unknown>[] };
  change(data.entries[0]!);
  writeFileSync(file(), JSON.stringify(data));
}

describe('PidRegistry', () => {
  it('persists entries atomically with an identity and removes them', async () => {
    sandbox = new Sandbox();
    const child = sandbox.spawnNode(HOLD);
    const registry = new PidRegistry({ dataDir: join(sandbox.dir, 'nested'), now: () => 1234 });
    await Promise.all([registry.add(child.pid!, { label: 'a' }), registry.add(process.pid, { label: 'b' })]);
    const entries = await registry.list();
    expect(entries.map((e) => [e.pid, e.label, e.ownerPid, e.addedAtMs])).toEqual([
      [child.pid, 'a', process.pid, 1234],
      [process.pid, 'b', process.pid, 1234],
    ]);
    expect(entries[0]!.identity).toMatch(process.platform === 'linux' ? /^linux:[0-9a-f-]+:\d+$/ : /^ps:/);
    expect(entries[0]!.identity).not.toBe(entries[1]!.identity);
    await registry.remove(child.pid!);
    expect((await registry.list()).map((e) => e.pid)).toEqual([process.pid]);
    // Only processes.json: no temp file left behind.
    expect(readdirSync(join(sandbox.dir, 'nested'))).toEqual([PID_REGISTRY_FILE]);
  });

  it('records ten processes started together, in call order, in fewer writes than ten', async () => {
    sandbox = new Sandbox();
    const children = Array.from({ length: 10 }, () => sandbox.spawnNode(HOLD));
    const registry = new PidRegistry({ dataDir: sandbox.dir });
    writes.count = 0;
    await Promise.all(children.map((child, i) => registry.add(child.pid!, { label: `s${i}` })));
    expect((await registry.list()).map((e) => e.label)).toEqual(children.map((_, i) => `s${i}`));
    // The first add writes alone; the nine made while it ran share the next cycle.
    expect(writes.count).toBeLessThanOrEqual(2);
    expect(readdirSync(sandbox.dir).filter((name) => name.endsWith('.tmp'))).toEqual([]);
  });

  it('a remove called right after an add comes after it, though the add still reads its process', async () => {
    sandbox = new Sandbox();
    const child = sandbox.spawnNode(HOLD);
    const registry = new PidRegistry({ dataDir: sandbox.dir });
    await Promise.all([registry.add(child.pid!), registry.remove(child.pid!)]);
    expect(await registry.list()).toEqual([]);
    await Promise.all([registry.remove(child.pid!), registry.add(child.pid!)]);
    expect((await registry.list()).map((e) => e.pid)).toEqual([child.pid]);
  });

  it('a failed write rejects every change of its cycle, and the next cycle writes again', async () => {
    sandbox = new Sandbox();
    const child = sandbox.spawnNode(HOLD);
    const blocker = join(sandbox.dir, 'not-a-dir');
    writeFileSync(blocker, '');
    // The data dir is a file: mkdir fails for the whole cycle.
    const broken = new PidRegistry({ dataDir: blocker });
    const results = await Promise.allSettled([broken.add(child.pid!), broken.add(process.pid), broken.remove(1)]);
    expect(results.map((r) => r.status)).toEqual(['rejected', 'rejected', 'rejected']);
    const registry = new PidRegistry({ dataDir: sandbox.dir });
    await registry.add(child.pid!);
    expect((await registry.list()).map((e) => e.pid)).toEqual([child.pid]);
  });

  it('records the process group the root leads, its start time and its tree marker', async () => {
    sandbox = new Sandbox();
    const leader = sandbox.spawnNode(HOLD);
    const member = sandbox.spawnNode(HOLD, {}, false);
    const registry = new PidRegistry({ dataDir: sandbox.dir });
    await registry.add(leader.pid!, { marker: 'm-1' });
    await registry.add(member.pid!);
    const [led, joined] = await registry.list();
    expect(led).toMatchObject({ pid: leader.pid, pgid: leader.pid, marker: 'm-1', start: { boot: expect.any(String), at: expect.any(Number) } });
    // In our own group: there is no group of its own to signal, ever.
    expect(joined).toMatchObject({ pid: member.pid, pgid: null, marker: null });
  });

  it('reads a file written before groups were recorded, reaping such an entry only by its root', async () => {
    const { server, grandchild } = await previousRun({ ownerDies: true });
    editEntry((entry) => {
      delete entry.pgid;
      delete entry.start;
      delete entry.marker;
    });
    const data = JSON.parse(readFileSync(file(), 'utf8')) as { version: number };
    writeFileSync(file(), JSON.stringify({ ...data, version: 1 }));
    const next = new PidRegistry({ dataDir: sandbox.dir, killGraceMs: 300 });
    expect((await next.reapLeftovers()).map((e) => e.pid)).toEqual([server]);
    expect(isAlive(grandchild)).toBe(false);
  }, 15_000);

  it('reaps the process group of a leftover whose root is gone', async () => {
    const { root, grandchild } = await orphanedGroup();
    const next = new PidRegistry({ dataDir: sandbox.dir, killGraceMs: 300 });
    const reaped = await next.reapLeftovers();
    expect(reaped.map((e) => [e.pid, e.label])).toEqual([[root, 'tree']]);
    expect(isAlive(grandchild)).toBe(false);
    expect(await next.list()).toEqual([]);
  }, 15_000);

  it('leaves a group alone whose members do not carry the tree marker (the group ID was reused)', async () => {
    const { grandchild } = await orphanedGroup();
    editEntry((entry) => (entry.marker = 'the-marker-of-another-tree'));
    const next = new PidRegistry({ dataDir: sandbox.dir, killGraceMs: 300 });
    expect(await next.reapLeftovers()).toEqual([]);
    expect(isAlive(grandchild)).toBe(true);
    expect(await next.list()).toEqual([]);
  }, 15_000);

  it('leaves a group alone that has a member older than the recorded root', async () => {
    const { grandchild } = await orphanedGroup();
    editEntry((entry) => {
      const start = entry.start as { at: number };
      start.at += 1_000_000;
    });
    const next = new PidRegistry({ dataDir: sandbox.dir, killGraceMs: 300 });
    expect(await next.reapLeftovers()).toEqual([]);
    expect(isAlive(grandchild)).toBe(true);
  }, 15_000);

  it('does not record a process that already exited', async () => {
    sandbox = new Sandbox();
    const registry = new PidRegistry({ dataDir: sandbox.dir });
    await registry.add(2 ** 22 + 7);
    expect(await registry.list()).toEqual([]);
  });

  it('reaps the tree of a leftover from a dead owner, grandchild included', async () => {
    const { server, grandchild } = await previousRun({ ownerDies: true });
    const next = new PidRegistry({ dataDir: sandbox.dir, killGraceMs: 300 });
    const reaped = await next.reapLeftovers();
    expect(reaped.map((e) => [e.pid, e.label])).toEqual([[server, 'everything']]);
    expect(isAlive(server)).toBe(false);
    expect(isAlive(grandchild)).toBe(false);
    expect(await next.list()).toEqual([]);
  }, 15_000);

  it('leaves the servers of a live owner alone', async () => {
    const { server } = await previousRun({ ownerDies: false });
    const next = new PidRegistry({ dataDir: sandbox.dir, killGraceMs: 300 });
    expect(await next.reapLeftovers()).toEqual([]);
    expect(isAlive(server)).toBe(true);
    expect((await next.list()).map((e) => e.pid)).toEqual([server]);
  }, 15_000);

  it('never kills a process whose identity changed (recycled pid), and forgets the entry', async () => {
    const { server } = await previousRun({ ownerDies: true });
    const data = JSON.parse(readFileSync(file(), 'utf8')) as { entries: { identity: string }[] };
    data.entries[0]!.identity = `${data.entries[0]!.identity}-another-process`;
    writeFileSync(file(), JSON.stringify(data));
    const next = new PidRegistry({ dataDir: sandbox.dir, killGraceMs: 300 });
    expect(await next.reapLeftovers()).toEqual([]);
    expect(isAlive(server)).toBe(true);
    expect(await next.list()).toEqual([]);
  }, 15_000);

  it('treats a corrupt file as empty and rewrites it on the next change', async () => {
    sandbox = new Sandbox();
    writeFileSync(file(), '{"version":1,"entries":[{"pid":');
    const registry = new PidRegistry({ dataDir: sandbox.dir });
    expect(await registry.reapLeftovers()).toEqual([]);
    await registry.add(process.pid);
    expect(JSON.parse(readFileSync(file(), 'utf8')).entries).toHaveLength(1);
  });
});
