import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, describe, expect, it } from 'vitest';
import { DATABASE_FILE } from '../../app/main/db/database';
import { MIGRATIONS } from '../../app/main/db/migrations';
import { SPAWN_TIMEOUT_MS, cleanEnv, collect, localeText, runCli, spawnCli, tempDir } from './cliProcess';
import { RawTrpcSocket, rawGet } from '../host/httpHelpers';

const dirs: string[] = [];
function dataDir(): string {
  const dir = tempDir();
  dirs.push(dir);
  return dir;
}
afterAll(() => {
  for (const dir of dirs) fs.rmSync(dir, { recursive: true, force: true });
});

const sha256 = (file: string) => crypto.createHash('sha256').update(fs.readFileSync(file)).digest('hex');
const STACK_LINE = /^\s+at .+\(.+:\d+:\d+\)$/m;

async function expectNothingStored(dir: string): Promise<void> {
  const list = await runCli(['mcp', 'list', '--json', '--data-dir', dir]);
  expect(list.code, list.stderr).toBe(0);
  expect(JSON.parse(list.stdout)).toEqual([]);
}

describe('elftia: validation errors', { timeout: SPAWN_TIMEOUT_MS }, () => {
  it('prints one translated line per field, exits 1 and stores nothing', async () => {
    const dir = dataDir();
    const result = await runCli(['mcp', 'add', 'bad', '--transport', 'http', '--url', 'ftp://example.com', '--timeout', '0', '--header', 'Bad Name: x', '--data-dir', dir]);
    expect(result.code).toBe(1);
    expect(result.stdout).toBe('');
    expect(result.stderr).toContain(localeText('en', 'errors.VALIDATION'));
    expect(result.stderr).toContain(`  --url: ${localeText('en', 'validation.invalidHttpUrl')}`);
    expect(result.stderr).toContain(`  --timeout: ${localeText('en', 'validation.timeoutRange', { min: 1, max: 3600 })}`);
    expect(result.stderr).toContain(`  --header Bad Name: ${localeText('en', 'validation.invalidHeaderName')}`);
    await expectNothingStored(dir);
  });

  it('reports a missing command, a bad env key and flags foreign to the transport', async () => {
    const dir = dataDir();
    const result = await runCli(['mcp', 'add', 'x', '--transport', 'stdio', '--env', '1BAD=v', '--url', 'https://x.example', '--timeout', 'soon', '--data-dir', dir]);
    expect(result.code).toBe(1);
    expect(result.stderr).toContain(`  --command: ${localeText('en', 'validation.required')}`);
    expect(result.stderr).toContain(`  --env 1BAD: ${localeText('en', 'validation.invalidEnvKey')}`);
    expect(result.stderr).toContain(`  --url: ${localeText('en', 'validation.unknownField')}`);
    expect(result.stderr).toContain(`  --timeout: ${localeText('en', 'validation.integer')}`);
    await expectNothingStored(dir);
  });

  it('prints machine-readable errors with --json', async () => {
    const dir = dataDir();
    const result = await runCli(['mcp', 'add', 'x', '--transport', 'sse', '--json', '--data-dir', dir]);
    expect(result.code).toBe(1);
    expect(JSON.parse(result.stderr)).toEqual({
      error: {
        code: 'VALIDATION',
        message: localeText('en', 'errors.VALIDATION'),
        fieldErrors: [{ field: 'url', code: 'required', message: localeText('en', 'validation.required'), flag: '--url' }],
      },
    });
  });
});

describe('elftia: unreadable databases', { timeout: SPAWN_TIMEOUT_MS }, () => {
  it('refuses a database from a newer version with the translated message, leaving the file as it was', async () => {
    const dir = dataDir();
    const file = path.join(dir, DATABASE_FILE);
    const db = new Database(file);
    // Elftia's own databases are in WAL mode; a newer Elftia's would be too.
    db.pragma('journal_mode = WAL');
    db.pragma('user_version = 99');
    db.close();
    const before = sha256(file);

    const result = await runCli(['mcp', 'list', '--data-dir', dir]);
    expect(result.code).toBe(1);
    const supported = MIGRATIONS.at(-1)?.version ?? 0;
    expect(result.stderr).toContain(localeText('en', 'errors.DB_NEWER_VERSION', { path: file, found: 99, supported }));
    expect(result.stderr).not.toMatch(STACK_LINE);
    expect(sha256(file)).toBe(before);
    expect(new Database(file, { readonly: true }).pragma('user_version', { simple: true })).toBe(99);
  });

  it('refuses a corrupt file with the translated DB_CORRUPT message, leaving it untouched', async () => {
    const dir = dataDir();
    const file = path.join(dir, DATABASE_FILE);
    fs.writeFileSync(file, crypto.randomBytes(8192));
    const before = sha256(file);

    const result = await runCli(['mcp', 'add', 'x', '--transport', 'websocket', '--url', 'ws://x.example/', '--data-dir', dir], cleanEnv({ LANG: 'ja_JP.UTF-8' }));
    expect(result.code).toBe(1);
    expect(result.stderr).toContain(localeText('ja', 'errors.DB_CORRUPT', { path: file }));
    expect(result.stderr).not.toMatch(STACK_LINE);
    expect(sha256(file)).toBe(before);
  });
});

describe('elftia serve', { timeout: SPAWN_TIMEOUT_MS }, () => {
  it('prints one JSON line with its URL, serves the bridge, and exits 0 on SIGTERM', async () => {
    const dir = dataDir();
    const child = spawnCli(['serve', '--json', '--data-dir', dir, '--renderer-dir', path.join(dir, 'no-renderer')]);
    const done = collect(child);
    const firstLine = await new Promise<string>((resolve) => {
      let out = '';
      child.stdout?.on('data', (chunk: Buffer) => {
        out += chunk.toString();
        if (out.includes('\n')) resolve(out.split('\n')[0]!);
      });
    });
    const { url, port } = JSON.parse(firstLine) as { url: string; port: number };
    expect(url).toMatch(new RegExp(`^http://127\\.0\\.0\\.1:${port}/#token=[A-Za-z0-9_-]{43}$`));

    expect((await rawGet(port, '/')).body).toContain('pnpm build');
    const token = new URL(url).hash.slice('#token='.length);
    const socket = await RawTrpcSocket.open(`ws://127.0.0.1:${port}/trpc?token=${token}`);
    expect((await socket.call('query', 'mcp.list')).result?.data).toEqual([]);
    socket.close();

    child.kill('SIGTERM');
    const result = await done;
    expect(result.code).toBe(0);
    expect(result.stdout.trim().split('\n')).toHaveLength(1);
    expect(result.stderr).not.toContain(token);
    await expect(rawGet(port, '/')).rejects.toThrow(/ECONNREFUSED/);
  });

  it('prints the URL in a sentence without --json and stops on SIGINT', async () => {
    const dir = dataDir();
    const child = spawnCli(['serve', '--port', '0', '--host', 'localhost', '--data-dir', dir]);
    const done = collect(child);
    await new Promise<void>((resolve) => child.stdout?.once('data', () => resolve()));
    child.kill('SIGINT');
    const result = await done;
    expect(result.code).toBe(0);
    expect(result.stdout).toMatch(/^Elftia is running at http:\/\/127\.0\.0\.1:\d+\/#token=[A-Za-z0-9_-]{43}\n/);
  });
});
