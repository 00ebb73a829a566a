import { describe, expect, it } from 'vitest';
import { DeadlineExceededError, withDeadline } from '../../app/main/lib/deadline';
import { ManualClock } from '../support/manualClock';

/** A promise the test settles by hand. */
function pending<T>() {
  let resolve!: (value: T) => void;
  let reject!: (error: unknown) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

const flush = () => new Promise<void>((resolve) => setImmediate(resolve));

/** Listener count of an AbortSignal, via a wrapper that records add/remove. */
function countingSignal(controller: AbortController) {
  const signal = controller.signal;
  let listeners = 0;
  const add = signal.addEventListener.bind(signal);
  const remove = signal.removeEventListener.bind(signal);
  signal.addEventListener = ((type: string, listener: () => void, options?: { once?: boolean }) => {
    listeners += 1;
    add(type, listener, options);
  }) as typeof signal.addEventListener;
  signal.removeEventListener = ((type: string, listener: () => void) => {
    listeners -= 1;
    remove(type, listener);
  }) as typeof signal.removeEventListener;
  return { signal, listeners: () => listeners };
}

describe('withDeadline', () => {
  it('resolves with the result and clears its timer and listener', async () => {
    const clock = new ManualClock();
    const { signal, listeners } = countingSignal(new AbortController());
    const value = await withDeadline(async () => 42, { ms: 1000, signal, clock });
    expect(value).toBe(42);
    expect(clock.pending()).toEqual([]);
    expect(listeners()).toBe(0);
  });

  it('passes the work a signal that aborts when time runs out, and settles with onTimeout', async () => {
    const clock = new ManualClock();
    let workSignal: AbortSignal | undefined;
    const result = withDeadline(
      (signal) => {
        workSignal = signal;
        return new Promise<string>(() => {});
      },
      { ms: 500, clock, onTimeout: () => 'late' },
    );
    await flush();
    clock.advance(499);
    expect(workSignal?.aborted).toBe(false);
    clock.advance(1);
    expect(await result).toBe('late');
    expect(workSignal?.reason).toBeInstanceOf(DeadlineExceededError);
    expect((workSignal!.reason as DeadlineExceededError).timeoutMs).toBe(500);
    expect(clock.pending()).toEqual([]);
  });

  it('rejects with DeadlineExceededError by default, and with a custom reason for the work', async () => {
    const clock = new ManualClock();
    let reason: unknown;
    const result = withDeadline(
      (signal) =>
        new Promise<never>(() => {
          signal.addEventListener('abort', () => (reason = signal.reason));
        }),
      { ms: 10, clock, timeoutReason: () => 'custom' },
    );
    await flush();
    clock.advance(10);
    await expect(result).rejects.toBeInstanceOf(DeadlineExceededError);
    expect(reason).toBe('custom');
  });

  it('an abort before the start never runs the work', async () => {
    const controller = new AbortController();
    controller.abort('stop');
    const clock = new ManualClock();
    let ran = false;
    const outcome = withDeadline(
      async () => {
        ran = true;
      },
      { ms: 100, signal: controller.signal, clock, onAbort: (reason) => `aborted: ${String(reason)}` },
    );
    expect(await outcome).toBe('aborted: stop');
    await flush();
    expect(ran).toBe(false);
    expect(clock.pending()).toEqual([]);
  });

  it('an abort during the work aborts its signal with the same reason, settles with onAbort and clears the timer', async () => {
    const clock = new ManualClock();
    const controller = new AbortController();
    const { signal, listeners } = countingSignal(controller);
    let workSignal: AbortSignal | undefined;
    const result = withDeadline(
      (s) => {
        workSignal = s;
        return new Promise<void>(() => {});
      },
      { ms: 1000, signal, clock },
    );
    await flush();
    controller.abort(new Error('user stop'));
    await expect(result).rejects.toThrow('user stop');
    expect((workSignal!.reason as Error).message).toBe('user stop');
    expect(clock.pending()).toEqual([]);
    expect(listeners()).toBe(0);
  });

  it('the timeout beats a result that arrives after it, and the late result (or rejection) is ignored', async () => {
    const clock = new ManualClock();
    const work = pending<string>();
    const result = withDeadline(() => work.promise, { ms: 5, clock, onTimeout: () => 'timeout' });
    await flush();
    clock.advance(5);
    work.reject(new Error('late failure'));
    expect(await result).toBe('timeout');
    await flush();
  });

  it('a result that arrives first wins over a timer that would fire right after', async () => {
    const clock = new ManualClock();
    const work = pending<string>();
    const result = withDeadline(() => work.promise, { ms: 5, clock, onTimeout: () => 'timeout' });
    await flush();
    work.resolve('result');
    await flush();
    clock.advance(5);
    expect(await result).toBe('result');
  });

  it('a work that throws synchronously rejects, and the timer is cleared', async () => {
    const clock = new ManualClock();
    const result = withDeadline(
      () => {
        throw new Error('sync');
      },
      { ms: 5, clock },
    );
    await expect(result).rejects.toThrow('sync');
    expect(clock.pending()).toEqual([]);
  });

  it('without ms only the signal bounds the work', async () => {
    const clock = new ManualClock();
    const controller = new AbortController();
    const work = pending<number>();
    const result = withDeadline(() => work.promise, { signal: controller.signal, clock });
    expect(clock.pending()).toEqual([]);
    work.resolve(7);
    expect(await result).toBe(7);
  });

  it('onTimeout may throw an error of its own', async () => {
    const clock = new ManualClock();
    const result = withDeadline(() => new Promise<void>(() => {}), {
      ms: 1,
      clock,
      onTimeout: () => {
        throw new Error('TIMEOUT connect');
      },
    });
    await flush();
    clock.advance(1);
    await expect(result).rejects.toThrow('TIMEOUT connect');
  });
});
