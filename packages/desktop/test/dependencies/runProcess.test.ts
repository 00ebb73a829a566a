import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { runProcess } from '../../app/main/mcp/process/runProcess';
import { isAlive } from '../../app/main/mcp/process/treeKill';
import { tempDir } from '../support/tempDir';

const platform = process.platform;
const env = { PATH: process.env.PATH ?? '/usr/bin:/bin' };
const leftovers: number[] = [];
afterEach(() => {
  for (const pid of leftovers.splice(0)) {
    try {
      process.kill(pid, 'SIGKILL');
    } catch {
      // gone
    }
  }
});

function script(body: string): string {
  const file = join(tempDir(), 'script.sh');
  writeFileSync(file, `#!/bin/sh\n${body}\n`, { mode: 0o755 });
  return file;
}

describe('runProcess', () => {
  it('streams lines without their endings; a progress bar shows its last state; the last line needs no newline', async () => {
    const lines: string[] = [];
    const file = script(`printf 'one\\r\\ntwo\\n 10%%\\r 50%%\\r100%%\\n'; printf 'tail'`);
    const run = await runProcess({ file, args: [], env, platform, timeoutMs: 5000, onLine: (line) => lines.push(line), tailLines: 2 });
    expect(run.outcome).toEqual({ kind: 'exited', exitCode: 0, signal: null });
    expect(lines).toEqual(['one', 'two', '100%', 'tail']);
    expect(run.tail).toEqual(['100%', 'tail']);
  });

  it('kills a leftover child that still holds the pipes after the process exited', async () => {
    const pidFile = join(tempDir(), 'pid');
    const file = script(`sleep 300 & echo $! > '${pidFile}'; echo started`);
    const run = await runProcess({ file, args: [], env, platform, timeoutMs: 5000, killGraceMs: 300 });
    const pid = Number(readFileSync(pidFile, 'utf8'));
    leftovers.push(pid);
    expect(run.outcome).toMatchObject({ kind: 'exited', exitCode: 0 });
    expect(run.tail).toEqual(['started']);
    expect(isAlive(pid)).toBe(false);
  });

  it('reports a file that cannot be spawned', async () => {
    const run = await runProcess({ file: '/nonexistent/tool', args: [], env, platform, timeoutMs: 5000 });
    expect(run.outcome.kind).toBe('spawnFailed');
  });
});
