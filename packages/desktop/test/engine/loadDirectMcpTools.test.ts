/**
 * loadDirectMcpTools and closeDirectConnections with real processes: failures isolated and cleaned up,
 * the engine's time bound and cancellation on the direct path, nothing left running at session end.
 */
import { realpathSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { afterEach, describe, expect, it } from 'vitest';
import { BUILTIN_CLOCK_MATH_SERVER, BUILTIN_FILES_SERVER, builtinServers } from '../../app/main/builtin-servers';
import { ToolRegistry } from '../../app/main/engine/ToolRegistry';
import {
  DirectMcpServerError,
  DirectMcpToolAdapter,
  type LoadDirectMcpToolsResult,
  type ResolvedMcpServer,
  closeDirectConnections,
  loadDirectMcpTools,
} from '../../app/main/engine/tools/DirectMcpToolAdapter';
import { isAlive } from '../../app/main/mcp/process';
import { fixture, recordFile, waitFor } from '../mcp/helpers';
import { RecordingTracker, toolMap } from './directHelpers';

const opened: LoadDirectMcpToolsResult[] = [];
let tracker = new RecordingTracker();

async function load(servers: ResolvedMcpServer[], connectTimeoutMs?: number): Promise<LoadDirectMcpToolsResult> {
  const loaded = await loadDirectMcpTools(servers, { tracker, connectTimeoutMs });
  opened.push(loaded);
  return loaded;
}

afterEach(async () => {
  for (const loaded of opened.splice(0)) await closeDirectConnections(loaded.connections, tracker);
  expect(tracker.pids.filter((pid) => isAlive(pid))).toEqual([]);
  expect(tracker.inner.trackedPids()).toEqual([]);
  tracker = new RecordingTracker();
});

function node(name: string, script: string, env?: Record<string, string>): ResolvedMcpServer {
  return { name, command: process.execPath, args: [fixture(script)], ...(env ? { env } : {}) };
}

describe('builtinServers', () => {
  it('describes the built-ins as node scripts, files only when a folder was picked', () => {
    expect(builtinServers().map((s) => s.name)).toEqual([BUILTIN_CLOCK_MATH_SERVER]);
    const both = builtinServers({ filesRoot: '/data/docs', serversDir: '/app/builtin', execPath: '/app/elftia', electron: true });
    expect(both).toEqual([
      { name: BUILTIN_FILES_SERVER, command: '/app/elftia', args: ['/app/builtin/files/server.mjs', '/data/docs'], env: { ELECTRON_RUN_AS_NODE: '1' } },
      { name: BUILTIN_CLOCK_MATH_SERVER, command: '/app/elftia', args: ['/app/builtin/clock-math/server.mjs'], env: { ELECTRON_RUN_AS_NODE: '1' } },
    ]);
    expect(builtinServers({ electron: false })[0]?.env).toBeUndefined();
  });
});

describe('loadDirectMcpTools', () => {
  it('starts both built-ins, each tracked by McpProcessTracker while it runs', async () => {
    const loaded = await load(builtinServers({ filesRoot: fixture('.') }));
    expect(loaded.failures).toEqual([]);
    expect(loaded.connections.map((c) => c.serverName)).toEqual(['files', 'clock-math']);
    expect(loaded.tools.map((t) => t.name)).toEqual([
      'files__list_directory',
      'files__read_text_file',
      'files__search_files',
      'files__file_info',
      'clock-math__current_time',
      'clock-math__convert_time',
      'clock-math__date_add',
      'clock-math__date_diff',
      'clock-math__calculate',
    ]);
    const pids = loaded.connections.map((c) => c.pid);
    expect(pids.every((pid) => typeof pid === 'number' && isAlive(pid))).toBe(true);
    expect(tracker.inner.trackedPids().sort()).toEqual([...(pids as number[])].sort());
    const registry = new ToolRegistry();
    for (const tool of loaded.tools) registry.register(tool);
    expect((await registry.get('clock-math__calculate')?.execute({ expression: '6 * 7' }))?.text).toBe('6 * 7 = 42');
  });

  it('reports servers that cannot start, with their stderr, and keeps the good one', async () => {
    const loaded = await load([{ name: 'missing', command: '/no/such/command', args: [] }, node('exits', 'eng-exit-server.mjs'), ...builtinServers()]);
    expect(loaded.connections.map((c) => c.serverName)).toEqual(['clock-math']);
    expect(loaded.tools.every((t) => t.name.startsWith('clock-math__'))).toBe(true);
    expect(loaded.failures.map((f) => f.serverName)).toEqual(['missing', 'exits']);
    for (const failure of loaded.failures) expect(failure.error).toBeInstanceOf(DirectMcpServerError);
    const [missing, exits] = loaded.failures.map((f) => (f.error as Error).message);
    expect(missing).toMatch(/could not start missing: .*not found/);
    expect(exits).toMatch(/could not start exits: [^]*missing configuration, giving up/);
    expect(tracker.pids.filter((pid) => isAlive(pid))).toEqual([loaded.connections[0]?.pid]);
    expect(tracker.inner.trackedPids()).toEqual([loaded.connections[0]?.pid]);
  });

  it('gives up on a server that never answers initialize, and kills it', async () => {
    const started = Date.now();
    const loaded = await load([{ name: 'silent', command: process.execPath, args: ['-e', 'setInterval(() => {}, 1000)'] }], 800);
    expect(Date.now() - started).toBeLessThan(10_000);
    expect(loaded.connections).toEqual([]);
    expect(loaded.failures[0]?.error).toBeInstanceOf(Error);
    expect((loaded.failures[0]?.error as Error | undefined)?.message).toMatch(/could not start silent: .*timed out/i);
    // It ran until the connect timeout, so it was tracked from its spawn on; now it must be gone.
    expect(tracker.pids.length).toBe(1);
    expect(tracker.pids.filter((pid) => isAlive(pid))).toEqual([]);
    expect(tracker.inner.trackedPids()).toEqual([]);
  });

  it('passes env and cwd to the server', async () => {
    const dir = realpathSync(tmpdir());
    const loaded = await load([{ ...node('eng', 'eng-tools-server.mjs', { ENG_MARKER: 'from-test' }), cwd: dir }]);
    const where = await toolMap(loaded).get('eng__whereami')?.execute({});
    expect(JSON.parse(where?.text ?? '{}')).toEqual({ cwd: dir, marker: 'from-test' });
  });
});

describe('DirectMcpToolAdapter', () => {
  it('flattens content, keeps it for the UI and reflects isError', async () => {
    const tools = toolMap(await load([node('eng', 'eng-tools-server.mjs')]));
    const mixed = await tools.get('eng__mixed')?.execute({});
    expect(mixed?.content.map((c) => c.type)).toEqual(['text', 'image', 'audio', 'resource_link', 'resource', 'resource']);
    expect(mixed?.text.split('\n').slice(0, 3)).toEqual(['all kinds:', '[Image: image/png]', '[Audio: audio/wav]']);
    expect(await tools.get('eng__fail')?.execute({})).toMatchObject({ isError: true, text: expect.stringContaining('the disk is on fire') });
  });

  it('times out a call that never answers and cancels it on the server', async () => {
    const calls = recordFile();
    try {
      const loaded = await load([node('eng', 'eng-tools-server.mjs', { MCP_FIXTURE_RECORD: calls.path })]);
      const hang = toolMap(loaded).get('eng__hang') as DirectMcpToolAdapter;
      const bounded = new DirectMcpToolAdapter('eng', hang.tool, loaded.connections[0]!.connection, { timeoutMs: 300 });
      expect(await bounded.execute({})).toMatchObject({ isError: true, errorCode: 'TIMEOUT' });
      await waitFor(() => calls.lines().includes('cancelled hang'), 5000, 'the server to see the cancellation');
    } finally {
      calls.cleanup();
    }
  });

  it('resolves with CANCELLED when the caller aborts', async () => {
    const tools = toolMap(await load([node('eng', 'eng-tools-server.mjs')]));
    const controller = new AbortController();
    const pending = tools.get('eng__hang')?.execute({}, { signal: controller.signal });
    setTimeout(() => controller.abort(), 100);
    expect(await pending).toMatchObject({ isError: true, errorCode: 'CANCELLED' });
  });

  it('fails fast, without hanging, once the session has been closed', async () => {
    const loaded = await load(builtinServers());
    const pids = loaded.connections.map((c) => c.pid as number);
    await closeDirectConnections(loaded.connections, tracker);
    await waitFor(() => pids.every((pid) => !isAlive(pid)), 5000, 'the servers to exit');
    const result = await toolMap(loaded).get('clock-math__calculate')?.execute({ expression: '1 + 1' });
    expect(result).toMatchObject({ isError: true, errorCode: 'REQUEST_FAILED', text: expect.stringContaining('Not connected') });
  });
});
