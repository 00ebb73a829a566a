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
  const bench = { recording: false, loafs: [], longTasks: [], frames: [] };
  window.__elftiaBench = bench;
  const observe = (type, into) => {
    try {
      new PerformanceObserver((list) => {
        if (bench.recording) for (const entry of list.getEntries()) bench[into].push(entry.duration);
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
    return { loafs: bench.loafs, longTasks: bench.longTasks, frames: bench.frames };
  };
})();
`;

/** Recorded frames: LoAF and long-task durations, and the rAF deltas, in milliseconds. */
export interface FrameRecord {
  loafs: number[];
  longTasks: number[];
  frames: number[];
}

/**
 * Clicks the conversation titled `title` in the sidebar and resolves with the milliseconds until it is
 * interactive: all `messageCount` messages in the log, the last one inside the log's visible box, the
 * composer's box enabled — and the frame after that painted (a rAF, then a task after it).
 */
export function openConversationScript(title: string, messageCount: number): string {
  return `
(async () => {
  const title = ${JSON.stringify(title)};
  const button = [...document.querySelectorAll('.conversation-item__open')].find((b) => b.textContent.trim() === title);
  if (!button) throw new Error('no conversation titled ' + title);
  const t0 = performance.now();
  button.click();
  await new Promise((resolve) => {
    const check = () => {
      const log = document.querySelector('[role="log"]');
      const messages = log ? log.querySelectorAll('[data-testid="message"]') : [];
      const box = document.querySelector('.composer textarea');
      const last = messages[messages.length - 1];
      let lastShown = false;
      if (last && log) {
        const a = last.getBoundingClientRect();
        const b = log.getBoundingClientRect();
        lastShown = a.bottom > b.top && a.top < b.bottom && a.height > 0;
      }
      if (messages.length === ${messageCount} && box && !box.disabled && lastShown) requestAnimationFrame(() => setTimeout(resolve, 0));
      else requestAnimationFrame(check);
    };
    check();
  });
  return performance.now() - t0;
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
