/**
 * Models listed by the provider, through the real router, services and SQLite file against the
 * scripted provider speaking each vendor's wire format: OpenAI `GET /v1/models`, Anthropic
 * `GET /v1/models` (anthropic-version, pages by after_id), Gemini `GET /v1beta/models`
 * (pages by pageToken, chat models only). Cached per provider, refreshable; failures read like
 * "Test connection".
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { LISTED_MODELS_MAX_COUNT } from '../../app/shared/contracts/limits';
import { MODEL_LIST_MAX_PAGES } from '../../app/main/completion/modelList';
import { MODEL_LIST_MAX_BYTES } from '../../app/main/completion/boundedFetch';
import { appErrorData } from '../../app/main/routers/trpc';
import { fieldErrors, openApp, rejection } from '../support/appHarness';
import { tempDir } from '../support/tempDir';
import { baseUrlFor, closedPort, FORMATS, scripted } from './helpers';

const KEY = 'sk-live-models-5d1f0e';

function setup() {
  return openApp({ dataDir: tempDir() });
}

const MODELS = [
  { id: 'model-a', displayName: 'Model A' },
  'model-b',
  { id: 'embed-1', displayName: 'Embedding 1', chat: false },
  { id: 'model-c', displayName: 'Model C' },
];

const servers: http.Server[] = [];
afterEach(() => {
  for (const server of servers.splice(0)) {
    server.closeAllConnections();
    server.close();
  }
});

/** A server that answers every request with `body` as `type` and status 200; `requests` counts them. */
async function answering(type: string, body: string, requests: { count: number } = { count: 0 }): Promise<string> {
  const server = http.createServer((_, res) => {
    requests.count += 1;
    res.setHeader('content-type', type);
    res.end(body);
  });
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

/** A server whose list answer never ends, sent as fast as it is read; `sent` counts its bytes. */
async function endless(sent: { bytes: number }): Promise<string> {
  const chunk = Buffer.from(`{"id":"m","name":"${'y'.repeat(1000)}"},`.repeat(64));
  const server = http.createServer((_, res) => {
    res.setHeader('content-type', 'application/json');
    res.write('{"data":[');
    const pump = () => {
      while (!res.destroyed && res.write(chunk)) sent.bytes += chunk.length;
    };
    res.on('drain', pump);
    pump();
  });
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

/** A server that redirects (307) where `to` says, and answers a Gemini list of model-a where it says nothing. */
async function redirecting(to: (req: http.IncomingMessage) => string | undefined): Promise<string> {
  const server = http.createServer((req, res) => {
    const location = to(req);
    if (location === undefined) {
      res.setHeader('content-type', 'application/json');
      res.end(JSON.stringify({ models: [{ name: 'models/model-a', supportedGenerationMethods: ['generateContent'] }] }));
      return;
    }
    res.statusCode = 307;
    res.setHeader('location', location);
    res.end();
  });
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

describe('providers.models', () => {
  it.each(FORMATS)('%s: lists the models the provider answers, with their display names, over every page', async (kind) => {
    const server = await scripted({ script: { apiKey: KEY, models: MODELS, modelsPageSize: 2 } });
    const { caller } = setup();
    const provider = await caller.providers.add({ name: 'P', kind, apiKey: KEY, baseUrl: baseUrlFor(kind, server.url), models: ['model-a'] });

    const result = await caller.providers.models({ id: provider.id });
    // Gemini lists only models that can chat (generateContent); the others list everything.
    const expected =
      kind === 'google'
        ? [{ id: 'model-a', name: 'Model A' }, { id: 'model-b' }, { id: 'model-c', name: 'Model C' }]
        : [{ id: 'model-a', name: 'Model A' }, { id: 'model-b' }, { id: 'embed-1', name: 'Embedding 1' }, { id: 'model-c', name: 'Model C' }];
    expect(result).toEqual({ ok: true, models: expected, fetchedAt: expect.any(String) });

    const lists = server.requests.filter((r) => r.outcome === 'models');
    // OpenAI's list has no pages; Anthropic and Gemini answered two pages of two.
    expect(lists).toHaveLength(kind === 'openai' ? 1 : 2);
    expect(lists.every((r) => r.apiKey === KEY)).toBe(true);
    if (kind === 'anthropic') {
      // The key itself is checked above (whichever header @anthropic-ai/sdk puts it in).
      expect(lists[0]).toMatchObject({ path: '/v1/models', headers: { 'anthropic-version': expect.any(String) } });
      expect(lists[1]!.query).toMatchObject({ after_id: 'model-b' });
    }
    if (kind === 'google') {
      expect(lists[0]!.path).toBe('/v1beta/models');
      expect(lists[1]!.query).toMatchObject({ pageToken: '2' });
    }
    if (kind === 'openai') expect(lists[0]).toMatchObject({ path: '/v1/models', headers: { authorization: `Bearer ${KEY}` } });
  });

  it('answers from the cache until refreshed, and fetches anew after the provider changes', async () => {
    const server = await scripted({ script: { apiKey: KEY, models: ['one'] } });
    const { caller } = setup();
    const provider = await caller.providers.add({ name: 'P', kind: 'openai-compatible', apiKey: KEY, baseUrl: baseUrlFor('openai', server.url), models: ['one'] });
    const first = await caller.providers.models({ id: provider.id });
    expect(first).toMatchObject({ ok: true, models: [{ id: 'one' }] });

    server.setScript({ apiKey: KEY, models: ['one', 'two'] });
    expect(await caller.providers.models({ id: provider.id })).toEqual(first);
    expect(server.requests).toHaveLength(0);

    expect(await caller.providers.refreshModels({ id: provider.id })).toMatchObject({ ok: true, models: [{ id: 'one' }, { id: 'two' }] });
    expect(await caller.providers.models({ id: provider.id })).toMatchObject({ models: [{ id: 'one' }, { id: 'two' }] });
    expect(server.requests).toHaveLength(1);

    server.setScript({ apiKey: KEY, models: ['three'] });
    await caller.providers.update({ id: provider.id, name: 'P', kind: 'openai-compatible', baseUrl: baseUrlFor('openai', server.url), models: ['one'] });
    expect(await caller.providers.models({ id: provider.id })).toMatchObject({ models: [{ id: 'three' }] });
  });

  it('two looks while a fetch runs share it', async () => {
    const server = await scripted({ script: { apiKey: KEY, models: ['one'] } });
    const { caller } = setup();
    const provider = await caller.providers.add({ name: 'P', kind: 'openai', apiKey: KEY, baseUrl: baseUrlFor('openai', server.url), models: ['one'] });
    const [a, b] = await Promise.all([caller.providers.models({ id: provider.id }), caller.providers.models({ id: provider.id })]);
    expect(a).toEqual(b);
    expect(server.requests).toHaveLength(1);
  });

  it.each(FORMATS)('%s: a wrong key or a closed port is a result naming the failure, and is not cached', async (kind) => {
    const server = await scripted({ script: { apiKey: KEY, models: ['m'] } });
    const { caller } = setup();
    const wrong = await caller.providers.add({ name: 'wrong', kind, apiKey: 'sk-wrong', baseUrl: baseUrlFor(kind, server.url), models: ['m'] });
    expect(await caller.providers.models({ id: wrong.id })).toEqual({ ok: false, code: 'PROVIDER_AUTH', status: 401, detail: 'Invalid API key provided.' });
    await caller.providers.models({ id: wrong.id });
    expect(server.requests.filter((r) => r.outcome === 'unauthorized')).toHaveLength(2);

    const port = await closedPort();
    const down = await caller.providers.add({ name: 'down', kind, apiKey: KEY, baseUrl: baseUrlFor(kind, `http://127.0.0.1:${port}`), models: ['m'] });
    expect(await caller.providers.models({ id: down.id })).toMatchObject({ ok: false, code: 'PROVIDER_NETWORK' });
  });

  it.each([
    ['a web page', 'text/html', '<!doctype html><html><body>Welcome</body></html>', /not a model list/],
    ['JSON that is not a list', 'application/json', '{"status":"ok"}', /not a model list/],
    ['cut-off JSON', 'application/json', '{"data":[{"id":', /not valid JSON/],
  ])('%s at the base URL is a garbled answer, not an empty list, for the picker, the form and Test connection', async (_, type, body, detail) => {
    const url = await answering(type, body);
    const { caller } = setup();
    for (const kind of ['openai', 'anthropic'] as const) {
      const baseUrl = kind === 'openai' ? `${url}/v1` : url;
      const provider = await caller.providers.add({ name: `P ${kind}`, kind, apiKey: KEY, baseUrl, models: ['m'] });
      const failure = { ok: false, code: 'PROVIDER_MALFORMED_STREAM', detail: expect.stringMatching(detail) };
      expect(await caller.providers.models({ id: provider.id })).toEqual(failure);
      expect(await caller.providers.draftModels({ kind, baseUrl, apiKey: KEY })).toEqual(failure);
      expect(await caller.providers.test({ id: provider.id })).toMatchObject(failure);
    }
  });

  it.each([
    ['anthropic', { data: [{ id: 'same', display_name: 'Same', type: 'model', created_at: '2025-01-01T00:00:00Z' }], has_more: true, first_id: 'same', last_id: 'same' }],
    ['google', { models: [{ name: 'models/same', displayName: 'Same', supportedGenerationMethods: ['generateContent'] }], nextPageToken: 'again' }],
  ] as const)('%s: a list that says "more" forever is read for MODEL_LIST_MAX_PAGES pages, not until the timeout', async (kind, page) => {
    const requests = { count: 0 };
    const url = await answering('application/json', JSON.stringify(page), requests);
    const { caller } = setup();
    // @google/genai leaves a listener per page on the signal it is given (GeminiAdapter.listModels).
    const warnings: string[] = [];
    const onWarning = (warning: Error) => warnings.push(warning.name);
    process.on('warning', onWarning);
    const started = Date.now();
    try {
      expect(await caller.providers.draftModels({ kind, baseUrl: url, apiKey: KEY })).toEqual({ ok: true, models: [{ id: 'same', name: 'Same' }], fetchedAt: expect.any(String) });
    } finally {
      process.off('warning', onWarning);
    }
    expect(requests.count).toBe(MODEL_LIST_MAX_PAGES);
    expect(Date.now() - started).toBeLessThan(5000);
    expect(warnings).not.toContain('MaxListenersExceededWarning');
  });

  it.each(FORMATS)('%s: an answer that never ends is cut at MODEL_LIST_MAX_BYTES as a garbled answer, not read until the timeout', async (kind) => {
    const sent = { bytes: 0 };
    const url = await endless(sent);
    const { caller } = setup();
    const started = Date.now();
    expect(await caller.providers.draftModels({ kind, baseUrl: baseUrlFor(kind, url), apiKey: KEY })).toEqual({
      ok: false,
      code: 'PROVIDER_MALFORMED_STREAM',
      detail: 'The answer is larger than 16 MB: check the base URL.',
    });
    expect(Date.now() - started).toBeLessThan(10_000);
    // What the socket buffers beyond the cut, not the 15 seconds' worth a fast server sends.
    expect(sent.bytes).toBeLessThan(MODEL_LIST_MAX_BYTES * 2);
  });

  it('google: the key goes only where the base URL points: a redirect to another host is refused, one within it followed', async () => {
    const server = await scripted({ script: { apiKey: KEY, models: ['model-a'] } });
    const elsewhere = server.url.replace('127.0.0.1', 'localhost');
    const { caller } = setup();
    const away = await redirecting((req) => `${elsewhere}${req.url}`);
    expect(await caller.providers.draftModels({ kind: 'google', baseUrl: away, apiKey: KEY })).toEqual({
      ok: false,
      code: 'PROVIDER_NETWORK',
      detail: `The provider's address redirects to ${new URL(elsewhere).origin}; the key is not sent there. Enter that address as the base URL if it is the right one.`,
    });
    expect(server.requests).toEqual([]);

    const moved = await redirecting((req) => (req.url!.startsWith('/moved') ? undefined : `/moved${req.url}`));
    expect(await caller.providers.draftModels({ kind: 'google', baseUrl: moved, apiKey: KEY })).toMatchObject({ ok: true, models: [{ id: 'model-a' }] });
  });

  it('keeps at most LISTED_MODELS_MAX_COUNT models, each id once, leaving out unusable ids', async () => {
    const many = Array.from({ length: LISTED_MODELS_MAX_COUNT + 5 }, (_, i) => `m-${i}`);
    const server = await scripted({ script: { models: ['dup', 'dup', '  ', 'x'.repeat(300), ...many] } });
    const { caller } = setup();
    const provider = await caller.providers.add({ name: 'P', kind: 'openai-compatible', baseUrl: baseUrlFor('openai', server.url), models: ['m'] });
    const result = await caller.providers.models({ id: provider.id });
    if (!result.ok) throw new Error('expected a list');
    expect(result.models).toHaveLength(LISTED_MODELS_MAX_COUNT);
    expect(result.models.slice(0, 2)).toEqual([{ id: 'dup' }, { id: 'm-0' }]);
  });

  it('leaves out ids with a line break or an invisible character, and shows names without them; such a model cannot be typed either', async () => {
    const server = await scripted({
      script: { models: ['good', 'evil\u202Etxt.exe', 'two\nlines', { id: 'named', displayName: 'Na\u200Bmed\u0007' }] },
    });
    const { caller } = setup();
    const provider = await caller.providers.add({ name: 'P', kind: 'openai-compatible', baseUrl: baseUrlFor('openai', server.url), models: ['m'] });
    expect(await caller.providers.models({ id: provider.id })).toMatchObject({ ok: true, models: [{ id: 'good' }, { id: 'named', name: 'Named' }] });

    expect(await fieldErrors(caller.providers.update({ id: provider.id, name: 'P', kind: 'openai-compatible', baseUrl: baseUrlFor('openai', server.url), models: ['m', 'evil\u202Etxt.exe'] }))).toEqual([
      { field: 'models.1', code: 'invalidCharacters' },
    ]);
    expect(await fieldErrors(caller.chat.conversations.create({ providerId: provider.id, model: 'two\nlines' }))).toEqual([{ field: 'model', code: 'invalidCharacters' }]);
    expect((await caller.providers.get({ id: provider.id })).models).toEqual(['m']);
    expect(await caller.chat.conversations.list()).toEqual([]);
  });

  it('names an unknown provider', async () => {
    const { caller } = setup();
    expect(appErrorData(await rejection(caller.providers.models({ id: 'nope' }))).code).toBe('PROVIDER_NOT_CONFIGURED');
  });
});

describe('providers.draftModels (the form, before saving)', () => {
  it.each(FORMATS)('%s: lists with the address and key as typed, storing nothing', async (kind) => {
    const server = await scripted({ script: { apiKey: KEY, models: ['model-a'] } });
    const { caller } = setup();
    const result = await caller.providers.draftModels({ kind, baseUrl: baseUrlFor(kind, server.url), apiKey: KEY });
    expect(result).toMatchObject({ ok: true, models: [{ id: 'model-a' }] });
    expect(await caller.providers.list()).toEqual([]);
  });

  it("uses a saved provider's key for its own address only", async () => {
    const server = await scripted({ script: { apiKey: KEY, models: ['model-a'] } });
    const other = await scripted({ script: { models: ['elsewhere'] } });
    const { caller } = setup();
    const saved = await caller.providers.add({ name: 'P', kind: 'openai', apiKey: KEY, baseUrl: baseUrlFor('openai', server.url), models: ['model-a'] });

    expect(await caller.providers.draftModels({ id: saved.id, kind: 'openai', baseUrl: baseUrlFor('openai', server.url) })).toMatchObject({ ok: true });
    expect(server.requests.at(-1)!.apiKey).toBe(KEY);

    const moved = await fieldErrors(caller.providers.draftModels({ id: saved.id, kind: 'openai', baseUrl: baseUrlFor('openai', other.url) }));
    expect(moved).toEqual([{ field: 'apiKey', code: 'reenterForNewAddress' }]);
    expect(other.requests).toEqual([]);
  });

  it('names the missing address of an OpenAI-compatible endpoint', async () => {
    const { caller } = setup();
    expect(await fieldErrors(caller.providers.draftModels({ kind: 'openai-compatible' }))).toEqual([{ field: 'baseUrl', code: 'required' }]);
  });
});
