/**
 * SourceWatcher's rules against real files and real fs.watch, with a scripted service so a restart can
 * be held in flight. The same behaviour end to end, with real servers, is in autoRestart.test.ts.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { SourceWatcher } from '../../app/main/mcp/SourceWatcher';
import { RecordingLogger, Sandbox, ScriptedService, deferred, sleep, stdioServer, waitFor } from './helpers';

const DEBOUNCE_MS = 150;
/** Debounce plus event delivery, with room for a loaded machine. */
const SETTLE_MS = DEBOUNCE_MS + 350;

let sandbox: Sandbox;
let service: ScriptedService;
let watcher: SourceWatcher | undefined;
let logger: RecordingLogger;
let script: string;
let configChanged: (() => void) | undefined;

beforeEach(() => {
  sandbox = new Sandbox();
  service = new ScriptedService();
  logger = new RecordingLogger();
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
    cwd: sandbox.dir,
  });
  watcher.start();
  await watcher.settled();
  return watcher;
}

describe('SourceWatcher', () => {
  it('restarts once for a burst of saves, and logs which file changed', async () => {
    await startWatching();
    for (const version of ['v2', 'v3', 'v4']) {
      writeFileSync(script, version);
      await sleep(20);
    }
    expect(await waitFor(() => service.calls.length === 2, 3000)).toBe(true);
    await sleep(SETTLE_MS);
    expect(service.calls).toEqual(['disconnect dev', 'connect dev']);
    expect(service.logLines).toEqual([{ id: 'dev', text: `${script} changed: restarting` }]);
  });

  it('never restarts while a restart is in flight; saves meanwhile lead to exactly one more', async () => {
    await startWatching();
    const release = deferred();
    service.gate = { phase: 'connect', release: release.promise };
    writeFileSync(script, 'v2');
    expect(await waitFor(() => service.calls.length === 2, 3000)).toBe(true);
    writeFileSync(script, 'v3');
    await sleep(SETTLE_MS);
    writeFileSync(script, 'v4');
    await sleep(SETTLE_MS);
    expect(service.calls).toEqual(['disconnect dev', 'connect dev']);
    service.gate = undefined;
    release.resolve();
    expect(await waitFor(() => service.calls.length === 4, 3000)).toBe(true);
    await sleep(SETTLE_MS);
    expect(service.calls).toEqual(['disconnect dev', 'connect dev', 'disconnect dev', 'connect dev']);
  });

  it('reads the configuration again before restarting: a server disabled or deleted meanwhile is left alone', async () => {
    await startWatching();
    // Changed behind the watcher's back (no event), between the save and the end of the debounce.
    writeFileSync(script, 'v2');
    service.servers.set('dev', { ...service.servers.get('dev')!, enabled: false });
    await sleep(SETTLE_MS);
    service.servers.delete('dev');
    writeFileSync(script, 'v3');
    await sleep(SETTLE_MS);
    expect(service.calls).toEqual([]);
  });

  it('watches the script and the watchPaths of running servers only, following state and configuration', async () => {
    await startWatching(['lib']);
    const lib = join(sandbox.dir, 'lib');
    expect(watcher!.watchedPaths('dev')).toEqual([lib, script]);

    service.setStatus('dev', 'disconnected');
    await watcher!.settled();
    expect(watcher!.watchedPaths('dev')).toEqual([]);
    writeFileSync(join(lib, 'a.js'), 'x');
    await sleep(SETTLE_MS);
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
    writeFileSync(join(sandbox.dir, 'lib', 'helper.js'), 'x');
    expect(await waitFor(() => service.calls.length === 2, 3000)).toBe(true);
    expect(service.logLines).toEqual([{ id: 'dev', text: `${join(sandbox.dir, 'lib', 'helper.js')} changed: restarting` }]);
  });

  it('stop() waits for a restart in flight and keeps it from connecting again', async () => {
    await startWatching();
    const release = deferred();
    service.gate = { phase: 'disconnect', release: release.promise };
    writeFileSync(script, 'v2');
    expect(await waitFor(() => service.calls.length === 1, 3000)).toBe(true);
    let stopped = false;
    const stopping = watcher!.stop().then(() => (stopped = true));
    await sleep(50);
    expect(stopped).toBe(false);
    release.resolve();
    await stopping;
    expect(service.calls.filter((call) => call.startsWith('connect'))).toEqual([]);
    writeFileSync(script, 'v3');
    await sleep(SETTLE_MS);
    expect(service.calls.filter((call) => call.startsWith('connect'))).toEqual([]);
  });
});
