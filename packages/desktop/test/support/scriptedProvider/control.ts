/**
 * The control endpoints of the scripted provider, for tests that run it as a separate process
 * (Playwright, CLI): replace the script, read what it received. Guarded by a per-process random
 * token (printed on startup) in the `x-scripted-provider-token` header, so only the test that
 * started the server can drive it; the server listens on 127.0.0.1 only.
 *
 *   POST /__script    body: a script (see script.ts) → 204; resets the turn cursor and the requests
 *   GET  /__requests  → 200 RecordedRequest[]
 *   GET  /__state     → 200 { remainingTurns, requestCount }
 */
import crypto from 'node:crypto';
import type http from 'node:http';
import { parseScript } from './script';
import type { ScriptedProvider } from './server';

export const CONTROL_TOKEN_HEADER = 'x-scripted-provider-token';

function send(res: http.ServerResponse, status: number, body?: unknown): void {
  if (body === undefined) {
    res.writeHead(status).end();
    return;
  }
  res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
}

function authorized(req: http.IncomingMessage, token: string): boolean {
  const given = Buffer.from(String(req.headers[CONTROL_TOKEN_HEADER] ?? ''));
  const expected = Buffer.from(token);
  return given.length === expected.length && crypto.timingSafeEqual(given, expected);
}

async function readJson(req: http.IncomingMessage): Promise<unknown> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return JSON.parse(Buffer.concat(chunks).toString('utf8'));
}

export async function handleControl(req: http.IncomingMessage, res: http.ServerResponse, url: URL, provider: ScriptedProvider): Promise<void> {
  if (!authorized(req, provider.controlToken)) return send(res, 403, { error: { message: `missing or wrong ${CONTROL_TOKEN_HEADER}` } });
  if (req.method === 'POST' && url.pathname === '/__script') {
    try {
      provider.setScript(parseScript(await readJson(req)));
    } catch (error) {
      return send(res, 400, { error: { message: `invalid script: ${(error as Error).message}` } });
    }
    return send(res, 204);
  }
  if (req.method === 'GET' && url.pathname === '/__requests') return send(res, 200, provider.requests);
  if (req.method === 'GET' && url.pathname === '/__state') return send(res, 200, { remainingTurns: provider.remainingTurns, requestCount: provider.requests.length });
  return send(res, 404, { error: { message: `no control endpoint ${req.method} ${url.pathname}` } });
}
