import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { UsageError } from '../../app/main/host/cli/command';
import { addFieldLabel, buildAddInput, parseEnvPairs, parseHeaders } from '../../app/main/host/cli/mcpAdd';
import { describeTarget, formatTable } from '../../app/main/host/cli/output';
import { SECRET_SET } from '../../app/shared/contracts/secrets';
import { createTranslator, languageFromEnv } from '../../app/main/host/messages';
import type { McpServerRecord } from '../../app/shared/contracts/mcp-types';
import { LOCALES_DIR } from './cliProcess';
import { runInProcess } from './inProcess';
import { tempDir } from '../support/tempDir';

const record = (over: Partial<McpServerRecord>): McpServerRecord => ({
  id: 'id-1', name: 'x', type: 'stdio', config: {}, timeoutSec: 60, enabled: true, disabledTools: [], alwaysAllow: [], createdAt: '', updatedAt: '', ...over,
});

const here = { env: {}, cwd: '/work' };

describe('mcp add argument parsing', () => {
  it('splits --env at the first "=" and inherits a bare key from the caller', () => {
    expect(parseEnvPairs(['A=1', 'B=x=y', 'C=', 'D'], { D: 'inherited' })).toEqual({ A: '1', B: 'x=y', C: '', D: 'inherited' });
    expect(() => parseEnvPairs(['MISSING'], {})).toThrow(UsageError);
  });

  it('splits --header at the first ":" and trims', () => {
    expect(parseHeaders(['Authorization: Bearer a:b', 'X-Empty:'], {})).toEqual({ Authorization: 'Bearer a:b', 'X-Empty': '' });
  });

  it('takes a bare --header NAME from the variable NAME of the caller, like --env NAME', () => {
    expect(parseHeaders(['Authorization', 'X-Api-Key'], { Authorization: 'Bearer from-env ', 'X-Api-Key': 'k-1' })).toEqual({ Authorization: 'Bearer from-env', 'X-Api-Key': 'k-1' });
    expect(() => parseHeaders(['Authorization'], {})).toThrow(UsageError);
    expect(buildAddInput('n', { header: ['Authorization'] }, [], { env: { Authorization: 'Bearer t' }, cwd: '/w' }).headers).toEqual({ Authorization: 'Bearer t' });
  });

  it('treats constructor, __proto__ and toString as unset variables, in a plain object and in process.env', () => {
    for (const env of [{}, process.env]) {
      for (const name of ['constructor', '__proto__', 'toString']) {
        expect(() => parseEnvPairs([name], env), name).toThrow(UsageError);
        expect(() => parseHeaders([name], env), name).toThrow(UsageError);
      }
    }
  });

  it('answers --header constructor and --api-key-env constructor with a usage error, not INTERNAL, and stores nothing', async () => {
    const dataDir = tempDir();
    const header = await runInProcess(['--data-dir', dataDir, 'mcp', 'add', 'h', '--transport', 'http', '--url', 'http://127.0.0.1:9/mcp', '--header', 'constructor']);
    expect(header).toMatchObject({ code: 2, stderr: expect.stringContaining('--header constructor: no such variable') });
    const preset = await runInProcess(['--data-dir', dataDir, 'mcp', 'add-preset', 'brave-search', '--api-key-env', 'constructor']);
    expect(preset).toMatchObject({ code: 2, stderr: expect.stringContaining('--api-key-env constructor: no such variable') });
    expect(await runInProcess(['--data-dir', dataDir, 'mcp', 'list', '--json'])).toMatchObject({ code: 0, stdout: '[]\n' });
  });

  it('passes every given flag to the router, fitting or not, and leaves out the rest', () => {
    const values = { transport: 'stdio', command: 'node', arg: ['a'], url: 'https://x', timeout: '1.5', disabled: true };
    expect(buildAddInput('n', values, ['b'], here)).toEqual({ name: 'n', type: 'stdio', command: 'node', args: ['a', 'b'], url: 'https://x', timeoutSec: 1.5, enabled: false });
    expect(buildAddInput('n', {}, [], here)).toEqual({ name: 'n' });
    expect(buildAddInput('n', { timeout: 'soon' }, [], here).timeoutSec).toBeNaN();
  });

  it('stores --watch paths absolute, resolved from the working directory, and leaves blanks for the router to reject', () => {
    const input = buildAddInput('n', { watch: ['src', '/abs/server.js', '../up', ''] }, [], { env: {}, cwd: '/home/ada/project' });
    expect(input.watchPaths).toEqual(['/home/ada/project/src', '/abs/server.js', '/home/ada/up', '']);
  });

  it.each([
    ['name', 'NAME'], ['type', '--transport'], ['timeoutSec', '--timeout'], ['env.1BAD', '--env 1BAD'],
    ['headers.X Y', '--header X Y'], ['args.0', '--arg'], ['url', '--url'], ['watchPaths', '--watch'], ['watchPaths.1', '--watch'],
    ['somethingElse', 'somethingElse'],
  ])('labels field %s as %s', (field, label) => {
    expect(addFieldLabel(field)).toBe(label);
  });
});

describe('output', () => {
  it('describes the target without secret values', () => {
    expect(describeTarget(record({ config: { command: 'npx', args: ['-y', 'a b'], env: { K: 'v' } } }))).toBe(`npx -y "a b"  [env: K=${SECRET_SET}]`);
    expect(describeTarget(record({ type: 'sse', config: { url: 'http://h/sse', headers: {} } }))).toBe('http://h/sse');
    expect(describeTarget(record({ config: { command: 'srv', args: ['--api-key=ak-1', '--token', 'tk-2', '--port', '80'] } }))).toBe(`srv --api-key=${SECRET_SET} --token ${SECRET_SET} --port 80`);
    expect(describeTarget(record({ type: 'http', config: { url: 'https://h/mcp?api_key=k-3&x=1', headers: { H: 'v' } } }))).toBe(`https://h/mcp?api_key=${SECRET_SET}&x=1  [headers: H: ${SECRET_SET}]`);
  });

  it('aligns table columns and does not pad the last one', () => {
    expect(formatTable(['A', 'BB'], [['long', 'x'], ['s', 'yy']])).toBe('A     BB\nlong  x\ns     yy');
  });
});

describe('messages', () => {
  it('picks the language from LC_ALL, LC_MESSAGES, LANG in that order', () => {
    expect(languageFromEnv({ LC_ALL: 'ja_JP.UTF-8', LANG: 'zh_CN' })).toBe('ja');
    expect(languageFromEnv({ LC_MESSAGES: 'zh_CN.UTF-8', LANG: 'ja_JP' })).toBe('zh');
    expect(languageFromEnv({ LANG: 'de_DE' })).toBe('en');
  });

  it('fills placeholders, falls back to English, then to the key', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'elftia-locales-'));
    const write = (lng: string, catalog: unknown) => {
      fs.mkdirSync(path.join(dir, lng, 'common'), { recursive: true });
      fs.writeFileSync(path.join(dir, lng, 'common', 'errors.json'), JSON.stringify(catalog));
    };
    write('en', { errors: { ONLY_EN: 'English {{n}}', BOTH: 'en' } });
    write('ja', { errors: { BOTH: '日本語 {{ n }} {{missing}}' } });
    const t = createTranslator(dir, 'ja');
    expect(t('errors.BOTH', { n: 3 })).toBe('日本語 3 {{missing}}');
    expect(t('errors.ONLY_EN', { n: 1 })).toBe('English 1');
    expect(t('errors.NONE')).toBe('errors.NONE');
    fs.rmSync(dir, { recursive: true });
  });

  it('reads the real catalogs', () => {
    expect(createTranslator(LOCALES_DIR, 'ja')('validation.tooLong', { max: 64 })).toContain('64');
  });
});
