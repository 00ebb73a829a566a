/**
 * The light cancel handle of a tool call (app/main/mcp/requestAbort.ts) behaves as an AbortController
 * where the SDK can see it: the same sequence of listener and abort operations gives the same outcome
 * as on a real AbortController. That the SDK still sends `notifications/cancelled` through it, on a
 * real server, is "Stop and cancelCall still cancel a call on the wire" in callTimers.test.ts.
 */
import { describe, expect, it } from 'vitest';
import { type AbortHandle, requestAbort } from '../../app/main/mcp/requestAbort';

type Step = { add: string; once?: boolean } | { remove: string } | { abort: unknown } | { throwing: string };

/** Runs the steps on a handle; returns what the listeners saw and what the signal says after each step. */
function run(handle: AbortHandle, steps: Step[]): unknown[] {
  const seen: unknown[] = [];
  const listeners = new Map<string, (event: Event) => void>();
  const listener = (name: string) => {
    let made = listeners.get(name);
    if (!made) {
      made = (event: Event) => seen.push(`${name}:${event.type}:${String(handle.signal.aborted)}`);
      listeners.set(name, made);
    }
    return made;
  };
  for (const step of steps) {
    if ('add' in step) handle.signal.addEventListener('abort', listener(step.add), step.once ? { once: true } : undefined);
    else if ('remove' in step) handle.signal.removeEventListener('abort', listener(step.remove));
    else if ('abort' in step) handle.abort(step.abort);
    seen.push({ aborted: handle.signal.aborted, reason: handle.signal.reason });
  }
  return seen;
}

const sequences: Record<string, Step[]> = {
  'listeners run once each, in the order added, when aborted': [{ add: 'a' }, { add: 'b', once: true }, { add: 'a' }, { abort: 'stop' }, { abort: 'again' }],
  'a removed listener does not run': [{ add: 'a' }, { add: 'b' }, { remove: 'a' }, { abort: 'stop' }],
  'a listener added after the abort never runs': [{ abort: 'stop' }, { add: 'late' }, { abort: 'again' }],
  'nothing happens before the abort': [{ add: 'a' }, { remove: 'a' }, { remove: 'never-added' }],
};

describe('the cancel handle of a tool call', () => {
  for (const [name, steps] of Object.entries(sequences)) {
    it(`${name}, as on an AbortController`, () => {
      expect(run(requestAbort(), steps)).toEqual(run(new AbortController(), steps));
    });
  }

  it('aborted without a reason, the reason is an AbortError, and throwIfAborted throws it', () => {
    const handle = requestAbort();
    expect(() => handle.signal.throwIfAborted()).not.toThrow();
    handle.abort();
    expect(handle.signal.reason).toBeInstanceOf(DOMException);
    expect((handle.signal.reason as DOMException).name).toBe('AbortError');
    expect(() => handle.signal.throwIfAborted()).toThrow(handle.signal.reason as DOMException);
  });

  it('a listener that throws does not keep the others from running', async () => {
    const handle = requestAbort();
    const ran: string[] = [];
    const uncaught: unknown[] = [];
    const onUncaught = (error: unknown) => uncaught.push(error);
    process.prependListener('uncaughtException', onUncaught);
    const vitestListeners = process.listeners('uncaughtException').filter((l) => l !== onUncaught);
    for (const l of vitestListeners) process.off('uncaughtException', l);
    try {
      handle.signal.addEventListener('abort', () => {
        ran.push('first');
        throw new Error('listener failed');
      });
      handle.signal.addEventListener('abort', () => ran.push('second'));
      handle.abort('stop');
      expect(ran).toEqual(['first', 'second']);
      await new Promise((resolve) => setImmediate(resolve));
      expect(uncaught).toEqual([new Error('listener failed')]);
    } finally {
      process.off('uncaughtException', onUncaught);
      for (const l of vitestListeners) process.on('uncaughtException', l);
    }
  });
});
