import fs from 'node:fs';
import path from 'node:path';
import { spawnSync } from 'node:child_process';
import { afterAll, describe, expect, it } from 'vitest';
import { DATABASE_FILE } from '../../app/main/db/database';
import { createAppServices } from '../../app/main/index';
import type { McpServerRecord } from '../../app/shared/contracts/mcp-types';
import { SPAWN_TIMEOUT_MS, cleanEnv, localeText, REPO_ROOT, runCli, tempDir } from './cliProcess';
import { runInProcess } from './inProcess';

const dirs: string[] = [];
function dataDir(): string {
  const dir = tempDir();
  dirs.push(dir);
  return dir;
}
afterAll(() => {
  for (const dir of dirs) fs.rmSync(dir, { recursive: true, force: true });
});

interface ListedServer {
  name: string;
  type: string;
  enabled: boolean;
  config: { command?: string; args?: string[]; env?: Record<string, string>; url?: string; headers?: Record<string, string> };
  timeoutSec: number;
}

/** The servers as stored (main-side, secrets opened): the CLI itself never prints them. */
async function storedServers(dir: string): Promise<McpServerRecord[]> {
  const services = createAppServices({ dataDir: dir });
  try {
    return services.mcpServers.list();
  } finally {
    await services.dispose();
  }
}

async function listJson(dir: string, ...extra: string[]): Promise<ListedServer[]> {
  const result = await runCli(['mcp', 'list', '--json', '--data-dir', dir, ...extra]);
  expect(result.code, result.stderr).toBe(0);
  return JSON.parse(result.stdout) as ListedServer[];
}

describe('elftia mcp (real CLI process)', { timeout: SPAWN_TIMEOUT_MS }, () => {
  it('adds stdio, http and websocket servers and lists them as a table with masked secrets', async () => {
    const dir = dataDir();
    const stdio = await runCli([
      'mcp', 'add', 'everything', '--transport', 'stdio', '--command', 'npx', '--arg=-y',
      '--env', 'API_KEY=sk-live-123', '--timeout', '30', '--data-dir', dir, '--', '@modelcontextprotocol/server-everything', 'stdio',
    ]);
    expect(stdio.code, stdio.stderr).toBe(0);
    expect(stdio.stdout).toContain('Added MCP server "everything" (stdio, enabled)');
    const http = await runCli(['mcp', 'add', 'remote', '--transport', 'http', '--url', 'https://mcp.example.com/mcp', '--header', 'Authorization: Bearer tok-456', '--data-dir', dir]);
    expect(http.code, http.stderr).toBe(0);
    const ws = await runCli(['mcp', 'add', 'socket', '--transport', 'websocket', '--url', 'ws://127.0.0.1:7777/', '--disabled', '--data-dir', dir]);
    expect(ws.code, ws.stderr).toBe(0);

    const table = await runCli(['mcp', 'list', '--data-dir', dir]);
    expect(table.code).toBe(0);
    const lines = table.stdout.trimEnd().split('\n');
    expect(lines[0]).toMatch(/^NAME\s+TRANSPORT\s+ENABLED\s+TARGET$/);
    expect(lines[1]).toMatch(/^everything\s+stdio\s+yes\s+npx -y @modelcontextprotocol\/server-everything stdio {2}\[env: API_KEY=••••\]$/);
    expect(lines[2]).toMatch(/^remote\s+http\s+yes\s+https:\/\/mcp\.example\.com\/mcp {2}\[headers: Authorization: ••••\]$/);
    expect(lines[3]).toMatch(/^socket\s+websocket\s+no\s+ws:\/\/127\.0\.0\.1:7777\/$/);
    expect(table.stdout).not.toContain('sk-live-123');
    expect(table.stdout).not.toContain('tok-456');
  });

  it('prints records as JSON, secrets masked, with no flag to show them', async () => {
    const dir = dataDir();
    await runCli(['mcp', 'add', 'fs', '--transport', 'stdio', '--command', 'node', '--arg', 'server.js', '--env', 'TOKEN=abc', '--data-dir', dir]);
    await runCli(['mcp', 'add', 'web', '--transport', 'sse', '--url', 'http://127.0.0.1:3001/sse', '--header', 'X-Key: k1', '--data-dir', dir]);

    const masked = await listJson(dir);
    expect(masked).toMatchObject([
      { name: 'fs', type: 'stdio', enabled: true, timeoutSec: 60, config: { command: 'node', args: ['server.js'], env: { TOKEN: '••••' } } },
      { name: 'web', type: 'sse', config: { url: 'http://127.0.0.1:3001/sse', headers: { 'X-Key': '••••' } } },
    ]);
    expect(JSON.stringify(masked)).not.toMatch(/"abc"|"k1"/);
    const refused = await runCli(['mcp', 'list', '--json', '--show-secrets', '--data-dir', dir]);
    expect(refused.code).toBe(2);
    expect((await storedServers(dir)).map((s) => [s.config.env, s.config.headers])).toEqual([
      [{ TOKEN: 'abc' }, undefined],
      [undefined, { 'X-Key': 'k1' }],
    ]);
  });

  it('takes `--env KEY` alone from the calling environment, keeping the value out of argv', async () => {
    const dir = dataDir();
    const result = await runCli(['mcp', 'add', 'inherit', '--transport', 'stdio', '--command', 'node', '--env', 'MY_SECRET', '--data-dir', dir], cleanEnv({ MY_SECRET: 'from-env' }));
    expect(result.code, result.stderr).toBe(0);
    expect((await storedServers(dir))[0]?.config.env).toEqual({ MY_SECRET: 'from-env' });
  });

  it('`--inherit-env` turns the switch on for that server only, and list and status say so', async () => {
    const dir = dataDir();
    const add = (name: string, ...extra: string[]) => runInProcess(['mcp', 'add', name, '--transport', 'stdio', '--command', 'node', '--disabled', ...extra, '--data-dir', dir]);
    expect((await add('all', '--inherit-env')).code).toBe(0);
    expect((await add('some')).code).toBe(0);
    const inherits = localeText('en', 'cli/messages:list.inheritsEnv');

    const json = JSON.parse((await runInProcess(['mcp', 'list', '--json', '--data-dir', dir])).stdout) as { name: string; config: { inheritEnv?: boolean } }[];
    expect(json.map((r) => [r.name, r.config.inheritEnv])).toEqual([['all', true], ['some', false]]);
    const table = (await runInProcess(['mcp', 'list', '--data-dir', dir])).stdout.split('\n');
    expect(table.find((line) => line.startsWith('all '))).toContain(`[${inherits}]`);
    expect(table.find((line) => line.startsWith('some '))).not.toContain(inherits);

    const status = await runInProcess(['mcp', 'status', '--data-dir', dir]);
    expect(status.stdout).toContain(localeText('en', 'cli/messages:status.inheritsEnv', { name: 'all' }));
    expect(status.stdout).not.toContain(localeText('en', 'cli/messages:status.inheritsEnv', { name: 'some' }));
    const states = JSON.parse((await runInProcess(['mcp', 'status', '--json', '--data-dir', dir])).stdout) as { serverName: string; inheritEnv: boolean }[];
    // Then the built-in clock-math, which never inherits the app's environment.
    expect(states.map((s) => [s.serverName, s.inheritEnv])).toEqual([['all', true], ['some', false], ['clock-math', false]]);
  });

  it('disables, enables and removes a server by name, ignoring case', async () => {
    const dir = dataDir();
    await runCli(['mcp', 'add', 'GitHub', '--transport', 'http', '--url', 'https://api.example.com/mcp', '--data-dir', dir]);

    expect((await runCli(['mcp', 'disable', 'github', '--data-dir', dir])).code).toBe(0);
    expect((await listJson(dir))[0]?.enabled).toBe(false);
    const enable = await runCli(['mcp', 'enable', 'GITHUB', '--data-dir', dir]);
    expect(enable.stdout).toContain('Enabled MCP server "GitHub"');
    expect((await listJson(dir))[0]?.enabled).toBe(true);

    const remove = await runCli(['mcp', 'remove', 'github', '--data-dir', dir]);
    expect(remove.code).toBe(0);
    expect(remove.stdout).toContain('Removed MCP server "GitHub"');
    expect(await listJson(dir)).toEqual([]);
  });

  it('reports an unknown name as not found, exit 1', async () => {
    const dir = dataDir();
    const result = await runCli(['mcp', 'remove', 'ghost', '--data-dir', dir]);
    expect(result.code).toBe(1);
    expect(result.stderr).toContain(localeText('en', 'errors.NOT_FOUND', { id: 'ghost' }));
  });

  it('rejects a duplicate name ignoring case and keeps the first', async () => {
    const dir = dataDir();
    await runCli(['mcp', 'add', 'GitHub', '--transport', 'http', '--url', 'https://a.example/mcp', '--data-dir', dir]);
    const duplicate = await runCli(['mcp', 'add', 'github', '--transport', 'http', '--url', 'https://b.example/mcp', '--data-dir', dir]);
    expect(duplicate.code).toBe(1);
    // The message names the server that has the name.
    expect(duplicate.stderr).toContain(`NAME: ${localeText('en', 'validation.duplicate', { name: 'GitHub' })}`);
    const listed = await listJson(dir);
    expect(listed.map((s) => [s.name, s.config.url])).toEqual([['GitHub', 'https://a.example/mcp']]);
  });

  it('honours ELFTIA_DATA_DIR, and --data-dir over it', async () => {
    const fromEnv = dataDir();
    const fromFlag = dataDir();
    const env = cleanEnv({ ELFTIA_DATA_DIR: fromEnv });
    expect((await runCli(['mcp', 'add', 'a', '--transport', 'websocket', '--url', 'wss://a.example/'], env)).code).toBe(0);
    expect(fs.existsSync(path.join(fromEnv, DATABASE_FILE))).toBe(true);
    expect((await runCli(['mcp', 'add', 'b', '--transport', 'websocket', '--url', 'wss://b.example/', '--data-dir', fromFlag], env)).code).toBe(0);
    expect((await listJson(fromEnv)).map((s) => s.name)).toEqual(['a']);
    expect((await listJson(fromFlag)).map((s) => s.name)).toEqual(['b']);
  });

  it('accepts global options before the command words', async () => {
    const dir = dataDir();
    const result = await runCli(['--data-dir', dir, 'mcp', 'list', '--json']);
    expect(result.code, result.stderr).toBe(0);
    expect(JSON.parse(result.stdout)).toEqual([]);
  });

  it('runs from the repository root as `pnpm --silent elftia`', () => {
    const dir = dataDir();
    const result = spawnSync('pnpm', ['--silent', 'elftia', 'mcp', 'list', '--json', '--data-dir', dir], { cwd: REPO_ROOT, env: cleanEnv(), encoding: 'utf8' });
    expect(result.status, result.stderr).toBe(0);
    expect(JSON.parse(result.stdout)).toEqual([]);
  });
});
