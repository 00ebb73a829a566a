import { afterEach, describe, expect, it } from 'vitest';
import type { McpServerRecord } from '../../app/shared/contracts/mcp-types';
import { ManualClock } from '../support/manualClock';
import { type Harness, closeHarness, createHarness, fixture, isAlive, recordFile, stdioRecord, textOf, waitFor, elapsedMs } from './helpers';

let harness: Harness | undefined;
const cleanups: (() => void)[] = [];

afterEach(async () => {
  if (harness) await closeHarness(harness);
  harness = undefined;
  for (const cleanup of cleanups.splice(0)) cleanup();
});

function faultServer(partial: Partial<McpServerRecord> = {}, env: Record<string, string> = {}): { record: McpServerRecord; lines: () => string[] } {
  const file = recordFile();
  cleanups.push(file.cleanup);
  const record = stdioRecord(fixture('mcp-fault-server.mjs'), partial, { MCP_FIXTURE_RECORD: file.path, ...env });
  return { record, lines: file.lines };
}

async function connected(record: McpServerRecord): Promise<Harness> {
  harness = createHarness([record]);
  await harness.service.connect(record.id);
  return harness;
}

describe('a server that crashes mid-call', () => {
  it('fails the call within a second with CONNECTION_CLOSED and reconnects by itself', async () => {
    const { record } = faultServer();
    const { service, stdio, events } = await connected(record);
    const firstPid = stdio.pids()[0]!;

    const { ms, error } = await elapsedMs(service.callTool(record.id, 'crash', {}, 'c1'));
    expect(error).toMatchObject({ code: 'CONNECTION_CLOSED', params: { detail: expect.stringContaining('crashing on purpose') } });
    expect(ms).toBeLessThan(1000);

    await waitFor(async () => (await service.getState(record.id))?.status === 'connected', 5000, 'reconnect');
    expect(stdio.spawnCount).toBe(2);
    expect(isAlive(firstPid)).toBe(false);
    expect(textOf(await service.callTool(record.id, 'echo', { message: 'back' }, 'c2'))).toBe('Echo: back');

    // One crash is one failure: the drop and the call it broke are not counted twice.
    expect(Math.max(...events.flatMap((e) => (e.type === 'state' ? [e.state.consecutiveErrors] : [])))).toBe(1);
    expect(await service.getState(record.id)).toMatchObject({ consecutiveErrors: 0 });
    const retrying = events.find((e) => e.type === 'state' && e.state.status === 'error' && e.state.reconnect);
    expect(retrying).toMatchObject({ state: { consecutiveErrors: 1, lastError: { code: 'CONNECTION_CLOSED' }, reconnect: { attempt: 1 } } });
    expect(service.getLogs(record.id).some((l) => l.level === 'stderr' && l.text.includes('crashing on purpose'))).toBe(true);
  });
});

describe('a server that hangs', () => {
  it('ends the call at the server timeout, sends notifications/cancelled, and the next call works', async () => {
    const { record, lines } = faultServer({ timeoutSec: 1 });
    const { service, stdio } = await connected(record);

    const { ms, error } = await elapsedMs(service.callTool(record.id, 'hang', {}, 'h1'));
    expect(error).toMatchObject({ code: 'TIMEOUT', params: { timeoutMs: 1000 } });
    expect(ms).toBeGreaterThanOrEqual(950);
    expect(ms).toBeLessThan(3000);

    await waitFor(() => lines().some((l) => l.startsWith('cancelled ')), 2000, 'the server to record the cancellation');
    expect(textOf(await service.callTool(record.id, 'echo', { message: 'still here' }, 'h2'))).toBe('Echo: still here');
    expect(stdio.spawnCount).toBe(1);
  });

  it('a caller abort (Stop) cancels on the wire with CANCELLED; cancelCall does the same', async () => {
    const { record, lines } = faultServer();
    const { service } = await connected(record);

    const stop = new AbortController();
    const call = service.callTool(record.id, 'hang', {}, 'a1', { signal: stop.signal });
    // Stop once the server has the call, so the cancellation goes on the wire.
    await waitFor(() => lines().includes('call hang'), 2000, 'the first call to arrive');
    stop.abort();
    await expect(call).rejects.toMatchObject({ code: 'CANCELLED' });

    const second = service.callTool(record.id, 'hang', {}, 'a2');
    await waitFor(() => lines().filter((l) => l === 'call hang').length === 2, 2000, 'the second call to arrive');
    expect(service.cancelCall('a2')).toBe(true);
    await expect(second).rejects.toMatchObject({ code: 'CANCELLED' });

    await waitFor(() => lines().filter((l) => l.startsWith('cancelled ')).length === 2, 2000, 'both cancellations');
    expect(service.cancelCall('a2')).toBe(false);
    expect(textOf(await service.callTool(record.id, 'echo', { message: 'ok' }, 'a3'))).toBe('Echo: ok');
  });

  it('three timeouts in a row mark the server degraded; a success resets the counter', async () => {
    const { record } = faultServer();
    const { service } = await connected(record);
    for (let i = 0; i < 3; i += 1) {
      await expect(service.callTool(record.id, 'hang', {}, `d${i}`, { timeoutMs: 150 })).rejects.toMatchObject({ code: 'TIMEOUT' });
    }
    expect(await service.getState(record.id)).toMatchObject({ status: 'connected', consecutiveErrors: 3, degraded: true, lastError: { code: 'TIMEOUT' } });
    await service.callTool(record.id, 'echo', { message: 'x' }, 'd3');
    expect(await service.getState(record.id)).toMatchObject({ consecutiveErrors: 0, degraded: false });
  });
});

describe('progress', () => {
  it('resets the timeout: a call longer than its timeout succeeds while progress arrives', async () => {
    const { record } = faultServer();
    const { service } = await connected(record);
    const seen: number[] = [];
    const result = await service.callTool(record.id, 'progress', { steps: 6, intervalMs: 250 }, 'p1', {
      timeoutMs: 700,
      onProgress: (p) => seen.push(p.progress),
    });
    expect(textOf(result)).toBe('done after 6 steps');
    // The SDK dispatches notifications a microtask later than responses, so the last progress,
    // sent right before the result, can arrive after the call is settled.
    expect(seen.slice(0, 5)).toEqual([1, 2, 3, 4, 5]);
  });

  it('cannot extend a call past the absolute cap, and the server is told', async () => {
    const { record, lines } = faultServer();
    // The cap runs on McpService's clock, a ManualClock here; the idle timeout is the SDK's own (real) timer.
    const clock = new ManualClock();
    harness = createHarness([record], { clock });
    const { service } = harness;
    await service.connect(record.id);
    const seen: number[] = [];
    let settled = false;
    const call = service
      .callTool(record.id, 'progress', { steps: 0, intervalMs: 100 }, 'p2', { timeoutMs: 500, maxTotalTimeoutMs: 1200, onProgress: (p) => seen.push(p.progress) })
      .finally(() => (settled = true));
    call.catch(() => {});
    // Progress keeps the call alive past its 500 ms idle timeout (real time, the server's pace)…
    await waitFor(() => seen.length >= 8, 10_000, 'progress for longer than the idle timeout');
    expect(settled).toBe(false);
    expect(clock.pending()).toEqual([1200]);
    // …but not past the cap: 1 ms short of it the call still runs, at the cap it fails.
    clock.advance(1199);
    await new Promise<void>((resolve) => setImmediate(resolve));
    expect(settled).toBe(false);
    clock.advance(1);
    await expect(call).rejects.toMatchObject({ code: 'TIMEOUT', params: { timeoutMs: 1200, limit: 'total' } });
    expect(clock.pending()).toEqual([]);
    await waitFor(() => lines().some((l) => l.startsWith('cancelled ')), 2000, 'the cancellation');
  });
});

describe('slow and big servers', () => {
  it('a short call timeout does not cut off a slow start: connects get at least the floor', async () => {
    const { record } = faultServer({ timeoutSec: 1 }, { MCP_FIXTURE_START_DELAY_MS: '1500' });
    harness = createHarness([record], { minConnectTimeoutMs: 8000 });
    const { error } = await elapsedMs(harness.service.connect(record.id));
    expect(error).toBeUndefined();
    const { error: callError } = await elapsedMs(harness.service.callTool(record.id, 'hang', {}, 'f1'));
    expect(callError).toMatchObject({ code: 'TIMEOUT', params: { timeoutMs: 1000 } });
  }, 15_000);

  it('a server that takes 5 s to start connects within its timeout', async () => {
    const { record } = faultServer({ timeoutSec: 10 }, { MCP_FIXTURE_START_DELAY_MS: '5000' });
    const { ms, error } = await elapsedMs((harness = createHarness([record])).service.connect(record.id));
    expect(error).toBeUndefined();
    expect(ms).toBeGreaterThanOrEqual(4900);
    expect(textOf(await harness.service.callTool(record.id, 'echo', { message: 'late' }, 's1'))).toBe('Echo: late');
  }, 15_000);

  it('a server slower than its timeout fails to connect with TIMEOUT and its process is gone', async () => {
    const { record } = faultServer({ timeoutSec: 1 }, { MCP_FIXTURE_START_DELAY_MS: '5000' });
    // No floor: the server's own 1 s bounds the connect.
    harness = createHarness([record], { minConnectTimeoutMs: 0 });
    const { ms, error } = await elapsedMs(harness.service.connect(record.id));
    expect(error).toMatchObject({ code: 'TIMEOUT', params: { phase: 'connect', timeoutMs: 1000 } });
    // 1 s timeout, then the SDK's close: stdin EOF (ignored by a server still starting), 2 s, SIGTERM.
    expect(ms).toBeLessThan(4500);
    expect(await harness.service.getState(record.id)).toMatchObject({ status: 'error', lastError: { code: 'TIMEOUT' } });
    const pid = harness.stdio.pids()[0];
    if (pid !== undefined) await waitFor(() => !isAlive(pid), 5000, 'the process to be killed');
  });

  // Beyond the SDK's default 10 MiB stdio line limit, which would close the connection. The SDK's
  // ReadBuffer concatenates every chunk (quadratic copying): ~5 s alone, far more on a loaded machine,
  // hence the generous call timeout.
  it('receives a 10 MB result over stdio and stays connected', async () => {
    const { record } = faultServer({ timeoutSec: 60 });
    const { service } = await connected(record);
    const bytes = 10 * 1024 * 1024;
    const result = await service.callTool(record.id, 'big', { bytes }, 'b1');
    expect(textOf(result).length).toBe(bytes);
    expect(textOf(await service.callTool(record.id, 'echo', { message: 'after' }, 'b2'))).toBe('Echo: after');
  }, 60_000);
});
