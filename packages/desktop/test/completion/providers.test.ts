/**
 * Settings → Providers through the real router, services, SQLite file and SecretStore: the key is
 * sealed on disk and never comes back; validation speaks field errors like the MCP server form.
 */
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { DATABASE_FILE } from '../../app/main/db/database';
import { appErrorData } from '../../app/main/routers/trpc';
import { openApp, rejection } from '../support/appHarness';
import { tempDir } from '../support/tempDir';
import { baseUrlFor, closedPort, scripted } from './helpers';

const KEY = 'sk-live-DO-NOT-LEAK-7c1e55a0';

function setup(dataDir = tempDir()) {
  return openApp({ dataDir });
}

const openai = { name: 'OpenAI', kind: 'openai' as const, apiKey: KEY, models: ['gpt-4o-mini'] };

describe('providers router', () => {
  it('adds, lists, gets, updates and removes a provider; the record never carries the key', async () => {
    const { caller } = setup();
    const added = await caller.providers.add(openai);
    expect(added).toMatchObject({ name: 'OpenAI', kind: 'openai', models: ['gpt-4o-mini'], hasApiKey: true });
    expect(JSON.stringify(added)).not.toContain(KEY);
    expect(await caller.providers.list()).toEqual([added]);
    expect(await caller.providers.get({ id: added.id })).toEqual(added);

    // A new base URL needs the key again (it is not sent to another host unasked).
    const updated = await caller.providers.update({ id: added.id, name: 'OpenAI work', kind: 'openai', models: ['gpt-4o', 'o3'], baseUrl: 'https://proxy.example.com/v1', apiKey: KEY });
    expect(updated).toMatchObject({ name: 'OpenAI work', models: ['gpt-4o', 'o3'], baseUrl: 'https://proxy.example.com/v1', hasApiKey: true });
    expect(JSON.stringify(await caller.providers.list())).not.toContain(KEY);

    expect(await caller.providers.remove({ id: added.id })).toEqual({ id: added.id });
    expect(await caller.providers.list()).toEqual([]);
    const gone = await rejection(caller.providers.get({ id: added.id }));
    expect(gone.code).toBe('NOT_FOUND');
    expect(appErrorData(gone)).toEqual({ code: 'PROVIDER_NOT_CONFIGURED', params: { id: added.id } });
  });

  it('seals the key: it is not in the database file, and resolve() opens it in main', async () => {
    const { services, caller, dataDir } = setup();
    const added = await caller.providers.add(openai);
    services.db.pragma('wal_checkpoint(TRUNCATE)');
    for (const file of fs.readdirSync(dataDir).filter((f) => f.startsWith(DATABASE_FILE))) {
      expect(fs.readFileSync(path.join(dataDir, file)).includes(KEY), file).toBe(false);
    }
    const row = services.db.prepare<[string], { sealed_api_key: string }>('SELECT sealed_api_key FROM providers WHERE id = ?').get(added.id)!;
    expect(row.sealed_api_key.startsWith('fk1:')).toBe(true);
    expect(services.providers.resolve(added.id).apiKey).toBe(KEY);
  });

  it('keeps the stored key on an update without one, and replaces it with a new one', async () => {
    const { services, caller } = setup();
    const { id } = await caller.providers.add(openai);
    await caller.providers.update({ id, ...openai, apiKey: '' });
    expect(services.providers.resolve(id).apiKey).toBe(KEY);
    await caller.providers.update({ id, ...openai, apiKey: undefined });
    expect(services.providers.resolve(id).apiKey).toBe(KEY);
    await caller.providers.update({ id, ...openai, apiKey: 'sk-new' });
    expect(services.providers.resolve(id).apiKey).toBe('sk-new');
  });

  it('reports validation as field errors', async () => {
    const { caller } = setup();
    const bad = await rejection(caller.providers.add({ name: ' ', kind: 'openai', models: [], baseUrl: 'ftp://x' }));
    expect(bad.code).toBe('BAD_REQUEST');
    expect(appErrorData(bad)).toEqual({
      code: 'VALIDATION',
      fieldErrors: [
        { field: 'name', code: 'required' },
        { field: 'baseUrl', code: 'invalidHttpUrl' },
        { field: 'models', code: 'required' },
      ],
    });
    const kind = await rejection(caller.providers.add({ name: 'x', kind: 'azure' as never, models: ['m'] }));
    expect(appErrorData(kind).fieldErrors).toEqual([{ field: 'kind', code: 'invalid' }]);
    const extra = await rejection(caller.providers.add({ ...openai, org: 'o' } as never));
    expect(appErrorData(extra).fieldErrors).toEqual([{ field: 'org', code: 'unknownField' }]);
  });

  it('requires a base URL for an openai-compatible endpoint, and only there', async () => {
    const { caller } = setup();
    const missing = await rejection(caller.providers.add({ name: 'Ollama', kind: 'openai-compatible', models: ['llama3'] }));
    expect(appErrorData(missing)).toEqual({ code: 'VALIDATION', fieldErrors: [{ field: 'baseUrl', code: 'required' }] });
    const ollama = await caller.providers.add({ name: 'Ollama', kind: 'openai-compatible', baseUrl: 'http://127.0.0.1:11434/v1', models: ['llama3'] });
    expect(ollama).toMatchObject({ hasApiKey: false, baseUrl: 'http://127.0.0.1:11434/v1' });
  });

  it('keeps names unique ignoring case, on add and on update', async () => {
    const { caller } = setup();
    const first = await caller.providers.add(openai);
    const dup = await rejection(caller.providers.add({ ...openai, name: 'openai' }));
    // The error names the provider that has the name.
    expect(appErrorData(dup)).toEqual({ code: 'VALIDATION', fieldErrors: [{ field: 'name', code: 'duplicate', params: { name: 'OpenAI' } }] });
    const second = await caller.providers.add({ ...openai, name: 'Other' });
    const rename = await rejection(caller.providers.update({ id: second.id, ...openai, name: 'OPENAI' }));
    expect(appErrorData(rename).fieldErrors?.[0]?.code).toBe('duplicate');
    // Renaming a provider to its own name in another case is not a clash.
    expect((await caller.providers.update({ id: first.id, ...openai, name: 'OPENAI' })).name).toBe('OPENAI');
  });

  it('validates the same way when called without the router (CLI)', () => {
    const { services } = setup();
    expect(() => services.providers.add({ name: 'x', kind: 'google', models: [''] })).toThrow(expect.objectContaining({ code: 'VALIDATION', fieldErrors: [{ field: 'models.0', code: 'required' }] }));
  });
});

describe('test connection', () => {
  it.each(['openai', 'anthropic', 'google'] as const)('%s: lists the models with a latency, or names the failure', async (kind) => {
    const server = await scripted({ script: { apiKey: KEY, models: ['model-a', 'model-b'] } });
    const { caller } = setup();
    const good = await caller.providers.add({ name: 'good', kind, apiKey: KEY, baseUrl: baseUrlFor(kind, server.url), models: ['model-a'] });
    const result = await caller.providers.test({ id: good.id });
    expect(result).toEqual({ ok: true, latencyMs: expect.any(Number), models: ['model-a', 'model-b'] });
    expect(server.requests[0]).toMatchObject({ method: 'GET', outcome: 'models', format: kind });

    const wrong = await caller.providers.add({ name: 'wrong', kind, apiKey: 'sk-wrong', baseUrl: baseUrlFor(kind, server.url), models: ['model-a'] });
    expect(await caller.providers.test({ id: wrong.id })).toEqual({ ok: false, code: 'PROVIDER_AUTH', status: 401, detail: 'Invalid API key provided.' });

    const port = await closedPort();
    const down = await caller.providers.add({ name: 'down', kind, apiKey: KEY, baseUrl: baseUrlFor(kind, `http://127.0.0.1:${port}`), models: ['m'] });
    expect(await caller.providers.test({ id: down.id })).toMatchObject({ ok: false, code: 'PROVIDER_NETWORK' });
  });

  it('reports a provider without a key as not configured, without a request', async () => {
    const { caller } = setup();
    const added = await caller.providers.add({ name: 'keyless', kind: 'anthropic', baseUrl: 'http://127.0.0.1:9', models: ['m'] });
    expect(await caller.providers.test({ id: added.id })).toMatchObject({ ok: false, code: 'PROVIDER_NOT_CONFIGURED' });
  });

  it('gives up after the timeout with PROVIDER_NETWORK', async () => {
    const { services } = setup();
    // Accepts the request and never answers.
    const silent = http.createServer(() => undefined);
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', () => resolve()));
    const { port } = silent.address() as AddressInfo;
    try {
      const { id } = services.providers.add({ name: 'slow', kind: 'openai', apiKey: KEY, baseUrl: `http://127.0.0.1:${port}/v1`, models: ['m'] });
      const result = await services.completion.testConnection(services.providers.resolve(id), { timeoutMs: 200 });
      expect(result).toEqual({ ok: false, code: 'PROVIDER_NETWORK', detail: 'No answer within 200 ms.' });
    } finally {
      silent.closeAllConnections();
      silent.close();
    }
  });
});
