/**
 * A provider (or a proxy in front of it) that echoes the request's credentials in its error body:
 * neither the chat message stored in SQLite nor the "Test connection" result may carry the key.
 * The provider is a real HTTP server on 127.0.0.1 speaking OpenAI's wire format.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { createAppServices, type AppServices } from '../../app/main/index';
import { createAppCaller } from '../../app/main/routers/appRouter';
import { tempDir } from '../support/tempDir';

/** Not shaped like any known token: only the configured key itself can give it away. */
const KEY = 'proj-Zx81-unique-key-4411';

const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

/** Answers every request with 401 and an error body quoting the request's credentials. */
async function echoingProvider(): Promise<{ baseUrl: string; requests: string[] }> {
  const requests: string[] = [];
  const server = http.createServer((req, res) => {
    requests.push(`${req.method ?? ''} ${req.url ?? ''}`);
    req.resume();
    const authorization = req.headers.authorization ?? '';
    const token = authorization.replace(/^Bearer\s+/i, '');
    const body = {
      error: {
        message: `Incorrect API key provided: ${token}. Request had Authorization: ${authorization}; x-api-key: ${token}; url ${req.url ?? ''}?key=${token}`,
        type: 'invalid_request_error',
        code: 'invalid_api_key',
      },
    };
    res.writeHead(401, { 'content-type': 'application/json' });
    res.end(JSON.stringify(body));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  cleanups.push(() => new Promise((resolve) => server.close(() => resolve())));
  const { port } = server.address() as AddressInfo;
  return { baseUrl: `http://127.0.0.1:${port}/v1`, requests };
}

function setup(): { services: AppServices; caller: ReturnType<typeof createAppCaller> } {
  const services = createAppServices({ dataDir: tempDir('echoed-') });
  cleanups.push(() => services.dispose());
  return { services, caller: createAppCaller({ services }) };
}

async function waitFor<T>(read: () => Promise<T>, done: (value: T) => boolean): Promise<T> {
  const deadline = Date.now() + 20_000;
  for (;;) {
    const value = await read();
    if (done(value)) return value;
    if (Date.now() > deadline) throw new Error(`timed out; last value ${JSON.stringify(value)}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

describe('a provider error that echoes the key', () => {
  it('is stored with the chat message without the key', async () => {
    const provider = await echoingProvider();
    const { services, caller } = setup();
    const record = await caller.providers.add({ name: 'Echoing', kind: 'openai-compatible', baseUrl: provider.baseUrl, apiKey: KEY, models: ['m'] });
    const conversation = await caller.chat.conversations.create({ providerId: record.id });
    await caller.chat.send({ conversationId: conversation.id, text: 'hello' });
    const messages = await waitFor(
      () => caller.chat.messages({ conversationId: conversation.id }),
      (list) => list.some((m) => m.status === 'error'),
    );

    expect(provider.requests).toContain('POST /v1/chat/completions');
    const failed = messages.find((m) => m.status === 'error');
    expect(failed?.error).toMatchObject({ code: 'PROVIDER_AUTH', params: { status: 401 } });
    expect(String(failed?.error?.params?.detail)).toContain('Incorrect API key provided');
    expect(JSON.stringify(messages)).not.toContain(KEY);
    const rows = services.db.prepare('SELECT * FROM chat_messages').all();
    expect(rows.length).toBeGreaterThan(0);
    expect(JSON.stringify(rows)).not.toContain(KEY);
  });

  it('is returned by Test connection without the key', async () => {
    const provider = await echoingProvider();
    const { caller } = setup();
    const record = await caller.providers.add({ name: 'Echoing', kind: 'openai-compatible', baseUrl: provider.baseUrl, apiKey: KEY, models: ['m'] });

    const result = await caller.providers.test({ id: record.id });

    expect(provider.requests).toContain('GET /v1/models');
    expect(result).toMatchObject({ ok: false, code: 'PROVIDER_AUTH', status: 401 });
    expect(result.ok ? '' : result.detail).toContain('Incorrect API key provided: ***');
    expect(JSON.stringify(result)).not.toContain(KEY);
  });
});
