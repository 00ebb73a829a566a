import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { appErrorData } from '../../app/main/routers/trpc';
import { fixture, startNetworkServer } from '../mcp/helpers';
import { rejection } from '../support/appHarness';
import { tempDir } from '../support/tempDir';
import { appWithRegistry, startRegistry } from './registryHarness';

/** Every file of the data dir as text (the database with its WAL folded in first). */
function dataDirText(dir: string): string {
  return fs
    .readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => fs.readFileSync(path.join(entry.parentPath, entry.name)).toString('latin1'))
    .join('\n');
}

describe('installing from the registry', () => {
  it('keeps env, header and argument secrets out of the data dir in plain text, and out of the log', async () => {
    const registry = await startRegistry();
    const { app, caller, dataDir, logLines: lines } = appWithRegistry(registry.url);
    const env = await caller.registry.add({ name: 'io.github.example/weather', version: '1.1.0', optionId: 'package:0', inputs: { 'env.WEATHER_API_KEY': 'sk-weather-SECRET-4711' } });
    const remote = await caller.registry.add({
      name: 'com.example/tickets',
      version: '3.2.0',
      optionId: 'remote:0',
      inputs: { 'url.tenant': 'acme', 'header.Authorization.token': 'tk-HEADER-SECRET-0815' },
    });
    const vault = await caller.registry.add({ name: 'io.github.example/vault', version: 'latest', optionId: 'package:0', inputs: { 'arg.0': 'hvs.ARGUMENT-SECRET-1234' } });
    // What the renderer sees is masked; what main starts the server with holds the values.
    expect(env.config.env).toEqual({ WEATHER_API_KEY: '••••' });
    expect(remote.config).toMatchObject({ url: 'https://acme.tickets.example.com/mcp', headers: { Authorization: '••••', 'X-Workspace': '••••' } });
    expect(app.mcpServers.get(remote.id).config.headers).toEqual({ Authorization: 'Bearer tk-HEADER-SECRET-0815', 'X-Workspace': 'main' });
    const vaultArgs = app.mcpServers.get(vault.id).config.args ?? [];
    expect(vaultArgs).toEqual(['-y', '@example/vault-mcp@0.2.0', '--token', expect.stringMatching(/^\$\{input:registry\.[0-9a-f-]+\}$/), '--address', 'https://vault.example.com']);
    const inputId = /\$\{input:(.+)\}/.exec(vaultArgs[3] ?? '')?.[1] ?? '';
    expect(app.secretInputs.value(inputId)).toBe('hvs.ARGUMENT-SECRET-1234');
    expect(app.secretInputs.list()).toEqual([expect.objectContaining({ id: inputId, set: true, password: true, servers: ['Vault'] })]);
    await app.registry.flush();
    app.db.pragma('wal_checkpoint(TRUNCATE)');
    const text = dataDirText(dataDir);
    for (const secret of ['sk-weather-SECRET-4711', 'tk-HEADER-SECRET-0815', 'hvs.ARGUMENT-SECRET-1234']) {
      expect(text).not.toContain(secret);
      expect(lines.join('\n')).not.toContain(secret);
    }
    // The cache file is part of what was searched: the records, never the answers.
    expect(fs.readFileSync(path.join(dataDir, 'registry-cache.json'), 'utf8')).toContain('io.github.example/weather');
  });

  it('a wrong answer among right ones stores nothing (no server, no sealed input)', async () => {
    const registry = await startRegistry();
    const { app, caller } = appWithRegistry(registry.url);
    const error = appErrorData(
      await rejection(caller.registry.add({ name: 'io.github.example/weather', version: '2.0.0', optionId: 'package:0', inputs: { 'arg.1': '/tmp', 'env.WEATHER_API_KEY': 'k', 'env.WEATHER_ENDPOINT.region': 'mars' } })),
    );
    expect(error).toEqual({ code: 'VALIDATION', fieldErrors: [{ field: 'inputs.env.WEATHER_ENDPOINT.region', code: 'invalid' }] });
    const headerError = appErrorData(
      await rejection(caller.registry.add({ name: 'com.example/tickets', version: '3.2.0', optionId: 'remote:0', inputs: { 'url.tenant': 'acme', 'header.Authorization.token': 'bad\nvalue' } })),
    );
    expect(headerError).toMatchObject({ code: 'VALIDATION', fieldErrors: [{ field: 'inputs.header.Authorization', code: 'invalidHeaderValue' }] });
    const vault = appErrorData(await rejection(caller.registry.add({ name: 'io.github.example/vault', version: '0.2.0', optionId: 'package:0', inputs: { 'arg.9': 'x' } })));
    expect(vault).toEqual({ code: 'VALIDATION', fieldErrors: [{ field: 'inputs.arg.9', code: 'unknownField' }, { field: 'inputs.arg.0', code: 'required' }] });
    expect(app.mcpServers.list()).toEqual([]);
    expect(app.secretInputs.list()).toEqual([]);
  });

  it('an unsupported option and an unknown record are refused with their codes', async () => {
    const registry = await startRegistry();
    const { caller } = appWithRegistry(registry.url);
    expect(appErrorData(await rejection(caller.registry.add({ name: 'io.github.example/dotnet-tools', version: '0.3.0', optionId: 'package:1' })))).toEqual({
      code: 'REGISTRY_OPTION_UNSUPPORTED',
      params: { name: 'io.github.example/dotnet-tools', option: 'package:1', reason: 'registryType' },
    });
    expect(appErrorData(await rejection(caller.registry.get({ name: 'io.github.example/nope' })))).toEqual({
      code: 'REGISTRY_SERVER_NOT_FOUND',
      params: { name: 'io.github.example/nope', version: 'latest' },
    });
    expect(appErrorData(await rejection(caller.registry.get({ name: 'io.github.example/weather', version: '9.9.9' })))).toMatchObject({ code: 'REGISTRY_SERVER_NOT_FOUND' });
    // A deleted record is shown for what it was, but not installed; a deprecated one still is.
    expect(await caller.registry.get({ name: 'io.github.example/pulled' })).toMatchObject({ status: 'deleted' });
    expect(appErrorData(await rejection(caller.registry.add({ name: 'io.github.example/pulled', version: '0.1.0', optionId: 'package:0' })))).toEqual({
      code: 'REGISTRY_SERVER_NOT_FOUND',
      params: { name: 'io.github.example/pulled', version: '0.1.0' },
    });
    expect(await caller.registry.add({ name: 'io.github.example/old-notes', version: '0.9.0', optionId: 'package:0' })).toMatchObject({ name: 'old-notes' });
  });

  it('a secret in a remote URL is sealed: no file of the data dir holds it, and the server still gets it when it connects', async () => {
    const secret = 'mk-URL-SECRET/2718 ok';
    const network = await startNetworkServer([fixture('modern-http-server.mjs')], { MCP_FIXTURE_PATH: `/mcp/${encodeURIComponent(secret)}` });
    try {
      const registry = await startRegistry();
      const { app, caller, dataDir, logLines: lines } = appWithRegistry(registry.url);
      const added = await caller.registry.add({ name: 'io.keyedmaps/tiles', version: '1.4.0', optionId: 'remote:4', inputs: { 'url.baseUrl': `http://127.0.0.1:${network.port}`, 'url.apiKey': secret } });
      const stored = app.mcpServers.get(added.id).config.url ?? '';
      expect(stored).toMatch(new RegExp(`^http://127\\.0\\.0\\.1:${network.port}/mcp/\\$\\{input:registry\\.[0-9a-f-]+\\}$`));
      const inputId = /\$\{input:(.+)\}/.exec(stored)?.[1] ?? '';
      expect(app.secretInputs.value(inputId)).toBe(secret);
      expect(app.secretInputs.list()).toEqual([expect.objectContaining({ id: inputId, set: true, password: true, servers: ['Keyed Maps'] })]);

      await app.mcp.connect(added.id);
      expect(await app.mcp.getState(added.id)).toMatchObject({ status: 'connected' });
      expect((await app.mcp.listServerTools(added.id)).length).toBeGreaterThan(0);
      const view = await caller.mcp.get({ id: added.id });
      expect(view.status).toBe('connected');

      await app.registry.flush();
      app.db.pragma('wal_checkpoint(TRUNCATE)');
      const text = dataDirText(dataDir);
      const shown = JSON.stringify([view, await caller.mcp.list(), await caller.mcp.logs({ id: added.id }), lines]);
      for (const form of [secret, encodeURIComponent(secret), 'mk-URL-SECRET']) {
        expect(text).not.toContain(form);
        expect(shown).not.toContain(form);
      }
      // The connection closes while its server still runs; the harness disposes the app after the test.
      await app.mcp.closeAll();
    } finally {
      await network.stop();
    }
  }, 60_000);

  it('a secret in a remote URL’s host or base is refused with its reason, and never reaches the data dir', async () => {
    const registry = await startRegistry();
    const { app, caller, dataDir } = appWithRegistry(registry.url);
    const secret = 'https://mk-URL-SECRET-2718.example.com';
    const view = await caller.registry.get({ name: 'io.keyedmaps/tiles' });
    expect(view.options.map((o) => o.unsupportedReason)).toEqual([undefined, undefined, undefined, 'secretInUrl', undefined]);
    expect(appErrorData(await rejection(caller.registry.add({ name: 'io.keyedmaps/tiles', version: '1.4.0', optionId: 'remote:3', inputs: { 'url.endpoint': secret } })))).toEqual({
      code: 'REGISTRY_OPTION_UNSUPPORTED',
      params: { name: 'io.keyedmaps/tiles', option: 'remote:3', reason: 'secretInUrl' },
    });
    expect(app.mcpServers.list()).toEqual([]);
    expect(app.secretInputs.list()).toEqual([]);
    await app.registry.flush();
    app.db.pragma('wal_checkpoint(TRUNCATE)');
    expect(dataDirText(dataDir)).not.toContain('mk-URL-SECRET');
  });

  it('a second install of the same record gets a free name, and both count as added', async () => {
    const registry = await startRegistry();
    const { caller } = appWithRegistry(registry.url);
    const first = await caller.registry.add({ name: 'io.github.example/time', version: '0.6.2', optionId: 'package:0' });
    const second = await caller.registry.add({ name: 'io.github.example/time', version: '0.6.2', optionId: 'package:0' });
    expect([first.name, second.name]).toEqual(['Time', 'Time 2']);
    expect((await caller.registry.get({ name: 'io.github.example/time' })).addedServerIds.sort()).toEqual([first.id, second.id].sort());
    // The same remote record matches a server whose URL fits its template.
    const tickets = await caller.registry.add({ name: 'com.example/tickets', version: '3.2.0', optionId: 'remote:1' });
    expect((await caller.registry.get({ name: 'com.example/tickets' })).addedServerIds).toEqual([tickets.id]);
  });

  it('the npm record of server-everything installs and ends connected, its tools listed', async () => {
    const registry = await startRegistry();
    const { app, caller } = appWithRegistry(registry.url);
    const page = await caller.registry.search({ query: 'everything' });
    expect(page.servers.map((s) => s.name)).toEqual(['io.github.modelcontextprotocol/server-everything']);
    const [record] = page.servers;
    const added = await caller.registry.add({ name: record?.name ?? '', version: record?.version ?? '', optionId: 'package:0' });
    await app.mcp.connect(added.id);
    expect(await app.mcp.getState(added.id)).toMatchObject({ status: 'connected' });
    const tools = await app.mcp.listServerTools(added.id);
    expect(tools.map((tool) => tool.name)).toEqual(expect.arrayContaining(['echo', 'get-sum']));
    expect((await caller.mcp.get({ id: added.id })).status).toBe('connected');
  }, 180_000);
});

describe('the cache', () => {
  it('answers offline with the page it fetched, marked, after a restart too; nothing cached is unreachable', async () => {
    const registry = await startRegistry();
    const dataDir = tempDir();
    const first = appWithRegistry(registry.url, dataDir);
    const online = await first.caller.registry.search({ query: 'example', limit: 5 });
    const record = await first.caller.registry.get({ name: 'io.github.example/time' });
    expect(online.offline).toBe(false);
    await first.app.dispose();
    await registry.close();

    const second = appWithRegistry(registry.url, dataDir);
    const offline = await second.caller.registry.search({ query: 'example', limit: 5 });
    expect(offline).toEqual({ ...online, offline: true });
    expect(await second.caller.registry.get({ name: 'io.github.example/time' })).toEqual(record);
    expect(appErrorData(await rejection(second.caller.registry.search({ query: 'example', limit: 6 })))).toMatchObject({ code: 'REGISTRY_UNREACHABLE' });
    expect(appErrorData(await rejection(second.caller.registry.search({ query: 'other' })))).toMatchObject({ code: 'REGISTRY_UNREACHABLE' });
    // Installing from the cached record works offline too (the package download is the server's business).
    const added = await second.caller.registry.add({ name: 'io.github.example/time', version: record.version, optionId: 'package:0' });
    expect(added.config.args).toEqual(['mcp-server-time==0.6.2', '--local-timezone', 'UTC']);
    const file = fs.statSync(path.join(dataDir, 'registry-cache.json'));
    expect(file.mode & 0o077).toBe(0);
  });

  it('a registry failing with a 5xx also falls back to the cache; other bad answers do not', async () => {
    const registry = await startRegistry();
    const { caller } = appWithRegistry(registry.url);
    const online = await caller.registry.search({ query: 'time' });
    expect(online.servers.map((s) => s.name)).toEqual(['io.github.example/time']);
    registry.setFault('500');
    expect(await caller.registry.search({ query: 'time' })).toEqual({ ...online, offline: true });
    registry.setFault('html');
    expect(appErrorData(await rejection(caller.registry.search({ query: 'time' })))).toMatchObject({ code: 'REGISTRY_BAD_RESPONSE' });
    registry.setFault(undefined);
    expect((await caller.registry.search({ query: 'time' })).offline).toBe(false);
  });
});
