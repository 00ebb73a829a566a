/**
 * The real `elftia` process against real MCP servers: what only a separate process shows — exit
 * codes, signals, and that no server process outlives the command.
 */
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createAppServices } from '../../app/main/index';
import { collect, localeText, REPO_ROOT, runCli, SPAWN_TIMEOUT_MS, spawnCli, tempDir } from './cliProcess';
import { addServers, EVERYTHING_ENTRY, FAULT_SERVER, ServerPids } from './mcpServers';

let dir: string;
let pids: ServerPids;
let recordFile: string;

beforeAll(async () => {
  dir = tempDir();
  pids = new ServerPids(dir);
  recordFile = path.join(dir, 'record.txt');
  await addServers(dir, pids, [
    { name: 'everything', script: [EVERYTHING_ENTRY, 'stdio'] },
    { name: 'faults', script: [FAULT_SERVER], env: { MCP_FIXTURE_RECORD: recordFile } },
    { name: 'broken', command: path.join(dir, 'no-such-server'), script: [] },
    { name: 'off', script: [EVERYTHING_ENTRY, 'stdio'], enabled: false },
  ]);
}, 60_000);
afterEach(() => pids.killSurvivors());
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

/** What the CLI says of the broken server: it could not connect, because its command does not exist. */
const notFound = () => `${localeText('en', 'errors.CONNECT_FAILED')} ${localeText('en', 'causes.commandNotFound', { command: path.join(dir, 'no-such-server') })}`;

const recorded = () => (fs.existsSync(recordFile) ? fs.readFileSync(recordFile, 'utf8') : '');

/** Resolves once `predicate` holds, polling; the test's own timeout bounds the wait. */
async function until(predicate: () => boolean): Promise<void> {
  while (!predicate()) await new Promise((resolve) => setTimeout(resolve, 50));
}

describe('elftia mcp (real process, real servers)', { timeout: SPAWN_TIMEOUT_MS }, () => {
  it('adds a stdio server with --watch paths, stored absolute', async () => {
    const own = tempDir();
    try {
      const add = await runCli([
        'mcp', 'add', 'watched', '--transport', 'stdio', '--command', process.execPath,
        '--watch', 'packages/desktop/test/cli', '--watch', EVERYTHING_ENTRY, '--data-dir', own, '--', EVERYTHING_ENTRY, 'stdio',
      ]);
      expect(add.code, add.stderr).toBe(0);
      expect(add.stdout).toBe('Added MCP server "watched" (stdio, enabled).\n');
      const services = createAppServices({ dataDir: own });
      try {
        // Relative to where the command ran (the repository root).
        expect(services.mcpServers.list()[0]?.config).toMatchObject({
          args: [EVERYTHING_ENTRY, 'stdio'],
          watchPaths: [path.join(REPO_ROOT, 'packages/desktop/test/cli'), EVERYTHING_ENTRY],
        });
      } finally {
        await services.dispose();
      }
    } finally {
      fs.rmSync(own, { recursive: true, force: true });
    }
  });

  it('shows every server: connected, failed with the reason, disabled — and exits 1 for the failure', async () => {
    const result = await runCli(['mcp', 'status', '--data-dir', dir]);
    expect(result.code).toBe(1);
    const [header, ...rest] = result.stdout.split('\n');
    expect(header).toMatch(/^NAME\s+TRANSPORT\s+STATUS\s+SERVER\s+PROTOCOL\s+TOOLS\s+ERRORS$/);
    expect(rest[0]).toMatch(/^everything\s+stdio\s+connected\s+mcp-servers\/everything \S+\s+\S+\s+\d+\s+0$/);
    expect(rest[1]).toMatch(/^faults\s+stdio\s+connected\s+fault-server 1\.2\.3\s/);
    expect(rest[2]).toMatch(/^broken\s+stdio\s+error\s+-\s+-\s+0\s+1$/);
    expect(rest[3]).toMatch(/^off\s+stdio\s+disabled\s/);
    expect(result.stdout).toContain(`\nbroken: ${notFound()}\n  `);
    expect(result.stdout).toContain('no-such-server');
    pids.expectNoneAlive();
  });

  it('calls a tool and prints its text', async () => {
    const result = await runCli(['mcp', 'call', 'everything', 'echo', '--args', '{"message":"hi"}', '--data-dir', dir]);
    expect(result.code, result.stderr).toBe(0);
    expect(result.stdout).toBe('Echo: hi\n');
    pids.expectNoneAlive();
  });

  it('cancels a call on Ctrl+C: the server receives notifications/cancelled, exit 130', async () => {
    const before = recorded().length;
    const child = spawnCli(['mcp', 'call', 'faults', 'hang', '--data-dir', dir]);
    const done = collect(child);
    await until(() => recorded().slice(before).includes('call hang'));
    child.kill('SIGINT');
    const result = await done;
    expect(result.code).toBe(130);
    expect(result.stderr).toBe(`${localeText('en', 'errors.CANCELLED')}\n`);
    expect(recorded().slice(before)).toMatch(/^call hang\ncancelled \d+\n$/);
    pids.expectNoneAlive();
  });

  it('follows the log until Ctrl+C, then stops the server and exits 0', async () => {
    const child = spawnCli(['mcp', 'logs', 'everything', '--follow', '--data-dir', dir]);
    let stdout = '';
    child.stdout?.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    const done = collect(child);
    // Both the server's own stderr and the handshake's outcome arrive while following.
    await until(() => stdout.includes('Starting default (STDIO) server') && / info +connected: /.test(stdout));
    child.kill('SIGINT');
    const result = await done;
    expect(result.code, result.stderr).toBe(0);
    expect(result.stdout).toMatch(/Z {2}stderr {2}Starting default \(STDIO\) server\.\.\.\n/);
    pids.expectNoneAlive();
  });

  it('reports a server that cannot start after printing its log, exit 1', async () => {
    const result = await runCli(['mcp', 'logs', 'broken', '--data-dir', dir]);
    expect(result.code).toBe(1);
    expect(result.stdout).toMatch(/ error +connect failed: /);
    expect(result.stderr).toContain(`error: ${notFound()}\n  `);
  });
});
