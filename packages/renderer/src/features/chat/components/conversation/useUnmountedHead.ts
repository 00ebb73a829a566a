import { startTransition, useEffect, useState } from 'react';

/** Messages rendered when a conversation opens: more than a tall window shows, few enough to be quick. */
export const FIRST_SLICE = 40;
/**
 * Older messages mounted per step after that. A step's new messages (with their tool cards, code
 * blocks and tables) are styled and laid out in one frame, after React's time-sliced render: 40 made
 * that frame 40–60 ms on two busy cores, a visible stutter of an answer streaming meanwhile; 10 keep it
 * near a quarter of that, for about a second more until all of a 500-message conversation is mounted.
 */
export const SLICE = 10;

/**
 * How many of a conversation's oldest messages are not rendered yet. It opens with only its last
 * FIRST_SLICE messages, so it is interactive once those are on screen; the older ones are mounted a
 * slice at a time after each paint, as transitions that a streamed token or a key press interrupts,
 * until all are in the DOM (where the browser's find and a screen reader reach them). Nothing
 * shown is ever unmounted: a message keeps its state — an open editor, an app's frame — whatever
 * the scroll. `count` is read when the list mounts (it mounts once the conversation has loaded).
 */
export function useUnmountedHead(count: number): number {
  const [unmounted, setUnmounted] = useState(() => Math.max(0, count - FIRST_SLICE));
  useEffect(() => {
    if (unmounted === 0) return;
    // After the next paint: the frame that shows what is mounted comes first.
    let timer: ReturnType<typeof setTimeout> | undefined;
    const frame = requestAnimationFrame(() => {
      timer = setTimeout(() => startTransition(() => setUnmounted((left) => Math.max(0, left - SLICE))), 0);
    });
    return () => {
      cancelAnimationFrame(frame);
      clearTimeout(timer);
    };
  }, [unmounted]);
  return Math.min(unmounted, count);
}
