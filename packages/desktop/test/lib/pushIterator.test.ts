import { describe, expect, it } from 'vitest';
import { BufferOverflowError, type PushSink, appendAll, keepLatest, pushIterator, replaceMatching } from '../../app/main/lib/pushIterator';

/** A source the test pushes into by hand; counts its subscribers. */
class Source<T> {
  sink: PushSink<T> | undefined;
  subscribed = 0;
  unsubscribed = 0;
  readonly subscribe = (sink: PushSink<T>) => {
    this.sink = sink;
    this.subscribed += 1;
    return () => {
      this.unsubscribed += 1;
    };
  };
}

const flush = () => new Promise<void>((resolve) => setImmediate(resolve));

async function take<T>(iterator: AsyncIterator<T>, count: number): Promise<T[]> {
  const values: T[] = [];
  for (let i = 0; i < count; i += 1) {
    const next = await iterator.next();
    if (next.done) break;
    values.push(next.value);
  }
  return values;
}

describe('pushIterator', () => {
  it('subscribes at once and yields what was pushed before and after the first read, in order', async () => {
    const source = new Source<number>();
    const iterator = pushIterator(source.subscribe);
    expect(source.subscribed).toBe(1);
    source.sink!.push(1);
    const reading = take(iterator, 3);
    await flush();
    source.sink!.push(2);
    source.sink!.push(3);
    expect(await reading).toEqual([1, 2, 3]);
  });

  it('end: the buffered values are read, then the stream is done and the source unsubscribed once', async () => {
    const source = new Source<string>();
    const iterator = pushIterator(source.subscribe);
    source.sink!.push('a');
    source.sink!.end();
    source.sink!.push('ignored');
    expect(source.unsubscribed).toBe(1);
    const values: string[] = [];
    for await (const value of iterator) values.push(value);
    expect(values).toEqual(['a']);
    expect(source.unsubscribed).toBe(1);
  });

  it('fail: the buffered values are read, then next() rejects with the error', async () => {
    const source = new Source<string>();
    const iterator = pushIterator(source.subscribe);
    source.sink!.push('line');
    source.sink!.fail(new Error('broken'));
    expect(await iterator.next()).toEqual({ done: false, value: 'line' });
    await expect(iterator.next()).rejects.toThrow('broken');
    expect(await iterator.next()).toEqual({ done: true, value: undefined });
  });

  it('a consumer that stops early (break) unsubscribes, and a waiting next() ends', async () => {
    const source = new Source<number>();
    const iterator = pushIterator(source.subscribe);
    source.sink!.push(1);
    source.sink!.push(2);
    for await (const value of iterator) {
      expect(value).toBe(1);
      break;
    }
    expect(source.unsubscribed).toBe(1);
    expect(await iterator.next()).toEqual({ done: true, value: undefined });

    const other = new Source<number>();
    const waiting = pushIterator(other.subscribe);
    const next = waiting.next();
    await flush();
    await waiting.return!();
    expect(await next).toEqual({ done: true, value: undefined });
    expect(other.unsubscribed).toBe(1);
  });

  it('an abort ends the stream at once, dropping what is buffered, and unsubscribes', async () => {
    const source = new Source<number>();
    const controller = new AbortController();
    const iterator = pushIterator(source.subscribe, { signal: controller.signal });
    source.sink!.push(1);
    const first = await iterator.next();
    const waiting = iterator.next();
    source.sink!.push(2);
    source.sink!.push(3);
    await waiting;
    controller.abort();
    expect(first).toEqual({ done: false, value: 1 });
    expect(await iterator.next()).toEqual({ done: true, value: undefined });
    expect(source.unsubscribed).toBe(1);
  });

  it('a signal aborted before the start never subscribes', async () => {
    const source = new Source<number>();
    const controller = new AbortController();
    controller.abort();
    const iterator = pushIterator(source.subscribe, { signal: controller.signal });
    expect(source.subscribed).toBe(0);
    expect(await iterator.next()).toEqual({ done: true, value: undefined });
  });

  it('a source that ends while subscribing is unsubscribed right after', async () => {
    let unsubscribed = 0;
    const iterator = pushIterator<number>((sink) => {
      sink.push(7);
      sink.end();
      return () => (unsubscribed += 1);
    });
    expect(unsubscribed).toBe(1);
    expect(await take(iterator, 5)).toEqual([7]);
  });

  it('keepLatest coalesces a burst into its newest value', async () => {
    const source = new Source<number>();
    const iterator = pushIterator(source.subscribe, { buffer: keepLatest as typeof appendAll });
    for (const value of [1, 2, 3]) source.sink!.push(value);
    expect(await iterator.next()).toEqual({ done: false, value: 3 });
    source.sink!.push(4);
    expect(await iterator.next()).toEqual({ done: false, value: 4 });
  });

  it('replaceMatching replaces a superseded waiting value in place', async () => {
    type Snapshot = { id: string; text: string };
    const source = new Source<Snapshot>();
    const iterator = pushIterator(source.subscribe, { buffer: replaceMatching<Snapshot>((a, b) => a.id === b.id) });
    source.sink!.push({ id: 'm1', text: 'H' });
    source.sink!.push({ id: 'm2', text: 'x' });
    source.sink!.push({ id: 'm1', text: 'Hello' });
    source.sink!.end();
    expect(await take(iterator, 5)).toEqual([
      { id: 'm1', text: 'Hello' },
      { id: 'm2', text: 'x' },
    ]);
  });

  it("overflow 'fail': the first maxBuffered values are read, then BufferOverflowError, and the source is released", async () => {
    const source = new Source<number>();
    const iterator = pushIterator(source.subscribe, { maxBuffered: 2 });
    for (const value of [1, 2, 3, 4]) source.sink!.push(value);
    expect(source.unsubscribed).toBe(1);
    expect(await take(iterator, 2)).toEqual([1, 2]);
    const error = await iterator.next().catch((e: unknown) => e);
    expect(error).toBeInstanceOf(BufferOverflowError);
    expect((error as BufferOverflowError).maxBuffered).toBe(2);
  });

  it("overflow 'drop-oldest': the newest maxBuffered values wait", async () => {
    const source = new Source<number>();
    const iterator = pushIterator(source.subscribe, { maxBuffered: 2, onOverflow: 'drop-oldest' });
    for (const value of [1, 2, 3, 4]) source.sink!.push(value);
    source.sink!.end();
    expect(await take(iterator, 5)).toEqual([3, 4]);
  });
});
