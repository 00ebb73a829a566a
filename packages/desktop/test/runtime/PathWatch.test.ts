import { mkdirSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { PathWatch, type WatchFunction, isNoise, nodeWatch } from '../../app/main/mcp/PathWatch';
import { ManualClock } from '../support/manualClock';
import { Sandbox, sleep, waitFor } from './helpers';

/**
 * Only where a test proves that fs.watch delivers no event (they arrive within milliseconds): real
 * time for the OS. The retry of a missing path runs on a ManualClock and never needs it.
 */
const QUIET_MS = 300;
const RETRY_MS = 100;

let sandbox: Sandbox;
let clock: ManualClock;
const watches: PathWatch[] = [];
beforeEach(() => {
  sandbox = new Sandbox();
  clock = new ManualClock();
});
afterEach(() => {
  for (const watch of watches.splice(0)) watch.close();
  sandbox.cleanup();
});

function watch(target: string, watchFn: WatchFunction = nodeWatch) {
  const changes: string[] = [];
  const errors: unknown[] = [];
  const pathWatch = new PathWatch(target, (file) => changes.push(file), {
    watch: watchFn,
    clock,
    platform: process.platform,
    retryMs: RETRY_MS,
    onError: (error) => errors.push(error),
  });
  pathWatch.open();
  watches.push(pathWatch);
  return { changes, errors, pathWatch };
}

async function expectChange(changes: string[], file: string): Promise<void> {
  expect(await waitFor(() => changes.includes(file), 3000)).toBe(true);
}

describe('PathWatch on a file', () => {
  it('reports edits of the file and nothing about its neighbours', async () => {
    const file = join(sandbox.dir, 'server.js');
    writeFileSync(file, 'v1');
    const { changes } = watch(file);
    writeFileSync(join(sandbox.dir, 'other.js'), 'x');
    await sleep(QUIET_MS);
    expect(changes).toEqual([]);
    writeFileSync(file, 'v2');
    await expectChange(changes, file);
    expect(new Set(changes)).toEqual(new Set([file]));
  });

  it('keeps hearing the file across editor-style saves that rename a new file over it', async () => {
    const file = join(sandbox.dir, 'server.js');
    writeFileSync(file, 'v0');
    const { changes } = watch(file);
    for (const version of ['v1', 'v2', 'v3']) {
      changes.length = 0;
      writeFileSync(join(sandbox.dir, '.server.js.tmp'), version);
      renameSync(join(sandbox.dir, '.server.js.tmp'), file);
      await expectChange(changes, file);
    }
  });

  it('reports a file that did not exist yet when it appears, even in a folder created later', async () => {
    const file = join(sandbox.dir, 'dist', 'index.js');
    const { changes } = watch(file);
    // Its folder is missing: looked for again every retryMs, still missing at the first look.
    expect(clock.pending()).toEqual([RETRY_MS]);
    clock.advance(RETRY_MS);
    expect(clock.pending()).toEqual([RETRY_MS]);
    mkdirSync(join(sandbox.dir, 'dist'));
    clock.advance(RETRY_MS);
    // Found and watched: nothing left to look for, and the file itself is not there yet.
    expect(clock.pending()).toEqual([]);
    expect(changes).toEqual([]);
    writeFileSync(file, 'built');
    await expectChange(changes, file);
  });
});

describe('PathWatch on a folder', () => {
  it('reports changes anywhere below it, also in subfolders created after it started, and skips noise', async () => {
    const folder = join(sandbox.dir, 'lib');
    mkdirSync(folder);
    const { changes } = watch(folder);
    mkdirSync(join(folder, 'node_modules'));
    writeFileSync(join(folder, 'node_modules', 'dep.js'), 'x');
    writeFileSync(join(folder, 'util.py.swp'), 'x');
    await sleep(QUIET_MS);
    expect(changes.filter((f) => f !== folder)).toEqual([]);
    mkdirSync(join(folder, 'deep', 'er'), { recursive: true });
    await sleep(100);
    writeFileSync(join(folder, 'deep', 'er', 'util.js'), 'x');
    await expectChange(changes, join(folder, 'deep', 'er', 'util.js'));
  });

  it('survives the folder being deleted and created again (a clean build)', async () => {
    const folder = join(sandbox.dir, 'dist');
    mkdirSync(folder);
    const { changes } = watch(folder);
    rmSync(folder, { recursive: true });
    await expectChange(changes, folder);
    changes.length = 0;
    mkdirSync(folder);
    await expectChange(changes, folder);
    writeFileSync(join(folder, 'index.js'), 'rebuilt');
    await expectChange(changes, join(folder, 'index.js'));
  });

  it('reports nothing once closed', async () => {
    const folder = join(sandbox.dir, 'lib');
    mkdirSync(folder);
    const { changes, pathWatch } = watch(folder);
    pathWatch.close();
    writeFileSync(join(folder, 'a.js'), 'x');
    rmSync(folder, { recursive: true });
    await sleep(QUIET_MS);
    expect(changes).toEqual([]);
  });
});

describe('PathWatch when fs.watch fails', () => {
  it('retries a watch that cannot start, reporting the failure once', async () => {
    const folder = join(sandbox.dir, 'lib');
    mkdirSync(folder);
    let failures = 3;
    const flaky: WatchFunction = (target, options, listener) => {
      if (failures > 0) {
        failures -= 1;
        throw Object.assign(new Error('ENOSPC: System limit for number of file watchers reached'), { code: 'ENOSPC' });
      }
      return nodeWatch(target, options, listener);
    };
    const { changes, errors } = watch(folder, flaky);
    for (const left of [2, 1, 0]) {
      expect(failures).toBe(left);
      expect(clock.pending()).toEqual([RETRY_MS]);
      clock.advance(RETRY_MS);
    }
    expect(clock.pending()).toEqual([]);
    writeFileSync(join(folder, 'a.js'), 'x');
    await expectChange(changes, join(folder, 'a.js'));
    expect(errors).toHaveLength(1);
  });

  it('falls back to the top level of a folder where recursive watching is unavailable', async () => {
    const folder = join(sandbox.dir, 'lib');
    mkdirSync(folder);
    const flat: WatchFunction = (target, options, listener) => {
      if (options.recursive) throw Object.assign(new Error('recursive watch unavailable'), { code: 'ERR_FEATURE_UNAVAILABLE_ON_PLATFORM' });
      return nodeWatch(target, options, listener);
    };
    const { changes, errors } = watch(folder, flat);
    writeFileSync(join(folder, 'a.js'), 'x');
    await expectChange(changes, join(folder, 'a.js'));
    expect(errors).toEqual([]);
  });
});

describe('isNoise', () => {
  it.each([
    ['node_modules/x/index.js', true],
    ['src/__pycache__/server.cpython-312.pyc', true],
    ['.git/index', true],
    ['server.py.swp', true],
    ['server.js~', true],
    ['4913', true],
    ['.#server.js', true],
    ['src/server.js', false],
    ['server.py', false],
    ['gitignore.js', false],
  ])('%s → %s', (file, expected) => {
    expect(isNoise(file)).toBe(expected);
  });
});
