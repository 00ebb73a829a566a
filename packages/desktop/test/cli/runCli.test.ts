/**
 * The CLI's dispatcher in-process (runCli with a captured io): usage errors, help and language
 * selection. The real-process behaviour is in cliMcp.test.ts and cliErrors.test.ts.
 */
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { DATABASE_FILE } from '../../app/main/db/database';
import { localeText } from './cliProcess';
import { inProcessCli } from './inProcessCli';

const cli = inProcessCli();
afterAll(cli.cleanup);
const run = cli.run;

describe('runCli: usage errors exit 2 before the database is opened', () => {
  it.each([
    { args: ['mcp', 'add'], message: /missing NAME/ },
    { args: ['mcp', 'add', 'a', 'b'], message: /unexpected argument "b"/ },
    { args: ['mcp', 'remove'], message: /missing NAME/ },
    { args: ['mcp', 'list', '--bogus'], message: /Unknown option '--bogus'/ },
    { args: ['mcp', 'list', '--', 'x'], message: /unexpected arguments after "--"/ },
    { args: ['mcp', 'frobnicate'], message: /unknown command "mcp frobnicate"/ },
    { args: ['frobnicate'], message: /unknown command "frobnicate"/ },
    { args: ['mcp'], message: /missing command/ },
    { args: ['mcp', 'add', 'x', '--transport', 'stdio', '--command', 'c', '--env', 'UNSET_FOR_TEST'], message: /--env UNSET_FOR_TEST: no such variable/ },
    { args: ['mcp', 'add', 'x', '--transport', 'http', '--url', 'https://x', '--header', 'UNSET_HEADER_FOR_TEST'], message: /--header UNSET_HEADER_FOR_TEST: no such variable/ },
    { args: ['mcp', 'add', 'x', '--transport', 'stdio', '--arg', '-y'], message: /--arg=-y|ambiguous/ },
    { args: ['mcp', 'status', 'a', 'b'], message: /unexpected argument "b"/ },
    { args: ['mcp', 'tools', 'a', 'b'], message: /unexpected argument "b"/ },
    { args: ['mcp', 'tools', 'srv', '--format', 'xml'], message: /--format "xml": expected one of mcp, openai, anthropic, google/ },
    { args: ['mcp', 'tools', '--format', 'gemini', '--json'], message: /--format "gemini"/ },
    { args: ['mcp', 'tools', '--server'], message: /--server/ },
    { args: ['mcp', 'logs'], message: /missing NAME/ },
    { args: ['mcp', 'call', 'srv'], message: /missing TOOL/ },
    { args: ['mcp', 'call', 'srv', 'echo', '--args', '{message: hi}'], message: /--args: not valid JSON/ },
    { args: ['mcp', 'call', 'srv', 'echo', '--args', '["hi"]'], message: /--args: expected a JSON object .* got an array/ },
    { args: ['mcp', 'call', 'srv', 'echo', '--args', 'null'], message: /--args: expected a JSON object .* got null/ },
    { args: ['serve', '--port', 'http'], message: /--port http/ },
    { args: ['serve', '--port', '70000'], message: /--port 70000/ },
    { args: ['serve', '--host', '0.0.0.0'], message: /only a loopback address/ },
  ])('$args', async ({ args, message }) => {
    const result = await run(args);
    expect(result.code).toBe(2);
    expect(result.stderr).toMatch(message);
    expect(result.stderr).toMatch(/elftia .*--help/);
    expect(fs.existsSync(path.join(result.dataDir, DATABASE_FILE))).toBe(false);
  });
});

describe('runCli: help', () => {
  const ALL = ['mcp add', 'mcp list', 'mcp remove', 'mcp enable', 'mcp disable', 'mcp status', 'mcp tools', 'mcp call', 'mcp logs', 'serve'];

  it.each(ALL)('elftia %s --help', async (command) => {
    const result = await run([...command.split(' '), '--help']);
    expect(result.code).toBe(0);
    expect(result.stdout).toContain(`Usage:\n  elftia ${command}`);
    expect(result.stdout).toContain('--data-dir DIR');
    expect(fs.existsSync(path.join(result.dataDir, DATABASE_FILE))).toBe(false);
  });

  it('lists every command for `elftia --help` and `elftia mcp --help`', async () => {
    const top = await run(['--help']);
    expect(top.code).toBe(0);
    for (const command of ALL) expect(top.stdout).toContain(`elftia ${command}`);
    const group = await run(['mcp', '-h']);
    expect(group.code).toBe(0);
    expect(group.stdout).not.toContain('elftia serve');
  });
});

describe('runCli: language', () => {
  const invalid = ['mcp', 'add', 'x', '--transport', 'websocket', '--url', 'http://x.example'];

  it.each([
    { env: { LANG: 'ja_JP.UTF-8' }, language: 'ja' },
    { env: { LANG: 'en_US.UTF-8', LC_MESSAGES: 'zh_CN.UTF-8' }, language: 'zh' },
    { env: { LANG: 'ja_JP.UTF-8', LC_MESSAGES: 'zh_TW', LC_ALL: 'en_GB.UTF-8' }, language: 'en' },
    { env: { LC_ALL: '', LANG: 'zh_CN.UTF-8' }, language: 'zh' },
    { env: { LANG: 'fr_FR.UTF-8' }, language: 'en' },
    { env: { LANG: 'C' }, language: 'en' },
    { env: {}, language: 'en' },
  ])('$env → $language', async ({ env, language }) => {
    const result = await run(invalid, env);
    expect(result.code).toBe(1);
    expect(result.stderr).toContain(`error: ${localeText(language, 'errors.VALIDATION')}\n`);
    expect(result.stderr).toContain(`  --url: ${localeText(language, 'validation.invalidWsUrl')}\n`);
  });
});

describe('runCli: field errors name the flag', () => {
  it.each([
    { args: ['mcp', 'add', 'x', '--transport', 'http', '--url', 'https://x.example/mcp', '--watch', 'src'], field: '--watch', code: 'validation.unknownField' },
    { args: ['mcp', 'add', 'x', '--transport', 'stdio', '--command', 'node', '--watch', ' '], field: '--watch', code: 'validation.required' },
  ])('$args', async ({ args, field, code }) => {
    const result = await run(args);
    expect(result.code).toBe(1);
    expect(result.stderr).toContain(`  ${field}: ${localeText('en', code)}\n`);
  });

  it('rejects a --timeout out of range for mcp call before the server is started', async () => {
    const added = await run(['mcp', 'add', 'x', '--transport', 'websocket', '--url', 'ws://127.0.0.1:1/']);
    expect(added.code, added.stderr).toBe(0);
    const result = await run(['mcp', 'call', 'x', 'echo', '--timeout', '0'], {}, added.dataDir);
    expect(result.code).toBe(1);
    expect(result.stderr).toMatch(/^error: .+\n {2}--timeout: .+\n$/);
    expect(result.stderr).not.toContain(localeText('en', 'errors.CONNECT_FAILED'));
  });
});

describe('runCli: translated output', () => {
  it.each(['en', 'zh', 'ja'])('prints the add confirmation and the empty list in %s', async (language) => {
    const env = { LANG: `${language}_XX.UTF-8` };
    const empty = await run(['mcp', 'list'], env);
    expect(empty.stdout).toBe(`${localeText(language, 'cli/messages:list.empty')}\n`);
    const added = await run(['mcp', 'add', 'x', '--transport', 'websocket', '--url', 'ws://127.0.0.1:1/', '--disabled'], env);
    const state = localeText(language, 'cli/messages:state.disabled');
    expect(added.stdout).toBe(`${localeText(language, 'cli/messages:add.added', { name: 'x', transport: 'websocket', state })}\n`);
  });
});

describe('runCli: secrets in output', () => {
  it('masks env values in the --json output of add, and has no way to show them', async () => {
    const args = ['mcp', 'add', 'x', '--transport', 'stdio', '--command', 'node', '--env', 'K=secret-value', '--json'];
    const masked = await run(args);
    expect(masked.code).toBe(0);
    expect(JSON.parse(masked.stdout).config.env).toEqual({ K: '••••' });
    const shown = await run(['mcp', 'list', '--json', '--show-secrets'], {}, masked.dataDir);
    expect(shown.code).toBe(2);
    expect(shown.stdout + shown.stderr).not.toContain('secret-value');
  });
});
