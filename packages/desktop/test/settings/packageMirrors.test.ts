/**
 * Package mirrors (Settings → General): validated and stored, and really in the environment of a
 * stdio server's package download and of the server itself, under the server's own variables.
 */
import fs from 'node:fs';
import path from 'node:path';
import { TRPCError } from '@trpc/server';
import { describe, expect, it } from 'vitest';
import { appErrorData } from '../../app/main/routers/trpc';
import { fixture } from '../mcp/helpers';
import { closeApp, openApp } from '../support/appHarness';
import { tempDir } from '../support/tempDir';

function setup(dataDir = tempDir()) {
  return openApp({ dataDir });
}

describe('package mirrors', () => {
  it('start empty, refuse a URL that is not http(s) naming the field, and survive a restart', async () => {
    const { caller, dataDir, services } = setup();
    expect(await caller.settings.packageMirrors()).toEqual({ npmRegistry: '', pythonIndex: '' });

    const error = await caller.settings.setPackageMirrors({ npmRegistry: 'registry.npmmirror.com', pythonIndex: 'ftp://x' }).then(() => undefined, (e: unknown) => e);
    expect(appErrorData(error as TRPCError)).toEqual({
      code: 'VALIDATION',
      fieldErrors: [
        { field: 'npmRegistry', code: 'invalidHttpUrl' },
        { field: 'pythonIndex', code: 'invalidHttpUrl' },
      ],
    });
    expect(await caller.settings.packageMirrors()).toEqual({ npmRegistry: '', pythonIndex: '' });

    const mirrors = { npmRegistry: ' https://registry.npmmirror.com ', pythonIndex: 'https://pypi.tuna.tsinghua.edu.cn/simple' };
    expect(await caller.settings.setPackageMirrors(mirrors)).toEqual({ npmRegistry: 'https://registry.npmmirror.com', pythonIndex: mirrors.pythonIndex });
    await closeApp(services);
    expect(await setup(dataDir).caller.settings.packageMirrors()).toEqual({ npmRegistry: 'https://registry.npmmirror.com', pythonIndex: mirrors.pythonIndex });
  });

  it('reach the package download and the server, and a server’s own variable wins', async () => {
    const { caller, services } = setup();
    await caller.settings.setPackageMirrors({ npmRegistry: 'https://registry.npmmirror.com', pythonIndex: 'https://pypi.example/simple' });
    const dir = tempDir();
    const record = path.join(dir, 'env.txt');
    // A stand-in npx: writes what it sees, then (started as the server) runs the echo server.
    const npx = path.join(dir, 'npx');
    fs.writeFileSync(
      npx,
      `#!/bin/sh\necho "$1 registry=$npm_config_registry index=$UV_DEFAULT_INDEX" >> "${record}"\n` +
        `[ "$1" = "--yes" ] && exit 0\nexec "${process.execPath}" "${fixture('proc-echo-server.mjs')}"\n`,
      { mode: 0o755 },
    );
    const server = await caller.mcp.add({ name: 'mirrored', type: 'stdio', command: npx, args: ['-y', 'pkg@1.0.0'], env: {} });
    const own = await caller.mcp.add({ name: 'own', type: 'stdio', command: npx, args: ['-y', 'pkg@2.0.0'], env: { npm_config_registry: 'https://mine.example' } });

    await services.mcp.connect(server.id);
    await services.mcp.connect(own.id);

    expect(fs.readFileSync(record, 'utf8').trim().split('\n')).toEqual([
      '--yes registry=https://registry.npmmirror.com index=https://pypi.example/simple',
      '-y registry=https://registry.npmmirror.com index=https://pypi.example/simple',
      '--yes registry=https://mine.example index=https://pypi.example/simple',
      '-y registry=https://mine.example index=https://pypi.example/simple',
    ]);
  });
});
