/**
 * Splits a byte stream (a stdio server's stdout) into newline-delimited lines.
 *
 * The SDK's ReadBuffer concatenates its whole buffer with every chunk, which is quadratic in the line
 * length: a 10 MB tool result arrives in ~160 pipe chunks and cost up to ~3 s of main-process CPU here.
 * This reader keeps the chunks of the unfinished line in a list, scans only each new chunk for '\n',
 * and copies a line's bytes once, when its newline arrives. Decoding happens on the whole line, so a
 * UTF-8 character split across chunks is decoded correctly.
 */

const NEWLINE = 0x0a;
const CARRIAGE_RETURN = 0x0d;
/**
 * How much of the start and of the end of an overlong line is kept, in bytes: enough for a JSON-RPC
 * envelope's `id`, which servers write first (Python's and Go's SDKs) or last (the TypeScript SDK's).
 */
export const OVERLONG_KEEP_BYTES = 4096;

export type LineEvent =
  /** A complete line, without its '\n' or a '\r' before it (CRLF tolerated, as by the SDK's ReadBuffer). */
  | { kind: 'line'; text: string }
  /**
   * A line grew past maxLineBytes. Reported once, as soon as the limit is crossed, with the line's
   * first bytes (up to OVERLONG_KEEP_BYTES of what has arrived); the rest of that line is dropped up
   * to its newline, so the next line is read normally.
   */
  | { kind: 'tooLong'; maxLineBytes: number; head: string }
  /** The newline of an overlong line arrived: its length and its last bytes (up to OVERLONG_KEEP_BYTES). */
  | { kind: 'tooLongEnd'; bytes: number; tail: string };

export class LineReader {
  private readonly maxLineBytes: number;
  private chunks: Buffer[] = [];
  private pending = 0;
  /** Inside a line that was already reported as too long: skip bytes until its newline. */
  private skipping = false;
  /** While skipping: the overlong line's length so far and its last bytes. */
  private skippedBytes = 0;
  private tail: Buffer = Buffer.alloc(0);

  /** @param maxLineBytes longest accepted line in bytes, counting a '\r' before the '\n' but not the '\n'. */
  constructor(maxLineBytes: number) {
    if (!(maxLineBytes > 0)) throw new RangeError(`maxLineBytes must be positive, got ${maxLineBytes}`);
    this.maxLineBytes = maxLineBytes;
  }

  /** Bytes held for the line not finished yet. */
  get pendingBytes(): number {
    return this.pending;
  }

  /** Takes the next chunk of the stream; returns the lines (and overflows) it completed, in order. */
  push(chunk: Buffer): LineEvent[] {
    const events: LineEvent[] = [];
    let start = 0;
    for (;;) {
      const newline = chunk.indexOf(NEWLINE, start);
      if (newline === -1) {
        this.hold(chunk.subarray(start), events);
        return events;
      }
      this.complete(chunk.subarray(start, newline), events);
      start = newline + 1;
    }
  }

  /** Forgets an unfinished line (the stream ended or the transport closed). */
  clear(): void {
    this.chunks = [];
    this.pending = 0;
    this.skipping = false;
    this.skippedBytes = 0;
    this.tail = Buffer.alloc(0);
  }

  private hold(part: Buffer, events: LineEvent[]): void {
    if (part.length === 0) return;
    if (this.skipping) {
      this.skip(part);
      return;
    }
    if (this.pending + part.length > this.maxLineBytes) {
      this.overflow(part, events);
      return;
    }
    // A view, not a copy: the stream hands each chunk over and never reuses it.
    this.chunks.push(part);
    this.pending += part.length;
  }

  private complete(last: Buffer, events: LineEvent[]): void {
    if (!this.skipping && this.pending + last.length > this.maxLineBytes) this.overflow(last, events);
    else if (this.skipping) this.skip(last);
    if (this.skipping) {
      events.push({ kind: 'tooLongEnd', bytes: this.skippedBytes, tail: this.tail.toString('utf8') });
      this.clear();
      return;
    }
    const length = this.pending + last.length;
    // The only copy of the line's bytes (none when the whole line came in one chunk).
    const bytes = this.chunks.length === 0 ? last : Buffer.concat([...this.chunks, last], length);
    this.clear();
    const end = bytes[length - 1] === CARRIAGE_RETURN ? length - 1 : length;
    events.push({ kind: 'line', text: bytes.toString('utf8', 0, end) });
  }

  /** `part` took the line past the limit: report it with its head, and start skipping. */
  private overflow(part: Buffer, events: LineEvent[]): void {
    const parts = [...this.chunks, part];
    events.push({ kind: 'tooLong', maxLineBytes: this.maxLineBytes, head: firstBytes(parts, OVERLONG_KEEP_BYTES).toString('utf8') });
    this.chunks = [];
    this.pending = 0;
    this.skipping = true;
    this.skippedBytes = 0;
    this.tail = Buffer.alloc(0);
    for (const held of parts) this.skip(held);
  }

  private skip(part: Buffer): void {
    this.skippedBytes += part.length;
    const keep = part.length >= OVERLONG_KEEP_BYTES ? part.subarray(part.length - OVERLONG_KEEP_BYTES) : Buffer.concat([this.tail, part]);
    this.tail = Buffer.from(keep.subarray(Math.max(0, keep.length - OVERLONG_KEEP_BYTES)));
  }
}

function firstBytes(parts: Buffer[], count: number): Buffer {
  const kept: Buffer[] = [];
  let total = 0;
  for (const part of parts) {
    if (total >= count) break;
    const piece = part.subarray(0, count - total);
    kept.push(piece);
    total += piece.length;
  }
  return Buffer.concat(kept, total);
}
