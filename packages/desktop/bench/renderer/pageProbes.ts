/**
 * What runs inside the page, as plain JavaScript source: tsx compiles the bench with esbuild's
 * keepNames, and a function handed to page.evaluate would reference its `__name` helper, which the
 * page does not have.
 */

/**
 * Installed before the app loads: long animation frames (Chrome's Long Animation Frames API) and
 * long tasks while `recording`, and a requestAnimationFrame loop measuring each frame's distance from
 * the one before.
 */
export const RECORDER_SCRIPT = `
(() => {
  const bench = { recording: false, loafs: [], longTasks: [], frames: [], worst: [] };
  window.__elftiaBench = bench;
  // Where a long frame's time went: its scripts (who invoked them, for how long) and its rendering.
  const describe = (entry) => ({
    at: Math.round(entry.startTime),
    duration: Math.round(entry.duration),
    blocking: Math.round(entry.blockingDuration),
    render: Math.round(entry.startTime + entry.duration - entry.renderStart),
    layout: Math.round(entry.startTime + entry.duration - entry.styleAndLayoutStart),
    scripts: entry.scripts.map((s) => ({ invoker: s.invoker, fn: s.sourceFunctionName, duration: Math.round(s.duration), forcedLayout: Math.round(s.forcedStyleAndLayoutDuration) })),
  });
  const observe = (type, into) => {
    try {
      new PerformanceObserver((list) => {
        if (!bench.recording) return;
        for (const entry of list.getEntries()) {
          bench[into].push(entry.duration);
          if (into === 'loafs' && entry.duration > 50) bench.worst.push(describe(entry));
        }
      }).observe({ type, buffered: false });
    } catch {}
  };
  observe('long-animation-frame', 'loafs');
  observe('longtask', 'longTasks');
  bench.start = () => {
    bench.recording = true;
    bench.loafs = [];
    bench.longTasks = [];
    bench.frames = [];
    bench.worst = [];
    let last = performance.now();
    const tick = (now) => {
      if (!bench.recording) return;
      bench.frames.push(now - last);
      last = now;
      requestAnimationFrame(tick);
    };
    requestAnimationFrame(tick);
  };
  bench.stop = () => {
    bench.recording = false;
    return { loafs: bench.loafs, longTasks: bench.longTasks, frames: bench.frames, worst: bench.worst };
  };
})();
`;

/** Recorded frames: LoAF and long-task durations, and the rAF deltas, in milliseconds. */
export interface FrameRecord {
  loafs: number[];
  longTasks: number[];
  frames: number[];
  /** The long animation frames over 50 ms, described (printed with ELFTIA_BENCH_DEBUG=1). */
  worst: unknown[];
}

/** When the conversation opened from the sidebar was interactive, and when all its messages were in the DOM. */
export interface OpenTimes {
  interactiveMs: number;
  allMountedMs: number;
}

/**
 * Clicks the conversation titled `title` in the sidebar and resolves with the milliseconds until it is
 * interactive — its last message (the one containing `lastText`) inside the log's visible box, the
 * composer's box enabled, and the frame after that painted (a rAF, then a task after it) — and until
 * all `messageCount` messages are in the DOM.
 */
export function openConversationScript(title: string, lastText: string, messageCount: number): string {
  return `
(async () => {
  const title = ${JSON.stringify(title)};
  const button = [...document.querySelectorAll('.conversation-item__open')].find((b) => b.textContent.trim() === title);
  if (!button) throw new Error('no conversation titled ' + title);
  const t0 = performance.now();
  button.click();
  const messages = () => document.querySelectorAll('[role="log"] [data-testid="message"]');
  const interactive = () => {
    const log = document.querySelector('[role="log"]');
    const list = messages();
    const last = list[list.length - 1];
    const box = document.querySelector('.composer textarea');
    if (!log || !last || !box || box.disabled || !last.textContent.includes(${JSON.stringify(lastText)})) return false;
    const a = last.getBoundingClientRect();
    const b = log.getBoundingClientRect();
    return a.bottom > b.top && a.top < b.bottom && a.height > 0;
  };
  const until = (condition) => new Promise((resolve) => {
    const check = () => (condition() ? requestAnimationFrame(() => setTimeout(resolve, 0)) : requestAnimationFrame(check));
    check();
  });
  await until(interactive);
  const interactiveMs = performance.now() - t0;
  await until(() => messages().length === ${messageCount});
  return { interactiveMs, allMountedMs: performance.now() - t0 };
})()
`;
}

/** Elements in the document (what the DOM holds, not what is painted). */
export const DOM_NODES_SCRIPT = `document.getElementsByTagName('*').length`;

/** True once the last message of the log is finished and contains `mark`. */
export function answerFinishedScript(mark: string): string {
  return `(() => {
    const messages = document.querySelectorAll('[role="log"] [data-testid="message"]');
    const last = messages[messages.length - 1];
    return !!last && last.dataset.status === 'done' && last.textContent.includes(${JSON.stringify(mark)});
  })()`;
}

/**
 * Whether the log shows its end (within MessageList's 48 px), read two frames after the answer
 * finished: what a layout effect or ResizeObserver does in reaction to the last render has run by then.
 */
export const STILL_AT_END_SCRIPT = `(async () => {
  for (let i = 0; i < 2; i++) await new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 0)));
  const log = document.querySelector('[role="log"]');
  return log.scrollHeight - log.scrollTop - log.clientHeight < 48;
})()`;
