/**
 * SourceWatcher's rules against real files and real fs.watch, with a scripted service so a restart can
 * be held in flight. The same behaviour end to end, with real servers, is in autoRestart.test.ts.
 * The debounce runs on a ManualClock: a test waits (bounded) only for the real file event to arm
 * the timer, then moves the clock; it never sleeps for the quiet period.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { SourceWatcher } from '../../app/main/mcp/SourceWatcher';
import { ManualClock } from '../support/manualClock';
import { RecordingLogger, Sandbox, ScriptedService, deferred, sleep, stdioServer, waitFor } from './helpers';

const DEBOUNCE_MS = 150;
/**
 * Only where a test proves that no file event arrives (a path no longer watched): real time for the
 * OS to deliver one it should not, with room for a loaded machine.
 */
const EVENT_DELIVERY_MS = 500;

let sandbox: Sandbox;
let service: ScriptedService;
let watcher: SourceWatcher | undefined;
let logger: RecordingLogger;
let script: string;
let configChanged: (() => void) | undefined;
let clock: ManualClock;

beforeEach(() => {
  sandbox = new Sandbox();
  service = new ScriptedService();
  logger = new RecordingLogger();
  clock = new ManualClock();
  script = join(sandbox.dir, 'server.js');
  writeFileSync(script, 'v1');
  mkdirSync(join(sandbox.dir, 'lib'));
});
afterEach(async () => {
  await watcher?.stop();
  watcher = undefined;
  sandbox.cleanup();
});

/** A connected server `dev` running `node server.js`, watched by a started SourceWatcher. */
async function startWatching(watchPaths: string[] = []): Promise<SourceWatcher> {
  service.servers.set('dev', stdioServer('dev', { command: 'node', args: ['server.js'], watchPaths }));
  service.setStatus('dev', 'connected');
  watcher = new SourceWatcher({
    service,
    listServers: service.listServers,
    getServer: service.getServer,
    onConfigChange: (listener) => {
      configChanged = listener;
      return () => (configChanged = undefined);
    },
    logger,
    debounceMs: DEBOUNCE_MS,
    clock,
    cwd: sandbox.dir,
  });
  watcher.start();
  await watcher.settled();
  return watcher;
}

/** Writes `file` and waits (bounded) for its file event to (re)arm the debounce timer. */
async function save(file: string, content: string): Promise<void> {
  const before = clock.scheduledCount;
  writeFileSync(file, content);
  expect(await waitFor(() => clock.scheduledCount > before, 3000), `a file event for ${file}`).toBe(true);
}

/** Lets a restart the watcher started run as far as it can: the scripted service settles in microtasks. */
const flush = () => new Promise<void>((resolve) => setImmediate(resolve));

describe('SourceWatcher', () => {
  it('restarts once for a burst of saves, and logs which file changed', async () => {
    await startWatching();
    for (const version of ['v2', 'v3', 'v4']) {
      await save(script, version);
      // Each save starts the quiet period again: 1 ms short of it, nothing has fired.
      clock.advance(DEBOUNCE_MS - 1);
      expect(clock.pending()).toEqual([1]);
      await flush();
      expect(service.calls).toEqual([]);
    }
    clock.advance(1);
    expect(await waitFor(() => service.calls.length === 2, 3000)).toBe(true);
    expect(clock.pending()).toEqual([]);
    clock.advance(DEBOUNCE_MS * 10);
    await flush();
    expect(service.calls).toEqual(['disconnect dev', 'connect dev']);
    expect(service.logLines).toEqual([{ id: 'dev', text: `${script} changed: restarting` }]);
  });

  it('never restarts while a restart is in flight; saves meanwhile lead to exactly one more', async () => {
    await startWatching();
    const release = deferred();
    service.gate = { phase: 'connect', release: release.promise };
    await save(script, 'v2');
    clock.advance(DEBOUNCE_MS);
    expect(await waitFor(() => service.calls.length === 2, 3000)).toBe(true);
    for (const version of ['v3', 'v4']) {
      await save(script, version);
      clock.advance(DEBOUNCE_MS);
      await flush();
    }
    expect(service.calls).toEqual(['disconnect dev', 'connect dev']);
    service.gate = undefined;
    const before = clock.scheduledCount;
    release.resolve();
    // The saves during the restart lead to one more, after a quiet period of its own.
    expect(await waitFor(() => clock.scheduledCount > before, 3000)).toBe(true);
    expect(service.calls).toHaveLength(2);
    clock.advance(DEBOUNCE_MS);
    expect(await waitFor(() => service.calls.length === 4, 3000)).toBe(true);
    await flush();
    clock.advance(DEBOUNCE_MS * 10);
    await flush();
    expect(service.calls).toEqual(['disconnect dev', 'connect dev', 'disconnect dev', 'connect dev']);
  });

  it('reads the configuration again before restarting: a server disabled or deleted meanwhile is left alone', async () => {
    await startWatching();
    // Changed behind the watcher's back (no event), between the save and the end of the debounce.
    await save(script, 'v2');
    service.servers.set('dev', { ...service.servers.get('dev')!, enabled: false });
    clock.advance(DEBOUNCE_MS);
    await flush();
    expect(service.calls).toEqual([]);
    // Enabled again (and watched again), then deleted between the next save and the end of the debounce.
    service.servers.set('dev', { ...service.servers.get('dev')!, enabled: true });
    configChanged?.();
    await watcher!.settled();
    expect(watcher!.watchedPaths('dev')).toEqual([script]);
    await save(script, 'v3');
    service.servers.delete('dev');
    clock.advance(DEBOUNCE_MS);
    await flush();
    expect(service.calls).toEqual([]);
    expect(service.logLines).toEqual([]);
  });

  it('watches the script and the watchPaths of running servers only, following state and configuration', async () => {
    await startWatching(['lib']);
    const lib = join(sandbox.dir, 'lib');
    expect(watcher!.watchedPaths('dev')).toEqual([lib, script]);

    service.setStatus('dev', 'disconnected');
    await watcher!.settled();
    expect(watcher!.watchedPaths('dev')).toEqual([]);
    const before = clock.scheduledCount;
    writeFileSync(join(lib, 'a.js'), 'x');
    await sleep(EVENT_DELIVERY_MS);
    expect(clock.scheduledCount).toBe(before);
    clock.advance(DEBOUNCE_MS);
    await flush();
    expect(service.calls).toEqual([]);

    service.setStatus('dev', 'error');
    service.servers.set('dev', stdioServer('dev', { command: 'node', args: ['server.js'], watchPaths: [] }));
    configChanged?.();
    await watcher!.settled();
    expect(watcher!.watchedPaths('dev')).toEqual([script]);

    service.servers.delete('dev');
    service.emitRemoved('dev');
    await watcher!.settled();
    expect(watcher!.watchedPaths('dev')).toEqual([]);
  });

  it('restarts for a change in a watched folder', async () => {
    await startWatching(['lib']);
    await save(join(sandbox.dir, 'lib', 'helper.js'), 'x');
    clock.advance(DEBOUNCE_MS);
    expect(await waitFor(() => service.calls.length === 2, 3000)).toBe(true);
    expect(service.logLines).toEqual([{ id: 'dev', text: `${join(sandbox.dir, 'lib', 'helper.js')} changed: restarting` }]);
  });

  it('stop() waits for a restart in flight and keeps it from connecting again', async () => {
    await startWatching();
    const release = deferred();
    service.gate = { phase: 'disconnect', release: release.promise };
    await save(script, 'v2');
    clock.advance(DEBOUNCE_MS);
    expect(await waitFor(() => service.calls.length === 1, 3000)).toBe(true);
    let stopped = false;
    const stopping = watcher!.stop().then(() => (stopped = true));
    await flush();
    expect(stopped).toBe(false);
    release.resolve();
    await stopping;
    expect(service.calls.filter((call) => call.startsWith('connect'))).toEqual([]);
    const before = clock.scheduledCount;
    writeFileSync(script, 'v3');
    await sleep(EVENT_DELIVERY_MS);
    expect(clock.scheduledCount).toBe(before);
    clock.advance(DEBOUNCE_MS);
    await flush();
    expect(service.calls.filter((call) => call.startsWith('connect'))).toEqual([]);
  });
});
