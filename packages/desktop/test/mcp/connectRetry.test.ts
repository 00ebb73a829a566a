/**
 * A failed first connect is retried with the reconnect backoff, like a dropped connection: a server
 * that comes up after Elftia gets connected without anyone pressing a button. What only the user can
 * fix (a bad configuration, a missing command, refused credentials) is not retried, and a deliberate
 * stop cancels a pending retry. Meanwhile calls get NOT_CONNECTED with the last failure.
 *
 * The backoff runs on a ManualClock: the tests move time to each retry instead of sleeping, and
 * wait (bounded) only for the real connect attempt the retry starts.
 */
import { afterEach, describe, expect, it } from 'vitest';
import type { McpService } from '../../app/main/mcp/McpService';
import { ManualClock } from '../support/manualClock';
import { type Harness, type RunningServer, closeHarness, createHarness, fixture, freePort, makeRecord, startNetworkServer, textOf, waitFor } from './helpers';

let harness: Harness | undefined;
let network: RunningServer | undefined;

afterEach(async () => {
  if (harness) await closeHarness(harness);
  await network?.stop();
  harness = undefined;
  network = undefined;
});

/**
 * Moves the clock to the pending retry of `id` and waits for that attempt to fail again (a new retry
 * scheduled, or the loop given up); returns the attempt that ran.
 */
async function runNextRetry(clock: ManualClock, service: McpService, id: string): Promise<number> {
  const retry = (await service.getState(id))?.reconnect;
  if (!retry) throw new Error('no retry is pending');
  clock.advanceTo(retry.nextAtMs);
  await waitFor(async () => {
    const state = await service.getState(id);
    return state?.status === 'error' && (state.reconnect === undefined || state.reconnect.attempt > retry.attempt);
  }, 10_000, `retry ${retry.attempt} to fail`);
  return retry.attempt;
}

const steady = { initialDelayMs: 400, maxDelayMs: 1000, jitterRatio: 0, maxAttempts: 30 };

describe('a failed first connect', () => {
  it('a Streamable HTTP server that starts listening 3 s after the connect began ends up connected by itself', async () => {
    const port = await freePort();
    const record = makeRecord({ type: 'http', config: { url: `http://127.0.0.1:${port}/mcp` } });
    const clock = new ManualClock();
    harness = createHarness([record], { reconnect: steady, clock });
    const { service } = harness;
    const began = clock.now();

    await expect(service.connect(record.id)).rejects.toMatchObject({ code: 'CONNECT_FAILED', params: { cause: 'refused' } });
    expect(await service.getState(record.id)).toMatchObject({ status: 'error', reconnect: { attempt: 1 }, lastError: { code: 'CONNECT_FAILED' } });
    // Meanwhile a call says why it cannot run.
    await expect(service.callTool(record.id, 'echo', { message: 'early' }, 'early')).rejects.toMatchObject({
      code: 'NOT_CONNECTED',
      params: { lastError: 'CONNECT_FAILED', cause: 'refused', detail: expect.stringContaining('ECONNREFUSED'), reconnectAttempt: expect.any(Number) },
    });

    // The retries meanwhile meet the closed port (400, 800, 1000, 1000 ms apart: 3.2 s).
    const attempts: number[] = [];
    while (clock.now() < began + 3000) attempts.push(await runNextRetry(clock, service, record.id));
    expect(attempts).toEqual([1, 2, 3, 4]);
    network = await startNetworkServer([fixture('raw-http-server.mjs')], { MCP_FIXTURE_PORT: String(port) });
    clock.advanceTo((await service.getState(record.id))!.reconnect!.nextAtMs);
    await waitFor(async () => (await service.getState(record.id))?.status === 'connected', 10_000, 'the retry to connect');
    expect(textOf(await service.callTool(record.id, 'echo', { message: 'late' }, 'late'))).toBe('Echo: late');
    expect(await service.getState(record.id)).toMatchObject({ consecutiveErrors: 0 });
  }, 30_000);

  it('a stdio server that crashes on start is retried, then given up after maxAttempts', async () => {
    const record = makeRecord({ type: 'stdio', config: { command: process.execPath, args: ['-e', 'process.exit(3)'] } });
    const clock = new ManualClock();
    harness = createHarness([record], { reconnect: { initialDelayMs: 50, maxDelayMs: 100, jitterRatio: 0, maxAttempts: 3 }, clock }, 'process');
    await expect(harness.service.connect(record.id)).rejects.toMatchObject({ code: 'CONNECT_FAILED', params: { cause: 'exit', exitCode: 3 } });
    for (const attempt of [1, 2, 3]) expect(await runNextRetry(clock, harness.service, record.id)).toBe(attempt);
    // The first start probes the protocol era; a process that dies then is started once more with the
    // 2025 handshake (a legacy server that exits on the probe), and the retries skip the probe.
    expect(harness.stdio.spawnCount).toBe(5);
    expect(await harness.service.getState(record.id)).toMatchObject({ status: 'error' });
    expect((await harness.service.getState(record.id))?.reconnect).toBeUndefined();
    // Given up: no timer is left to start a fifth process, however long the app keeps running.
    expect(clock.pending()).toEqual([]);
    clock.advance(60_000);
    expect(harness.stdio.spawnCount).toBe(5);
    expect(await harness.service.getState(record.id)).toMatchObject({ consecutiveErrors: 4, degraded: true, lastError: { code: 'CONNECT_FAILED', params: { cause: 'exit', exitCode: 3 } } });
    expect(harness.service.getLogs(record.id).some((l) => l.text === 'giving up after 3 reconnect attempts')).toBe(true);
  }, 30_000);

  it('a deliberate stop cancels the pending retry', async () => {
    const port = await freePort();
    const record = makeRecord({ type: 'http', config: { url: `http://127.0.0.1:${port}/mcp` } });
    const clock = new ManualClock();
    harness = createHarness([record], { reconnect: { ...steady, initialDelayMs: 500 }, clock });
    await expect(harness.service.connect(record.id)).rejects.toMatchObject({ code: 'CONNECT_FAILED' });
    expect(clock.pending()).toEqual([500]);
    await harness.service.disconnect(record.id);
    expect(clock.pending()).toEqual([]);
    network = await startNetworkServer([fixture('raw-http-server.mjs')], { MCP_FIXTURE_PORT: String(port) });
    clock.advance(1500);
    expect(await harness.service.getState(record.id)).toMatchObject({ status: 'disconnected' });
    expect((await harness.service.getState(record.id))?.reconnect).toBeUndefined();
  }, 30_000);

  it.each([
    ['a missing command', () => makeRecord({ type: 'stdio', config: { command: '/nonexistent/mcp-server-binary' } }), { code: 'CONNECT_FAILED', params: { reason: 'commandNotFound' } }],
    ['a URL that is not http(s)', () => makeRecord({ type: 'http', config: { url: 'ftp://127.0.0.1/mcp' } }), { code: 'INVALID_CONFIG', params: { field: 'url' } }],
  ])('%s is not retried: it needs the user', async (_, record, failure) => {
    const server = record();
    const clock = new ManualClock();
    harness = createHarness([server], { reconnect: { initialDelayMs: 50, maxDelayMs: 50, maxAttempts: 5 }, clock }, 'process');
    await expect(harness.service.connect(server.id)).rejects.toMatchObject(failure);
    expect(clock.pending()).toEqual([]);
    clock.advance(400);
    expect(await harness.service.getState(server.id)).toMatchObject({ status: 'error', consecutiveErrors: 1 });
    expect((await harness.service.getState(server.id))?.reconnect).toBeUndefined();
    await expect(harness.service.callTool(server.id, 'x', {}, 'c')).rejects.toMatchObject({ code: 'NOT_CONNECTED', params: { lastError: failure.code } });
  });

  it('credentials the server refuses (HTTP 401) are not retried', async () => {
    network = await startNetworkServer([fixture('raw-http-server.mjs')], { MCP_FIXTURE_STATUS: '401' });
    const record = makeRecord({ type: 'http', config: { url: `http://127.0.0.1:${network.port}/mcp` } });
    const clock = new ManualClock();
    harness = createHarness([record], { reconnect: { initialDelayMs: 50, maxDelayMs: 50, maxAttempts: 5 }, clock });
    await expect(harness.service.connect(record.id)).rejects.toMatchObject({ code: 'CONNECT_FAILED', params: { cause: 'httpStatus', httpStatus: 401 } });
    expect(clock.pending()).toEqual([]);
    clock.advance(400);
    expect((await harness.service.getState(record.id))?.reconnect).toBeUndefined();
    expect(await harness.service.getState(record.id)).toMatchObject({ consecutiveErrors: 1 });
  });
});
