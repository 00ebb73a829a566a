/**
 * Everything under the data dir is the user's alone (main/privateDataDir.ts): the dir at 0700 and
 * every file in it — the database, its -wal and -shm (which hold conversations), secret.key,
 * processes.json — at 0600, both when Elftia creates them and when an older version left them
 * readable. Checked on real files, with the usual 022 umask that makes new files 0644 by default.
 */
import type { ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createAppServices } from '../../app/main/index';
import { PID_REGISTRY_FILE } from '../../app/main/mcp/process';
import { cleanEnv, collect, spawnCli } from '../cli/cliProcess';
import { fixture, useFastLoginShell, waitFor } from '../runtime/helpers';
import { tempDir } from '../support/tempDir';

useFastLoginShell();
let umask: number;
beforeAll(() => {
  umask = process.umask(0o022);
});
afterAll(() => {
  process.umask(umask);
});
const hosts: ChildProcess[] = [];
afterEach(() => {
  for (const host of hosts.splice(0)) if (host.exitCode === null && host.signalCode === null) host.kill('SIGKILL');
});

/** `name → mode` of the dir itself ('.') and of everything in it. */
function modes(dataDir: string): Record<string, string> {
  const mode = (file: string) => (fs.statSync(file).mode & 0o777).toString(8).padStart(4, '0');
  const result: Record<string, string> = { '.': mode(dataDir) };
  for (const name of fs.readdirSync(dataDir)) result[name] = mode(path.join(dataDir, name));
  return result;
}

function allPrivate(names: string[]): Record<string, string> {
  return Object.fromEntries([['.', '0700'], ...names.map((name) => [name, '0600'])]);
}

describe('the data dir is private', () => {
  it('creates the dir 0700 and every file 0600, the SQLite -wal and -shm included', async () => {
    const dataDir = path.join(tempDir(), 'new', 'Elftia');
    const services = createAppServices({ dataDir, autoConnectMcp: true });
    try {
      services.mcpServers.add({
        name: 'tools', type: 'stdio', command: process.execPath, args: [fixture('eng-tools-server.mjs')],
        env: {}, watchPaths: [], timeoutSec: 20, enabled: true,
      });
      await services.start();
      expect(await waitFor(() => fs.existsSync(path.join(dataDir, PID_REGISTRY_FILE)), 20_000)).toBe(true);
      const names = fs.readdirSync(dataDir);
      expect(names).toEqual(expect.arrayContaining(['elftia.db', 'elftia.db-wal', 'elftia.db-shm', 'secret.key', PID_REGISTRY_FILE]));
      expect(modes(dataDir)).toEqual(allPrivate(names));
    } finally {
      await services.dispose();
    }
  }, 60_000);

  it('fixes files an older version left world-readable at the next start of the host', async () => {
    const dataDir = path.join(tempDir(), 'Elftia');
    const seed = createAppServices({ dataDir });
    seed.mcpServers.add({ name: 'kept', type: 'stdio', command: 'node', args: [], env: { API_KEY: 'secret' }, watchPaths: [], timeoutSec: 20, enabled: false });
    await seed.dispose();
    fs.writeFileSync(path.join(dataDir, PID_REGISTRY_FILE), '{"version":1,"entries":[]}\n');
    fs.chmodSync(dataDir, 0o755);
    for (const name of fs.readdirSync(dataDir)) fs.chmodSync(path.join(dataDir, name), 0o644);

    const host = spawnCli(['serve', '--json', '--port', '0', '--data-dir', dataDir], cleanEnv());
    hosts.push(host);
    const exited = collect(host);
    let stdout = '';
    host.stdout?.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    const ready = await waitFor(() => stdout.includes('\n') || host.exitCode !== null, 30_000);
    if (!ready || host.exitCode !== null) throw new Error(`host did not start: ${(await exited).stderr}`);

    const names = fs.readdirSync(dataDir);
    expect(names).toEqual(expect.arrayContaining(['elftia.db', 'elftia.db-wal', 'elftia.db-shm', 'secret.key', PID_REGISTRY_FILE]));
    expect(modes(dataDir)).toEqual(allPrivate(names));
    host.kill('SIGTERM');
    expect((await exited).code).toBe(0);
  }, 60_000);
});
