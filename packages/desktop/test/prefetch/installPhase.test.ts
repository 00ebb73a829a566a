/**
 * The installing phase of a first start, through the real McpService: a stand-in `npx` (a shell
 * script that downloads slowly, fails or hangs) and, last, the real npx with a local tarball.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { McpServerState } from '../../app/shared/contracts/mcp-connection';
import type { McpServerRecord } from '../../app/shared/contracts/mcp-types';
import { definedEnv } from '../../app/main/mcp/process/loginShellEnv';
import { PackagePrefetcher } from '../../app/main/mcp/prefetch/PackagePrefetcher';
import { PREFETCH_MARKERS_FILE, PrefetchMarkers } from '../../app/main/mcp/prefetch/PrefetchMarkers';
import { type Harness, closeHarness, createHarness, fixture, isAlive, makeRecord, waitFor } from '../mcp/helpers';
import { tempDir } from '../support/tempDir';

let harness: Harness | undefined;
afterEach(async () => {
  if (harness) await closeHarness(harness);
  harness = undefined;
});

interface Setup {
  dataDir: string;
  record: McpServerRecord;
  calls: () => string[];
  pids: () => number[];
}

function fakeNpxServer(mode: 'ok' | 'fail' | 'hang' | 'damaged' | 'damaged-once', seconds = 1, extraEnv: Record<string, string> = {}): Setup {
  const dir = tempDir();
  const recordFile = path.join(dir, 'calls.txt');
  const pidFile = path.join(dir, 'pids.txt');
  // Named `npx` so the service sees a package runner; the script itself is the fixture.
  const npx = path.join(dir, 'npx');
  writeFileSync(npx, readFileSync(fixture('fake-npx.sh')), { mode: 0o755 });
  const record = makeRecord({
    type: 'stdio',
    // A 1 s request timeout (the connect gets CONNECT_BUDGET_MS): a download longer than that, counted
    // against it, would fail the connect.
    timeoutSec: 1,
    config: {
      command: npx,
      args: ['-y', '@example/slow-server@1.0.0'],
      env: {
        FAKE_NPX_RECORD: recordFile,
        FAKE_NPX_PIDS: pidFile,
        FAKE_NPX_MODE: mode,
        FAKE_NPX_SECONDS: String(seconds),
        FAKE_NODE: process.execPath,
        FAKE_SERVER: fixture('proc-echo-server.mjs'),
        ...extraEnv,
      },
    },
  });
  const lines = (file: string) => (existsSync(file) ? readFileSync(file, 'utf8').trim().split('\n').filter(Boolean) : []);
  return { dataDir: path.join(dir, 'data'), record, calls: () => lines(recordFile), pids: () => lines(pidFile).map(Number) };
}

/** What a connect may take; the download in the first test takes longer, and must not count. */
const CONNECT_BUDGET_MS = 5000;

function start(setup: Setup, timeoutMs?: number, connectBudgetMs = CONNECT_BUDGET_MS): Harness {
  const prefetcher = new PackagePrefetcher({
    platform: process.platform,
    envFor: async (server) => ({ ...definedEnv(process.env), ...server.config.env }),
    homedir: setup.dataDir,
    markers: new PrefetchMarkers(setup.dataDir),
    timeoutMs,
  });
  harness = createHarness([setup.record], {
    minConnectTimeoutMs: connectBudgetMs,
    reconnect: { maxAttempts: 0 },
    prepareServer: (server, context) =>
      prefetcher.prepare(server, {
        signal: context.signal,
        onInstalling: (plan) => context.onInstalling({ packages: plan.packages }),
        onOutput: context.onOutput,
      }),
  });
  return harness;
}

function states(h: Harness): McpServerState[] {
  return h.events.flatMap((event) => (event.type === 'state' ? [event.state] : []));
}

describe('installing phase', () => {
  it('downloads before the first start, outside the connect timeout, with progress, and only once', { timeout: 30_000 }, async () => {
    const setup = fakeNpxServer('ok', CONNECT_BUDGET_MS / 1000 + 1);
    const h = start(setup);
    const id = setup.record.id;

    await h.service.connect(id);

    const installing = states(h).filter((s) => s.installing);
    expect(installing[0]).toMatchObject({ status: 'connecting', installing: { packages: ['@example/slow-server@1.0.0'] } });
    expect(installing.some((s) => s.installing?.lastLine === 'fetching --package=@example/slow-server@1.0.0')).toBe(true);
    expect((await h.service.getState(id))).toMatchObject({ status: 'connected', toolCount: 2 });
    expect((await h.service.getState(id))?.installing).toBeUndefined();
    expect(setup.calls()).toEqual(['--yes --package=@example/slow-server@1.0.0 -- node --version', '-y @example/slow-server@1.0.0']);
    const log = h.service.getLogs(id).map((entry) => entry.text);
    expect(log).toContain(`install: added 1 package in ${CONNECT_BUDGET_MS / 1000 + 1}s`);
    expect(existsSync(path.join(setup.dataDir, PREFETCH_MARKERS_FILE))).toBe(true);

    // The next start (also after an app restart: the marker is a file) goes straight to the server.
    await h.service.disconnect(id);
    await closeHarness(h);
    const again = start(setup);
    await again.service.connect(id);
    expect(setup.calls()).toEqual([
      '--yes --package=@example/slow-server@1.0.0 -- node --version',
      '-y @example/slow-server@1.0.0',
      '-y @example/slow-server@1.0.0',
    ]);
    expect(states(again).some((s) => s.installing)).toBe(false);
  });

  it('a failed download fails the connect with the installer output, and is tried again next time', async () => {
    const setup = fakeNpxServer('fail');
    const h = start(setup);
    const id = setup.record.id;

    await expect(h.service.connect(id)).rejects.toMatchObject({ code: 'INSTALL_FAILED' });

    const state = await h.service.getState(id);
    expect(state?.status).toBe('error');
    expect(state?.lastError).toMatchObject({ code: 'INSTALL_FAILED', params: { packages: '@example/slow-server@1.0.0', exitCode: 1 } });
    expect(String(state?.lastError?.params?.detail)).toContain('404 Not Found');
    expect(h.service.getLogs(id).map((e) => e.text)).toContain('install: npm error code E404');
    expect(setup.calls()).toHaveLength(1); // the server itself never started

    await expect(h.service.connect(id)).rejects.toMatchObject({ code: 'INSTALL_FAILED' });
    expect(setup.calls()).toHaveLength(2);
  });

  it('a damaged npx cache folder of the package is removed and the download tried once more; others stay', async () => {
    const cache = tempDir();
    const entry = (name: string, dependencies: Record<string, string>) => {
      mkdirSync(path.join(cache, '_npx', name), { recursive: true });
      writeFileSync(path.join(cache, '_npx', name, 'package.json'), JSON.stringify({ dependencies }));
      return path.join(cache, '_npx', name);
    };
    const damaged = entry('0a1b2c3d', { '@example/slow-server': '1.0.0' });
    const other = entry('4e5f6a7b', { 'other-server': '2.0.0' });
    const setup = fakeNpxServer('damaged-once', 1, { npm_config_cache: cache });
    const h = start(setup);

    await h.service.connect(setup.record.id);

    expect(existsSync(damaged)).toBe(false);
    expect(existsSync(other)).toBe(true);
    expect(setup.calls().filter((call) => call.startsWith('--yes'))).toHaveLength(2);
    // The cache path came from the server's env, so the log shows it redacted like every env value.
    expect(h.service.getLogs(setup.record.id).map((e) => e.text)).toContain(
      'install: Elftia: the npx cache of @example/slow-server@1.0.0 was damaged (ENOTEMPTY); removed ***/_npx/0a1b2c3d and downloading again',
    );
    expect((await h.service.getState(setup.record.id))?.status).toBe('connected');
  });

  it('still damaged after the second try: the failure is reported, not retried forever', async () => {
    const cache = tempDir();
    mkdirSync(path.join(cache, '_npx', 'abc'), { recursive: true });
    writeFileSync(path.join(cache, '_npx', 'abc', 'package.json'), JSON.stringify({ dependencies: { '@example/slow-server': '1.0.0' } }));
    const setup = fakeNpxServer('damaged', 1, { npm_config_cache: cache });
    const h = start(setup);

    await expect(h.service.connect(setup.record.id)).rejects.toMatchObject({ code: 'INSTALL_FAILED', params: { detail: 'npm error code ENOTEMPTY' } });
    expect(setup.calls()).toHaveLength(2);
  });

  it('a connect that times out after a finished download forgets it: the next start downloads again, as its own phase', async () => {
    const silent = path.join(tempDir(), 'silent.mjs');
    writeFileSync(silent, 'setInterval(() => {}, 1000); // never answers initialize\n');
    const setup = fakeNpxServer('ok', 0, { FAKE_SERVER: silent });
    const h = start(setup, undefined, 1000);
    const downloads = () => setup.calls().filter((call) => call.startsWith('--yes')).length;

    await expect(h.service.connect(setup.record.id)).rejects.toMatchObject({ code: 'TIMEOUT', params: { phase: 'connect' } });
    expect(downloads()).toBe(1);
    await waitFor(() => !readFileSync(path.join(setup.dataDir, PREFETCH_MARKERS_FILE), 'utf8').includes('slow-server'), 5000, 'the marker to go');

    await expect(h.service.connect(setup.record.id)).rejects.toMatchObject({ code: 'TIMEOUT' });
    expect(downloads()).toBe(2);
  });

  it('a stop during the download kills the downloader and everything it started', async () => {
    const setup = fakeNpxServer('hang');
    const h = start(setup);
    const id = setup.record.id;

    const connecting = h.service.connect(id);
    connecting.catch(() => {});
    await waitFor(() => setup.pids().length === 2, 10_000, 'the downloader and its child');
    expect((await h.service.getState(id))?.installing?.packages).toEqual(['@example/slow-server@1.0.0']);
    await h.service.disconnect(id);

    await expect(connecting).rejects.toMatchObject({ code: 'CANCELLED' });
    await waitFor(() => setup.pids().every((pid) => !isAlive(pid)), 5000, 'the download processes to exit');
    expect((await h.service.getState(id))?.status).toBe('disconnected');
  });

  it('a download that outlasts its own timeout ends as an install timeout, its processes gone', async () => {
    const setup = fakeNpxServer('hang');
    const h = start(setup, 1500);
    const id = setup.record.id;

    await expect(h.service.connect(id)).rejects.toMatchObject({ code: 'INSTALL_TIMEOUT', params: { packages: '@example/slow-server@1.0.0', timeoutSec: 2 } });

    expect(setup.pids()).toHaveLength(2);
    await waitFor(() => setup.pids().every((pid) => !isAlive(pid)), 5000, 'the download processes to exit');
  });

  it('a missing runner fails like a server start would (the cause names the command), so the UI says so and offers its install', async () => {
    const dir = tempDir();
    const command = path.join(dir, 'bin', 'npx');
    const record = makeRecord({ type: 'stdio', config: { command, args: ['-y', 'pkg@1.0.0'], env: {} } });
    const h = start({ dataDir: path.join(dir, 'data'), record, calls: () => [], pids: () => [] });

    await expect(h.service.connect(record.id)).rejects.toMatchObject({
      code: 'CONNECT_FAILED',
      params: { cause: 'commandNotFound', command, reason: 'commandNotFound', phase: 'install' },
    });
    expect((await h.service.getState(record.id))?.lastError?.params?.detail).toMatch(/npx not found\. Searched \d+ PATH entries/);
  });

  it('the real npx: the download fills the cache the server start then uses', async () => {
    const dir = tempDir();
    const packed = execFileSync('npm', ['pack', '--silent', '--pack-destination', dir, fixture('prefetch-probe')], { encoding: 'utf8' }).trim();
    const tarball = path.join(dir, packed.split('\n').at(-1) ?? '');
    const cache = path.join(dir, 'npm-cache');
    const record = makeRecord({
      type: 'stdio',
      config: { command: 'npx', args: ['-y', '--package', tarball, 'elftia-prefetch-probe'], env: { npm_config_cache: cache, npm_config_update_notifier: 'false' } },
    });
    const h = start({ dataDir: path.join(dir, 'data'), record, calls: () => [], pids: () => [] });

    await h.service.connect(record.id);

    expect(states(h).some((s) => s.installing?.packages[0] === tarball)).toBe(true);
    const result = await h.service.callTool(record.id, 'ping', {}, 'call-1');
    expect(result.content).toEqual([{ type: 'text', text: 'pong' }]);
    // One npx install directory: the server's own `npx -y` reused what the download step installed.
    expect(readdirSync(path.join(cache, '_npx'))).toHaveLength(1);
  }, 60_000);
});
