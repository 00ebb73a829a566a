/**
 * A stdio answer longer than the line cap cannot be read; the request it answers fails at once with
 * RESULT_TOO_LARGE (not at its timeout), wherever the server put the id, and the connection stays.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { type Harness, closeHarness, createHarness, rawServer, textOf, elapsedMs } from './helpers';

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
  return { id: raw.record.id, service: harness.service };
}

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
    const { id, service } = await connected();
    const waiting = elapsedMs(service.callTool(id, 'hang', {}, 'waiting'));
    await new Promise((resolve) => setTimeout(resolve, 100));
    await expect(service.callTool(id, 'huge', { bytes: 3 * CAP_BYTES, id: 'end' }, 'big')).rejects.toMatchObject({ code: 'RESULT_TOO_LARGE' });
    expect(service.cancelCall('waiting')).toBe(true);
    expect((await waiting).error).toMatchObject({ code: 'CANCELLED' });
  }, 40_000);

  it('a notification over the cap fails no call', async () => {
    const { id, service } = await connected();
    expect(textOf(await service.callTool(id, 'huge-notification', { bytes: 3 * CAP_BYTES }, 'n'))).toBe('after the notification');
  }, 40_000);
});
