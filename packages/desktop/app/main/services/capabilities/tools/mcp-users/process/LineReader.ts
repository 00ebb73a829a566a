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

export type LineEvent =
  /** A complete line, without its '\n' or a '\r' before it (CRLF tolerated, as by the SDK's ReadBuffer). */
  | { kind: 'line'; text: string }
  /**
   * A line grew past maxLineBytes. Reported once, as soon as the limit is crossed; the rest of that
   * line is dropped up to its newline, so the next line is read normally.
   */
  | { kind: 'tooLong'; maxLineBytes: number };

export class LineReader {
  private readonly maxLineBytes: number;
  private chunks: Buffer[] = [];
  private pending = 0;
  /** Inside a line that was already reported as too long: skip bytes until its newline. */
  private skipping = false;

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
  }

  private hold(part: Buffer, events: LineEvent[]): void {
    if (part.length === 0 || this.skipping) return;
    if (this.pending + part.length > this.maxLineBytes) {
      this.overflow(events);
      return;
    }
    // A view, not a copy: the stream hands each chunk over and never reuses it.
    this.chunks.push(part);
    this.pending += part.length;
  }

  private complete(last: Buffer, events: LineEvent[]): void {
    if (this.skipping) {
      this.clear();
      return;
    }
    const length = this.pending + last.length;
    if (length > this.maxLineBytes) {
      this.overflow(events);
      this.clear();
      return;
    }
    // The only copy of the line's bytes (none when the whole line came in one chunk).
    const bytes = this.chunks.length === 0 ? last : Buffer.concat([...this.chunks, last], length);
    this.clear();
    const end = bytes[length - 1] === CARRIAGE_RETURN ? length - 1 : length;
    events.push({ kind: 'line', text: bytes.toString('utf8', 0, end) });
  }

  private overflow(events: LineEvent[]): void {
    events.push({ kind: 'tooLong', maxLineBytes: this.maxLineBytes });
    this.chunks = [];
    this.pending = 0;
    this.skipping = true;
  }
}
