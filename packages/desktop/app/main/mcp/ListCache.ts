/**
 * A server list (tools, resources, prompts) fetched once per connection and kept until the server
 * says it changed. Concurrent readers share one fetch. Refreshes coalesce: at most one fetch is in
 * flight, and changes announced meanwhile make it run once more when it ends, however many there
 * were — a server sending thousands of `notifications/tools/list_changed` costs two `tools/list`, not
 * thousands. A fetch that started before the latest change never becomes the cached list.
 */
export class ListCache<T> {
  /** The last list fetched; kept while a refresh runs so peek() still has a count to show. */
  private value: T[] | undefined;
  /** False once a change was announced after `value` was fetched. */
  private current = false;
  private inFlight: Promise<T[]> | undefined;
  /** A change was announced while `inFlight` ran: its answer may predate it. */
  private changedMeanwhile = false;

  constructor(
    private readonly fetchAll: () => Promise<T[]>,
    private readonly onUpdate: (items: T[]) => void = () => {},
  ) {}

  /** The cached list, without fetching; during a refresh the previous list. */
  peek(): T[] | undefined {
    return this.value;
  }

  /** A fetch is in flight and another will follow it: one more announced change costs nothing. */
  get refreshQueued(): boolean {
    return this.inFlight !== undefined && this.changedMeanwhile;
  }

  /** The current list: the cache, the fetch in flight, or a new fetch. */
  get(): Promise<T[]> {
    if (this.value !== undefined && this.current) return Promise.resolve(this.value);
    this.inFlight ??= this.fetchUntilCurrent();
    return this.inFlight;
  }

  /** The list changed on the server: fetches it again, or once more after the fetch in flight. */
  refresh(): Promise<T[]> {
    this.current = false;
    if (this.inFlight) this.changedMeanwhile = true;
    return this.get();
  }

  /** Forgets the list; the next get() fetches it. */
  invalidate(): void {
    this.value = undefined;
    this.current = false;
    if (this.inFlight) this.changedMeanwhile = true;
  }

  private async fetchUntilCurrent(): Promise<T[]> {
    try {
      for (;;) {
        this.changedMeanwhile = false;
        const items = await this.fetchAll();
        if (this.changedMeanwhile) continue;
        this.value = items;
        this.current = true;
        this.onUpdate(items);
        return items;
      }
    } finally {
      this.inFlight = undefined;
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
