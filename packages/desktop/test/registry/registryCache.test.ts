import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { REGISTRY_CACHE_FILE, RegistryCache } from '../../app/main/registry/RegistryCache';
import type { RegistryEntry } from '../../app/main/registry/registryRecord';
import { tempDir } from '../support/tempDir';

const entry = (n: number): RegistryEntry => ({ server: { name: `io.github.x/s${n}`, description: 'd'.repeat(100), version: '1.0.0' } });
const page = (n: number) => ({ servers: [entry(n)], metadata: { count: 1 } });

describe('RegistryCache', () => {
  it('keeps pages and records across a restart in an owner-only file', async () => {
    const dir = tempDir();
    const cache = new RegistryCache(dir);
    cache.putPage(RegistryCache.pageKey('https://r', { search: 'a', limit: 30 }), page(1), '2026-01-01T00:00:00.000Z');
    cache.putRecord(RegistryCache.recordKey('https://r', 'io.github.x/s2', 'latest'), entry(2), '2026-01-01T00:00:01.000Z');
    await cache.flush();
    expect(fs.statSync(path.join(dir, REGISTRY_CACHE_FILE)).mode & 0o777).toBe(0o600);
    const again = new RegistryCache(dir);
    expect(again.page(RegistryCache.pageKey('https://r', { search: 'a', limit: 30 }))).toEqual({ fetchedAt: '2026-01-01T00:00:00.000Z', value: page(1) });
    expect(again.record(RegistryCache.recordKey('https://r', 'io.github.x/s2', 'latest'))).toEqual({ fetchedAt: '2026-01-01T00:00:01.000Z', value: entry(2) });
    // Another registry, query, cursor or limit is another entry.
    expect(again.page(RegistryCache.pageKey('https://other', { search: 'a', limit: 30 }))).toBeUndefined();
    expect(again.page(RegistryCache.pageKey('https://r', { search: 'a', cursor: 'c', limit: 30 }))).toBeUndefined();
  });

  it('is bounded by entries and by size, the oldest going first', async () => {
    const dir = tempDir();
    const cache = new RegistryCache(dir, { maxEntries: 3, maxChars: 100_000 });
    for (let n = 0; n < 5; n += 1) cache.putRecord(RegistryCache.recordKey('https://r', `io.github.x/s${n}`, 'latest'), entry(n), `2026-01-01T00:00:0${n}.000Z`);
    await cache.flush();
    const kept = (n: number) => new RegistryCache(dir).record(RegistryCache.recordKey('https://r', `io.github.x/s${n}`, 'latest')) !== undefined;
    expect([0, 1, 2, 3, 4].map(kept)).toEqual([false, false, true, true, true]);

    const small = new RegistryCache(tempDir(), { maxEntries: 100, maxChars: 1_000 });
    for (let n = 0; n < 20; n += 1) small.putRecord(RegistryCache.recordKey('https://r', `io.github.x/s${n}`, 'latest'), entry(n), `2026-01-01T00:00:${String(n).padStart(2, '0')}.000Z`);
    expect(small.record(RegistryCache.recordKey('https://r', 'io.github.x/s19', 'latest'))).toBeDefined();
    expect(small.record(RegistryCache.recordKey('https://r', 'io.github.x/s0', 'latest'))).toBeUndefined();
    await small.flush();
  });

  it('reads a damaged or foreign file as empty, and replaces it on the next write', async () => {
    const dir = tempDir();
    const key = RegistryCache.recordKey('https://r', 'io.github.x/s1', 'latest');
    for (const text of ['{not json', JSON.stringify({ version: 99, entries: {} }), JSON.stringify({ version: 1, entries: { [key]: { fetchedAt: 1, record: 'x' } } })]) {
      fs.writeFileSync(path.join(dir, REGISTRY_CACHE_FILE), text);
      const cache = new RegistryCache(dir);
      expect(cache.record(key)).toBeUndefined();
      cache.putRecord(key, entry(1), '2026-01-01T00:00:00.000Z');
      await cache.flush();
      expect(new RegistryCache(dir).record(key)?.value).toEqual(entry(1));
    }
  });
});
