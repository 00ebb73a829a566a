/**
 * What a server sends never reaches the terminal as control sequences: `elftia mcp tools | call |
 * status | logs` against a real server whose names, descriptions, results and stderr carry ESC[2J,
 * OSC 8 and OSC 0 sequences, NUL, a C1 CSI, U+202E and U+200B. The visible text and the result's
 * line breaks stay; --json keeps every character, escaped.
 */
import fs from 'node:fs';
import { fileURLToPath } from 'node:url';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { MCPTool } from '../../app/shared/contracts/mcp-tool';
import { oneLine, terminalJson, terminalText } from '../../app/main/host/cli/terminalText';
import { SPAWN_TIMEOUT_MS, tempDir } from './cliProcess';
import { runInProcess } from './inProcess';
import { addServers, ServerPids } from './mcpServers';

const HOSTILE_SERVER = fileURLToPath(new URL('../fixtures/hostile-text-server.mjs', import.meta.url));

/** Anything a terminal acts on or hides: C0 but tab and newline, DEL, C1, bidi controls, zero-width and other format characters. */
const UNSAFE = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f\u2028\u2029\u200b\u200e\u200f\u202a-\u202e\u2066-\u2069\ufeff]/;

function expectSafe(text: string): void {
  const found = UNSAFE.exec(text);
  expect(found ? `U+${found[0].charCodeAt(0).toString(16)} at ${found.index} in ${JSON.stringify(text)}` : 'none').toBe('none');
}

describe('terminalText', () => {
  it.each([
    ['a CSI', 'a\u001b[2Jb', 'ab'],
    ['a C1 CSI', 'a\u009b31mb', 'ab'],
    ['an OSC 8 link', 'see \u001b]8;;https://evil.example/\u0007here\u001b]8;;\u001b\\ now', 'see here now'],
    ['an OSC 52 clipboard write', 'x\u001b]52;c;cm0gLXJmIH4=\u0007y', 'xy'],
    ['an unterminated OSC (ends at the line)', 'a\u001b]0;title\nnext', 'a\nnext'],
    ['a DCS string', 'a\u001bP1$r\u001b\\b', 'ab'],
    ['a charset switch', 'a\u001b(0b', 'ab'],
    ['NUL, BEL, backspace and DEL', 'a\u0000\u0007\u0008\u007fb', 'ab'],
    ['a lone CR (overwrites the line)', 'safe\rEVIL', 'safeEVIL'],
    ['CRLF', 'a\r\nb', 'a\nb'],
    ['bidi overrides and isolates', '\u202Eabc\u202C \u2066x\u2069', 'abc x'],
    ['zero-width space and BOM', 'a\u200Bb\uFEFFc', 'abc'],
    ['line separators', 'a\u2028b', 'a\nb'],
  ])('removes %s', (_what, input, expected) => {
    expect(terminalText(input)).toBe(expected);
  });

  it('keeps newlines, tabs, CJK, emoji sequences and joiners', () => {
    const text = '一行目\n\tカラム 👩‍💻 ❤️ می‌خواهم';
    expect(terminalText(text)).toBe(text);
  });

  it('makes a table cell one line', () => {
    expect(oneLine('a\nb\tc\u001b[2J')).toBe('a b c');
  });

  it('escapes in JSON what a terminal acts on, keeping the value', () => {
    const value = { s: 'a\u009b2J\u202Eb\u200Bc\u2028d\u{E0041}' };
    const json = terminalJson(value);
    expectSafe(json);
    expect(JSON.parse(json)).toEqual(value);
  });
});

describe('elftia mcp against a server sending control sequences', { timeout: SPAWN_TIMEOUT_MS }, () => {
  let dir: string;
  let pids: ServerPids;

  beforeAll(async () => {
    dir = tempDir();
    pids = new ServerPids(dir);
    await addServers(dir, pids, [{ name: 'hostile', script: [HOSTILE_SERVER] }]);
  }, 60_000);
  afterEach(() => pids.killSurvivors());
  afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

  const mcp = (...args: string[]) => runInProcess(['mcp', ...args, '--data-dir', dir]);

  it('tools: names and descriptions without control sequences, one row each', async () => {
    const result = await mcp('tools', 'hostile');
    expect(result.code, result.stderr).toBe(0);
    expectSafe(result.stdout);
    const lines = result.stdout.trimEnd().split('\n');
    expect(lines).toHaveLength(3);
    expect(lines[1]).toMatch(/^eviltool\s+Reads click here files now red$/);
    expect(lines[2]).toMatch(/^shout\s+Answers in several lines$/);
  });

  it('tools --json: every character kept, escaped', async () => {
    const result = await mcp('tools', 'hostile', '--json');
    expect(result.code, result.stderr).toBe(0);
    expectSafe(result.stdout);
    const tools = JSON.parse(result.stdout) as MCPTool[];
    expect(tools[0]?.name).toBe('evil\u202Etool\u200B');
    expect(tools[0]?.description).toContain('\u001b[2J');
  });

  it('call: the result without control sequences, its line breaks kept', async () => {
    const result = await mcp('call', 'hostile', 'shout');
    expect(result.code, result.stderr).toBe(0);
    expectSafe(result.stdout);
    expect(result.stdout).toBe('line one\nline two click here\nline three\n');
  });

  it('status: the server info without control sequences', async () => {
    const result = await mcp('status', 'hostile');
    expect(result.code, result.stderr).toBe(0);
    expectSafe(result.stdout);
    expect(result.stdout).toMatch(/ evilserver 1\.0 /);
  });

  it('logs: stderr without control sequences', async () => {
    const result = await mcp('logs', 'hostile');
    expect(result.code, result.stderr).toBe(0);
    expectSafe(result.stdout);
    expect(result.stdout).toMatch(/ stderr {2}started evil\n/);
  });
});
