/**
 * The renderer bench's inputs, on real SQLite: the seeded conversation is what the app itself reads
 * back (500 messages, 200 tool-call cards, a provider and model to answer with), and the streamed
 * answer has its 2,000 tokens. Its figures become rows beside their goals.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createAppServices } from '../../app/main/index';
import { ANSWER_TOKENS, answerTokens, END_MARK, LAST_SEEDED_TEXT, MESSAGE_COUNT, TOOL_CARD_COUNT } from '../../bench/renderer/longConversation';
import { LONG_TITLE, seedLongConversation } from '../../bench/renderer/seed';
import { type RendererFigures, rendererRows } from '../../bench/sections/rendererLongChat';

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

describe('the renderer bench', () => {
  it('seeds a conversation the app reads back with 500 messages and 200 tool-call cards', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'elftia-bench-seed-'));
    dirs.push(dataDir);
    await seedLongConversation(dataDir, 'http://127.0.0.1:9/v1');
    const services = createAppServices({ dataDir, autoConnectMcp: false, builtinServers: false });
    try {
      const long = services.chat.list().find((c) => c.title === LONG_TITLE)!;
      expect(services.providers.get(long.providerId!).models).toEqual([long.model]);
      const messages = services.chat.messages(long.id);
      expect(messages).toHaveLength(MESSAGE_COUNT);
      expect(messages.flatMap((m) => m.toolCalls)).toHaveLength(TOOL_CARD_COUNT);
      expect(messages.at(-1)!.text).toContain(LAST_SEEDED_TEXT);
    } finally {
      await services.dispose();
    }
  });

  it('streams 2,000 tokens, the last one ending with the mark it waits for', () => {
    const tokens = answerTokens();
    expect(tokens).toHaveLength(ANSWER_TOKENS);
    expect(tokens.join('').endsWith(END_MARK)).toBe(true);
  });

  it('prints each figure beside its goal', () => {
    const figures: RendererFigures = {
      chromium: '140',
      tokensPerSecond: 50,
      messages: 500,
      toolCards: 200,
      answerTokens: 2000,
      ttiMs: [900, 300, 400],
      allMountedMs: [3000, 2000, 2500],
      openBusy: { taskMs: 1000, scriptMs: 800, layoutMs: 100, styleMs: 50 },
      heapAfterOpenMb: 30,
      domNodesAfterOpen: 9000,
      streamMs: 40_000,
      frames: { count: 2400, over50: 2, medianMs: 16.7, p95Ms: 17, maxMs: 80 },
      longAnimationFrames: { over50: 1, maxMs: 70 },
      longTasks: { count: 1, maxMs: 60 },
      mainThread: { taskMs: 8000, scriptMs: 5000, layoutMs: 1000, styleMs: 100 },
      heapAfterStreamMb: 33,
      domNodesAfterStream: 10_000,
      stayedAtEnd: true,
      shortStream: { over50: 0, cpuMs: 8000 },
      streamCpu: { rendererMs: 9000, allMs: 11_000 },
    };
    const rows = rendererRows(figures);
    const byName = (part: string) => rows.find((row) => row.name.includes(part))!;
    expect(byName('time to interactive')).toMatchObject({ medianMs: 400, goal: { text: '≤ 1000 ms', met: true } });
    expect(byName('frames over 50 ms')).toMatchObject({ count: { value: 2, unit: 'frames' }, goal: { met: false } });
    expect(byName('Chromium CPU').count).toEqual({ value: 11_000, unit: 'ms CPU' });
    expect(byName('after stream: JS heap').goal).toEqual({ text: '≤ 100 MB', met: true });
  });
});
