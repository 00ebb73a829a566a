/**
 * Workspaces end to end on the app's services: a temp data dir (real SQLite), a project file on disk
 * edited as a user would, real MCP servers as child processes (their pids reported to a file, so "not
 * started" means no process was spawned) and a real HTTP server.
 */
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { type AppServices, createAppServices } from '../../app/main/index';
import { isAlive } from '../../app/main/mcp/process/treeKill';
import { createAppCaller } from '../../app/main/routers/appRouter';
import { startNetworkServer, type RunningServer } from '../mcp/helpers';
import { Sandbox, fixture, readPidFile, sleep, waitFor } from '../process/helpers';
import { useFastLoginShell } from '../runtime/helpers';

let sandbox: Sandbox;
let repo: string;
let dataDir: string;
let services: AppServices | undefined;
let network: RunningServer | undefined;

useFastLoginShell();

beforeEach(() => {
  sandbox = new Sandbox();
  repo = join(sandbox.dir, 'repo');
  dataDir = join(sandbox.dir, 'data');
  mkdirSync(join(repo, '.elftia'), { recursive: true });
});
afterEach(async () => {
  try {
    await services?.dispose();
    await network?.stop();
  } finally {
    services = undefined;
    network = undefined;
    sandbox.cleanup();
  }
});

const projectFile = () => join(repo, '.elftia', 'mcp.json');
const writeProject = (servers: Record<string, unknown>) => writeFileSync(projectFile(), `${JSON.stringify({ mcpServers: servers }, null, 2)}\n`);
const echoServer = (pidFile: string, extraArgs: string[] = []) => ({ command: process.execPath, args: [fixture('proc-echo-server.mjs'), ...extraArgs], env: { PROC_PID_FILE: pidFile } });

function open(options: { workspace?: string } = { workspace: repo }): AppServices {
  services = createAppServices({ dataDir, autoConnectMcp: true, builtinServers: false, ...options });
  return services;
}

function projectId(name: string): string {
  const record = services!.workspace.findProjectServerByName(name);
  if (!record) throw new Error(`no project server ${name}`);
  return record.id;
}

async function waitForState(id: string, check: (status: string | undefined, lastError: string | undefined) => boolean, what: string): Promise<void> {
  const deadline = Date.now() + 10_000;
  for (;;) {
    const state = await services!.mcp.getState(id);
    if (check(state?.status, state?.lastError?.code)) return;
    if (Date.now() > deadline) throw new Error(`${what}: status ${state?.status}, lastError ${state?.lastError?.code}`);
    await sleep(25);
  }
}
const needsApproval = (id: string) => waitForState(id, (status, lastError) => status === 'error' && lastError === 'WORKSPACE_TRUST_REQUIRED', 'never asked for approval');
const connected = (id: string) => waitForState(id, (status) => status === 'connected', 'never connected');

describe('workspace trust', () => {
  it('starts a project stdio server only once trusted, and asks again when its command changes in the file', async () => {
    writeProject({ lint: echoServer(sandbox.pidFile) });
    open();
    await services!.start();
    const id = projectId('lint');
    await needsApproval(id);
    // Asked directly, it refuses too, naming what would run; and no process was ever spawned.
    await expect(services!.mcp.connect(id)).rejects.toMatchObject({
      code: 'WORKSPACE_TRUST_REQUIRED',
      params: { server: 'lint', workspace: repo, envNames: 'PROC_PID_FILE', commandLine: expect.stringContaining('proc-echo-server.mjs') },
    });
    await sleep(300);
    expect(readPidFile(sandbox.pidFile)).toEqual([]);

    const caller = createAppCaller({ services: services! });
    const before = (await caller.mcp.list()).find((view) => view.id === id);
    expect(before).toMatchObject({ origin: { kind: 'project', workspace: repo, file: projectFile() }, trust: { trusted: false, envNames: ['PROC_PID_FILE'] } });
    const trusted = await caller.mcp.trust({ id });
    expect(trusted.trust?.trusted).toBe(true);
    await connected(id);
    const [first] = readPidFile(sandbox.pidFile);
    expect(first && isAlive(first.pid)).toBe(true);

    // An edit of its command line in the file: the running server stops and the new one waits for approval.
    writeProject({ lint: echoServer(sandbox.pidFile, ['--changed']) });
    await needsApproval(id);
    expect(await waitFor(() => !isAlive(first!.pid), 5000)).toBe(true);
    expect(readPidFile(sandbox.pidFile)).toHaveLength(1);
    expect((await caller.mcp.get({ id })).trust).toMatchObject({ trusted: false, commandLine: expect.stringContaining('--changed') });

    await caller.mcp.trust({ id });
    await connected(id);
    expect(readPidFile(sandbox.pidFile)).toHaveLength(2);

    // Untrusting stops it and it waits again.
    await caller.mcp.untrust({ id });
    await needsApproval(id);
  });

  it('remembers trust per workspace and content across restarts of the app', async () => {
    writeProject({ lint: echoServer(sandbox.pidFile) });
    open();
    await services!.start();
    services!.workspace.trust(projectId('lint'));
    await connected(projectId('lint'));
    await services!.dispose();

    open();
    await services!.start();
    await connected(projectId('lint'));
    // Another folder with the same file is another workspace: not trusted there.
    await services!.dispose();
    const other = join(sandbox.dir, 'clone');
    mkdirSync(join(other, '.elftia'), { recursive: true });
    writeFileSync(join(other, '.elftia', 'mcp.json'), readFileSync(projectFile()));
    open({ workspace: other });
    await services!.start();
    await needsApproval(projectId('lint'));
  });

  it('follows a trust decision another process made (elftia mcp trust beside the running app)', async () => {
    writeProject({ lint: echoServer(sandbox.pidFile) });
    services = createAppServices({ dataDir, autoConnectMcp: true, builtinServers: false, workspace: repo, externalChangePollMs: 50 });
    await services.start();
    const id = projectId('lint');
    await needsApproval(id);
    const cli = createAppServices({ dataDir, builtinServers: false, workspace: repo });
    try {
      cli.workspace.trust(id);
    } finally {
      await cli.dispose();
    }
    await connected(id);
    expect(readPidFile(sandbox.pidFile)).toHaveLength(1);
  });

  it('asks once for a remote project server, by its URL; other changes do not ask again', async () => {
    network = await startNetworkServer([fixture('mcp-http-server.mjs'), 'http']);
    const url = `http://127.0.0.1:${network.port}/mcp`;
    writeProject({ docs: { type: 'http', url } });
    open();
    await services!.start();
    const id = projectId('docs');
    await needsApproval(id);
    await expect(services!.mcp.connect(id)).rejects.toMatchObject({ params: { url } });
    services!.workspace.trust(id);
    await connected(id);

    writeProject({ docs: { type: 'http', url, headers: { 'X-Custom': 'v2' }, timeout: 20 } });
    await waitFor(() => services!.workspace.findProjectServer(id)?.timeoutSec === 20, 5000);
    await connected(id);
    expect(services!.workspace.trustView(services!.workspace.findProjectServer(id)!).trusted).toBe(true);

    writeProject({ docs: { type: 'http', url: `${url}?v=2` } });
    await needsApproval(id);
  });
});

describe('project servers beside global ones', () => {
  it('a project server hides the global one of the same name, which is not started', async () => {
    const globalPids = join(sandbox.dir, 'global-pids.jsonl');
    writeProject({ Lint: { ...echoServer(sandbox.pidFile), disabledTools: ['whoami'] } });
    open();
    const global = services!.mcpServers.add({ name: 'lint', type: 'stdio', ...echoServer(globalPids), watchPaths: [], timeoutSec: 10, enabled: true });
    await services!.start();
    const id = projectId('Lint');
    services!.workspace.trust(id);
    await connected(id);
    const views = await createAppCaller({ services: services! }).mcp.list();
    expect(views.find((v) => v.id === global.id)).toMatchObject({ origin: { kind: 'global' }, overriddenBy: id });
    // The project file's per-tool switches are the server's (tools13's disabledTools).
    expect(views.find((v) => v.id === id)).toMatchObject({ overrides: global.id, disabledTools: ['whoami'], enabledToolCount: 1 });
    await sleep(300);
    expect(readPidFile(globalPids)).toEqual([]);
    // The tools the model is offered are the project server's.
    expect((await services!.mcp.listAllActiveServerTools()).map((tool) => tool.serverId)).toEqual([id, id]);
  });

  it('a broken file shows its error with line and column, stops its servers and leaves the global ones running', async () => {
    const globalPids = join(sandbox.dir, 'global-pids.jsonl');
    writeProject({ lint: echoServer(sandbox.pidFile) });
    open();
    const global = services!.mcpServers.add({ name: 'search', type: 'stdio', ...echoServer(globalPids), watchPaths: [], timeoutSec: 10, enabled: true });
    await services!.start();
    const id = projectId('lint');
    services!.workspace.trust(id);
    await connected(id);
    await connected(global.id);
    const [projectPid] = readPidFile(sandbox.pidFile);
    const [globalPid] = readPidFile(globalPids);

    writeFileSync(projectFile(), '{\n  "mcpServers": {\n    "lint": { "command": "node",, }\n  }\n}\n');
    expect(await waitFor(() => services!.workspace.current()?.problem !== undefined, 5000)).toBe(true);
    expect(services!.workspace.current()?.problem).toMatchObject({ code: 'syntax', file: projectFile(), line: 3 });
    expect(services!.workspace.current()?.problem?.column).toBeGreaterThan(1);
    expect(await waitFor(() => !isAlive(projectPid!.pid), 5000)).toBe(true);
    expect(services!.workspace.projectServers()).toEqual([]);
    expect((await services!.mcp.getState(global.id))?.status).toBe('connected');
    expect(isAlive(globalPid!.pid)).toBe(true);
    expect(readPidFile(globalPids)).toHaveLength(1);

    // Fixed: the project server comes back, still trusted (same content).
    writeProject({ lint: echoServer(sandbox.pidFile) });
    await waitFor(() => services!.workspace.projectServers().length === 1, 5000);
    await connected(id);
  });

  it('copies a project server to global, and a global one into the project file keeping the other entries and leaving secrets out', async () => {
    writeProject({ lint: { ...echoServer(sandbox.pidFile), disabledTools: ['whoami'] } });
    open();
    const caller = createAppCaller({ services: services! });
    const search = services!.mcpServers.add({ name: 'search', type: 'stdio', command: 'search-mcp', args: [], env: { SEARCH_API_KEY: 'sk-live-123', REGION: 'eu' }, watchPaths: [], timeoutSec: 10, enabled: true });

    const copied = await caller.mcp.copyToGlobal({ id: projectId('lint') });
    expect(copied).toMatchObject({ name: 'lint', origin: { kind: 'global' }, overriddenBy: projectId('lint'), config: { command: process.execPath } });

    const written = await caller.mcp.copyToProject({ id: search.id });
    expect(written).toMatchObject({ name: 'search', origin: { kind: 'project' }, overrides: search.id, trust: { trusted: false } });
    const file = JSON.parse(readFileSync(projectFile(), 'utf8')) as { mcpServers: Record<string, { env?: Record<string, string>; disabledTools?: string[] }> };
    expect(Object.keys(file.mcpServers)).toEqual(['lint', 'search']);
    expect(file.mcpServers.lint?.disabledTools).toEqual(['whoami']);
    expect(file.mcpServers.search?.env).toEqual({ SEARCH_API_KEY: '${env:SEARCH_API_KEY}', REGION: 'eu' });
    expect(readFileSync(projectFile(), 'utf8')).not.toContain('sk-live-123');
  });

  it('changes nothing on bad input: a missing folder, a broken file to copy into', async () => {
    writeProject({ lint: echoServer(sandbox.pidFile) });
    open({});
    const caller = createAppCaller({ services: services! });
    await caller.workspace.open({ path: repo });
    const missing = join(sandbox.dir, 'nope');
    await expect(caller.workspace.open({ path: missing })).rejects.toMatchObject({ cause: { code: 'WORKSPACE_NOT_FOUND', params: { path: missing } } });
    expect((await caller.workspace.current())?.path).toBe(repo);
    expect((await caller.workspace.recent()).map((r) => r.path)).toEqual([repo]);

    // A global server the project file would refuse (an unknown kind of reference): the file is not written.
    const odd = services!.mcpServers.add({ name: 'odd', type: 'http', url: 'https://example.com/mcp', headers: { 'X-Trace': '${trace:id}' }, timeoutSec: 10, enabled: true });
    const good = readFileSync(projectFile(), 'utf8');
    await expect(caller.mcp.copyToProject({ id: odd.id })).rejects.toMatchObject({ cause: { code: 'PROJECT_FILE_INVALID', params: { problem: 'unknownReference', entry: 'odd', field: 'headers.X-Trace' } } });
    expect(readFileSync(projectFile(), 'utf8')).toBe(good);

    const global = services!.mcpServers.add({ name: 'search', type: 'stdio', command: 'search-mcp', args: [], env: {}, watchPaths: [], timeoutSec: 10, enabled: true });
    const broken = '{ "mcpServers": { "lint": { "command": "node" } ';
    writeFileSync(projectFile(), broken);
    services!.workspace.reload();
    await expect(caller.mcp.copyToProject({ id: global.id })).rejects.toMatchObject({ cause: { code: 'PROJECT_FILE_INVALID' } });
    expect(readFileSync(projectFile(), 'utf8')).toBe(broken);
  });

  it('remembers the current and recent workspaces, most recent first', async () => {
    const second = join(sandbox.dir, 'second');
    mkdirSync(second);
    open({});
    const caller = createAppCaller({ services: services! });
    await caller.workspace.open({ path: repo });
    await sleep(5);
    await caller.workspace.open({ path: second });
    expect((await caller.workspace.recent()).map((r) => r.path)).toEqual([second, repo]);
    await services!.dispose();

    services = createAppServices({ dataDir, builtinServers: false, restoreWorkspace: true });
    expect(services.workspace.current()?.path).toBe(second);
    await createAppCaller({ services }).workspace.close();
    expect(services.workspace.current()).toBeNull();
  });
});
