/**
 * search_files of the built-in `files` server against hostile patterns and huge trees: the matcher
 * is linear in the name, and a walk stops at its entry and time budgets with a note saying so.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { builtinServers } from '../../app/main/builtin-servers';
// @ts-expect-error plain .mjs with JSDoc types: the server runs it as shipped
import { createRootGuard } from '../../app/main/builtin-servers/files/confine.mjs';
// @ts-expect-error plain .mjs with JSDoc types: the server runs it as shipped
import { compileGlob } from '../../app/main/builtin-servers/files/glob.mjs';
// @ts-expect-error plain .mjs with JSDoc types: the server runs it as shipped
import { searchFiles } from '../../app/main/builtin-servers/files/operations.mjs';
import { closeDirectConnections, loadDirectMcpTools, type LoadDirectMcpToolsResult } from '../../app/main/engine/tools/DirectMcpToolAdapter';
import { RecordingTracker, caller, toolMap } from './directHelpers';

type Matcher = (path: string) => boolean;
const glob = compileGlob as (pattern: string) => Matcher;
const search = searchFiles as (
  guard: unknown,
  args: { pattern: string; path?: string; maxResults?: number },
  budget?: { maxVisits?: number; timeMs?: number; now?: () => number },
) => Promise<string>;

/** `*a*a*a*a*a*a*b`: each `*` as a backtracking `[^/]*` tries every split of the name. */
const HOSTILE = '*a*a*a*a*a*a*b';
const LONG_NAME = 'a'.repeat(200);

describe('compileGlob', () => {
  it.each([
    ['*.md', 'notes/README.md', true],
    ['*.md', 'notes/README.txt', false],
    ['*.MD', 'x.md', true],
    ['?.txt', 'a.txt', true],
    ['?.txt', 'ab.txt', false],
    ['src/*.ts', 'src/a.ts', true],
    ['src/*.ts', 'src/deep/a.ts', false],
    ['src/**/*.ts', 'src/a.ts', true],
    ['src/**/*.ts', 'src/deep/er/a.ts', true],
    ['**/*.ts', 'a.ts', true],
    ['src/**', 'src/deep/a.ts', true],
    ['*.{md,txt}', 'x.txt', true],
    ['*.{md,txt}', 'x.ts', false],
    ['{a,{b,c}x}.js', 'cx.js', true],
    ['{a,{b,c}x}.js', 'c.js', false],
    ['{unclosed', '{unclosed', true],
    ['report', 'Q3-Report.pdf', true],
    ['a,b', 'a,b', true],
    [HOSTILE, `${LONG_NAME}b`, true],
  ])('%s against %s → %s', (pattern, path, expected) => {
    expect(glob(pattern)(path)).toBe(expected);
  });

  it(`matches ${HOSTILE} against a 200-character name without backtracking`, () => {
    const matcher = glob(HOSTILE);
    const started = performance.now();
    expect(matcher(LONG_NAME)).toBe(false);
    expect(matcher(`${'ab'.repeat(100)}/${LONG_NAME}`)).toBe(false);
    // A backtracking matcher needs ~200^7 steps here (hours); a linear one a few milliseconds. The bound
    // sits between the two with room for a shared machine under load (155 ms was seen at load 17).
    expect(performance.now() - started).toBeLessThan(2_000);
  });

  it('refuses an empty or overlong pattern', () => {
    expect(() => glob('  ')).toThrow(/empty/);
    expect(() => glob('*'.repeat(1001))).toThrow(/longer than 1000/);
  });
});

describe('searchFiles budgets', () => {
  let base: string;
  let guard: unknown;

  beforeAll(async () => {
    base = mkdtempSync(join(tmpdir(), 'eng-search-'));
    for (let folder = 0; folder < 5; folder += 1) {
      mkdirSync(join(base, `f${folder}`));
      for (let file = 0; file < 100; file += 1) writeFileSync(join(base, `f${folder}`, `file${file}.txt`), '');
    }
    guard = await (createRootGuard as (root: string) => Promise<unknown>)(base);
  });

  afterAll(() => rmSync(base, { recursive: true, force: true }));

  it('walks the whole tree within the budgets', async () => {
    const text = await search(guard, { pattern: '*.txt', maxResults: 1000 });
    expect(text.split('\n')[0]).toBe('500 match(es) for "*.txt" in .');
  });

  it('stops after the entry budget and says so', async () => {
    const text = await search(guard, { pattern: '*.nothing' }, { maxVisits: 120 });
    expect(text).toBe('0 match(es) for "*.nothing" in . (stopped after 120 entries)');
  });

  it('stops at the time budget, answering with what it found', async () => {
    // A clock that advances 1 ms per look: 50 ms of budget lasts about 50 entries.
    let clock = 0;
    const text = await search(guard, { pattern: '*.txt', maxResults: 1000 }, { timeMs: 50, now: () => clock++ });
    const [header, ...found] = text.split('\n');
    expect(header).toMatch(/^\d+ match\(es\) for "\*\.txt" in \. \(stopped after 0\.05 s, having looked at \d+ entries\)$/);
    expect(found.length).toBeGreaterThan(0);
    expect(found.length).toBeLessThan(60);
    expect(header?.startsWith(`${found.length} match(es)`)).toBe(true);
  });
});

describe('search_files on the real server', () => {
  let base: string;
  let loaded: LoadDirectMcpToolsResult;
  const tracker = new RecordingTracker();

  beforeAll(async () => {
    base = mkdtempSync(join(tmpdir(), 'eng-search-server-'));
    writeFileSync(join(base, LONG_NAME), '');
    writeFileSync(join(base, 'ab.txt'), '');
    loaded = await loadDirectMcpTools(builtinServers({ filesRoot: base }).filter((s) => s.name === 'files'), { tracker });
    expect(loaded.failures).toEqual([]);
  });

  afterAll(async () => {
    await closeDirectConnections(loaded.connections, tracker);
    rmSync(base, { recursive: true, force: true });
  });

  it(`answers ${HOSTILE} against a 200-character name at once`, async () => {
    const call = caller(toolMap(loaded));
    const started = performance.now();
    const answer = await Promise.race([
      call('files__search_files', { pattern: HOSTILE }),
      new Promise<'hung'>((resolve) => setTimeout(() => resolve('hung'), 10_000)),
    ]);
    expect(answer).not.toBe('hung');
    expect(answer).toMatchObject({ isError: false, text: `0 match(es) for "${HOSTILE}" in .` });
    expect(performance.now() - started).toBeLessThan(5_000);
    // The server still answers other calls.
    expect((await call('files__search_files', { pattern: '*b.txt' })).text).toBe('1 match(es) for "*b.txt" in .\nab.txt');
  });
});
