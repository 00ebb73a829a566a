/**
 * The app:// handler the Electron shell serves its window from (app/main/electron/appProtocol.ts),
 * on real files: MIME types, the CSP on every response, and nothing outside the renderer folder —
 * whatever the path says. And the fuses electron-builder.yml flips, checked against the installed
 * electron-builder's own schema and against how the built-in servers are started.
 */
import fs from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import Ajv from 'ajv';
import { beforeAll, describe, expect, it } from 'vitest';
import { builtinServers } from '../../app/main/builtin-servers';
import { APP_INDEX_URL, serveAppRequest } from '../../app/main/electron/appProtocol';
import { contentSecurityPolicy } from '../../app/main/electron/security';

const REPO = path.resolve(import.meta.dirname, '../../../..');
const CSP = contentSecurityPolicy();
const SECRET = 'NEXT-TO-THE-RENDERER';

let root: string;
let rendererDir: string;

beforeAll(() => {
  root = fs.mkdtempSync(path.join(os.tmpdir(), 'elftia-app-protocol-'));
  rendererDir = path.join(root, 'renderer');
  fs.mkdirSync(path.join(rendererDir, 'assets'), { recursive: true });
  fs.writeFileSync(path.join(rendererDir, 'index.html'), '<!doctype html><title>Elftia</title>');
  fs.writeFileSync(path.join(rendererDir, 'assets', 'app.js'), 'console.log(1);');
  fs.writeFileSync(path.join(rendererDir, 'assets', 'app.css'), 'body{}');
  fs.writeFileSync(path.join(rendererDir, 'assets', 'icon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
  fs.writeFileSync(path.join(rendererDir, 'assets', 'font.woff2'), Buffer.from([0x77, 0x4f, 0x46, 0x32]));
  fs.writeFileSync(path.join(root, 'secret.txt'), SECRET);
  fs.symlinkSync(path.join(root, 'secret.txt'), path.join(rendererDir, 'assets', 'link.txt'));
  return () => fs.rmSync(root, { recursive: true, force: true });
});

const get = (url: string, init?: RequestInit) => serveAppRequest(new Request(url, init), rendererDir, CSP);

describe('serveAppRequest', () => {
  it.each([
    [APP_INDEX_URL, 'text/html; charset=utf-8', '<!doctype html><title>Elftia</title>'],
    ['app://elftia/assets/app.js', 'text/javascript; charset=utf-8', 'console.log(1);'],
    ['app://elftia/assets/app.css', 'text/css; charset=utf-8', 'body{}'],
    ['app://elftia/assets/icon.svg', 'image/svg+xml', '<svg xmlns="http://www.w3.org/2000/svg"/>'],
    ['app://elftia/settings/tools', 'text/html; charset=utf-8', '<!doctype html><title>Elftia</title>'],
  ])('serves %s as %s, with the CSP', async (url, type, body) => {
    const response = await get(url);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe(type);
    expect(response.headers.get('content-security-policy')).toBe(CSP);
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
    expect(await response.text()).toBe(body);
  });

  it('serves binary files byte for byte, and index.html never cached', async () => {
    const font = await get('app://elftia/assets/font.woff2');
    expect(font.headers.get('content-type')).toBe('font/woff2');
    expect(Buffer.from(await font.arrayBuffer())).toEqual(Buffer.from([0x77, 0x4f, 0x46, 0x32]));
    expect((await get(APP_INDEX_URL)).headers.get('cache-control')).toBe('no-store');
  });

  it.each([
    'app://elftia/../secret.txt',
    'app://elftia/%2e%2e/secret.txt',
    'app://elftia/assets/..%2f..%2fsecret.txt',
    'app://elftia/assets/%2e%2e%5c%2e%2e%5csecret.txt',
    'app://elftia/assets/link.txt',
    'app://elftia/assets/missing.js',
    'app://other-host/index.html',
  ])('refuses %s without leaking a byte, CSP included', async (url) => {
    const response = await get(url);
    expect([400, 404]).toContain(response.status);
    expect(response.headers.get('content-security-policy')).toBe(CSP);
    expect(await response.text()).not.toContain(SECRET);
  });

  it('keeps an absolute path in the URL inside the folder: /etc/passwd is a client-side route (index.html), not the file', async () => {
    const response = await get('app://elftia/%2Fetc%2Fpasswd');
    expect(await response.text()).toBe('<!doctype html><title>Elftia</title>');
  });

  it('answers HEAD without a body, and refuses other methods', async () => {
    const head = await get(APP_INDEX_URL, { method: 'HEAD' });
    expect(head.status).toBe(200);
    expect(await head.text()).toBe('');
    const post = await get(APP_INDEX_URL, { method: 'POST', body: 'x' });
    expect(post.status).toBe(405);
    expect(post.headers.get('content-security-policy')).toBe(CSP);
  });
});

describe('electron-builder.yml fuses', () => {
  const fromBuilder = createRequire(createRequire(path.join(REPO, 'packages/desktop/package.json')).resolve('electron-builder'));
  const yaml = fromBuilder('js-yaml') as { load(text: string): unknown };
  const config = yaml.load(fs.readFileSync(path.join(REPO, 'electron-builder.yml'), 'utf8')) as { electronFuses?: Record<string, boolean> };

  it('is valid for the installed electron-builder (its own schema), fuses included', () => {
    const schema = JSON.parse(fs.readFileSync(fromBuilder.resolve('app-builder-lib/scheme.json'), 'utf8')) as object;
    const ajv = new Ajv({ strict: false, allErrors: true });
    const valid = ajv.validate(schema, config);
    expect(ajv.errors ?? []).toEqual([]);
    expect(valid).toBe(true);
  });

  it('turns off what Elftia does not use and keeps RunAsNode, which the built-in servers need', () => {
    expect(config.electronFuses).toEqual({
      runAsNode: true,
      enableCookieEncryption: true,
      enableNodeOptionsEnvironmentVariable: false,
      enableNodeCliInspectArguments: false,
      enableEmbeddedAsarIntegrityValidation: true,
      onlyLoadAppFromAsar: true,
      loadBrowserProcessSpecificV8Snapshot: false,
      grantFileProtocolExtraPrivileges: false,
    });
    // In the app, the built-in servers are Electron's own binary in Node mode: without the fuse they would not start.
    const servers = builtinServers({ execPath: '/opt/Elftia/elftia', electron: true });
    expect(servers.every((server) => server.command === '/opt/Elftia/elftia' && server.env?.ELECTRON_RUN_AS_NODE === '1')).toBe(true);
  });
});
