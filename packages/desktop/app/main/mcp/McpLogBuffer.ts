import type { McpLogEntry, McpLogLevel } from '../../shared/contracts/mcp-connection';
import type { Redactor } from './redact';

export interface McpLogBufferOptions {
  /** Default 500. */
  maxEntries?: number;
  /** Total UTF-8 size of the kept text; default 256 KiB. */
  maxBytes?: number;
  /** A longer line is cut (a server dumping a blob to stderr must not evict the whole log); default 8 KiB. */
  maxLineBytes?: number;
  /**
   * How much of a stderr line past maxLineBytes is still read before the line is cut, so that a
   * secret straddling the cut is redacted whole rather than shown in part; default 16 KiB.
   */
  redactionOverlapBytes?: number;
}

const DEFAULTS = { maxEntries: 500, maxBytes: 256 * 1024, maxLineBytes: 8 * 1024, redactionOverlapBytes: 16 * 1024 } as const;

/**
 * A bounded, redacted log of one server: stderr lines and lifecycle events. Oldest entries go first
 * when either bound is reached.
 */
export class McpLogBuffer {
  private readonly entries: { entry: McpLogEntry; bytes: number }[] = [];
  private totalBytes = 0;
  private nextSeq = 1;
  private partialStderr = '';
  /** The start of the current stderr line was already logged (cut); the rest is dropped up to its newline. */
  private skippingLineRest = false;
  private readonly limits: Required<McpLogBufferOptions>;

  constructor(
    private readonly now: () => number,
    private redact: Redactor,
    private readonly onEntry: (entry: McpLogEntry) => void,
    options: McpLogBufferOptions = {},
  ) {
    this.limits = { ...DEFAULTS, ...options };
  }

  /** The server's secrets can change when its config is edited. */
  setRedactor(redact: Redactor): void {
    this.redact = redact;
  }

  add(level: McpLogLevel, text: string): McpLogEntry {
    const clean = truncateUtf8(this.redact(text), this.limits.maxLineBytes);
    const entry: McpLogEntry = { seq: this.nextSeq++, timeMs: this.now(), level, text: clean };
    const bytes = Buffer.byteLength(clean);
    this.entries.push({ entry, bytes });
    this.totalBytes += bytes;
    while (this.entries.length > this.limits.maxEntries || (this.totalBytes > this.limits.maxBytes && this.entries.length > 1)) {
      this.totalBytes -= this.entries.shift()?.bytes ?? 0;
    }
    this.onEntry(entry);
    return entry;
  }

  /**
   * Feeds a raw stderr chunk; complete lines become entries, a trailing partial line waits. A line
   * that outgrows maxLineBytes plus the redaction overlap becomes one entry, redacted as a whole and
   * then cut; the rest of that line is dropped, never logged as a second entry that could hold the
   * tail of a secret whose head the first one hid.
   */
  addStderrChunk(chunk: string): void {
    let text = chunk;
    if (this.skippingLineRest) {
      const newline = text.indexOf('\n');
      if (newline < 0) return;
      text = text.slice(newline + 1);
      this.skippingLineRest = false;
    }
    const lines = (this.partialStderr + text).split(/\r?\n/);
    this.partialStderr = lines.pop() ?? '';
    for (const line of lines) if (line.length > 0) this.add('stderr', line);
    if (Buffer.byteLength(this.partialStderr) >= this.limits.maxLineBytes + this.limits.redactionOverlapBytes) {
      this.add('stderr', this.partialStderr);
      this.partialStderr = '';
      this.skippingLineRest = true;
    }
  }

  /** Emits a trailing partial stderr line, e.g. when the process exits without a final newline. */
  flushStderr(): void {
    if (this.partialStderr) this.add('stderr', this.partialStderr);
    this.partialStderr = '';
    this.skippingLineRest = false;
  }

  list(): McpLogEntry[] {
    return this.entries.map((e) => e.entry);
  }

  /** The entries after `seq`, oldest first; looks only at those (a follower asks after every line). */
  since(seq: number): McpLogEntry[] {
    let first = this.entries.length;
    while (first > 0 && this.entries[first - 1]!.entry.seq > seq) first -= 1;
    return this.entries.slice(first).map((e) => e.entry);
  }

  /** The seq of the newest entry, 0 while empty. */
  lastSeq(): number {
    return this.entries.at(-1)?.entry.seq ?? 0;
  }

  /** The last `count` stderr lines, for an error's detail. */
  tailStderr(count: number): string[] {
    return this.entries.filter((e) => e.entry.level === 'stderr').slice(-count).map((e) => e.entry.text);
  }
}

function truncateUtf8(text: string, maxBytes: number): string {
  if (Buffer.byteLength(text) <= maxBytes) return text;
  // Cut by bytes, then drop a possibly split trailing character.
  const cut = Buffer.from(text).subarray(0, maxBytes).toString('utf8').replace(/\uFFFD$/, '');
  return `${cut}… [truncated]`;
}
