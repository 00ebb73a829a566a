import fs from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createAppServices, type AppServices } from '../../app/main/index';
import { createAppCaller, type McpServerView } from '../../app/main/routers/appRouter';
import { appErrorData } from '../../app/main/routers/trpc';
import { rejection } from '../support/appHarness';
import { tempDir } from '../support/tempDir';

const open: AppServices[] = [];
afterEach(async () => {
  for (const services of open.splice(0)) await services.dispose();
});

function setup(dataDir = tempDir(), externalChangePollMs = 0) {
  const services = createAppServices({ dataDir, externalChangePollMs });
  open.push(services);
  return { services, caller: createAppCaller({ services }), dataDir };
}

const stdio = {
  name: 'Everything',
  type: 'stdio' as const,
  command: 'npx',
  args: ['-y', '@modelcontextprotocol/server-everything'],
  env: { API_KEY: 'sk-secret-value-123' } as Record<string, string>,
};

describe('mcp router', () => {
  it('adds a stdio server with defaults and lists it, its env values masked', async () => {
    const { caller, services } = setup();
    const added = await caller.mcp.add(stdio);
    expect(added).toMatchObject({ name: 'Everything', type: 'stdio', timeoutSec: 60, enabled: true, status: 'disconnected' });
    expect(added.config).toEqual({
      command: 'npx',
      args: ['-y', '@modelcontextprotocol/server-everything'],
      env: { API_KEY: '••••' },
      watchPaths: [],
      inheritEnv: false,
    });
    expect(await caller.mcp.list()).toEqual([added]);
    expect(services.mcpServers.get(added.id).config.env).toEqual({ API_KEY: 'sk-secret-value-123' });
  });

  it('adds each remote transport with its headers', async () => {
    const { caller, services } = setup();
    for (const type of ['sse', 'http', 'websocket'] as const) {
      const url = type === 'websocket' ? 'ws://127.0.0.1:9/mcp' : 'https://example.com/mcp';
      const added = await caller.mcp.add({ name: `r-${type}`, type, url, headers: { Authorization: 'Bearer t0ken' }, timeoutSec: 5 });
      expect(added.config).toEqual({ url, headers: { Authorization: '••••' } });
      expect(services.mcpServers.get(added.id).config).toEqual({ url, headers: { Authorization: 'Bearer t0ken' } });
    }
    expect((await caller.mcp.list()).map((s) => s.type)).toEqual(['sse', 'http', 'websocket']);
  });

  it('never writes env or header values to disk in plain text', async () => {
    const { caller, services, dataDir } = setup();
    await caller.mcp.add(stdio);
    await caller.mcp.add({ name: 'remote', type: 'http', url: 'https://example.com/mcp', headers: { Authorization: 'Bearer hdr-secret-456' } });
    services.db.pragma('wal_checkpoint(TRUNCATE)');
    for (const file of fs.readdirSync(dataDir)) {
      const bytes = fs.readFileSync(path.join(dataDir, file)).toString('latin1');
      expect(bytes, file).not.toContain('sk-secret-value-123');
      expect(bytes, file).not.toContain('hdr-secret-456');
    }
  });

  it('rejects invalid input field by field and stores nothing', async () => {
    const { caller } = setup();
    const error = await rejection(
      caller.mcp.add({ name: ' ', type: 'sse', url: 'ftp://x', timeoutSec: 0, headers: { 'bad header': 'v' } } as never),
    );
    expect(error.code).toBe('BAD_REQUEST');
    expect(appErrorData(error)).toEqual({
      code: 'VALIDATION',
      fieldErrors: [
        { field: 'name', code: 'required' },
        { field: 'timeoutSec', code: 'timeoutRange', params: { min: 1, max: 3600 } },
        { field: 'url', code: 'invalidHttpUrl' },
        { field: 'headers.bad header', code: 'invalidHeaderName' },
      ],
    });
    expect(await caller.mcp.list()).toEqual([]);
  });

  it('rejects unknown fields, bad env keys and a ws URL given to http', async () => {
    const { caller } = setup();
    const unknown = await rejection(caller.mcp.add({ ...stdio, shell: true } as never));
    expect(appErrorData(unknown).fieldErrors).toEqual([{ field: 'shell', code: 'unknownField' }]);
    const env = await rejection(caller.mcp.add({ ...stdio, env: { '1X': 'v' } }));
    expect(appErrorData(env).fieldErrors).toEqual([{ field: 'env.1X', code: 'invalidEnvKey' }]);
    const ws = await rejection(caller.mcp.add({ name: 'w', type: 'http', url: 'ws://127.0.0.1/x' }));
    expect(appErrorData(ws).fieldErrors).toEqual([{ field: 'url', code: 'invalidHttpUrl' }]);
    expect(await caller.mcp.list()).toEqual([]);
  });

  it('keeps names unique ignoring case, on add and on rename', async () => {
    const { caller } = setup();
    await caller.mcp.add(stdio);
    const other = await caller.mcp.add({ name: 'Other', type: 'stdio', command: 'node' });
    const dup = await rejection(caller.mcp.add({ ...stdio, name: 'EVERYTHING' }));
    // The error names the server that has the name.
    expect(appErrorData(dup)).toEqual({ code: 'VALIDATION', fieldErrors: [{ field: 'name', code: 'duplicate', params: { name: 'Everything' } }] });
    const rename = await rejection(caller.mcp.update({ id: other.id, name: 'everything', type: 'stdio', command: 'node' }));
    expect(appErrorData(rename).fieldErrors?.[0]?.code).toBe('duplicate');
    expect((await caller.mcp.list()).map((s) => s.name)).toEqual(['Everything', 'Other']);
  });

  it('updates, switches transport, enables, disables and removes', async () => {
    const { caller } = setup();
    const added = await caller.mcp.add(stdio);
    const updated = await caller.mcp.update({ id: added.id, name: 'Everything', type: 'http', url: 'http://127.0.0.1:3001/mcp', timeoutSec: 120 });
    expect(updated).toMatchObject({ id: added.id, type: 'http', timeoutSec: 120, config: { url: 'http://127.0.0.1:3001/mcp', headers: {} } });
    expect((await caller.mcp.setEnabled({ id: added.id, enabled: false })).status).toBe('disabled');
    expect((await caller.mcp.get({ id: added.id })).enabled).toBe(false);
    await caller.mcp.remove({ id: added.id });
    expect(await caller.mcp.list()).toEqual([]);
    const missing = await rejection(caller.mcp.remove({ id: added.id }));
    expect(missing.code).toBe('NOT_FOUND');
    expect(appErrorData(missing)).toEqual({ code: 'NOT_FOUND', params: { id: added.id } });
  });

  it('keeps servers across a restart', async () => {
    const first = setup();
    await first.caller.mcp.add(stdio);
    await first.services.dispose();
    open.splice(open.indexOf(first.services), 1);
    const second = setup(first.dataDir);
    expect((await second.caller.mcp.list()).map((s) => s.config.env)).toEqual([{ API_KEY: '••••' }]);
    expect(second.services.mcpServers.list().map((s) => s.config.env)).toEqual([{ API_KEY: 'sk-secret-value-123' }]);
  });

  it('streams the list on subscribe, after a change here, and after a change by another process', async () => {
    const dataDir = tempDir();
    const { caller, services } = setup(dataDir, 20);
    const controller = new AbortController();
    const subscriber = createAppCaller({ services }, { signal: controller.signal });
    const iterator = (await subscriber.mcp.onServersChanged())[Symbol.asyncIterator]();
    const names = async () => ((await iterator.next()).value as McpServerView[]).map((s) => s.name);
    expect(await names()).toEqual([]);

    await caller.mcp.add(stdio);
    expect(await names()).toEqual(['Everything']);

    // A second connection to the same file stands in for the CLI in another process.
    const cli = setup(dataDir);
    await cli.caller.mcp.add({ name: 'from-cli', type: 'stdio', command: 'node' });
    expect(await names()).toEqual(['Everything', 'from-cli']);
    controller.abort();
    await iterator.return?.(undefined);
  });
});

describe('settings router', () => {
  it('defaults to the system language and persists a choice', async () => {
    const { caller, dataDir, services } = setup();
    expect(await caller.settings.get()).toEqual({ language: 'system', theme: 'system' });
    await caller.settings.setLanguage({ language: 'ja' });
    await services.dispose();
    open.splice(open.indexOf(services), 1);
    expect(await setup(dataDir).caller.settings.get()).toEqual({ language: 'ja', theme: 'system' });
    await expect(caller.settings.setLanguage({ language: 'de' as never })).rejects.toThrow();
  });
});
