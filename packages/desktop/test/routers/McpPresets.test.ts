import fs from 'node:fs';
import path from 'node:path';
import { TRPCError } from '@trpc/server';
import { afterEach, describe, expect, it } from 'vitest';
import { createAppServices, type AppServices } from '../../app/main/index';
import { CUSTOM_PRESETS_FILE, CUSTOM_PRESETS_MAX_BYTES } from '../../app/main/presets/customPresets';
import { createAppCaller } from '../../app/main/routers/appRouter';
import { appErrorData } from '../../app/main/routers/trpc';
import { OFFICIAL_MCP_PRESETS } from '../../app/shared/mcp-presets';
import { tempDir } from '../support/tempDir';

const open: AppServices[] = [];
afterEach(async () => {
  for (const services of open.splice(0)) await services.dispose();
});

const searchPreset = {
  id: 'team-search',
  name: 'Team Search',
  provider: 'example',
  category: 'search',
  description: 'Searches the team wiki.',
  tools: ['search'],
  transportType: 'stdio',
  command: 'npx',
  args: ['-y', '@example/team-search@1.2.3'],
  requiresApiKey: true,
  apiKeyEnvVar: 'TEAM_SEARCH_KEY',
  extraEnv: { TEAM_SEARCH_REGION: 'eu' },
  linkedProviderIds: ['perplexity'],
  package: { registry: 'npm', name: '@example/team-search', version: '1.2.3', checkedOn: '2026-11-30' },
  icon: 'search',
};

const remotePreset = {
  id: 'team-remote',
  name: 'Team Remote',
  provider: 'example',
  category: 'general',
  description: 'A remote server.',
  tools: ['hello'],
  transportType: 'http',
  url: 'https://mcp.example.com/mcp',
  requiresApiKey: true,
  apiKeyHeader: { name: 'Authorization', scheme: 'Bearer' },
  icon: 'globe',
};

function setup(presets: unknown[] = [searchPreset, remotePreset]) {
  const dataDir = tempDir();
  fs.writeFileSync(path.join(dataDir, CUSTOM_PRESETS_FILE), JSON.stringify({ presets }));
  const warnings: string[] = [];
  const logger = { info: () => {}, warn: (m: string) => warnings.push(m), error: () => {} };
  const services = createAppServices({ dataDir, logger });
  open.push(services);
  return { services, caller: createAppCaller({ services }), warnings };
}

async function validationFields(promise: Promise<unknown>): Promise<unknown> {
  const error = await promise.then(() => undefined, (e: unknown) => e);
  expect(error).toBeInstanceOf(TRPCError);
  const data = appErrorData(error as TRPCError);
  expect(data?.code).toBe('VALIDATION');
  return data?.fieldErrors;
}

describe('mcp.presets', () => {
  it('lists the built-in catalogue, then the data directory’s presets, none added yet', async () => {
    const { caller } = setup();
    const list = await caller.mcp.presets.list();
    expect(list.map((v) => v.preset.id)).toEqual([...OFFICIAL_MCP_PRESETS.map((p) => p.id), 'team-search', 'team-remote']);
    expect(list.at(-1)).toMatchObject({ source: 'custom', addedServerIds: [] });
    expect(list[0]).toMatchObject({ source: 'official', addedServerIds: [] });
    expect(list.every((v) => v.keyProvider === undefined)).toBe(true);
  });

  it('names each missing answer and stores nothing', async () => {
    const { caller } = setup();
    expect(await validationFields(caller.mcp.presets.add({ presetId: 'team-search' }))).toEqual([{ field: 'apiKey', code: 'required' }]);
    expect(await validationFields(caller.mcp.presets.add({ presetId: 'filesystem', inputs: { folder: 'relative/dir' } }))).toEqual([
      { field: 'inputs.folder', code: 'absolutePath' },
    ]);
    expect(await validationFields(caller.mcp.presets.add({ presetId: 'filesystem' }))).toEqual([{ field: 'inputs.folder', code: 'required' }]);
    expect(await caller.mcp.list()).toEqual([]);
  });

  it('adds a preset with the typed key and fixed variables, then shows it as added', async () => {
    const { caller, services } = setup();
    const added = await caller.mcp.presets.add({ presetId: 'team-search', apiKey: ' key-typed-123 ' });
    expect(added).toMatchObject({ name: 'Team Search', type: 'stdio', enabled: true });
    expect(services.mcpServers.get(added.id).config).toMatchObject({
      command: 'npx',
      args: ['-y', '@example/team-search@1.2.3'],
      env: { TEAM_SEARCH_KEY: 'key-typed-123', TEAM_SEARCH_REGION: 'eu' },
    });
    const view = (await caller.mcp.presets.list()).find((v) => v.preset.id === 'team-search');
    expect(view?.addedServerIds).toEqual([added.id]);
    // Added twice: a second server with a free name, both listed.
    const second = await caller.mcp.presets.add({ presetId: 'team-search', apiKey: 'k2' });
    expect(second.name).toBe('Team Search 2');
    expect((await caller.mcp.presets.list()).find((v) => v.preset.id === 'team-search')?.addedServerIds).toEqual([added.id, second.id]);
  });

  it('borrows the key of a linked provider, but never for a provider of another host', async () => {
    const { caller, services } = setup();
    await caller.providers.add({ name: 'Elsewhere', kind: 'openai-compatible', baseUrl: 'https://api.example.org/v1', apiKey: 'sk-other', models: ['m'] });
    expect((await caller.mcp.presets.list()).find((v) => v.preset.id === 'team-search')?.keyProvider).toBeUndefined();

    const pplx = await caller.providers.add({ name: 'Perplexity', kind: 'openai-compatible', baseUrl: 'https://api.perplexity.ai', apiKey: 'pplx-linked-456', models: ['sonar'] });
    expect((await caller.mcp.presets.list()).find((v) => v.preset.id === 'team-search')?.keyProvider).toEqual({ id: pplx.id, name: 'Perplexity' });

    const added = await caller.mcp.presets.add({ presetId: 'team-search' });
    // A reference, read when the server starts: never a copy of the key.
    expect(services.mcpServers.get(added.id).config).toMatchObject({ env: { TEAM_SEARCH_REGION: 'eu' }, keyRefs: { env: { TEAM_SEARCH_KEY: { providerId: pplx.id, link: 'perplexity' } } } });
    expect(added.config.env).toEqual({ TEAM_SEARCH_REGION: '••••', TEAM_SEARCH_KEY: '••••' });
    // A typed key wins over the provider's.
    const typed = await caller.mcp.presets.add({ presetId: 'team-search', apiKey: 'typed' });
    expect(services.mcpServers.get(typed.id).config.env).toMatchObject({ TEAM_SEARCH_KEY: 'typed' });
  });

  it('puts an HTTP preset’s key in its header with the scheme', async () => {
    const { caller, services } = setup();
    const added = await caller.mcp.presets.add({ presetId: 'team-remote', apiKey: 'tok-789' });
    expect(services.mcpServers.get(added.id).config).toEqual({ url: 'https://mcp.example.com/mcp', headers: { Authorization: 'Bearer tok-789' } });
  });

  it('fills a folder placeholder as one argument, spaces and all', async () => {
    const { caller, services } = setup();
    const folder = path.join(tempDir(), 'My Documents');
    fs.mkdirSync(folder);
    const added = await caller.mcp.presets.add({ presetId: 'filesystem', inputs: { folder } });
    expect(services.mcpServers.get(added.id).config.args?.at(-1)).toBe(folder);
  });

  it('refuses a folder that does not exist, or is a file, as folderNotFound and stores nothing', async () => {
    const { caller } = setup();
    const dir = tempDir();
    const file = path.join(dir, 'notes.txt');
    fs.writeFileSync(file, 'not a folder');
    expect(await validationFields(caller.mcp.presets.add({ presetId: 'filesystem', inputs: { folder: path.join(dir, 'missing') } }))).toEqual([
      { field: 'inputs.folder', code: 'folderNotFound' },
    ]);
    expect(await validationFields(caller.mcp.presets.add({ presetId: 'filesystem', inputs: { folder: file } }))).toEqual([
      { field: 'inputs.folder', code: 'folderNotFound' },
    ]);
    expect(await caller.mcp.list()).toEqual([]);
  });

  it('leaves out a custom preset that does not validate or reuses an id, and says why in the log', async () => {
    const { caller, warnings } = setup([
      { ...searchPreset, id: 'Bad Id' },
      { ...remotePreset, url: 'ftp://x' },
      { ...remotePreset, id: 'filesystem' },
      remotePreset,
    ]);
    const ids = (await caller.mcp.presets.list()).map((v) => v.preset.id);
    expect(ids.filter((id) => id.startsWith('team-'))).toEqual(['team-remote']);
    expect(warnings.join('\n')).toMatch(/preset 1: id/);
    expect(warnings.join('\n')).toMatch(/preset 2: url/);
    expect(warnings.join('\n')).toMatch(/preset 3: id "filesystem" is already taken/);
    // Listed again: the same problems are not logged twice.
    const logged = warnings.length;
    await caller.mcp.presets.list();
    expect(warnings).toHaveLength(logged);
  });

  it('does not read a presets.json larger than 1 MiB, and says so in the log', async () => {
    const { caller, warnings } = setup([{ ...remotePreset, description: 'x'.repeat(CUSTOM_PRESETS_MAX_BYTES) }]);
    const ids = (await caller.mcp.presets.list()).map((v) => v.preset.id);
    expect(ids.filter((id) => id.startsWith('team-'))).toEqual([]);
    expect(warnings.join('\n')).toMatch(/presets\.json: \d+ bytes, more than 1048576; not read/);
  });

  it('has no folder chooser without one (the headless host), and uses the one it is given', async () => {
    const { caller } = setup();
    expect(await caller.dialogs.folderPicker()).toEqual({ available: false });
    expect(await caller.dialogs.pickFolder({ title: 'Folder' })).toEqual({ path: null });

    const asked: string[] = [];
    const services = createAppServices({ dataDir: tempDir(), pickFolder: async (title) => (asked.push(title), '/picked') });
    open.push(services);
    const withPicker = createAppCaller({ services });
    expect(await withPicker.dialogs.folderPicker()).toEqual({ available: true });
    expect(await withPicker.dialogs.pickFolder({ title: 'Folder' })).toEqual({ path: '/picked' });
    expect(asked).toEqual(['Folder']);
  });

  it('a team preset may offer a choice that fills a fixed variable; a default that is no option is refused', async () => {
    const regional = {
      ...searchPreset,
      id: 'team-regional',
      extraEnv: { TEAM_HOST: '{region}' },
      inputs: [{ key: 'region', kind: 'choice', options: [{ id: 'eu', value: 'https://eu.example' }, { id: 'us', value: 'https://us.example' }], default: 'eu' }],
    };
    const broken = { ...regional, id: 'team-broken', inputs: [{ ...regional.inputs[0], default: 'mars' }] };
    const { caller, services, warnings } = setup([regional, broken]);
    expect((await caller.mcp.presets.list()).map((v) => v.preset.id)).toContain('team-regional');
    expect(warnings.join('\n')).toMatch(/preset 2: inputs\.0\.default: default is not one of the options/);

    const added = await caller.mcp.presets.add({ presetId: 'team-regional', apiKey: 'k', inputs: { region: 'us' } });
    expect(services.mcpServers.get(added.id).config.env).toMatchObject({ TEAM_HOST: 'https://us.example' });
    expect(await validationFields(caller.mcp.presets.add({ presetId: 'team-regional', apiKey: 'k', inputs: { region: 'mars' } }))).toEqual([
      { field: 'inputs.region', code: 'invalid' },
    ]);
  });

  it('an unknown preset is PRESET_NOT_FOUND, naming it, and travels as a not-found (not a 500)', async () => {
    const { caller } = setup();
    const error = await caller.mcp.presets.add({ presetId: 'nope' }).then(() => undefined, (e: unknown) => e);
    expect(appErrorData(error as TRPCError)).toEqual({ code: 'PRESET_NOT_FOUND', params: { id: 'nope' } });
    expect((error as TRPCError).code).toBe('NOT_FOUND');
  });
});
