/**
 * A turn starting or ending reaches the message groups a step at a time, counted with the frames
 * driven by the test: the groups from the last question's on at once, then one older group per paint,
 * the nearest to the end first; a group never shows a value twice for one change.
 */
import { act, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useStaggeredRunning } from '../../src/features/chat/components/conversation/useStaggeredRunning';

const GROUPS = [0, 25, 50, 75, 100];
const LAST = 100;

let frames = new Map<number, FrameRequestCallback>();
let nextFrame = 1;

beforeEach(() => {
  frames = new Map();
  vi.stubGlobal('requestAnimationFrame', (callback: FrameRequestCallback) => {
    frames.set(nextFrame, callback);
    return nextFrame++;
  });
  vi.stubGlobal('cancelAnimationFrame', (id: number) => frames.delete(id));
});
afterEach(() => vi.unstubAllGlobals());

/** Runs the frame callbacks due, then the task each schedules after the paint. */
async function paint() {
  const due = [...frames.values()];
  frames.clear();
  act(() => due.forEach((callback) => callback(0)));
  await act(() => new Promise((resolve) => setTimeout(resolve, 0)));
}

function render(initial: { running: boolean; groups?: number[]; urgentFrom?: number }) {
  const hook = renderHook((props: { running: boolean; groups: number[]; urgentFrom: number }) => useStaggeredRunning(props.running, props.groups, props.urgentFrom), {
    initialProps: { running: initial.running, groups: initial.groups ?? GROUPS, urgentFrom: initial.urgentFrom ?? LAST },
  });
  const seen = () => GROUPS.map((key) => hook.result.current(key));
  return { hook, seen };
}

describe('useStaggeredRunning', () => {
  it('gives every group the value it starts with, with nothing scheduled', () => {
    const { seen } = render({ running: true });
    expect(seen()).toEqual([true, true, true, true, true]);
    expect(frames.size).toBe(0);
  });

  it('changes the last question’s group at once, then one older group per paint, nearest the end first', async () => {
    const { hook, seen } = render({ running: false });
    hook.rerender({ running: true, groups: GROUPS, urgentFrom: LAST });
    expect(seen()).toEqual([false, false, false, false, true]);
    await paint();
    expect(seen()).toEqual([false, false, false, true, true]);
    await paint();
    expect(seen()).toEqual([false, false, true, true, true]);
    await paint();
    await paint();
    expect(seen()).toEqual([true, true, true, true, true]);
    await paint();
    expect(frames.size).toBe(0);
  });

  it('changes every group from the one holding the last question on at once', async () => {
    const { hook, seen } = render({ running: true });
    hook.rerender({ running: false, groups: GROUPS, urgentFrom: 75 });
    expect(seen()).toEqual([true, true, true, false, false]);
  });

  it('leaves the groups not reached yet as they are when the value changes back, without showing any twice', async () => {
    const { hook, seen } = render({ running: false });
    hook.rerender({ running: true, groups: GROUPS, urgentFrom: LAST });
    await paint();
    expect(seen()).toEqual([false, false, false, true, true]);
    hook.rerender({ running: false, groups: GROUPS, urgentFrom: LAST });
    // The last group at once; group 75 (already true) catches up next; 0–50 never showed true.
    expect(seen()).toEqual([false, false, false, true, false]);
    await paint();
    expect(seen()).toEqual([false, false, false, false, false]);
    await paint();
    expect(frames.size).toBe(0);
  });

  it('gives a group added meanwhile the current value', async () => {
    const { hook, seen } = render({ running: false, groups: [25, 50, 75, 100] });
    hook.rerender({ running: true, groups: [25, 50, 75, 100], urgentFrom: LAST });
    // Group 0 mounts (the older messages of a long conversation) before the others caught up.
    hook.rerender({ running: true, groups: GROUPS, urgentFrom: LAST });
    expect(seen()).toEqual([true, false, false, false, true]);
    for (let step = 0; step < 3; step++) await paint();
    expect(seen()).toEqual([true, true, true, true, true]);
  });
});
