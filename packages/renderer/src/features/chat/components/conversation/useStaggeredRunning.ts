import { useEffect, useState } from 'react';

interface Shown {
  running: boolean;
  /** Groups (by their first message's index) still showing the value from before `running` changed. */
  lagging: ReadonlySet<number>;
}

/** The group nearest the end of those still lagging. */
function nearestEnd(lagging: ReadonlySet<number>): number {
  let last = -1;
  for (const key of lagging) last = Math.max(last, key);
  return last;
}

/**
 * Whether a turn runs, as each message group sees it. A turn starting or ending changes the bar of
 * every question (Edit hides while a turn runs, and comes back after): in a long conversation that is
 * a hundred or more buttons with their tooltips unmounted or mounted, too much for one frame. So the
 * groups from `urgentFrom` on (the one holding the last question, and the answer being written) see the
 * change at once; the older ones see it a group per step after each paint, the nearest to the end
 * first, until all agree. Groups added meanwhile see the current value. If `running` changes back
 * before all have caught up, the groups still lagging already show the new value and stay as they are.
 */
export function useStaggeredRunning(running: boolean, groupKeys: readonly number[], urgentFrom: number): (groupKey: number) => boolean {
  const [state, setState] = useState<Shown>(() => ({ running, lagging: new Set() }));
  let shown = state;
  if (state.running !== running) {
    // Adjusting state while rendering (React renders again at once, before committing): no frame shows
    // every group with the old value first.
    shown = { running, lagging: new Set(groupKeys.filter((key) => key < urgentFrom && !state.lagging.has(key))) };
    setState(shown);
  }
  const { lagging } = shown;

  useEffect(() => {
    if (lagging.size === 0) return;
    // After the next paint: the frame that shows the step before comes first.
    let timer: ReturnType<typeof setTimeout> | undefined;
    const frame = requestAnimationFrame(() => {
      timer = setTimeout(() =>
        setState((current) => {
          const next = new Set(current.lagging);
          next.delete(nearestEnd(current.lagging));
          return { running: current.running, lagging: next };
        }),
      );
    });
    return () => {
      cancelAnimationFrame(frame);
      clearTimeout(timer);
    };
  }, [lagging]);

  return (groupKey) => (lagging.has(groupKey) ? !shown.running : shown.running);
}
