/**
 * A stdio answer longer than the line cap cannot be read; the request it answers fails at once with
 * RESULT_TOO_LARGE (not at its timeout), wherever the server put the id, and the connection stays.
 * A Streamable HTTP JSON answer or an SSE event (Streamable HTTP or the older HTTP+SSE transport)
 * past the same cap fails the same way, before it is read whole.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { type Harness, type RunningServer, closeHarness, createHarness, elapsedMs, fixture, makeRecord, rawServer, startNetworkServer, textOf, waitFor } from './helpers';

const CAP_BYTES = 1024 * 1024;
let harness: Harness | undefined;
const cleanups: (() => void)[] = [];

afterEach(async () => {
  if (harness) await closeHarness(harness);
  harness = undefined;
  for (const cleanup of cleanups.splice(0)) cleanup();
});

async function connected() {
  const raw = rawServer({ timeoutSec: 30 });
  cleanups.push(raw.cleanup);
  harness = createHarness([raw.record], { maxMessageBytes: CAP_BYTES }, 'process');
  await harness.service.connect(raw.record.id);
  return { id: raw.record.id, service: harness.service, methods: raw.methods };
}

const callsIn = (methods: () => string[]) => methods().filter((m) => m === 'tools/call').length;

describe('an answer over the line cap', () => {
  it.each([
    ['first (Python and Go SDKs)', 'start'],
    ['last (the TypeScript SDK)', 'end'],
    ['in the middle (the oldest call waiting is failed)', 'none'],
  ])('with the id %s fails that call at once, and the next call works', async (_, place) => {
    const { id, service } = await connected();
    const { ms, error } = await elapsedMs(service.callTool(id, 'huge', { bytes: 3 * CAP_BYTES, id: place }, `h-${place}`));
    expect(error).toMatchObject({ code: 'RESULT_TOO_LARGE', params: { limit: '1 MiB', limitBytes: CAP_BYTES } });
    expect(ms).toBeLessThan(5000);
    expect(textOf(await service.callTool(id, 'echo', { message: 'after' }, 'e'))).toBe('Echo: after');
    // Not the server's fault: it stays healthy.
    expect(await service.getState(id)).toMatchObject({ status: 'connected', consecutiveErrors: 0 });
    expect(service.getLogs(id).some((l) => l.text.includes(`longer than ${CAP_BYTES} bytes`))).toBe(true);
  }, 40_000);

  it('fails only the call it answers; another call in flight keeps waiting for its own answer', async () => {
    const { id, service, methods } = await connected();
    const before = callsIn(methods);
    const waiting = elapsedMs(service.callTool(id, 'hang', {}, 'waiting'));
    // In flight once the server has it (the fixture records each request as it reads it).
    await waitFor(() => callsIn(methods) > before, 5000, 'the hang call to reach the server');
    await expect(service.callTool(id, 'huge', { bytes: 3 * CAP_BYTES, id: 'end' }, 'big')).rejects.toMatchObject({ code: 'RESULT_TOO_LARGE' });
    expect(service.cancelCall('waiting')).toBe(true);
    expect((await waiting).error).toMatchObject({ code: 'CANCELLED' });
  }, 40_000);

  it('a notification over the cap fails no call', async () => {
    const { id, service } = await connected();
    expect(textOf(await service.callTool(id, 'huge-notification', { bytes: 3 * CAP_BYTES }, 'n'))).toBe('after the notification');
  }, 40_000);
});

describe('a Streamable HTTP answer over the cap', () => {
  let network: RunningServer | undefined;
  afterEach(async () => {
    await network?.stop();
    network = undefined;
  });

  it.each([
    ['sent in pieces', false],
    ['with its Content-Length', true],
  ])('%s: RESULT_TOO_LARGE at once, naming the limit; the session stays', async (_how, declare) => {
    network = await startNetworkServer([fixture('raw-http-server.mjs')]);
    const record = makeRecord({ type: 'http', timeoutSec: 30, config: { url: `http://127.0.0.1:${network.port}/mcp` } });
    harness = createHarness([record], { maxMessageBytes: CAP_BYTES });
    const { service } = harness;
    await service.connect(record.id);
    const start = performance.now();
    const error = await service.callTool(record.id, 'huge', { bytes: 4 * CAP_BYTES, declare }, 'huge-http').then(() => undefined, (e: unknown) => e);
    expect(error).toMatchObject({ code: 'RESULT_TOO_LARGE', params: { limitBytes: CAP_BYTES, limit: '1 MiB' } });
    expect(performance.now() - start).toBeLessThan(10_000);
    expect(textOf(await service.callTool(record.id, 'huge', { bytes: CAP_BYTES / 2 }, 'fits'))).toHaveLength(CAP_BYTES / 2);
    expect(textOf(await service.callTool(record.id, 'echo', { message: 'still here' }, 'after'))).toBe('Echo: still here');
  });

  it('an SSE answer of one event past the cap, its id last: RESULT_TOO_LARGE at once; the session stays', async () => {
    network = await startNetworkServer([fixture('raw-http-server.mjs')]);
    const record = makeRecord({ type: 'http', timeoutSec: 30, config: { url: `http://127.0.0.1:${network.port}/mcp` } });
    harness = createHarness([record], { maxMessageBytes: CAP_BYTES });
    const { service } = harness;
    await service.connect(record.id);
    const start = performance.now();
    const error = await service.callTool(record.id, 'huge-sse', { bytes: 4 * CAP_BYTES }, 'huge-sse').then(() => undefined, (e: unknown) => e);
    expect(error).toMatchObject({ code: 'RESULT_TOO_LARGE', params: { limitBytes: CAP_BYTES } });
    expect(performance.now() - start).toBeLessThan(10_000);
    expect(textOf(await service.callTool(record.id, 'huge-sse', { bytes: CAP_BYTES / 2 }, 'fits'))).toHaveLength(CAP_BYTES / 2);
    expect(await service.getState(record.id)).toMatchObject({ status: 'connected' });
  });
});

describe('an HTTP+SSE (older transport) event over the cap', () => {
  let network: RunningServer | undefined;
  afterEach(async () => {
    await network?.stop();
    network = undefined;
  });

  async function connectedSse() {
    network = await startNetworkServer([fixture('raw-sse-server.mjs')]);
    const record = makeRecord({ type: 'sse', timeoutSec: 30, config: { url: `http://127.0.0.1:${network.port}/sse` } });
    harness = createHarness([record], { maxMessageBytes: CAP_BYTES });
    await harness.service.connect(record.id);
    return { id: record.id, service: harness.service };
  }

  it('with its id first: that request fails with RESULT_TOO_LARGE at once, and later events still arrive', async () => {
    const { id, service } = await connectedSse();
    const start = performance.now();
    const error = await service.callTool(id, 'huge', { bytes: 4 * CAP_BYTES, idFirst: true }, 'big').then(() => undefined, (e: unknown) => e);
    expect(error).toMatchObject({ code: 'RESULT_TOO_LARGE', params: { limitBytes: CAP_BYTES } });
    expect(performance.now() - start).toBeLessThan(10_000);
    expect(textOf(await service.callTool(id, 'huge', { bytes: CAP_BYTES / 2 }, 'fits'))).toHaveLength(CAP_BYTES / 2);
    expect(textOf(await service.callTool(id, 'echo', { message: 'still here' }, 'after'))).toBe('Echo: still here');
  });

  it('with its id last (unreadable): the stream is given up, so the call fails at once saying why instead of at its timeout', async () => {
    const { id, service } = await connectedSse();
    const start = performance.now();
    const error = await service.callTool(id, 'huge', { bytes: 4 * CAP_BYTES }, 'big-last').then(() => undefined, (e: unknown) => e);
    expect(error).toMatchObject({ code: 'CONNECTION_CLOSED', params: { detail: expect.stringContaining(`longer than ${CAP_BYTES} bytes`) as string } });
    expect(performance.now() - start).toBeLessThan(10_000);
  });
});
