/**
 * A Clock (lib/clock.ts) that moves only when the test says so: backoff, debounce and deadline timers
 * fire on `advance`, never on their own, so a test neither sleeps nor depends on how loaded the
 * machine is. What happens outside the code under test (a file event, a process exiting, a socket)
 * is still real and is awaited with a bounded poll.
 */
import type { Clock, TimerHandle } from '../../app/main/lib/clock';

interface Timer {
  id: number;
  at: number;
  callback: () => void;
}

export class ManualClock implements Clock {
  private nowMs: number;
  private nextId = 1;
  private readonly timers = new Map<number, Timer>();
  /** How many timers were ever set (a reset debounce sets a new one). */
  scheduledCount = 0;

  constructor(startMs = Date.UTC(2026, 0, 1)) {
    this.nowMs = startMs;
  }

  now(): number {
    return this.nowMs;
  }

  setTimeout(callback: () => void, delayMs: number): TimerHandle {
    const id = this.nextId++;
    this.timers.set(id, { id, at: this.nowMs + Math.max(0, delayMs), callback });
    this.scheduledCount += 1;
    return id;
  }

  clearTimeout(handle: TimerHandle): void {
    this.timers.delete(handle as number);
  }

  /** Milliseconds until each pending timer fires, soonest first. */
  pending(): number[] {
    return [...this.timers.values()].map((timer) => timer.at - this.nowMs).sort((a, b) => a - b);
  }

  /**
   * Moves time forward by `ms`, firing every timer that falls due on the way in time order (timers
   * the callbacks set fire too when they fall inside the window), each at its own instant.
   */
  advance(ms: number): void {
    const end = this.nowMs + ms;
    for (;;) {
      const due = [...this.timers.values()].filter((timer) => timer.at <= end).sort((a, b) => a.at - b.at || a.id - b.id)[0];
      if (!due) break;
      this.timers.delete(due.id);
      this.nowMs = due.at;
      due.callback();
    }
    this.nowMs = end;
  }

  /** advance() to the epoch millisecond `atMs` (e.g. a reconnect's nextAtMs). */
  advanceTo(atMs: number): void {
    this.advance(Math.max(0, atMs - this.nowMs));
  }
}
