import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startHeadlessHost, type HeadlessHost, NonLoopbackHostError } from '../../app/main/host/headlessHost';
import { type AppServices, createAppServices } from '../../app/main/index';
import { RawTrpcSocket, rawGet, rawUpgrade } from './httpHelpers';

const SECRET = 'TOP-SECRET-OUTSIDE-THE-RENDERER';
const TOKEN = 'test-token-0123456789abcdefghijklmnopqrstuvwxyz';

let tmp: string;
let services: AppServices;
let host: HeadlessHost;
const logLines: string[] = [];

beforeAll(async () => {
  tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'elftia-host-'));
  const rendererDir = path.join(tmp, 'renderer');
  fs.mkdirSync(path.join(rendererDir, 'assets'), { recursive: true });
  fs.writeFileSync(path.join(rendererDir, 'index.html'), '<!doctype html><title>Elftia test page</title>');
  fs.writeFileSync(path.join(rendererDir, 'assets', 'app.js'), 'console.log("app");');
  fs.writeFileSync(path.join(rendererDir, 'assets', 'app.css'), 'body{}');
  // A file next to the renderer folder: traversal attempts aim at it.
  fs.writeFileSync(path.join(tmp, 'secret.txt'), SECRET);
  services = createAppServices({ dataDir: path.join(tmp, 'data') });
  host = await startHeadlessHost({ services, rendererDir, token: TOKEN, log: (line) => logLines.push(line) });
});

afterAll(async () => {
  await host?.close();
  await services?.dispose();
  fs.rmSync(tmp, { recursive: true, force: true });
});

const wsUrl = (token = TOKEN) => `ws://127.0.0.1:${host.port}/trpc?token=${encodeURIComponent(token)}`;
const sameHost = () => ({ Host: `127.0.0.1:${host.port}` });

describe('startHeadlessHost: static files', () => {
  it('prints a loopback URL carrying the token in the fragment', () => {
    expect(host.url).toBe(`http://127.0.0.1:${host.port}/#token=${TOKEN}`);
  });

  it('generates a fresh 32-byte token when none is given', async () => {
    const other = await startHeadlessHost({ services, rendererDir: tmp });
    try {
      const token = new URL(other.url).hash.replace('#token=', '');
      expect(Buffer.from(token, 'base64url')).toHaveLength(32);
      expect(await rawUpgrade(other.port, `/trpc?token=${token}`)).toBe(101);
    } finally {
      await other.close();
    }
  });

  it('serves index.html with the security headers', async () => {
    const res = await rawGet(host.port, '/');
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(res.body).toContain('Elftia test page');
    expect(res.headers['content-security-policy']).toContain("frame-ancestors 'none'");
    expect(res.headers['content-security-policy']).toContain("script-src 'self'");
    expect(res.headers['content-security-policy']).toContain(`connect-src 'self' ws://127.0.0.1:${host.port}`);
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['referrer-policy']).toBe('no-referrer');
  });

  it('serves assets with their MIME types', async () => {
    const js = await rawGet(host.port, '/assets/app.js');
    expect(js.status).toBe(200);
    expect(js.headers['content-type']).toBe('text/javascript; charset=utf-8');
    expect(js.body).toBe('console.log("app");');
    expect((await rawGet(host.port, '/assets/app.css')).headers['content-type']).toBe('text/css; charset=utf-8');
  });

  it('answers client-side routes with index.html, but a missing asset with 404', async () => {
    const route = await rawGet(host.port, '/settings/tools');
    expect(route.status).toBe(200);
    expect(route.body).toContain('Elftia test page');
    expect((await rawGet(host.port, '/assets/missing.js')).status).toBe(404);
  });

  it.each([
    '/../secret.txt',
    '/assets/../../secret.txt',
    '/%2e%2e/secret.txt',
    '/..%2fsecret.txt',
    '/%2e%2e%2fsecret.txt',
    '/assets/%2e%2e%2f%2e%2e%2fsecret.txt',
    '/..%5csecret.txt',
    '/%252e%252e/secret.txt',
  ])('does not serve a file outside the renderer for %s', async (requestPath) => {
    const res = await rawGet(host.port, requestPath);
    expect(res.status).toBeGreaterThanOrEqual(400);
    expect(res.body).not.toContain(SECRET);
  });

  it('refuses requests whose Host is not this loopback server (DNS rebinding)', async () => {
    expect((await rawGet(host.port, '/', { Host: `evil.example:${host.port}` })).status).toBe(403);
    expect((await rawGet(host.port, '/', { Host: '127.0.0.1:1' })).status).toBe(403);
    expect((await rawGet(host.port, '/', { Host: `localhost:${host.port}` })).status).toBe(200);
    expect((await rawGet(host.port, '/', { Host: `[::1]:${host.port}` })).status).toBe(200);
  });

  it('refuses requests from a foreign Origin, accepts the same origin', async () => {
    expect((await rawGet(host.port, '/', { Origin: 'http://evil.example' })).status).toBe(403);
    expect((await rawGet(host.port, '/', { Origin: `http://localhost:${host.port}` })).status).toBe(403);
    expect((await rawGet(host.port, '/', { Origin: `http://127.0.0.1:${host.port}` })).status).toBe(200);
  });

  it('answers only GET and HEAD', async () => {
    expect((await rawGet(host.port, '/', {}, 'POST')).status).toBe(405);
    const head = await rawGet(host.port, '/', {}, 'HEAD');
    expect(head.status).toBe(200);
    expect(head.body).toBe('');
  });

  it('explains how to build the renderer when it is missing', async () => {
    const bare = await startHeadlessHost({ services, rendererDir: path.join(tmp, 'not-built') });
    try {
      const res = await rawGet(bare.port, '/');
      expect(res.status).toBe(503);
      expect(res.body).toContain('pnpm build');
    } finally {
      await bare.close();
    }
  });

  it('refuses to listen on a non-loopback interface', async () => {
    await expect(startHeadlessHost({ services, rendererDir: tmp, host: '0.0.0.0' })).rejects.toBeInstanceOf(NonLoopbackHostError);
    await expect(startHeadlessHost({ services, rendererDir: tmp, host: '192.168.1.10' })).rejects.toBeInstanceOf(NonLoopbackHostError);
  });
});

describe('startHeadlessHost: the tRPC WebSocket bridge', () => {
  it('runs mcp.list and mcp.add for a client with the token', async () => {
    const socket = await RawTrpcSocket.open(wsUrl(), `http://127.0.0.1:${host.port}`);
    try {
      expect((await socket.call('query', 'mcp.list')).result?.data).toEqual([]);
      const added = await socket.call('mutation', 'mcp.add', { name: 'Everything', type: 'stdio', command: 'node', args: ['server.js'] });
      expect(added.result?.data).toMatchObject({ name: 'Everything', type: 'stdio', enabled: true, config: { command: 'node' } });
      const listed = (await socket.call('query', 'mcp.list')).result?.data as { name: string }[];
      expect(listed.map((s) => s.name)).toEqual(['Everything']);
      expect(services.mcpServers.list()).toHaveLength(1);
    } finally {
      socket.close();
    }
  });

  it('returns field errors as codes and stores nothing for invalid input', async () => {
    const socket = await RawTrpcSocket.open(wsUrl());
    try {
      const before = services.mcpServers.list().length;
      const reply = await socket.call('mutation', 'mcp.add', { name: 'Bad', type: 'http', url: 'ftp://x', timeoutSec: 0 });
      expect(reply.error?.data?.code).toBe('BAD_REQUEST');
      expect(reply.error?.data?.app?.code).toBe('VALIDATION');
      expect(reply.error?.data?.app?.fieldErrors?.map((e) => [e.field, e.code]).sort()).toEqual([
        ['timeoutSec', 'timeoutRange'],
        ['url', 'invalidHttpUrl'],
      ]);
      expect(services.mcpServers.list()).toHaveLength(before);
    } finally {
      socket.close();
    }
  });

  it('streams subscriptions: onServersChanged yields after a change', async () => {
    const socket = await RawTrpcSocket.open(wsUrl());
    try {
      const id = socket.send('subscription', 'mcp.onServersChanged');
      const first = await socket.next(id, (m) => m.result?.type === 'data');
      const firstList = first.result?.data;
      if (!Array.isArray(firstList)) throw new Error(`expected a server list, got ${JSON.stringify(first)}`);
      const count = firstList.length;
      await socket.call('mutation', 'mcp.add', { name: `Sub ${Date.now()}`, type: 'websocket', url: 'ws://127.0.0.1:9/' });
      const second = await socket.next(id, (m) => m.result?.type === 'data');
      expect(second.result?.data as unknown[]).toHaveLength(count + 1);
      socket.stop(id);
    } finally {
      socket.close();
    }
  });

  it('refuses an upgrade without a token or with a wrong one (401)', async () => {
    expect(await rawUpgrade(host.port, '/trpc', sameHost())).toBe(401);
    expect(await rawUpgrade(host.port, '/trpc?token=', sameHost())).toBe(401);
    expect(await rawUpgrade(host.port, `/trpc?token=${TOKEN}x`, sameHost())).toBe(401);
    expect(await rawUpgrade(host.port, `/trpc?token=${TOKEN.slice(0, -1)}`, sameHost())).toBe(401);
    await expect(RawTrpcSocket.open(wsUrl('wrong'))).rejects.toThrow(/401/);
  });

  it('refuses an upgrade from a foreign Origin (403), even with the token', async () => {
    expect(await rawUpgrade(host.port, `/trpc?token=${TOKEN}`, { Origin: 'http://evil.example' })).toBe(403);
    await expect(RawTrpcSocket.open(wsUrl(), 'http://evil.example')).rejects.toThrow(/403/);
  });

  it('refuses an upgrade whose Host is not this server (403), even with the token', async () => {
    expect(await rawUpgrade(host.port, `/trpc?token=${TOKEN}`, { Host: `evil.example:${host.port}` })).toBe(403);
  });

  it('accepts the upgrade with the token and a same-origin or absent Origin', async () => {
    expect(await rawUpgrade(host.port, `/trpc?token=${TOKEN}`, { Origin: `http://127.0.0.1:${host.port}` })).toBe(101);
    expect(await rawUpgrade(host.port, `/trpc?token=${TOKEN}`)).toBe(101);
  });

  it('serves the bridge only at /trpc', async () => {
    expect(await rawUpgrade(host.port, `/other?token=${TOKEN}`)).toBe(404);
  });

  it('logs refusals without the token', async () => {
    const mark = logLines.length;
    await rawUpgrade(host.port, `/trpc?token=${TOKEN}`, { Origin: 'http://evil.example' });
    await rawGet(host.port, `/?token=${TOKEN}`, { Host: 'evil.example' });
    const lines = logLines.slice(mark);
    expect(lines).toHaveLength(2);
    expect(logLines.join('\n')).not.toContain(TOKEN);
    expect(lines.join('\n')).not.toContain('token=');
  });
});

describe('HeadlessHost.close', () => {
  it('closes open bridge connections and stops listening', async () => {
    const own = await startHeadlessHost({ services, rendererDir: tmp, token: TOKEN });
    const socket = await RawTrpcSocket.open(`ws://127.0.0.1:${own.port}/trpc?token=${TOKEN}`);
    await own.close();
    await socket.closed;
    await expect(rawGet(own.port, '/')).rejects.toThrow(/ECONNREFUSED/);
  });
});
