/**
 * What a tool call costs in timers and controllers of the service's own (issue 16), and that the
 * timeout policy is unchanged: no timer of ours for a call without progress, the absolute cap still
 * counted from the call's start when progress arrives, at once when it is not longer than the idle
 * timeout; a call's "ended" signal (for the questions it causes) still aborts when it fails.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { CallsInFlight } from '../../app/main/mcp/serverRequests';
import type { McpServerRecord } from '../../app/shared/contracts/mcp-types';
import { ManualClock } from '../support/manualClock';
import { type Harness, closeHarness, createHarness, fixture, recordFile, stdioRecord, textOf, waitFor } from './helpers';

let harness: Harness | undefined;
const cleanups: (() => void)[] = [];

afterEach(async () => {
  if (harness) await closeHarness(harness);
  harness = undefined;
  for (const cleanup of cleanups.splice(0)) cleanup();
});

async function faultServerOnClock(clock: ManualClock): Promise<{ record: McpServerRecord; lines: () => string[]; service: Harness['service'] }> {
  const file = recordFile();
  cleanups.push(file.cleanup);
  const record = stdioRecord(fixture('mcp-fault-server.mjs'), {}, { MCP_FIXTURE_RECORD: file.path });
  harness = createHarness([record], { clock });
  await harness.service.connect(record.id);
  return { record, lines: file.lines, service: harness.service };
}

const tick = () => new Promise<void>((resolve) => setImmediate(resolve));

describe('the timers of a tool call', () => {
  it('a call that sends no progress sets no timer of the service (the SDK keeps the idle timeout)', async () => {
    const clock = new ManualClock();
    const { record, service } = await faultServerOnClock(clock);
    const before = clock.scheduledCount;
    for (let i = 0; i < 5; i += 1) expect(textOf(await service.callTool(record.id, 'echo', { message: `m${i}` }, `e${i}`))).toBe(`Echo: m${i}`);
    expect(clock.scheduledCount - before).toBe(0);
    expect(clock.pending()).toEqual([]);
  });

  it('the absolute cap still counts from the call start when the first progress comes late', async () => {
    const clock = new ManualClock();
    const { record, lines, service } = await faultServerOnClock(clock);
    const seen: number[] = [];
    let settled = false;
    const call = service
      .callTool(record.id, 'progress', { steps: 0, intervalMs: 100 }, 'late', { timeoutMs: 5000, maxTotalTimeoutMs: 20_000, onProgress: (p) => seen.push(p.progress) })
      .finally(() => (settled = true));
    call.catch(() => {});
    // The request is on its way after the service's lookups (microtasks); the server's first
    // progress comes 100 ms later. 15 s of the service's time pass before it: no cap timer yet, so
    // nothing fires.
    await tick();
    expect(seen).toEqual([]);
    clock.advance(15_000);
    await waitFor(() => seen.length >= 1, 10_000, 'the first progress');
    // The cap is set at the first progress, for what is left of the 20 s.
    expect(clock.pending()).toEqual([5000]);
    clock.advance(4999);
    await tick();
    expect(settled).toBe(false);
    clock.advance(1);
    await expect(call).rejects.toMatchObject({ code: 'TIMEOUT', params: { timeoutMs: 20_000, limit: 'total' } });
    expect(clock.pending()).toEqual([]);
    await waitFor(() => lines().some((l) => l.startsWith('cancelled ')), 5000, 'the cancellation');
  });

  it('a cap not longer than the idle timeout is set at once and ends a silent call, telling the server', async () => {
    const clock = new ManualClock();
    const { record, lines, service } = await faultServerOnClock(clock);
    const call = service.callTool(record.id, 'hang', {}, 'short-cap', { timeoutMs: 60_000, maxTotalTimeoutMs: 1000 });
    call.catch(() => {});
    await waitFor(() => lines().includes('call hang'), 10_000, 'the call to reach the server');
    expect(clock.pending()).toEqual([1000]);
    clock.advance(1000);
    await expect(call).rejects.toMatchObject({ code: 'TIMEOUT', params: { timeoutMs: 1000, limit: 'total' } });
    await waitFor(() => lines().some((l) => l.startsWith('cancelled ')), 5000, 'the cancellation');
  });

  it('Stop and cancelCall still cancel a call on the wire, with CANCELLED', async () => {
    const clock = new ManualClock();
    const { record, lines, service } = await faultServerOnClock(clock);
    const stop = new AbortController();
    const stopped = service.callTool(record.id, 'hang', {}, 'stop-1', { signal: stop.signal });
    stopped.catch(() => {});
    await waitFor(() => lines().filter((l) => l === 'call hang').length === 1, 10_000, 'the first call');
    stop.abort();
    await expect(stopped).rejects.toMatchObject({ code: 'CANCELLED' });
    const cancelled = service.callTool(record.id, 'hang', {}, 'cancel-1');
    cancelled.catch(() => {});
    await waitFor(() => lines().filter((l) => l === 'call hang').length === 2, 10_000, 'the second call');
    expect(service.cancelCall('cancel-1')).toBe(true);
    await expect(cancelled).rejects.toMatchObject({ code: 'CANCELLED' });
    await waitFor(() => lines().filter((l) => l.startsWith('cancelled ')).length === 2, 5000, 'both cancellations');
    // Nothing of either call is left: a later cancelCall finds no call.
    expect(service.cancelCall('cancel-1')).toBe(false);
  });
});

describe('a call in flight, for the questions it causes', () => {
  it('its end signal aborts when the call fails, also when asked for only during the call', async () => {
    const calls = new CallsInFlight();
    let fail!: (error: Error) => void;
    const running = calls.run('c1', () => new Promise<never>((_, reject) => (fail = reject)));
    running.catch(() => {});
    expect(calls.current()).toBe('c1');
    const ended = calls.endOf('c1');
    expect(ended?.aborted).toBe(false);
    fail(new Error('timed out'));
    await expect(running).rejects.toThrow('timed out');
    expect(ended?.aborted).toBe(true);
    expect(calls.endOf('c1')).toBeUndefined();
  });

  it('a call that succeeds leaves nothing behind and aborts nothing', async () => {
    const calls = new CallsInFlight();
    let ended: AbortSignal | undefined;
    await calls.run('c2', async () => {
      ended = calls.endOf('c2');
      return 'ok';
    });
    expect(ended?.aborted).toBe(false);
    expect(calls.endOf('c2')).toBeUndefined();
    expect(calls.current()).toBeUndefined();
  });
});
