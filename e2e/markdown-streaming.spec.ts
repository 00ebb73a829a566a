/**
 * Rendering cost of a long answer while it streams: about 2,000 tokens of mixed Markdown (headings,
 * paragraphs, lists, code, a table) streamed at 50 tokens per second (one ~4-character token every
 * 20 ms, as the scripted provider sends it), measured in Chromium as the time between animation
 * frames and as long tasks. The numbers are written to $ELFTIA_SHOTS_DIR/streaming-frames.json and
 * attached to the test. Measured on a shared two-core machine (load average 8): block by block, 1
 * long task (53 ms in all) and frames p99 16.8 ms; re-rendering the whole answer on every token, 16
 * long tasks (1,119 ms in all, up to 110 ms each), frames p99 50 ms, worst 167 ms. Timings on such a
 * machine swing with its load (at load 10 the same build gave 15 long tasks), so the bounds here only
 * catch a collapse — a pause the user sees, or rendering cost growing with the answer; that finished
 * blocks are not rendered again is pinned by MarkdownStreaming.test.tsx.
 */
import fs from 'node:fs';
import path from 'node:path';
import { addProviderInUi, expect, openChat, sendMessage, test } from './scriptedProvider';

const SHOTS_DIR = process.env.ELFTIA_SHOTS_DIR ?? '/tmp/markdown-shots';
const TOKEN_CHARS = 4;
const TOKENS = 2000;
const TOKEN_INTERVAL_MS = 20;

/** About TOKENS × TOKEN_CHARS characters of the Markdown a model writes. */
function longAnswer(): string {
  const sections: string[] = [];
  for (let i = 1; sections.join('\n\n').length < TOKENS * TOKEN_CHARS; i++) {
    sections.push(
      `## Step ${i}: configure the **server**`,
      `First, open \`config-${i}.json\` and check the settings. This paragraph explains *why* step ${i} matters, with a link to https://example.com/docs/${i} and a little more text so that it wraps across lines in the column.`,
      `- Install the runtime (node ${i}.x)\n- Run \`elftia mcp add\`\n- Restart the server ${i}`,
      '```ts\n' + `export function step${i}(input: string): number {\n  // parse and count\n  return input.split(',').length + ${i};\n}` + '\n```',
      `| Option | Default | Meaning |\n|---|---|---|\n| timeoutMs | ${i}000 | how long to wait |\n| retries | ${i} | how often to try |`,
    );
  }
  return sections.join('\n\n');
}

function chunks(text: string): string[] {
  const pieces: string[] = [];
  for (let i = 0; i < text.length; i += TOKEN_CHARS) pieces.push(text.slice(i, i + TOKEN_CHARS));
  return pieces;
}

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((sorted.length * p) / 100))]!;
}

test('a 2,000-token answer streamed at 50 tokens/s keeps frames short', async ({ page, host, provider }) => {
  test.setTimeout(180_000);
  const answer = longAnswer();
  const tokens = chunks(answer);
  await provider.setScript({ turns: [{ format: 'openai', text: tokens, chunkDelayMs: TOKEN_INTERVAL_MS }] });
  await page.goto(host.url);
  await addProviderInUi(page, { name: 'Scripted', type: 'OpenAI-compatible', baseUrl: provider.openaiBaseUrl, apiKey: 'sk-scripted', model: 'scripted-model' });
  await openChat(page);
  await page.getByRole('button', { name: 'New conversation' }).click();

  await page.evaluate(() => {
    const probe = { frames: [] as number[], longTasks: [] as number[], running: true };
    (window as unknown as { probe: typeof probe }).probe = probe;
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) probe.longTasks.push(entry.duration);
    }).observe({ type: 'longtask', buffered: false });
    let last = performance.now();
    const tick = (now: number) => {
      probe.frames.push(now - last);
      last = now;
      if (probe.running) requestAnimationFrame(tick);
    };
    requestAnimationFrame(tick);
  });
  await sendMessage(page, 'Walk me through the setup');
  const reply = page.getByRole('log', { name: 'Messages' }).getByRole('article', { name: 'Assistant' }).last();
  await expect(reply).toHaveAttribute('data-status', 'done', { timeout: 150_000 });
  const probe = await page.evaluate(() => {
    const p = (window as unknown as { probe: { frames: number[]; longTasks: number[]; running: boolean } }).probe;
    p.running = false;
    return p;
  });
  await expect(reply.getByTestId('code-block').last().locator('code[data-highlighted="true"]')).toBeVisible();

  const frames = probe.frames.slice(1).sort((a, b) => a - b);
  const result = {
    tokens: tokens.length,
    characters: answer.length,
    frames: frames.length,
    frameMs: {
      mean: Math.round((frames.reduce((a, b) => a + b, 0) / frames.length) * 10) / 10,
      p50: Math.round(percentile(frames, 50) * 10) / 10,
      p95: Math.round(percentile(frames, 95) * 10) / 10,
      p99: Math.round(percentile(frames, 99) * 10) / 10,
      max: Math.round(frames.at(-1)! * 10) / 10,
    },
    longTasks: { count: probe.longTasks.length, totalMs: Math.round(probe.longTasks.reduce((a, b) => a + b, 0)), maxMs: Math.round(Math.max(0, ...probe.longTasks)) },
  };
  fs.mkdirSync(SHOTS_DIR, { recursive: true });
  fs.writeFileSync(path.join(SHOTS_DIR, 'streaming-frames.json'), JSON.stringify(result, null, 2));
  test.info().annotations.push({ type: 'frames', description: JSON.stringify(result) });
  console.log('streaming frames', JSON.stringify(result));

  expect(tokens.length).toBeGreaterThanOrEqual(TOKENS);
  expect(result.frameMs.p95).toBeLessThan(100);
  expect(result.longTasks.maxMs).toBeLessThan(1000);
  expect(result.longTasks.totalMs).toBeLessThan(5000);
});
