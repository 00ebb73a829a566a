import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { PID_REGISTRY_FILE, PidRegistry } from '../../app/main/services/capabilities/tools/mcp-users/process/PidRegistry';
import { isAlive } from '../../app/main/services/capabilities/tools/mcp-users/process/treeKill';
import { Sandbox, fixture, waitFor, waitForPids } from './helpers';

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
  await past.add(server.pid!, 'everything');
  if (options.ownerDies) {
    owner.kill('SIGKILL');
    await waitFor(() => !isAlive(owner.pid!), 2000);
  }
  return { server: server.pid!, grandchild, owner: owner.pid! };
}

const file = () => join(sandbox.dir, PID_REGISTRY_FILE);

describe('PidRegistry', () => {
  it('persists entries atomically with an identity and removes them', async () => {
    sandbox = new Sandbox();
    const child = sandbox.spawnNode(HOLD);
    const registry = new PidRegistry({ dataDir: join(sandbox.dir, 'nested'), now: () => 1234 });
    await Promise.all([registry.add(child.pid!, 'a'), registry.add(process.pid, 'b')]);
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
