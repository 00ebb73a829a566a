import { describe, expect, it } from 'vitest';
import { RegistryCache } from '../../app/main/registry/RegistryCache';
import { RegistryClient } from '../../app/main/registry/RegistryClient';
import { RegistryService } from '../../app/main/registry/RegistryService';
import { appErrorData } from '../../app/main/routers/trpc';
import { tempDir } from '../support/tempDir';
import { rejection } from '../support/appHarness';
import { appWithRegistry, startRegistry } from './registryHarness';

describe('registry router against the fixture registry', () => {
  it('searches one page at a time and pages through every active server with the cursors', async () => {
    const registry = await startRegistry();
    const { caller } = appWithRegistry(registry.url);
    const names: string[] = [];
    let cursor: string | undefined;
    let pages = 0;
    do {
      const page = await caller.registry.search({ query: '', limit: 7, ...(cursor ? { cursor } : {}) });
      expect(page).toMatchObject({ offline: false, registryUrl: registry.url });
      names.push(...page.servers.map((server) => server.name));
      cursor = page.nextCursor;
      pages += 1;
    } while (cursor);
    expect(pages).toBeGreaterThanOrEqual(6);
    // 42 latest records, less the deprecated and the deleted one.
    expect(names).toHaveLength(40);
    expect(new Set(names).size).toBe(40);
    expect(names).toContain('io.github.modelcontextprotocol/server-everything');
    expect(names).not.toContain('io.github.example/old-notes');
    expect(names).not.toContain('io.github.example/pulled');
  });

  it('marks deprecated and deleted records with their status when asked to include them', async () => {
    const registry = await startRegistry();
    const { caller } = appWithRegistry(registry.url);
    const page = await caller.registry.search({ query: 'io.github.example/', includeInactive: true, limit: 100 });
    const statuses = Object.fromEntries(page.servers.map((s) => [s.name, [s.status, s.isLatest, s.updatedAt]]));
    expect(statuses['io.github.example/old-notes']).toEqual(['deprecated', true, '2025-12-01T10:00:00Z']);
    expect(page.servers.find((s) => s.name === 'io.github.example/old-notes')?.statusMessage).toBe('Use io.github.example/notes instead');
    // Deleted records come only when asked for (include_deleted), as from the official registry.
    const active = await caller.registry.search({ query: 'io.github.example/', limit: 100 });
    expect(active.servers.map((s) => s.name)).not.toContain('io.github.example/pulled');
    expect(registry.requests.filter((r) => r.startsWith('/v0.1/servers?')).map((r) => r.includes('include_deleted=true'))).toEqual([true, false]);
    expect(statuses['io.github.example/pulled']).toEqual(['deleted', true, '2025-12-02T10:00:00Z']);
    expect(statuses['io.github.example/weather']).toEqual(['active', true, '2026-02-01T10:00:00Z']);
    // Older versions are there for get, not for the list (version=latest).
    expect(page.servers.filter((s) => s.name === 'io.github.example/weather')).toHaveLength(1);
    expect(await caller.registry.get({ name: 'io.github.example/weather', version: '1.0.0' })).toMatchObject({ version: '1.0.0', isLatest: false, publishedAt: '2025-10-01T10:00:00Z' });
  });

  it('gets a record with its install options and adds its npm package as a server', async () => {
    const registry = await startRegistry();
    const { caller } = appWithRegistry(registry.url);
    const record = await caller.registry.get({ name: 'io.github.modelcontextprotocol/server-everything' });
    expect(record).toMatchObject({ version: '2026.8.31', status: 'active', isLatest: true, addedServerIds: [] });
    expect(record.options).toEqual([
      expect.objectContaining({ id: 'package:0', kind: 'npm', runtime: 'node', supported: true, summary: 'npx -y @modelcontextprotocol/server-everything@2026.8.31', fields: [] }),
    ]);
    const added = await caller.registry.add({ name: record.name, version: record.version, optionId: 'package:0' });
    expect(added).toMatchObject({ name: 'Everything', type: 'stdio', config: { command: 'npx', args: ['-y', '@modelcontextprotocol/server-everything@2026.8.31'] } });
    expect((await caller.registry.get({ name: record.name })).addedServerIds).toEqual([added.id]);
  });

  it('names a missing answer and stores nothing', async () => {
    const registry = await startRegistry();
    const { caller } = appWithRegistry(registry.url);
    const error = appErrorData(await rejection(caller.registry.add({ name: 'io.github.example/weather', version: '1.1.0', optionId: 'package:0' })));
    expect(error).toEqual({ code: 'VALIDATION', fieldErrors: [{ field: 'inputs.env.WEATHER_API_KEY', code: 'required' }] });
    expect(await caller.mcp.list()).toEqual([]);
  });
});

describe('registry.checkRuntime', () => {
  it('checks the command the option runs (node → npx, uv → uvx) like the preset dialog', async () => {
    const registry = await startRegistry();
    const { caller } = appWithRegistry(registry.url);
    const node = await caller.registry.checkRuntime({ runtime: 'node' });
    expect(node).toMatchObject({ command: 'npx', found: true, path: expect.stringMatching(/npx$/) });
    const uv = await caller.registry.checkRuntime({ runtime: 'uv' });
    expect(uv.command).toBe('uvx');
    expect(appErrorData(await rejection(caller.registry.checkRuntime({ runtime: 'docker' as 'node' })))).toMatchObject({ code: 'VALIDATION' });
  });
});

describe('registry views', () => {
  it('shows an https icon of the record (image/jpg read as image/jpeg) and never a javascript: or http: one', async () => {
    const registry = await startRegistry();
    const { app } = appWithRegistry(registry.url);
    const record = (icons: unknown[]) => ({ server: { name: 'io.github.x/icons', description: 'd', version: '1.0.0', icons } });
    const answers = [
      record([{ src: 'javascript:alert(1)' }, { src: 'http://example.com/a.png' }, { src: 'https://example.com/b.jpg', mimeType: 'image/jpg' }]),
      record([{ src: 'javascript:alert(1)', mimeType: 'image/png' }]),
    ];
    let call = 0;
    const fetchOne: typeof fetch = () => Promise.resolve(new Response(JSON.stringify(answers[call++]), { status: 200 }));
    const service = new RegistryService({ client: new RegistryClient({ fetch: fetchOne }), cache: new RegistryCache(tempDir()), servers: app.mcpServers, secretInputs: app.secretInputs, registryUrl: () => registry.url, dockerAvailable: () => Promise.resolve(false) });
    expect((await service.get({ name: 'io.github.x/icons' })).icon).toBe('https://example.com/b.jpg');
    expect((await service.get({ name: 'io.github.x/icons' })).icon).toBeUndefined();
  });
});
