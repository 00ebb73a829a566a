/**
 * A preset that borrows an LLM provider's key stores a reference, resolved when the server starts:
 * the key is never copied into the server's record or listed, follows the provider's key, and stops
 * when the provider no longer matches the preset's link. Rows stored by the copying versions are
 * rewritten (secrets layout 2). Real composition root, SQLite file and stdio server process.
 */
import fs from 'node:fs';
import path from 'node:path';
import { TRPCError } from '@trpc/server';
import { afterEach, describe, expect, it } from 'vitest';
import { DATABASE_FILE, openDatabase } from '../../app/main/db/database';
import { createAppServices, type AppServices } from '../../app/main/index';
import { CUSTOM_PRESETS_FILE } from '../../app/main/presets/customPresets';
import { createAppCaller } from '../../app/main/routers/appRouter';
import { appErrorData } from '../../app/main/routers/trpc';
import { SafeStorageSecretStore } from '../../app/main/electron/SafeStorageSecretStore';
import { FileKeySecretStore } from '../../app/main/secrets/FileKeySecretStore';
import { SECRET_SET } from '../../app/shared/contracts/secrets';
import { fixture } from '../mcp/helpers';
import { safeStorage } from '../fakes/electron';
import { tempDir } from '../support/tempDir';

const opened: AppServices[] = [];
afterEach(async () => {
  for (const services of opened.splice(0)) await services.dispose();
});

/** A custom preset running the whoami fixture, whose key a Perplexity provider may lend. */
const whoamiPreset = {
  id: 'key-echo',
  name: 'Key Echo',
  provider: 'example',
  category: 'search',
  description: 'Shows the key it got.',
  tools: ['whoami'],
  transportType: 'stdio',
  command: process.execPath,
  args: [fixture('whoami-server.mjs'), '@example/key-echo@1.0.0'],
  requiresApiKey: true,
  apiKeyEnvVar: 'PPLX_KEY',
  extraEnv: { MCP_FIXTURE_SHOW: 'PPLX_KEY' },
  linkedProviderIds: ['perplexity'],
  package: { registry: 'npm', name: '@example/key-echo', version: '1.0.0', checkedOn: '2026-12-01' },
  icon: 'search',
};

function open(dataDir: string) {
  const services = createAppServices({ dataDir });
  opened.push(services);
  return { services, caller: createAppCaller({ services }) };
}

function dataDirWithPreset(): string {
  const dataDir = tempDir('borrowed-');
  fs.writeFileSync(path.join(dataDir, CUSTOM_PRESETS_FILE), JSON.stringify({ presets: [whoamiPreset] }));
  return dataDir;
}

async function keySeen(caller: ReturnType<typeof createAppCaller>, id: string): Promise<unknown> {
  const result = await caller.mcp.callTool({ id, tool: 'whoami', arguments: {} });
  const text = (result.content as { text: string }[])[0]?.text ?? '{}';
  return (JSON.parse(text) as { env: Record<string, unknown> }).env.PPLX_KEY;
}

const perplexity = { name: 'Perplexity', kind: 'openai-compatible' as const, baseUrl: 'https://api.perplexity.ai', apiKey: 'pplx-first-key', models: ['sonar'] };

describe('a key a preset borrows from a provider', () => {
  it('is a reference: not in the record, listed as set, read from the provider at each start', async () => {
    const dataDir = dataDirWithPreset();
    const { services, caller } = open(dataDir);
    const provider = await caller.providers.add(perplexity);
    const added = await caller.mcp.presets.add({ presetId: 'key-echo' });

    expect(added.config.env).toEqual({ MCP_FIXTURE_SHOW: SECRET_SET, PPLX_KEY: SECRET_SET });
    expect(services.mcpServers.get(added.id).config).toMatchObject({ env: { MCP_FIXTURE_SHOW: 'PPLX_KEY' }, keyRefs: { env: { PPLX_KEY: { providerId: provider.id, link: 'perplexity' } } } });
    expect(JSON.stringify([services.mcpServers.list(), await caller.mcp.list()])).not.toContain('pplx-first-key');

    expect(await keySeen(caller, added.id)).toBe('pplx-first-key');

    // A new key for the provider is what the server gets at its next start.
    await caller.providers.update({ id: provider.id, ...perplexity, apiKey: 'pplx-second-key' });
    await caller.mcp.restart({ id: added.id });
    expect(await keySeen(caller, added.id)).toBe('pplx-second-key');

    // An edit that leaves the masked value alone keeps the reference.
    const listed = await caller.mcp.get({ id: added.id });
    if (listed.type !== 'stdio') throw new Error('stdio expected');
    await caller.mcp.update({ id: added.id, name: 'Key Echo renamed', type: 'stdio', command: listed.config.command ?? '', args: listed.config.args, env: listed.config.env });
    expect(services.mcpServers.get(added.id).config.keyRefs).toEqual({ env: { PPLX_KEY: { providerId: provider.id, link: 'perplexity' } } });
    // …but not for another program: the borrowed key goes only to what it was lent to.
    const otherProgram = await caller.mcp.update({ id: added.id, name: 'Key Echo renamed', type: 'stdio', command: listed.config.command ?? '', args: [...(listed.config.args ?? []), '--extra'], env: listed.config.env }).then(
      () => undefined,
      (e: unknown) => e,
    );
    expect(otherProgram).toBeInstanceOf(TRPCError);
    expect(appErrorData(otherProgram as TRPCError).fieldErrors).toEqual([{ field: 'env.PPLX_KEY', code: 'reenterForNewAddress' }]);
    const logs = await caller.mcp.logs({ id: added.id });
    expect(JSON.stringify(logs)).not.toMatch(/pplx-(first|second)-key/);
  });

  it('is not lent once the provider points elsewhere or is gone: the start fails with KEY_SOURCE_MISSING', async () => {
    const dataDir = dataDirWithPreset();
    const { services, caller } = open(dataDir);
    const provider = await caller.providers.add(perplexity);
    const added = await caller.mcp.presets.add({ presetId: 'key-echo' });

    await caller.providers.update({ id: provider.id, ...perplexity, baseUrl: 'https://proxy.example.com/v1', apiKey: 'proxy-key' });
    const moved = await services.mcp.connect(added.id).then(
      () => undefined,
      (e: unknown) => e,
    );
    expect(moved).toMatchObject({ code: 'KEY_SOURCE_MISSING', params: { server: 'Key Echo', provider: 'Perplexity', field: 'env.PPLX_KEY' } });

    await caller.providers.remove({ id: provider.id });
    const gone = await services.mcp.connect(added.id).then(
      () => undefined,
      (e: unknown) => e,
    );
    expect(gone).toMatchObject({ code: 'KEY_SOURCE_MISSING', params: { provider: provider.id } });
    expect((await caller.mcp.get({ id: added.id })).connection?.lastError?.code).toBe('KEY_SOURCE_MISSING');
  });
});

describe('server rows stored before secrets layout 2', () => {
  it('are rewritten at start: URL and argument secrets sealed, a copied provider key made a reference', async () => {
    const dataDir = dataDirWithPreset();
    const { services, caller } = open(dataDir);
    const provider = await caller.providers.add(perplexity);
    await services.dispose();
    opened.splice(0);

    // Rows as the earlier layout wrote them: secrets in the plain columns, the borrowed key copied.
    const db = openDatabase(path.join(dataDir, DATABASE_FILE));
    const store = new FileKeySecretStore(dataDir);
    const insert = db.prepare(
      `INSERT INTO mcp_servers (id, name, name_key, type, command, args_json, watch_paths_json, url, sealed_secrets, timeout_sec, enabled, created_at, updated_at)
       VALUES (@id, @name, @nameKey, @type, @command, @args, '[]', @url, @sealed, 60, 1, 't0', 't0')`,
    );
    insert.run({ id: 'old-echo', name: 'Key Echo', nameKey: 'key echo', type: 'stdio', command: process.execPath, args: JSON.stringify(whoamiPreset.args), url: null, sealed: store.seal(JSON.stringify({ env: { PPLX_KEY: 'pplx-first-key', MCP_FIXTURE_SHOW: 'PPLX_KEY' } })) });
    insert.run({ id: 'old-cli', name: 'Cli', nameKey: 'cli', type: 'stdio', command: 'srv', args: JSON.stringify(['--token', 'tk-old-in-clear']), url: null, sealed: store.seal(JSON.stringify({ env: {} })) });
    insert.run({ id: 'old-http', name: 'Remote', nameKey: 'remote', type: 'http', command: null, args: '[]', url: 'https://mcp.example.com/mcp?api_key=q-old-in-clear', sealed: store.seal(JSON.stringify({ headers: {} })) });
    db.close();

    const reopened = open(dataDir);
    const records = new Map(reopened.services.mcpServers.list().map((record) => [record.id, record]));
    expect(records.get('old-echo')?.config).toMatchObject({ env: { MCP_FIXTURE_SHOW: 'PPLX_KEY' }, keyRefs: { env: { PPLX_KEY: { providerId: provider.id, link: 'perplexity' } } } });
    expect(records.get('old-cli')?.config.args).toEqual(['--token', 'tk-old-in-clear']);
    expect(records.get('old-http')?.config.url).toBe('https://mcp.example.com/mcp?api_key=q-old-in-clear');
    expect(records.get('old-echo')?.updatedAt).toBe('t0');

    const rows = reopened.services.db.prepare('SELECT id, args_json, url, sealed_secrets FROM mcp_servers ORDER BY id').all() as { id: string; args_json: string; url: string | null; sealed_secrets: string }[];
    expect(rows.map((row) => [row.id, row.args_json, row.url])).toEqual([
      ['old-cli', JSON.stringify(['--token', SECRET_SET]), null],
      ['old-echo', JSON.stringify(whoamiPreset.args), null],
      ['old-http', '[]', `https://mcp.example.com/mcp?api_key=${SECRET_SET}`],
    ]);
    for (const row of rows) expect(JSON.parse(store.open(row.sealed_secrets))).toMatchObject({ v: 2 });
    expect(JSON.parse(store.open(rows[1]!.sealed_secrets))).not.toHaveProperty('env.PPLX_KEY');

    expect(await keySeen(reopened.caller, 'old-echo')).toBe('pplx-first-key');
  });

  it('sealed with the key file are left for the CLI when the app (safeStorage) starts', async () => {
    const dataDir = tempDir('legacy-fk1-');
    open(dataDir);
    await opened.splice(0)[0]!.dispose();
    const fileStore = new FileKeySecretStore(dataDir);
    const db = openDatabase(path.join(dataDir, DATABASE_FILE));
    const legacy = fileStore.seal(JSON.stringify({ env: {} }));
    db.prepare(
      `INSERT INTO mcp_servers (id, name, name_key, type, command, args_json, watch_paths_json, url, sealed_secrets, timeout_sec, enabled, created_at, updated_at)
       VALUES ('cli-row', 'Cli', 'cli', 'stdio', 'srv', '["--token","tk-old"]', '[]', NULL, ?, 60, 1, 't0', 't0')`,
    ).run(legacy);
    db.close();

    const appStore = new SafeStorageSecretStore({ safeStorage, fallback: () => fileStore });
    const services = createAppServices({ dataDir, secretStore: appStore });
    opened.push(services);
    expect(services.mcpServers.get('cli-row').config.args).toEqual(['--token', 'tk-old']);
    expect(services.db.prepare("SELECT sealed_secrets AS s FROM mcp_servers WHERE id = 'cli-row'").get()).toEqual({ s: legacy });
  });
});
