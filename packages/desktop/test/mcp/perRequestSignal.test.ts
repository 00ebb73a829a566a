/**
 * The Streamable HTTP transport's fetch gives every request a signal of its own (issue 16): the
 * transport's long-lived signal gets no abort listener per request (Node's fetch removed its listener
 * only at garbage collection, so they piled up by the thousand), and aborting it still stops a request
 * waiting for its answer and a response body being read.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { getEventListeners } from 'node:events';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { perRequestSignalFetch } from '../../app/main/mcp/transports/perRequestSignal';

let server: Server;
let base: string;

beforeAll(async () => {
  server = createServer((request, response) => {
    if (request.url === '/hang') return; // never answers
    if (request.url === '/stream') {
      response.writeHead(200, { 'content-type': 'text/event-stream' });
      response.write('event: message\ndata: {}\n\n');
      return; // the stream stays open
    }
    response.writeHead(200, { 'content-type': 'application/json' });
    response.end('{"jsonrpc":"2.0","id":1,"result":{}}');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

describe('a fetch with a signal per request', () => {
  it('adds no abort listener to the transport signal, however many requests it carries', async () => {
    const transport = new AbortController();
    const fetchOnce = perRequestSignalFetch(fetch);
    for (let i = 0; i < 50; i += 1) {
      const response = await fetchOnce(`${base}/json`, { method: 'POST', body: '{}', signal: transport.signal });
      expect(await response.json()).toMatchObject({ id: 1 });
    }
    expect(getEventListeners(transport.signal, 'abort')).toHaveLength(0);
  });

  it('still ends a request waiting for its answer when the transport signal aborts', async () => {
    const transport = new AbortController();
    const pending = perRequestSignalFetch(fetch)(`${base}/hang`, { method: 'POST', body: '{}', signal: transport.signal });
    pending.catch(() => {});
    transport.abort(new Error('transport closed'));
    await expect(pending).rejects.toThrow('transport closed');
  });

  it('still ends a response stream being read when the transport signal aborts', async () => {
    const transport = new AbortController();
    const response = await perRequestSignalFetch(fetch)(`${base}/stream`, { signal: transport.signal });
    const reader = response.body!.getReader();
    expect(new TextDecoder().decode((await reader.read()).value)).toContain('event: message');
    const next = reader.read();
    transport.abort(new Error('transport closed'));
    await expect(next).rejects.toThrow();
  });

  it('passes a request without a signal as it is', async () => {
    const seen: (RequestInit | undefined)[] = [];
    const fetchOnce = perRequestSignalFetch(async (_url, init) => {
      seen.push(init);
      return new Response('{}');
    });
    const init = { method: 'POST', body: '{}' };
    await fetchOnce(`${base}/json`, init);
    expect(seen[0]).toBe(init);
  });
});
