import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startHeadlessHost, type HeadlessHost } from '../../app/main/host/headlessHost';
import { createAppServices, type AppServices } from '../../app/main/index';
import { createAppCaller } from '../../app/main/routers/appRouter';
import { appErrorData } from '../../app/main/routers/trpc';
import { rawGet } from '../host/httpHelpers';
import { rejection } from '../support/appHarness';
import { tempDir } from '../support/tempDir';

let services: AppServices;
let host: HeadlessHost;
let sandbox: { url: string; origin: string };

beforeAll(async () => {
  const dir = tempDir();
  fs.mkdirSync(path.join(dir, 'renderer'));
  fs.writeFileSync(path.join(dir, 'renderer', 'index.html'), '<!doctype html><title>app</title>');
  services = createAppServices({ dataDir: path.join(dir, 'data'), builtinServers: false });
  host = await startHeadlessHost({ services, rendererDir: path.join(dir, 'renderer') });
  sandbox = await createAppCaller({ services }).apps.sandbox();
});

afterAll(async () => {
  await host?.close();
  await services?.dispose();
});

const sandboxPort = () => Number(new URL(sandbox.url).port);
const pagePath = (query = '') => `${new URL(sandbox.url).pathname}${query}`;
const cspQuery = (csp: unknown) => `?csp=${encodeURIComponent(JSON.stringify(csp))}`;

describe('the headless host\'s sandbox origin (apps.sandbox)', () => {
  it('is a loopback origin other than the app\'s, at an unguessable path', () => {
    const url = new URL(sandbox.url);
    expect(url.protocol).toBe('http:');
    expect(url.hostname).toBe('127.0.0.1');
    expect(sandbox.origin).toBe(url.origin);
    expect(sandbox.origin).not.toBe(new URL(host.url).origin);
    expect(url.pathname).toMatch(/^\/sandbox\/[A-Za-z0-9_-]{32}\/proxy\.html$/);
  });

  it('serves the proxy page with the restrictive CSP when no csp is given, uncached and not sniffed', async () => {
    const res = await rawGet(sandboxPort(), pagePath());
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['content-security-policy']).toBe(
      "default-src 'none'; script-src 'self' 'unsafe-inline' 'unsafe-eval' blob: data:; style-src 'self' 'unsafe-inline'; img-src 'self' data: blob:; " +
        "font-src 'self' data: blob:; media-src 'self' data: blob:; connect-src 'none'; frame-src 'none'; base-uri 'self'; form-action 'none'; object-src 'none'",
    );
    expect(res.body).toContain('ui/notifications/sandbox-');
    expect(res.body).toContain("'allow-scripts allow-forms'");
    expect(res.body).not.toContain('allow-same-origin');
  });

  it('builds the CSP from the query\'s declared origins', async () => {
    const res = await rawGet(sandboxPort(), pagePath(cspQuery({ connectDomains: ['https://api.example.com'], resourceDomains: ['https://*.cdn.example.com'], frameDomains: ['https://www.youtube.com'], baseUriDomains: ['https://cdn.example.com'] })));
    const csp = res.headers['content-security-policy'] as string;
    expect(csp).toContain("script-src 'self' 'unsafe-inline' 'unsafe-eval' blob: data: https://*.cdn.example.com;");
    expect(csp).toContain("img-src 'self' data: blob: https://*.cdn.example.com;");
    expect(csp).toContain('connect-src https://api.example.com;');
    expect(csp).toContain('frame-src https://www.youtube.com;');
    expect(csp).toContain('base-uri https://cdn.example.com;');
  });

  it('never echoes an injected entry: directives, quotes, schemes and wildcards are dropped', async () => {
    const hostile = ['https://a.com; script-src *', "'unsafe-inline'", 'javascript:alert(1)', '*', 'https://*', 'https://x.com\r\nSet-Cookie: a=b', 'data:', 'https://ok.example'];
    const res = await rawGet(sandboxPort(), pagePath(cspQuery({ connectDomains: hostile, resourceDomains: hostile, frameDomains: hostile, baseUriDomains: hostile })));
    expect(res.status).toBe(200);
    const csp = res.headers['content-security-policy'] as string;
    expect(csp).not.toContain('a.com');
    expect(csp).not.toContain('javascript');
    expect(csp).not.toContain('Set-Cookie');
    expect(res.headers['set-cookie']).toBeUndefined();
    expect(csp).toContain('connect-src https://ok.example;');
    // Exactly the eleven directives, whatever was asked for.
    expect(csp.split('; ').map((directive) => directive.split(' ')[0])).toEqual([
      'default-src', 'script-src', 'style-src', 'img-src', 'font-src', 'media-src', 'connect-src', 'frame-src', 'base-uri', 'form-action', 'object-src',
    ]);
  });

  it('a csp query that is not JSON gets the restrictive default', async () => {
    const res = await rawGet(sandboxPort(), pagePath('?csp=%7Bnot-json'));
    expect(res.status).toBe(200);
    expect(res.headers['content-security-policy']).toContain("connect-src 'none'");
  });

  it('answers 404 to every other path, a wrong token, and other methods', async () => {
    const token = new URL(sandbox.url).pathname.split('/')[2] as string;
    for (const other of ['/', '/index.html', '/trpc', `/sandbox/${token}/`, `/sandbox/${token}/other.html`, `/sandbox/${'A'.repeat(32)}/proxy.html`, `/sandbox/${token}/proxy.html/..%2F..%2Findex.html`]) {
      expect((await rawGet(sandboxPort(), other)).status, other).toBe(404);
    }
    expect((await rawGet(sandboxPort(), pagePath(), {}, 'POST')).status).toBe(404);
    expect((await rawGet(sandboxPort(), pagePath(), {}, 'HEAD')).status).toBe(200);
  });

  it('the app\'s page may frame the sandbox origin and no other', async () => {
    const res = await rawGet(host.port, '/', { Host: `127.0.0.1:${host.port}` });
    expect(res.headers['content-security-policy']).toContain(`frame-src ${sandbox.origin};`);
  });

  it('the app\'s own listener does not serve the proxy page', async () => {
    expect((await rawGet(host.port, pagePath(), { Host: `127.0.0.1:${host.port}` })).status).not.toBe(200);
  });

  it('stops with the host; without a host apps.sandbox is NOT_FOUND', async () => {
    const dir = tempDir();
    const other = createAppServices({ dataDir: dir, builtinServers: false });
    try {
      const caller = createAppCaller({ services: other });
      expect(appErrorData(await rejection(caller.apps.sandbox())).code).toBe('NOT_FOUND');
      const second = await startHeadlessHost({ services: other, rendererDir: dir });
      const view = await caller.apps.sandbox();
      expect((await rawGet(Number(new URL(view.url).port), new URL(view.url).pathname)).status).toBe(200);
      await second.close();
      expect(appErrorData(await rejection(caller.apps.sandbox())).code).toBe('NOT_FOUND');
      await expect(rawGet(Number(new URL(view.url).port), new URL(view.url).pathname)).rejects.toThrow();
    } finally {
      await other.dispose();
    }
  });
});
