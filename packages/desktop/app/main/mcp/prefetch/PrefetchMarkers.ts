/**
 * Which package downloads already finished, kept in a small JSON file in the data directory so the
 * download phase runs once per package, not once per app start. Losing the file only costs one more
 * (fast, cached) download step; it is written atomically so a crash never leaves half a file.
 */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { writeJsonAtomic } from '../../lib/atomicJson';

export const PREFETCH_MARKERS_FILE = 'prefetched-packages.json';

interface MarkerFile {
  version: 1;
  /** Plan key → ISO time of the download. */
  fetched: Record<string, string>;
}

export interface PrefetchMarkerStore {
  has(key: string): Promise<boolean>;
  add(key: string): Promise<void>;
  /** Forgets a download, so the next start downloads again (as its own phase). */
  remove(key: string): Promise<void>;
}

export class PrefetchMarkers implements PrefetchMarkerStore {
  private readonly file: string;
  private loaded: Promise<MarkerFile> | undefined;
  private writing: Promise<void> = Promise.resolve();

  constructor(dataDir: string) {
    this.file = path.join(dataDir, PREFETCH_MARKERS_FILE);
  }

  async has(key: string): Promise<boolean> {
    return Object.hasOwn((await this.load()).fetched, key);
  }

  async add(key: string): Promise<void> {
    const markers = await this.load();
    markers.fetched[key] = new Date().toISOString();
    await this.write(markers);
  }

  async remove(key: string): Promise<void> {
    const markers = await this.load();
    if (!Object.hasOwn(markers.fetched, key)) return;
    delete markers.fetched[key];
    await this.write(markers);
  }

  /** Serialized: two changes finishing together must not interleave their renames. */
  private async write(markers: MarkerFile): Promise<void> {
    this.writing = this.writing.then(() => this.save(markers), () => this.save(markers));
    await this.writing;
  }

  private load(): Promise<MarkerFile> {
    this.loaded ??= readMarkers(this.file);
    return this.loaded;
  }

  private save(markers: MarkerFile): Promise<void> {
    return writeJsonAtomic(this.file, markers);
  }

}

async function readMarkers(file: string): Promise<MarkerFile> {
  try {
    const parsed = JSON.parse(await readFile(file, 'utf8')) as Partial<MarkerFile> | null;
    const fetched = parsed?.fetched;
    return { version: 1, fetched: typeof fetched === 'object' && fetched !== null ? { ...fetched } : {} };
  } catch {
    // Missing or unreadable: start empty (the worst case is one more download step).
    return { version: 1, fetched: {} };
  }
}
