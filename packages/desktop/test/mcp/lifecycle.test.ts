import { afterEach, describe, expect, it } from 'vitest';
import type { McpServerRecord } from '../../app/shared/contracts/mcp-types';
import {
  type Harness,
  type RunningServer,
  closeHarness,
  createHarness,
  fixture,
  isAlive,
  makeRecord,
  recordFile,
  startNetworkServer,
  stdioRecord,
  textOf,
  waitFor,
} from './helpers';
import { ManualClock } from '../support/manualClock';

let harness: Harness | undefined;
let network: RunningServer | undefined;
const cleanups: (() => void)[] = [];

afterEach(async () => {
  if (harness) await closeHarness(harness);
  await network?.stop();
  harness = undefined;
  network = undefined;
  for (const cleanup of cleanups.splice(0)) cleanup();
});

function faultServer(partial: Partial<McpServerRecord> = {}, env: Record<string, string> = {}) {
  const file = recordFile();
  cleanups.push(file.cleanup);
  return stdioRecord(fixture('mcp-fault-server.mjs'), partial, { MCP_FIXTURE_RECORD: file.path, ...env });
}

function statuses(h: Harness, id: string): string[] {
  return h.events.flatMap((e) => (e.type === 'state' && e.serverId === id ? [e.state.status] : []));
}

describe('single-flight connect', () => {
  it('two concurrent connects (and a call meanwhile) spawn the server once', async () => {
    const record = faultServer();
    harness = createHarness([record]);
    const { service, stdio } = harness;
    const [, , echo] = await Promise.all([service.connect(record.id), service.connect(record.id), service.callTool(record.id, 'echo', { message: 'x' }, 'c')]);
    expect(textOf(echo)).toBe('Echo: x');
    expect(stdio.spawnCount).toBe(1);
    expect(statuses(harness, record.id)).toEqual(['connecting', 'connected']);
  });

  it('disconnect during connect cancels it and kills the process', async () => {
    const record = faultServer({ timeoutSec: 10 }, { MCP_FIXTURE_START_DELAY_MS: '5000' });
    harness = createHarness([record]);
    const connecting = harness.service.connect(record.id);
    await waitFor(() => harness!.stdio.pids().length === 1, 2000, 'the spawn');
    const pid = harness.stdio.pids()[0]!;
    await harness.service.disconnect(record.id);
    await expect(connecting).rejects.toMatchObject({ code: 'CANCELLED' });
    expect(await harness.service.getState(record.id)).toMatchObject({ status: 'disconnected' });
    await waitFor(() => !isAlive(pid), 5000, 'the process to exit');
  });
});

describe('reconnect never revives a server the user turned off', () => {
  async function crashThen(change: (h: Harness, id: string) => void): Promise<Harness> {
    const record = faultServer();
    // The backoff runs on a ManualClock: its retry falls due after the change, and must do nothing.
    const clock = new ManualClock();
    harness = createHarness([record], { reconnect: { initialDelayMs: 300, jitterRatio: 0 }, clock });
    await harness.service.connect(record.id);
    await expect(harness.service.callTool(record.id, 'crash', {}, 'c')).rejects.toMatchObject({ code: 'CONNECTION_CLOSED' });
    expect(await harness.service.getState(record.id)).toMatchObject({ status: 'error', reconnect: { attempt: 1 } });
    expect(clock.pending()).toEqual([300]);
    change(harness, record.id);
    clock.advance(800);
    await new Promise<void>((resolve) => setImmediate(resolve));
    expect(clock.pending()).toEqual([]);
    expect(harness.stdio.spawnCount).toBe(1);
    return harness;
  }

  it('disabled during the backoff', async () => {
    const h = await crashThen((h, id) => h.servers.update(id, { enabled: false }));
    const id = h.servers.listServers()[0]!.id;
    expect(await h.service.getState(id)).toMatchObject({ status: 'disabled' });
    await expect(h.service.callTool(id, 'echo', { message: 'x' }, 'c2')).rejects.toMatchObject({ code: 'SERVER_DISABLED' });
  });

  it('deleted during the backoff', async () => {
    let removedId = '';
    const h = await crashThen((h, id) => {
      removedId = id;
      h.servers.remove(id);
    });
    expect(h.events).toContainEqual({ type: 'removed', serverId: removedId });
    expect(await h.service.getState(removedId)).toBeUndefined();
  });
});

describe('remote drops reconnect by themselves', () => {
  it('Streamable HTTP: a 404 for a forgotten session re-initializes', async () => {
    network = await startNetworkServer([fixture('mcp-http-server.mjs'), 'http']);
    const record = makeRecord({ type: 'http', config: { url: `http://127.0.0.1:${network.port}/mcp` } });
    harness = createHarness([record]);
    await harness.service.callTool(record.id, 'forget-sessions', {}, 'f');
    await new Promise((resolve) => setTimeout(resolve, 100));
    await expect(harness.service.callTool(record.id, 'echo', { message: 'lost' }, 'e1')).rejects.toMatchObject({ code: 'CONNECTION_CLOSED' });
    await waitFor(async () => (await harness!.service.getState(record.id))?.status === 'connected', 5000, 'reconnect');
    expect(textOf(await harness.service.callTool(record.id, 'echo', { message: 'again' }, 'e2'))).toBe('Echo: again');
  });

  it('WebSocket: a closed socket reconnects', async () => {
    network = await startNetworkServer([fixture('mcp-ws-server.mjs')]);
    const record = makeRecord({ type: 'websocket', config: { url: `ws://127.0.0.1:${network.port}` } });
    harness = createHarness([record]);
    await harness.service.callTool(record.id, 'drop-connection', {}, 'd');
    await waitFor(() => statuses(harness!, record.id).includes('error'), 3000, 'the drop');
    await waitFor(async () => (await harness!.service.getState(record.id))?.status === 'connected', 5000, 'reconnect');
    expect(textOf(await harness.service.callTool(record.id, 'echo', { message: 'ws' }, 'e'))).toBe('Echo: ws');
  });

  it('gives up after maxAttempts when the server stays away', async () => {
    network = await startNetworkServer([fixture('mcp-ws-server.mjs')]);
    const record = makeRecord({ type: 'websocket', config: { url: `ws://127.0.0.1:${network.port}` } });
    harness = createHarness([record], { reconnect: { initialDelayMs: 50, maxDelayMs: 100, maxAttempts: 3 } });
    await harness.service.connect(record.id);
    await network.stop();
    await waitFor(async () => {
      const state = await harness!.service.getState(record.id);
      return state?.status === 'error' && state.reconnect === undefined;
    }, 5000, 'the reconnect loop to stop');
    const state = await harness.service.getState(record.id);
    expect(state).toMatchObject({ degraded: true, lastError: { code: 'CONNECT_FAILED' } });
    expect(state?.consecutiveErrors).toBe(4);
    await expect(harness.service.callTool(record.id, 'echo', { message: 'x' }, 'c')).rejects.toMatchObject({ code: 'NOT_CONNECTED' });
  });
});

describe('syncWithConfig and closeAll', () => {
  it('connects enabled, stops disabled, restarts edited, forgets removed', async () => {
    const a = faultServer({ name: 'a' });
    const b = faultServer({ name: 'b', enabled: false });
    harness = createHarness([a, b]);
    const { service, servers, stdio } = harness;

    await service.syncWithConfig();
    expect((await service.listStates()).map((s) => [s.serverName, s.status])).toEqual([['a', 'connected'], ['b', 'disabled']]);
    expect(stdio.spawnCount).toBe(1);

    servers.update(b.id, { enabled: true });
    servers.update(a.id, { timeoutSec: 20 });
    await service.syncWithConfig();
    expect((await service.listStates()).map((s) => s.status)).toEqual(['connected', 'connected']);
    expect(stdio.spawnCount).toBe(3);
    const [firstA] = stdio.pids();
    expect(isAlive(firstA!)).toBe(false);

    servers.update(a.id, { enabled: false });
    servers.remove(b.id);
    await service.syncWithConfig();
    expect(await service.getState(a.id)).toMatchObject({ status: 'disabled' });
    expect(await service.getState(b.id)).toBeUndefined();
    expect(harness.events).toContainEqual({ type: 'removed', serverId: b.id });
    await waitFor(() => stdio.pids().every((pid) => !isAlive(pid)), 5000, 'every process to exit');
  });

  it('closeAll stops every server process', async () => {
    const records = [faultServer(), faultServer(), faultServer()];
    harness = createHarness(records);
    await harness.service.syncWithConfig();
    const pids = harness.stdio.pids();
    expect(pids).toHaveLength(3);
    expect(pids.every(isAlive)).toBe(true);
    await harness.service.closeAll();
    await waitFor(() => pids.every((pid) => !isAlive(pid)), 5000, 'every process to exit');
    expect((await harness.service.listStates()).map((s) => s.status)).toEqual(['disconnected', 'disconnected', 'disconnected']);
  });

  it('tells the process tracker about each stdio process it starts and stops', async () => {
    const calls: string[] = [];
    const processTracker = {
      track: async (c: { pid?: number | null }) => void calls.push(`track ${c.pid}`),
      untrack: async (c: { pid?: number | null }) => void calls.push(`untrack ${c.pid ?? 'gone'}`),
      closeConnection: async () => void calls.push('closeConnection'),
    };
    const record = faultServer();
    harness = createHarness([record], { processTracker });
    await harness.service.connect(record.id);
    const [pid] = harness.stdio.pids();
    expect(calls).toEqual([`track ${pid}`]);
    await harness.service.disconnect(record.id);
    expect(calls).toEqual([`track ${pid}`, 'untrack gone']);
  });

  it('unknown, disabled and failed servers give typed errors', async () => {
    const off = faultServer({ enabled: false });
    const broken = makeRecord({ type: 'stdio', config: { command: '/nonexistent/mcp-server-binary' } });
    harness = createHarness([off, broken]);
    await expect(harness.service.connect('nope')).rejects.toMatchObject({ code: 'SERVER_NOT_FOUND' });
    await expect(harness.service.listServerTools(off.id)).rejects.toMatchObject({ code: 'SERVER_DISABLED' });
    await expect(harness.service.connect(broken.id)).rejects.toMatchObject({ code: 'CONNECT_FAILED', params: { reason: 'ENOENT', detail: expect.stringContaining('ENOENT') } });
    await expect(harness.service.callTool(broken.id, 'x', {}, 'c')).rejects.toMatchObject({ code: 'NOT_CONNECTED' });
    expect(await harness.service.getState(broken.id)).toMatchObject({ status: 'error', consecutiveErrors: 1 });
  });

  it('a server that dies during the handshake fails with its last stderr lines as the reason', async () => {
    const dying = makeRecord({ type: 'stdio', config: { command: process.execPath, args: ['-e', "console.error('FATAL: missing API_KEY'); process.exit(1)"] } });
    harness = createHarness([dying]);
    await expect(harness.service.connect(dying.id)).rejects.toMatchObject({ code: 'CONNECT_FAILED', params: { detail: expect.stringContaining('FATAL: missing API_KEY') } });
    expect(await harness.service.getState(dying.id)).toMatchObject({ lastError: { code: 'CONNECT_FAILED', params: { detail: expect.stringContaining('FATAL') } } });
  });
});
