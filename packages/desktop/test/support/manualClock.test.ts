import { describe, expect, it } from 'vitest';
import { ManualClock } from './manualClock';

describe('ManualClock', () => {
  it('fires timers only on advance, in time order, each at its own instant', () => {
    const clock = new ManualClock(1000);
    const fired: string[] = [];
    clock.setTimeout(() => fired.push(`b@${clock.now()}`), 200);
    clock.setTimeout(() => fired.push(`a@${clock.now()}`), 100);
    const cancelled = clock.setTimeout(() => fired.push('never'), 150);
    clock.clearTimeout(cancelled);
    expect(clock.pending()).toEqual([100, 200]);
    clock.advance(99);
    expect(fired).toEqual([]);
    clock.advance(1);
    expect(fired).toEqual(['a@1100']);
    clock.advance(500);
    expect(fired).toEqual(['a@1100', 'b@1200']);
    expect(clock.now()).toBe(1600);
    expect(clock.scheduledCount).toBe(3);
  });

  it('fires a timer set by a callback when it falls inside the same advance', () => {
    const clock = new ManualClock(0);
    const fired: number[] = [];
    clock.setTimeout(() => {
      fired.push(clock.now());
      clock.setTimeout(() => fired.push(clock.now()), 50);
    }, 50);
    clock.advance(99);
    expect(fired).toEqual([50]);
    clock.advanceTo(100);
    expect(fired).toEqual([50, 100]);
    expect(clock.pending()).toEqual([]);
  });
});
