/**
 * A provider's stored key goes only to the address it was entered for: changing the base URL or the
 * kind without entering the key again is refused (VALIDATION on apiKey), so "Test connection" can
 * never send the old key to a new host. Two OpenAI-format HTTP servers on 127.0.0.1 record what
 * reaches them.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { createAppServices, type AppServices } from '../../app/main/index';
import { createAppCaller } from '../../app/main/routers/appRouter';
import { appErrorData } from '../../app/main/routers/trpc';
import { keyMustBeReentered } from '../../app/shared/contracts/providers';
import { rejection } from '../support/appHarness';
import { tempDir } from '../support/tempDir';

const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

/** Lists one model to anyone, recording the Authorization header of each request. */
async function modelsServer(): Promise<{ baseUrl: string; seen: (string | undefined)[] }> {
  const seen: (string | undefined)[] = [];
  const server = http.createServer((req, res) => {
    seen.push(req.headers.authorization);
    res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ object: 'list', data: [{ id: 'm', object: 'model', created: 0, owned_by: 'x' }] }));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  cleanups.push(
    () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  );
  return { baseUrl: `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`, seen };
}

function setup() {
  const services: AppServices = createAppServices({ dataDir: tempDir('reentry-') });
  cleanups.push(() => services.dispose());
  return createAppCaller({ services });
}

describe('a provider whose address changes', () => {
  it('must be given its key again; until then the old key stays with the old address', async () => {
    const first = await modelsServer();
    const second = await modelsServer();
    const caller = setup();
    const base = { name: 'Proxy', kind: 'openai-compatible' as const, models: ['m'] };
    const provider = await caller.providers.add({ ...base, baseUrl: first.baseUrl, apiKey: 'key-for-first' });

    const refused = await rejection(caller.providers.update({ id: provider.id, ...base, baseUrl: second.baseUrl }));
    expect(refused.code).toBe('BAD_REQUEST');
    expect(appErrorData(refused)).toEqual({ code: 'VALIDATION', fieldErrors: [{ field: 'apiKey', code: 'reenterForNewAddress' }] });
    const kind = await rejection(caller.providers.update({ id: provider.id, ...base, kind: 'openai', baseUrl: first.baseUrl }));
    expect(appErrorData(kind).fieldErrors).toEqual([{ field: 'apiKey', code: 'reenterForNewAddress' }]);

    expect(await caller.providers.get({ id: provider.id })).toMatchObject({ baseUrl: first.baseUrl, kind: 'openai-compatible', hasApiKey: true });
    expect(await caller.providers.test({ id: provider.id })).toMatchObject({ ok: true });
    expect(first.seen).toEqual(['Bearer key-for-first']);
    expect(second.seen).toEqual([]);

    // Renaming or changing the models keeps the key; a new address with its key is fine.
    await caller.providers.update({ id: provider.id, ...base, name: 'Proxy renamed', models: ['m', 'n'], baseUrl: first.baseUrl });
    await caller.providers.update({ id: provider.id, ...base, baseUrl: second.baseUrl, apiKey: 'key-for-second' });
    expect(await caller.providers.test({ id: provider.id })).toMatchObject({ ok: true });
    expect(second.seen).toEqual(['Bearer key-for-second']);
  });

  it('asks again only when a key is stored and the kind or address really changes', () => {
    const stored = { kind: 'openai' as const, baseUrl: undefined, hasApiKey: true };
    expect(keyMustBeReentered(stored, { kind: 'openai' })).toBe(false);
    expect(keyMustBeReentered(stored, { kind: 'openai', baseUrl: ' ' })).toBe(false);
    expect(keyMustBeReentered(stored, { kind: 'openai', baseUrl: 'https://proxy.example.com/v1' })).toBe(true);
    expect(keyMustBeReentered(stored, { kind: 'anthropic' })).toBe(true);
    expect(keyMustBeReentered(stored, { kind: 'anthropic', apiKey: 'new' })).toBe(false);
    expect(keyMustBeReentered({ ...stored, hasApiKey: false }, { kind: 'anthropic' })).toBe(false);
  });
});
