import { describe, expect, it } from 'vitest';
import { DEFAULT_RECONNECT_POLICY, backoffDelayMs } from '../../app/main/mcp/backoff';
import { ListCache, MAX_LIST_PAGES, collectPages } from '../../app/main/mcp/ListCache';
import { countsAgainstServer, McpServiceError } from '../../app/main/mcp/McpServiceError';

describe('backoffDelayMs', () => {
  const policy = DEFAULT_RECONNECT_POLICY;

  it('doubles from the initial delay up to the cap without jitter', () => {
    const mid = () => 0.5;
    expect([0, 1, 2, 3, 4, 5, 6].map((a) => backoffDelayMs(a, policy, mid))).toEqual([1000, 2000, 4000, 8000, 16000, 30000, 30000]);
  });

  it('jitters within ±jitterRatio and never past the cap', () => {
    expect(backoffDelayMs(1, policy, () => 0)).toBe(1600);
    expect(backoffDelayMs(1, policy, () => 0.999999)).toBe(2400);
    expect(backoffDelayMs(10, policy, () => 0.999999)).toBe(30000);
  });
});

describe('ListCache', () => {
  function deferred<T>() {
    let resolve!: (v: T) => void;
    const promise = new Promise<T>((r) => (resolve = r));
    return { promise, resolve };
  }

  it('shares one fetch between concurrent readers and then serves from cache', async () => {
    let fetches = 0;
    const cache = new ListCache(async () => {
      fetches += 1;
      return [fetches];
    });
    expect(await Promise.all([cache.get(), cache.get()])).toEqual([[1], [1]]);
    expect(await cache.get()).toEqual([1]);
    expect(fetches).toBe(1);
  });

  it('a refresh during a fetch wins over the stale answer', async () => {
    const answers = [deferred<string[]>(), deferred<string[]>()];
    let call = 0;
    const updates: string[][] = [];
    const cache = new ListCache(() => answers[call++]!.promise, (items) => updates.push(items));
    const first = cache.get();
    const second = cache.refresh();
    answers[1]!.resolve(['new']);
    answers[0]!.resolve(['old']);
    expect(await first).toEqual(['new']);
    expect(await second).toEqual(['new']);
    expect(cache.peek()).toEqual(['new']);
    expect(updates).toEqual([['new']]);
  });

  it('refreshes during a fetch coalesce into one more fetch, whose answer every caller gets', async () => {
    const answers = [deferred<string[]>(), deferred<string[]>(), deferred<string[]>()];
    let call = 0;
    const updates: string[][] = [];
    const cache = new ListCache(() => answers[call++]!.promise, (items) => updates.push(items));
    const first = cache.refresh();
    const more = Array.from({ length: 100 }, () => cache.refresh());
    expect(cache.refreshQueued).toBe(true);
    answers[0]!.resolve(['v1']);
    await Promise.resolve();
    answers[1]!.resolve(['v2']);
    expect(await first).toEqual(['v2']);
    expect(await Promise.all(more)).toEqual(more.map(() => ['v2']));
    expect(call).toBe(2);
    expect(updates).toEqual([['v2']]);
    expect(cache.refreshQueued).toBe(false);
    expect(await cache.get()).toEqual(['v2']);
    expect(call).toBe(2);
  });

  it('keeps the previous list for peek() while a refresh runs', async () => {
    const answers = [deferred<string[]>(), deferred<string[]>()];
    let call = 0;
    const cache = new ListCache(() => answers[call++]!.promise);
    answers[0]!.resolve(['old']);
    await cache.get();
    const refreshed = cache.refresh();
    expect(cache.peek()).toEqual(['old']);
    answers[1]!.resolve(['new']);
    expect(await refreshed).toEqual(['new']);
    expect(cache.peek()).toEqual(['new']);
  });

  it('a failed fetch is retried by the next reader', async () => {
    let fail = true;
    const cache = new ListCache(async () => {
      if (fail) throw new Error('boom');
      return ['ok'];
    });
    await expect(cache.get()).rejects.toThrow('boom');
    fail = false;
    expect(await cache.get()).toEqual(['ok']);
  });
});

describe('collectPages', () => {
  it('follows cursors and stops at a repeated cursor or the page limit', async () => {
    const pages: Record<string, { items: number[]; nextCursor?: string }> = { '': { items: [1], nextCursor: 'a' }, a: { items: [2], nextCursor: 'b' }, b: { items: [3] } };
    expect(await collectPages(async (c) => pages[c ?? '']!)).toEqual([1, 2, 3]);
    expect(await collectPages(async () => ({ items: [0], nextCursor: 'same' }))).toEqual([0, 0]);
    let n = 0;
    const endless = await collectPages(async () => ({ items: [n], nextCursor: String(n++) }));
    expect(endless).toHaveLength(MAX_LIST_PAGES);
  });
});

describe('countsAgainstServer', () => {
  it.each([
    ['TIMEOUT', {}, true],
    ['CONNECTION_CLOSED', {}, true],
    ['CONNECT_FAILED', {}, true],
    ['REQUEST_FAILED', { detail: 'fetch failed' }, true],
    ['REQUEST_FAILED', { mcpCode: -32602 }, false],
    ['INVALID_ARGUMENTS', {}, false],
    ['CANCELLED', {}, false],
    ['TOOL_NOT_FOUND', {}, false],
  ] as const)('%s %j → %s', (code, params, expected) => {
    expect(countsAgainstServer(new McpServiceError(code, params))).toBe(expected);
  });
});
