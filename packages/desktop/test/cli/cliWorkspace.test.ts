/**
 * `--workspace DIR` and `elftia mcp trust`: the CLI runs a project file's servers only once approved,
 * and refuses otherwise with a message naming the command that approves them. In-process runCli, real
 * server processes (their pids reported to a file), real SQLite.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { readPidFile, fixture } from '../process/helpers';
import { runInProcess } from './inProcess';

let dir: string;
let repo: string;
let dataDir: string;
let pidFile: string;

beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'elftia-cli-ws-'));
  repo = join(dir, 'repo');
  dataDir = join(dir, 'data');
  pidFile = join(dir, 'pids.jsonl');
  mkdirSync(join(repo, '.elftia'), { recursive: true });
  writeFileSync(
    join(repo, '.elftia', 'mcp.json'),
    JSON.stringify({ mcpServers: { lint: { command: process.execPath, args: [fixture('proc-echo-server.mjs')], env: { PROC_PID_FILE: pidFile } } } }),
  );
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

const cli = (...args: string[]) => runInProcess([...args, '--data-dir', dataDir], { cwd: dir });

describe('elftia --workspace', { timeout: 30_000 }, () => {
  it('refuses to start an untrusted project server, naming the command that trusts it; runs it after elftia mcp trust', async () => {
    const refused = await cli('mcp', 'call', 'lint', 'echo', '--args', '{"text":"hi"}', '--workspace', 'repo');
    expect(refused.code).toBe(1);
    expect(refused.stderr).toContain(`elftia mcp trust lint --workspace ${repo}`);
    expect(readPidFile(pidFile)).toEqual([]);

    const trusted = await cli('mcp', 'trust', 'lint', '--workspace', repo);
    expect(trusted.code).toBe(0);
    expect(trusted.stdout).toContain(`${process.execPath} ${fixture('proc-echo-server.mjs')}`);
    expect(trusted.stdout).toContain('PROC_PID_FILE');
    expect(readPidFile(pidFile)).toEqual([]);

    const called = await cli('mcp', 'call', 'lint', 'echo', '--args', '{"text":"hi"}', '--workspace', repo);
    expect(called.stderr).toBe('');
    expect(called.code).toBe(0);
    expect(called.stdout).toContain('hi');
    expect(readPidFile(pidFile)).toHaveLength(1);

    // Without --workspace the project's servers are not there at all.
    expect((await cli('mcp', 'call', 'lint', 'echo')).code).toBe(1);
    const untrusted = await cli('mcp', 'untrust', 'lint', '--workspace', repo);
    expect(untrusted.code).toBe(0);
    expect((await cli('mcp', 'tools', 'lint', '--workspace', repo)).stderr).toContain('elftia mcp trust lint');
    expect(readPidFile(pidFile)).toHaveLength(1);
  });

  it('lists project servers with their origin', async () => {
    const listed = await cli('mcp', 'list', '--json', '--workspace', repo);
    expect(listed.code).toBe(0);
    expect(listed.stdout).toContain('"kind":"project"');
  });

  it('names a workspace folder that does not exist, for mcp, serve and chat', async () => {
    const missing = join(dir, 'gone');
    for (const args of [
      ['mcp', 'list'],
      ['serve', '--port', '0'],
      ['chat', '--provider', 'openai-compatible', '--base-url', 'http://127.0.0.1:9/v1', '--model', 'm', '--approve', 'never', '--message', 'hi'],
      ['mcp', 'trust', 'lint'],
    ]) {
      const result = await cli(...args, '--workspace', missing);
      expect(result.code, args.join(' ')).toBe(1);
      expect(result.stderr, args.join(' ')).toContain(missing);
    }
  });
});
