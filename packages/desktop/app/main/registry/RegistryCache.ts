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
  #writing: Promise<void> = Promise.resolve();

  constructor(dataDir: string, limits: CacheLimits = DEFAULT_CACHE_LIMITS) {
    this.#file = path.join(dataDir, REGISTRY_CACHE_FILE);
    this.#limits = limits;
  }

  static pageKey(registryUrl: string, query: { search: string; cursor?: string; limit: number }): string {
    return JSON.stringify(['page', registryUrl, query.search, query.cursor ?? '', query.limit]);
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
    return this.#writing;
  }

  #put(key: string, slot: Slot): void {
    const entries = this.#load();
    entries.delete(key);
    entries.set(key, slot);
    this.#trim(entries);
    const snapshot = { version: CACHE_VERSION, entries: Object.fromEntries(entries) };
    // One write at a time, each the whole map as it was then: the last one wins.
    this.#writing = this.#writing.then(() => writeJsonAtomic(this.#file, snapshot)).catch(() => undefined);
  }

  /** Oldest first out (a Map keeps insertion order, and a put re-inserts). */
  #trim(entries: Map<string, Slot>): void {
    while (entries.size > this.#limits.maxEntries) entries.delete(entries.keys().next().value as string);
    let chars = JSON.stringify(Object.fromEntries(entries)).length;
    while (chars > this.#limits.maxChars && entries.size > 0) {
      const oldest = entries.keys().next().value as string;
      chars -= JSON.stringify(entries.get(oldest)).length + oldest.length;
      entries.delete(oldest);
    }
  }

  #load(): Map<string, Slot> {
    if (this.#entries) return this.#entries;
    this.#entries = new Map();
    try {
      const parsed = fileSchema.safeParse(JSON.parse(readFileSync(this.#file, 'utf8')));
      if (parsed.success) {
        const sorted = Object.entries(parsed.data.entries).sort(([, a], [, b]) => a.fetchedAt.localeCompare(b.fetchedAt));
        this.#entries = new Map(sorted);
      }
    } catch {
      // No cache yet, or one we cannot read: start empty.
    }
    return this.#entries;
  }
}
