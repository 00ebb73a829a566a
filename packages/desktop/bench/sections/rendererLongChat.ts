/**
 * The renderer with a long conversation, in Chromium against the real headless host: a conversation
 * of 500 messages with 200 tool-call cards (seeded in SQLite through the app's services) is opened
 * from the sidebar, then a 2,000-token answer streams in from the scripted provider over the OpenAI
 * wire format. Measured: time to interactive on opening, frames over 50 ms while streaming (Long
 * Animation Frames, long tasks, requestAnimationFrame deltas), main-thread time, JS heap and DOM size.
 *
 * The host publishes a streaming message at most every 50 ms (ChatService's publishIntervalMs), so the
 * renderer sees ~20 updates a second at any token rate; the default 50 tokens/s is the rate of the
 * issue, ELFTIA_BENCH_TOKENS_PER_S changes it.
 */
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type Browser, type CDPSession, chromium, type Page } from '@playwright/test';
import { startScriptedProvider } from '../../test/support/scriptedProvider/server';
import { percentile } from '../lib/stats';
import type { Row, SectionResult } from '../lib/table';
import { ANSWER_TOKENS, answerTokens, END_MARK, LAST_SEEDED_TEXT, MESSAGE_COUNT, TOOL_CARD_COUNT } from '../renderer/longConversation';
import { answerFinishedScript, DOM_NODES_SCRIPT, type FrameRecord, type OpenTimes, openConversationScript, RECORDER_SCRIPT, STILL_AT_END_SCRIPT } from '../renderer/pageProbes';
import { chromiumCpu } from '../renderer/chromiumCpu';
import { buildRenderer, startHost } from '../renderer/processes';
import { LONG_TITLE, SHORT_TITLE, seedLongConversation } from '../renderer/seed';

const SECTION = 'e renderer, long chat';
const OPENS = 3;
const LONG_FRAME_MS = 50;
/** Targets (RAIL: a response within 1 s, no frame a user sees stutter). Printed, not asserted. */
export const RENDERER_GOALS = { ttiMs: 1_000, longFrames: 0, heapMb: 100, domNodes: 20_000 } as const;

/** Every figure of one run, as the JSON output records them. */
export interface RendererFigures {
  chromium: string;
  tokensPerSecond: number;
  messages: number;
  toolCards: number;
  answerTokens: number;
  /** Each open of the long conversation, first (cold) one first. */
  ttiMs: number[];
  /** Each open, until all messages were in the DOM. */
  allMountedMs: number[];
  /** Main-thread time of one open (the mean of the opens), in milliseconds. */
  openBusy: { taskMs: number; scriptMs: number; layoutMs: number; styleMs: number };
  heapAfterOpenMb: number;
  domNodesAfterOpen: number;
  streamMs: number;
  /** requestAnimationFrame deltas while streaming. */
  frames: { count: number; over50: number; medianMs: number; p95Ms: number; maxMs: number };
  longAnimationFrames: { over50: number; maxMs: number };
  longTasks: { count: number; maxMs: number };
  /** Main-thread time while streaming (CDP Performance metrics), in milliseconds. */
  mainThread: { taskMs: number; scriptMs: number; layoutMs: number; styleMs: number };
  heapAfterStreamMb: number;
  domNodesAfterStream: number;
  /** CPU time Chromium used while the answer streamed (Linux); steadier than wall-clock figures on a loaded machine. */
  streamCpu?: { rendererMs: number; allMs: number };
  /** The same answer streamed into a one-message conversation: frames over 50 ms, Chromium CPU. */
  shortStream: { over50: number; cpuMs?: number };
  /** The log was still at its end when the answer finished (stick-to-bottom). */
  stayedAtEnd: boolean;
}

export function chromiumPath(): string {
  return process.env.ELFTIA_CHROMIUM ?? '/usr/bin/chromium';
}

async function metrics(cdp: CDPSession): Promise<Record<string, number>> {
  const { metrics: list } = await cdp.send('Performance.getMetrics');
  return Object.fromEntries(list.map((m) => [m.name, m.value]));
}

async function heapMb(cdp: CDPSession): Promise<number> {
  await cdp.send('HeapProfiler.collectGarbage');
  return (await metrics(cdp)).JSHeapUsedSize! / 2 ** 20;
}

/**
 * Polls `condition` (JavaScript source) in the page until it is true. Not page.waitForFunction: that
 * evaluates a string with eval, which the app's Content-Security-Policy forbids.
 */
async function waitInPage(page: Page, condition: string, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await page.evaluate(condition))) {
    if (Date.now() > deadline) throw new Error(`timed out after ${timeoutMs} ms waiting for ${condition}`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

async function openLong(page: Page): Promise<OpenTimes> {
  return (await page.evaluate(openConversationScript(LONG_TITLE, LAST_SEEDED_TEXT, MESSAGE_COUNT))) as OpenTimes;
}

async function openShort(page: Page): Promise<void> {
  await page.evaluate(openConversationScript(SHORT_TITLE, 'Hello', 1));
}

async function measure(browser: Browser, url: string, tokensPerSecond: number): Promise<Omit<RendererFigures, 'chromium' | 'tokensPerSecond'>> {
  const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
  await page.addInitScript(RECORDER_SCRIPT);
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Performance.enable');
  await page.goto(url);
  await page.locator('.conversation-item__open', { hasText: LONG_TITLE }).waitFor();

  const ttiMs: number[] = [];
  const allMountedMs: number[] = [];
  const openBusy = { taskMs: 0, scriptMs: 0, layoutMs: 0, styleMs: 0 };
  for (let i = 0; i < OPENS; i++) {
    if (i > 0) await openShort(page);
    const beforeOpen = await metrics(cdp);
    const opened = await openLong(page);
    ttiMs.push(opened.interactiveMs);
    allMountedMs.push(opened.allMountedMs);
    const afterOpen = await metrics(cdp);
    const spent = (name: string) => ((afterOpen[name] ?? 0) - (beforeOpen[name] ?? 0)) * 1000;
    openBusy.taskMs += spent('TaskDuration') / OPENS;
    openBusy.scriptMs += spent('ScriptDuration') / OPENS;
    openBusy.layoutMs += spent('LayoutDuration') / OPENS;
    openBusy.styleMs += spent('RecalcStyleDuration') / OPENS;
  }
  const heapAfterOpenMb = await heapMb(cdp);
  const domNodesAfterOpen = (await page.evaluate(DOM_NODES_SCRIPT)) as number;

  const before = await metrics(cdp);
  const cpuBefore = await chromiumCpu();
  const startedAt = performance.now();
  const profile = process.env.ELFTIA_BENCH_PROFILE;
  if (profile) {
    await cdp.send('Profiler.enable');
    await cdp.send('Profiler.start');
  }
  await page.evaluate('window.__elftiaBench.start()');
  const box = page.locator('.composer textarea');
  await box.fill('Write the long answer, please.');
  await box.press('Enter');
  const expectedMs = (ANSWER_TOKENS / tokensPerSecond) * 1000;
  await waitInPage(page, answerFinishedScript(END_MARK), expectedMs * 3 + 60_000);
  const record = (await page.evaluate('window.__elftiaBench.stop()')) as FrameRecord;
  const streamMs = performance.now() - startedAt;
  const cpuAfter = await chromiumCpu();
  if (process.env.ELFTIA_BENCH_DEBUG) console.error(JSON.stringify(record.worst, null, 1));
  if (profile) writeFileSync(profile, JSON.stringify((await cdp.send('Profiler.stop')).profile));
  const after = await metrics(cdp);
  const stayedAtEnd = (await page.evaluate(STILL_AT_END_SCRIPT)) as boolean;
  const domNodesAfterStream = (await page.evaluate(DOM_NODES_SCRIPT)) as number;
  const heapAfterStreamMb = await heapMb(cdp);
  const shortStream = await streamInShortConversation(page, expectedMs);
  const delta = (name: string) => ((after[name] ?? 0) - (before[name] ?? 0)) * 1000;
  const max = (values: number[]) => values.reduce((a, b) => Math.max(a, b), 0);
  return {
    messages: MESSAGE_COUNT,
    toolCards: TOOL_CARD_COUNT,
    answerTokens: ANSWER_TOKENS,
    ttiMs,
    allMountedMs,
    openBusy,
    heapAfterOpenMb,
    domNodesAfterOpen,
    streamMs,
    frames: {
      count: record.frames.length,
      over50: record.frames.filter((ms) => ms > LONG_FRAME_MS).length,
      medianMs: percentile(record.frames, 0.5),
      p95Ms: percentile(record.frames, 0.95),
      maxMs: max(record.frames),
    },
    longAnimationFrames: { over50: record.loafs.filter((ms) => ms > LONG_FRAME_MS).length, maxMs: max(record.loafs) },
    longTasks: { count: record.longTasks.length, maxMs: max(record.longTasks) },
    mainThread: { taskMs: delta('TaskDuration'), scriptMs: delta('ScriptDuration'), layoutMs: delta('LayoutDuration'), styleMs: delta('RecalcStyleDuration') },
    heapAfterStreamMb,
    domNodesAfterStream,
    stayedAtEnd,
    ...(cpuBefore && cpuAfter ? { streamCpu: { rendererMs: cpuAfter.rendererMs - cpuBefore.rendererMs, allMs: cpuAfter.allMs - cpuBefore.allMs } } : {}),
    shortStream,
  };
}

/**
 * The same answer streamed into the one-message conversation: what streaming costs without the 500
 * messages around it (and with the bench's own frame recorder), the floor the long chat compares to.
 */
async function streamInShortConversation(page: Page, expectedMs: number): Promise<RendererFigures['shortStream']> {
  await openShort(page);
  const cpuBefore = await chromiumCpu();
  await page.evaluate('window.__elftiaBench.start()');
  const box = page.locator('.composer textarea');
  await box.fill('Write the long answer here too, please.');
  await box.press('Enter');
  await waitInPage(page, answerFinishedScript(END_MARK), expectedMs * 3 + 60_000);
  const record = (await page.evaluate('window.__elftiaBench.stop()')) as FrameRecord;
  const cpuAfter = await chromiumCpu();
  return {
    over50: record.frames.filter((ms) => ms > LONG_FRAME_MS).length,
    ...(cpuBefore && cpuAfter ? { cpuMs: cpuAfter.allMs - cpuBefore.allMs } : {}),
  };
}

/** Runs the whole scenario; undefined (with the reason) when there is no Chromium to run it in. */
export async function measureRenderer(): Promise<{ figures?: RendererFigures; skipped?: string }> {
  const executablePath = chromiumPath();
  if (!existsSync(executablePath)) return { skipped: `no Chromium at ${executablePath} (install Debian's chromium or set ELFTIA_CHROMIUM)` };
  const tokensPerSecond = Number(process.env.ELFTIA_BENCH_TOKENS_PER_S ?? 50);
  // ELFTIA_BENCH_PROFILE=file.cpuprofile: a CPU profile of the streaming, from an unminified build.
  const profile = process.env.ELFTIA_BENCH_PROFILE;
  buildRenderer({ minify: !profile });
  const chunkDelayMs = Math.round(1000 / tokensPerSecond);
  const turn = { format: 'openai' as const, text: answerTokens(), chunkDelayMs };
  const provider = await startScriptedProvider({ script: { turns: [turn, turn] } });
  const dataDir = mkdtempSync(join(tmpdir(), 'elftia-bench-renderer-'));
  try {
    await seedLongConversation(dataDir, `${provider.url}/v1`);
    const host = await startHost(dataDir);
    try {
      const browser = await chromium.launch({ executablePath });
      try {
        return { figures: { chromium: browser.version(), tokensPerSecond, ...(await measure(browser, host.url, tokensPerSecond)) } };
      } finally {
        await browser.close();
      }
    } finally {
      await host.stop();
    }
  } finally {
    await provider.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

const ms = (value: number) => `${value.toFixed(0)} ms`;
const mb = (value: number) => Math.round(value * 10) / 10;

/** The figures as table rows, one figure each, beside its goal. */
export function rendererRows(f: RendererFigures): Row[] {
  const counted = (name: string, value: number, unit: string, goal?: { text: string; met: boolean }, note?: string): Row => ({
    section: SECTION,
    name,
    count: { value, unit },
    ...(goal ? { goal } : {}),
    ...(note ? { note } : {}),
  });
  const atMost = (value: number, limit: number, unit: string) => ({ text: `≤ ${limit} ${unit}`, met: value <= limit });
  const tti = percentile(f.ttiMs, 0.5);
  const stream = `stream ${f.answerTokens} tokens @ ${f.tokensPerSecond}/s`;
  return [
    {
      section: SECTION,
      name: `open ${f.messages} msgs / ${f.toolCards} cards: time to interactive`,
      n: f.ttiMs.length,
      medianMs: tti,
      p95Ms: percentile(f.ttiMs, 0.95),
      goal: atMost(tti, RENDERER_GOALS.ttiMs, 'ms'),
      note: `each open: ${f.ttiMs.map(ms).join(', ')} (the first is cold); main thread per open, until all are mounted: ${ms(f.openBusy.taskMs)}: script ${ms(f.openBusy.scriptMs)}, layout ${ms(f.openBusy.layoutMs)}, style ${ms(f.openBusy.styleMs)}`,
    },
    {
      section: SECTION,
      name: `open: all ${f.messages} messages in the DOM`,
      n: f.allMountedMs.length,
      medianMs: percentile(f.allMountedMs, 0.5),
      p95Ms: percentile(f.allMountedMs, 0.95),
      note: 'the browser\'s find and screen readers reach every message from then on',
    },
    counted('after open: JS heap', mb(f.heapAfterOpenMb), 'MB', atMost(f.heapAfterOpenMb, RENDERER_GOALS.heapMb, 'MB')),
    counted('after open: DOM elements', f.domNodesAfterOpen, 'elements', atMost(f.domNodesAfterOpen, RENDERER_GOALS.domNodes, 'elements')),
    counted(`${stream}: frames over ${LONG_FRAME_MS} ms`, f.frames.over50, 'frames', atMost(f.frames.over50, RENDERER_GOALS.longFrames, 'frames'), `requestAnimationFrame deltas; longest ${ms(f.frames.maxMs)}`),
    counted(
      `${stream}: long animation frames`,
      f.longAnimationFrames.over50,
      'frames',
      atMost(f.longAnimationFrames.over50, RENDERER_GOALS.longFrames, 'frames'),
      `PerformanceObserver long-animation-frame over ${LONG_FRAME_MS} ms, longest ${ms(f.longAnimationFrames.maxMs)}; long tasks ${f.longTasks.count}, longest ${ms(f.longTasks.maxMs)}`,
    ),
    { section: SECTION, name: `${stream}: frame interval`, n: f.frames.count, medianMs: f.frames.medianMs, p95Ms: f.frames.p95Ms },
    counted(
      `${stream}: main thread busy`,
      Math.round((f.mainThread.taskMs / f.streamMs) * 100),
      '%',
      undefined,
      `${ms(f.mainThread.taskMs)} of ${(f.streamMs / 1000).toFixed(1)} s: script ${ms(f.mainThread.scriptMs)}, layout ${ms(f.mainThread.layoutMs)}, style ${ms(f.mainThread.styleMs)}`,
    ),
    ...(f.streamCpu
      ? [
          counted(
            `${stream}: Chromium CPU`,
            Math.round(f.streamCpu.allMs),
            'ms CPU',
            undefined,
            `renderer process ${ms(f.streamCpu.rendererMs)}; from /proc, barely moved by other load. Same answer in a 1-message conversation: ${f.shortStream.cpuMs === undefined ? '?' : ms(f.shortStream.cpuMs)} CPU, ${f.shortStream.over50} frames over ${LONG_FRAME_MS} ms`,
          ),
        ]
      : []),
    counted('after stream: JS heap', mb(f.heapAfterStreamMb), 'MB', atMost(f.heapAfterStreamMb, RENDERER_GOALS.heapMb, 'MB')),
    counted('after stream: DOM elements', f.domNodesAfterStream, 'elements', atMost(f.domNodesAfterStream, RENDERER_GOALS.domNodes, 'elements')),
    counted('after stream: log still at its end', f.stayedAtEnd ? 1 : 0, 'yes=1', { text: '= 1', met: f.stayedAtEnd }),
  ];
}

/** The section as `pnpm bench` runs it. */
export async function benchRendererLongChat(): Promise<SectionResult> {
  const { figures, skipped } = await measureRenderer();
  if (!figures) return { rows: [{ section: SECTION, name: 'skipped', note: skipped }], warnings: [`renderer section skipped: ${skipped}`] };
  return { rows: rendererRows(figures), warnings: [] };
}
