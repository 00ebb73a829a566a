import { describe, expect, it } from 'vitest';
import { LineReader, type LineEvent } from '../../app/main/mcp/process/LineReader';

const lines = (...texts: string[]): LineEvent[] => texts.map((text) => ({ kind: 'line', text }));
const tooLong = (maxLineBytes: number, head: string): LineEvent => ({ kind: 'tooLong', maxLineBytes, head });
const tooLongEnd = (bytes: number, tail: string): LineEvent => ({ kind: 'tooLongEnd', bytes, tail });

/** Feeds the chunks in order and collects every event. */
function feed(reader: LineReader, ...chunks: (string | Buffer)[]): LineEvent[] {
  return chunks.flatMap((chunk) => reader.push(typeof chunk === 'string' ? Buffer.from(chunk) : chunk));
}

describe('LineReader', () => {
  it('joins a line split across chunks, and holds an unfinished one', () => {
    const reader = new LineReader(1024);
    expect(feed(reader, '{"a":', '1', '}\n{"b"')).toEqual(lines('{"a":1}'));
    expect(reader.pendingBytes).toBe(4);
    expect(feed(reader, ':2}\n')).toEqual(lines('{"b":2}'));
    expect(reader.pendingBytes).toBe(0);
  });

  it('returns every line of a chunk that holds many, in order', () => {
    const reader = new LineReader(1024);
    const texts = Array.from({ length: 500 }, (_, i) => `{"id":${i}}`);
    expect(feed(reader, `${texts.join('\n')}\n`)).toEqual(lines(...texts));
  });

  it('drops a \\r before the \\n, also when the \\r ends the previous chunk', () => {
    const reader = new LineReader(1024);
    expect(feed(reader, 'one\r\ntwo\r', '\nthree\n')).toEqual(lines('one', 'two', 'three'));
  });

  it('keeps empty and non-JSON lines for the caller to judge', () => {
    const reader = new LineReader(1024);
    expect(feed(reader, '\n', 'Starting server...\n{not json\n\u001b[32mready\u001b[0m\n')).toEqual(
      lines('', 'Starting server...', '{not json', '\u001b[32mready\u001b[0m'),
    );
  });

  it('decodes a UTF-8 character whose bytes arrive in different chunks', () => {
    const reader = new LineReader(1024);
    const bytes = Buffer.from('héllo 😀\n');
    const events = feed(reader, ...Array.from(bytes, (byte) => Buffer.from([byte])));
    expect(events).toEqual(lines('héllo 😀'));
  });

  it('reports a line over the limit once, as soon as it crosses it, then its end, then reads the next line', () => {
    const reader = new LineReader(10);
    expect(feed(reader, '12345678')).toEqual([]);
    expect(feed(reader, '901')).toEqual([tooLong(10, '12345678901')]);
    // The rest of the long line is dropped without holding it.
    expect(feed(reader, 'x'.repeat(100))).toEqual([]);
    expect(reader.pendingBytes).toBe(0);
    expect(feed(reader, 'yz\nok\n')).toEqual([tooLongEnd(113, `12345678901${'x'.repeat(100)}yz`), ...lines('ok')]);
  });

  it('reports a line over the limit that arrives whole in one chunk, between good lines', () => {
    const reader = new LineReader(10);
    expect(feed(reader, `a\n${'x'.repeat(11)}\nb\n`)).toEqual([...lines('a'), tooLong(10, 'x'.repeat(11)), tooLongEnd(11, 'x'.repeat(11)), ...lines('b')]);
  });

  it('accepts a line of exactly the limit, and counts a \\r toward it', () => {
    const reader = new LineReader(10);
    expect(feed(reader, '12345', '67890\n')).toEqual(lines('1234567890'));
    expect(feed(reader, '1234567890\r\n')).toEqual([tooLong(10, '1234567890\r'), tooLongEnd(11, '1234567890\r')]);
  });

  it('keeps only the first and the last 4 KiB of an overlong line, however it is chunked', () => {
    const reader = new LineReader(10_000);
    const line = `{"jsonrpc":"2.0","id":7,"result":"${'a'.repeat(30_000)}${'b'.repeat(5_000)}","tail":"end"}`;
    const bytes = Buffer.from(`${line}\n`);
    const events: LineEvent[] = [];
    for (let offset = 0; offset < bytes.length; offset += 777) events.push(...reader.push(bytes.subarray(offset, offset + 777)));
    expect(events).toEqual([tooLong(10_000, line.slice(0, 4096)), tooLongEnd(line.length, line.slice(-4096))]);
  });

  it('clear() forgets an unfinished line and an overflow in progress', () => {
    const reader = new LineReader(10);
    feed(reader, 'partial');
    reader.clear();
    expect(feed(reader, 'next\n')).toEqual(lines('next'));
    feed(reader, 'x'.repeat(20));
    reader.clear();
    expect(feed(reader, 'after\n')).toEqual(lines('after'));
  });

  it('reassembles a 10 MB line from 64 KiB chunks', () => {
    const reader = new LineReader(64 * 1024 * 1024);
    const line = Buffer.from(`{"text":"${'x'.repeat(10 * 1024 * 1024)}"}\n`);
    const chunkBytes = 64 * 1024;
    const events: LineEvent[] = [];
    for (let offset = 0; offset < line.length; offset += chunkBytes) events.push(...reader.push(line.subarray(offset, offset + chunkBytes)));
    expect(events).toHaveLength(1);
    expect(events[0]).toEqual({ kind: 'line', text: line.toString('utf8', 0, line.length - 1) });
  });

  it('rejects a limit that is not positive', () => {
    expect(() => new LineReader(0)).toThrow(RangeError);
  });
});
