/**
 * What the registry answered, kept in `<dataDir>/registry-cache.json` (owner-only, written whole
 * through a rename) so the browser still shows something offline after a restart: pages by registry
 * URL + query + cursor, records by registry URL + name + version. Bounded by entry count and by size;
 * the oldest entries go first. A damaged or foreign file reads as empty.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { z } from 'zod';
import { writeJsonAtomic } from '../lib/atomicJson';
import { type RegistryEntry, type ServerList, registryEntrySchema, serverListSchema } from './registryRecord';

export const REGISTRY_CACHE_FILE = 'registry-cache.json';
const CACHE_VERSION = 1;

export interface CacheLimits {
  /** Entries kept (pages and records together). */
  maxEntries: number;
  /** The file's largest size in characters of JSON. */
  maxChars: number;
}

export const DEFAULT_CACHE_LIMITS: CacheLimits = { maxEntries: 500, maxChars: 16 * 1024 * 1024 };

export interface Cached<T> {
  fetchedAt: string;
  value: T;
}

const slotSchema = z.object({
  fetchedAt: z.string(),
  page: serverListSchema.optional(),
  record: registryEntrySchema.optional(),
});
type Slot = z.infer<typeof slotSchema>;
const fileSchema = z.object({ version: z.literal(CACHE_VERSION), entries: z.record(z.string(), slotSchema) });

export class RegistryCache {
  readonly #file: string;
  readonly #limits: CacheLimits;
  #entries: Map<string, Slot> | undefined;
  /** Characters of JSON each entry takes (key and value), so the size bound needs no whole-map stringify. */
  readonly #sizes = new Map<string, number>();
  #dirty = false;
  #writing: Promise<void> | undefined;

  constructor(dataDir: string, limits: CacheLimits = DEFAULT_CACHE_LIMITS) {
    this.#file = path.join(dataDir, REGISTRY_CACHE_FILE);
    this.#limits = limits;
  }

  static pageKey(registryUrl: string, query: { search: string; cursor?: string; limit: number; includeDeleted?: boolean }): string {
    return JSON.stringify(['page', registryUrl, query.search, query.cursor ?? '', query.limit, query.includeDeleted === true]);
  }

  static recordKey(registryUrl: string, name: string, version: string): string {
    return JSON.stringify(['record', registryUrl, name, version]);
  }

  page(key: string): Cached<ServerList> | undefined {
    const slot = this.#load().get(key);
    return slot?.page ? { fetchedAt: slot.fetchedAt, value: slot.page } : undefined;
  }

  record(key: string): Cached<RegistryEntry> | undefined {
    const slot = this.#load().get(key);
    return slot?.record ? { fetchedAt: slot.fetchedAt, value: slot.record } : undefined;
  }

  putPage(key: string, page: ServerList, fetchedAt: string): void {
    this.#put(key, { fetchedAt, page });
  }

  putRecord(key: string, record: RegistryEntry, fetchedAt: string): void {
    this.#put(key, { fetchedAt, record });
  }

  /** Resolves once what was put so far is on disk. */
  flush(): Promise<void> {
    return this.#writing ?? Promise.resolve();
  }

  #put(key: string, slot: Slot): void {
    const entries = this.#load();
    this.#forget(key);
    entries.set(key, slot);
    this.#sizes.set(key, sizeOf(key, slot));
    this.#trim(entries);
    this.#dirty = true;
    this.#writing ??= this.#drain();
  }

  /**
   * One write at a time, of the whole map as it is when the write starts; puts made meanwhile are
   * written once more after it (a search per keystroke costs two writes, not one per key).
   */
  async #drain(): Promise<void> {
    while (this.#dirty) {
      this.#dirty = false;
      const snapshot = { version: CACHE_VERSION, entries: Object.fromEntries(this.#load()) };
      // A cache that cannot be written is only a cache: the answer was already given.
      await writeJsonAtomic(this.#file, snapshot).catch(() => undefined);
    }
    this.#writing = undefined;
  }

  /** Oldest first out (a Map keeps insertion order, and a put re-inserts). */
  #trim(entries: Map<string, Slot>): void {
    let chars = [...this.#sizes.values()].reduce((sum, size) => sum + size, 0);
    while (entries.size > 0 && (entries.size > this.#limits.maxEntries || chars > this.#limits.maxChars)) {
      const oldest = entries.keys().next().value as string;
      chars -= this.#sizes.get(oldest) ?? 0;
      this.#forget(oldest);
    }
  }

  #forget(key: string): void {
    this.#entries?.delete(key);
    this.#sizes.delete(key);
  }

  #load(): Map<string, Slot> {
    if (this.#entries) return this.#entries;
    this.#entries = new Map();
    try {
      const parsed = fileSchema.safeParse(JSON.parse(readFileSync(this.#file, 'utf8')));
      if (parsed.success) {
        const sorted = Object.entries(parsed.data.entries).sort(([, a], [, b]) => a.fetchedAt.localeCompare(b.fetchedAt));
        this.#entries = new Map(sorted);
        for (const [key, slot] of sorted) this.#sizes.set(key, sizeOf(key, slot));
      }
    } catch {
      // No cache yet, or one we cannot read: start empty.
    }
    return this.#entries;
  }
}

function sizeOf(key: string, slot: Slot): number {
  return key.length + JSON.stringify(slot).length;
}
