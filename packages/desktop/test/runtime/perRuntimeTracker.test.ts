/**
 * Each runtime owns its McpProcessTracker (mcpRuntime.ts): disposing one AppServices kills its own
 * servers only, while the process-wide 'exit' safety net still kills the servers of every live runtime
 * when the process ends without disposing (process.exit, an uncaught exception). Checked by PID, with
 * real servers: proc-grandchild.mjs, an npx-like wrapper whose grandchild left the process group.
 */
import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { type AppServices, createAppServices } from '../../app/main/index';
import { isAlive } from '../../app/main/mcp/process';
import { desktopDir } from '../process/helpers';
import { Sandbox, fixture, readPidFile, useFastLoginShell, waitFor, waitForPids } from './helpers';

let sandbox: Sandbox;
const open: AppServices[] = [];
useFastLoginShell();

beforeEach(() => {
  sandbox = new Sandbox();
});
afterEach(async () => {
  await Promise.all(open.splice(0).map((services) => services.dispose()));
  sandbox.cleanup();
});

/** An AppServices on its own data dir with one connected stdio server; resolves with its id once it answered. */
async function runtimeWithServer(name: string): Promise<{ services: AppServices; id: string }> {
  const services = createAppServices({ dataDir: join(sandbox.dir, name) });
  open.push(services);
  const { id } = services.mcpServers.add({
    name,
    type: 'stdio',
    command: process.execPath,
    args: [fixture('proc-grandchild.mjs')],
    env: { PROC_PID_FILE: sandbox.pidFile, PROC_GRANDCHILD_SETSID: '1' },
    watchPaths: [],
    timeoutSec: 20,
    enabled: true,
  });
  await services.start();
  await services.mcp.connect(id);
  return { services, id };
}

async function echo(services: AppServices, id: string, text: string): Promise<string | undefined> {
  const result = await services.mcp.callTool(id, 'echo', { text }, `echo-${text}`, { timeoutMs: 5000 });
  const first = result.content[0];
  return first?.type === 'text' ? first.text : undefined;
}

const treePids = () => readPidFile(sandbox.pidFile).map((r) => r.pid);

describe('one McpProcessTracker per runtime', () => {
  it("disposing one AppServices leaves the other's server process alive and working", async () => {
    const a = await runtimeWithServer('a');
    const aTree = (await waitForPids(sandbox.pidFile, 2)).map((r) => r.pid);
    const b = await runtimeWithServer('b');
    const bTree = (await waitForPids(sandbox.pidFile, 4)).slice(2).map((r) => r.pid);
    expect(await echo(b.services, b.id, 'before')).toBe('before');

    open.splice(open.indexOf(a.services), 1);
    await a.services.dispose();

    expect(await waitFor(() => aTree.every((pid) => !isAlive(pid)), 5000)).toBe(true);
    expect(bTree.filter((pid) => !isAlive(pid))).toEqual([]);
    expect(await echo(b.services, b.id, 'after')).toBe('after');
    expect((await b.services.mcp.getState(b.id))?.status).toBe('connected');
  }, 30_000);
});

/** Runs runtime-pair-host.ts; resolves with its exit once it ended. */
function runPairHost(mode: 'exit' | 'uncaught') {
  const host = spawn(process.execPath, ['--import', 'tsx', fixture('runtime-pair-host.ts'), mode], {
    cwd: desktopDir,
    env: { ...process.env, SHELL: '/bin/sh', PROC_BASE_DIR: sandbox.dir, PROC_PID_FILE: sandbox.pidFile },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  sandbox.remember(host.pid);
  let stdout = '';
  let stderr = '';
  host.stdout.on('data', (chunk) => (stdout += chunk));
  host.stderr.on('data', (chunk) => (stderr += chunk));
  return new Promise<{ code: number | null; stdout: string; stderr: string }>((resolve) =>
    host.on('exit', (code) => resolve({ code, stdout, stderr })),
  );
}

describe('the exit safety net covers every live runtime', () => {
  it.each([
    ['process.exit', 'exit', 0],
    ['an uncaught exception', 'uncaught', 1],
  ] as const)('a process with two runtimes that ends by %s leaves no server process behind', async (_how, mode, code) => {
    const exited = await runPairHost(mode);
    expect(exited.stdout, exited.stderr).toContain('ready');
    expect(exited.code).toBe(code);
    // Two trees (wrapper + grandchild each) were running when the host ended.
    const pids = treePids();
    expect(pids).toHaveLength(4);
    for (const pid of pids) sandbox.remember(pid);
    expect(await waitFor(() => pids.every((pid) => !isAlive(pid)), 2000)).toBe(true);
  }, 30_000);
});
