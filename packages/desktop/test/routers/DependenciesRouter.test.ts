/**
 * mcp.dependencies.install as a stream: the installer's lines in order, then the result; leaving the
 * stream cancels the install; a broken install ends the stream with its error. The service is a
 * stand-in here (its real installers are tested in test/dependencies with stand-in executables).
 */
import { afterEach, describe, expect, it } from 'vitest';
import { createAppServices, type AppServices } from '../../app/main/index';
import type { DependencyCheckService, InstallCommandOptions } from '../../app/main/runtimes/DependencyCheckService';
import { createAppCaller } from '../../app/main/routers/appRouter';
import type { DependencyInstallResult } from '../../app/shared/contracts/dependencies';
import { tempDir } from '../support/tempDir';

const open: AppServices[] = [];
afterEach(async () => {
  for (const services of open.splice(0)) await services.dispose();
});

function callerWith(installCommand: (command: string, options: InstallCommandOptions) => Promise<DependencyInstallResult>) {
  const services = createAppServices({ dataDir: tempDir() });
  open.push(services);
  const dependencies = { installCommand } as unknown as DependencyCheckService;
  const controller = new AbortController();
  return { caller: createAppCaller({ services: { ...services, dependencies } }, { signal: controller.signal }), controller };
}

const installed: DependencyInstallResult = { status: 'installed', command: 'uv', version: '0.9.7', path: '/home/me/.local/bin/uv', method: 'uv-script-sh' };

describe('mcp.dependencies.install', () => {
  it('streams the output lines in order, then the result, and ends', async () => {
    const { caller } = callerWith(async (_command, { onOutput }) => {
      onOutput?.('downloading uv');
      await new Promise((resolve) => setTimeout(resolve, 20));
      onOutput?.('installing to ~/.local/bin');
      return installed;
    });
    const events = [];
    for await (const event of await caller.mcp.dependencies.install({ command: 'uv' })) events.push(event);
    expect(events).toEqual([
      { type: 'output', line: 'downloading uv' },
      { type: 'output', line: 'installing to ~/.local/bin' },
      { type: 'result', result: installed },
    ]);
  });

  it('leaving the stream aborts the install’s signal', async () => {
    let seen: AbortSignal | undefined;
    const { caller, controller } = callerWith((_command, { signal, onOutput }) => {
      seen = signal;
      onOutput?.('started');
      return new Promise((resolve) => signal?.addEventListener('abort', () => resolve({ status: 'cancelled', command: 'uv', method: 'uv-script-sh' })));
    });
    const stream = (await caller.mcp.dependencies.install({ command: 'uv' }))[Symbol.asyncIterator]();
    expect((await stream.next()).value).toEqual({ type: 'output', line: 'started' });
    controller.abort();
    await stream.return?.(undefined);
    expect(seen?.aborted).toBe(true);
  });

  it('a broken install ends the stream with its error, also while the reader is busy with a line', async () => {
    const { caller } = callerWith(async (_command, { onOutput }) => {
      onOutput?.('planning');
      await new Promise((resolve) => setTimeout(resolve, 10));
      throw new Error('installer plan could not be made');
    });
    const events: unknown[] = [];
    await expect(
      (async () => {
        for await (const event of await caller.mcp.dependencies.install({ command: 'uv' })) {
          events.push(event);
          // Slower than the install fails: the stream is suspended in its yield when it does.
          await new Promise((resolve) => setTimeout(resolve, 50));
        }
      })(),
    ).rejects.toThrow('installer plan could not be made');
    expect(events).toEqual([{ type: 'output', line: 'planning' }]);
  });
});
