/**
 * A server list (tools, resources, prompts) fetched once per connection and kept until the server
 * says it changed. Concurrent readers share one fetch; a refresh that starts while an older fetch is
 * in flight wins, so a late stale answer never overwrites a newer one.
 */
export class ListCache<T> {
  private value: T[] | undefined;
  private pending: Promise<T[]> | undefined;
  private generation = 0;

  constructor(
    private readonly fetchAll: () => Promise<T[]>,
    private readonly onUpdate: (items: T[]) => void = () => {},
  ) {}

  /** The cached list, without fetching. */
  peek(): T[] | undefined {
    return this.value;
  }

  get(): Promise<T[]> {
    if (this.value) return Promise.resolve(this.value);
    this.pending ??= this.fetch(this.generation);
    return this.pending;
  }

  /** Drops the cached list and fetches it again. */
  refresh(): Promise<T[]> {
    this.invalidate();
    return this.get();
  }

  invalidate(): void {
    this.generation += 1;
    this.value = undefined;
    this.pending = undefined;
  }

  private async fetch(generation: number): Promise<T[]> {
    try {
      const items = await this.fetchAll();
      if (generation !== this.generation) return this.get();
      this.value = items;
      this.onUpdate(items);
      return items;
    } finally {
      if (generation === this.generation) this.pending = undefined;
    }
  }
}

export interface Page<T> {
  items: T[];
  nextCursor?: string | undefined;
}

/** A server that keeps returning cursors is cut off here rather than looping forever. */
export const MAX_LIST_PAGES = 100;

/** Follows `nextCursor` until the server stops sending one (or repeats itself). */
export async function collectPages<T>(fetchPage: (cursor: string | undefined) => Promise<Page<T>>): Promise<T[]> {
  const items: T[] = [];
  const seen = new Set<string>();
  let cursor: string | undefined;
  for (let page = 0; page < MAX_LIST_PAGES; page += 1) {
    const result = await fetchPage(cursor);
    items.push(...result.items);
    cursor = result.nextCursor;
    if (!cursor || seen.has(cursor)) break;
    seen.add(cursor);
  }
  return items;
}
