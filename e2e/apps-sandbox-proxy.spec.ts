/**
 * The MCP Apps sandbox proxy page (packages/desktop/app/main/apps/sandboxProxyPage.ts) in Chromium,
 * served by the headless host's sandbox listener (run on its own, e2e/sandboxListener.mjs): a parent page on another loopback origin frames
 * it the way the renderer does, speaks the spec's sandbox-proxy protocol to it, and an app inside
 * reports what it could and could not do. Checks the proxy's half only; the renderer's AppFrame and
 * the real Apps servers are covered by the apps specs.
 */
import type { ChildProcess } from 'node:child_process';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { ROOT } from './fixtures';
import { startAnnouncing, stopProcess } from './processes';

let listener: ChildProcess;
let sandbox: { url: string; origin: string };
let parent: http.Server;
let parentPort = 0;

/** The app shown in the inner frame: reports CSP violations, what it can reach, and echoes requests. */
const APP_HTML = `<!doctype html><html><body><script>
const post = (message) => window.parent.postMessage({ jsonrpc: '2.0', ...message }, '*');
document.addEventListener('securitypolicyviolation', (e) => post({ method: 'test/violation', params: { directive: e.effectiveDirective, blocked: e.blockedURI } }));
window.addEventListener('message', (e) => {
  const data = e.data;
  if (data && data.method === 'test/echo') post({ id: data.id, result: { echoed: data.params } });
  if (data && data.method === 'test/probe') probe();
  if (data && data.method === 'test/navigate') window.location.href = '${'${DECLARED}'}/ping';
});
function probe() {
  let parentDocument = 'readable';
  try { void window.parent.document.body; } catch { parentDocument = 'blocked'; }
  let topDocument = 'readable';
  try { void window.top.document.body; } catch { topDocument = 'blocked'; }
  let storage = 'usable';
  try { window.localStorage.setItem('x', '1'); } catch { storage = 'blocked'; }
  let navigation = 'navigated';
  try { window.top.location.href = 'https://evil.example/'; } catch { navigation = 'blocked'; }
  post({ method: 'test/probed', params: { parentDocument, topDocument, storage, navigation, origin: window.origin } });
  fetch('${'${DECLARED}'}/ping').then((r) => r.text(), (e) => 'failed: ' + e.message).then((text) => post({ method: 'test/fetched', params: { declared: text } }));
  fetch('${'${UNDECLARED}'}/ping').then((r) => r.text(), (e) => 'failed: ' + e.message).then((text) => post({ method: 'test/fetched', params: { undeclared: text } }));
  post({ method: 'ui/notifications/sandbox-proxy-ready', params: { spoofed: true } });
}
post({ id: 1, method: 'ui/initialize', params: { appInfo: { name: 'probe', version: '1' } } });
</script></body></html>`;

test.beforeAll(async () => {
  const started = await startAnnouncing<{ url: string; origin: string }>('the sandbox listener', ['--import', 'tsx', path.join(ROOT, 'e2e', 'sandboxListener.mjs')], ROOT);
  listener = started.child;
  sandbox = started.announced;
  parent = http.createServer((req, res) => {
    if (req.url === '/ping') {
      res.writeHead(200, { 'Access-Control-Allow-Origin': '*', 'Content-Type': 'text/plain' }).end('pong');
      return;
    }
    const csp = encodeURIComponent(JSON.stringify({ connectDomains: [`http://127.0.0.1:${parentPort}`] }));
    // As the renderer does (AppFrame): the proxy's frame allows what the app declared.
    const allow = req.url?.startsWith('/?allow=geolocation') ? ' allow="geolocation"' : '';
    res.writeHead(200, { 'Content-Type': 'text/html' }).end(`<!doctype html><body>
<iframe id="sandbox" sandbox="allow-scripts allow-same-origin"${allow} src="${sandbox.url}?csp=${csp}"></iframe>
<script>
window.received = [];
const frame = document.getElementById('sandbox');
window.addEventListener('message', (e) => { if (e.source === frame.contentWindow && e.origin === ${JSON.stringify(sandbox.origin)}) window.received.push(e.data); });
window.send = (message) => frame.contentWindow.postMessage(message, ${JSON.stringify(sandbox.origin)});
</script></body>`);
  });
  await new Promise<void>((resolve) => parent.listen(0, '127.0.0.1', resolve));
  parentPort = (parent.address() as AddressInfo).port;
});

test.afterAll(async () => {
  if (listener) await stopProcess(listener);
  await new Promise<void>((resolve) => parent?.close(() => resolve()));
});

test('the proxy relays between its parent and a contained app, and the CSP from the query holds', async ({ page }) => {
  await page.goto(`http://127.0.0.1:${parentPort}/`);
  const received = () => page.evaluate(() => (window as unknown as { received: { method?: string; id?: number; params?: any; result?: any }[] }).received);
  const send = (message: unknown) => page.evaluate((m) => (window as unknown as { send(m: unknown): void }).send(m), message);

  await expect.poll(async () => (await received()).map((m) => m.method)).toContain('ui/notifications/sandbox-proxy-ready');
  const html = APP_HTML.replaceAll('${DECLARED}', `http://127.0.0.1:${parentPort}`).replaceAll('${UNDECLARED}', `http://localhost:${parentPort}`);
  await send({ jsonrpc: '2.0', method: 'ui/notifications/sandbox-resource-ready', params: { html, sandbox: 'allow-scripts allow-same-origin allow-top-navigation', permissions: { camera: {} } } });

  // The app's first request comes through the proxy unchanged.
  await expect.poll(async () => (await received()).find((m) => m.method === 'ui/initialize')).toMatchObject({ id: 1, params: { appInfo: { name: 'probe' } } });
  const frameAttributes = await page.frames().find((f) => f.url().startsWith(sandbox.url))!.evaluate(() => {
    const inner = document.querySelector('iframe')!;
    return { sandbox: inner.getAttribute('sandbox'), allow: inner.getAttribute('allow') };
  });
  // The host's sandbox override cannot widen it.
  expect(frameAttributes).toEqual({ sandbox: 'allow-scripts allow-forms', allow: 'camera' });

  // Host → app and back.
  await send({ jsonrpc: '2.0', id: 7, method: 'test/echo', params: { hello: 'app' } });
  await expect.poll(async () => (await received()).find((m) => m.id === 7)).toMatchObject({ result: { echoed: { hello: 'app' } } });
  // Over the size cap, or not JSON-RPC: dropped.
  await send({ jsonrpc: '2.0', id: 8, method: 'test/echo', params: { big: 'x'.repeat(4 * 1024 * 1024 + 10) } });
  await send({ id: 9, method: 'test/echo', params: {} });
  await send({ jsonrpc: '2.0', id: 10, method: 'test/echo', params: { after: true } });
  await expect.poll(async () => (await received()).find((m) => m.id === 10)).toBeTruthy();
  expect((await received()).filter((m) => m.id === 8 || m.id === 9)).toEqual([]);

  await send({ jsonrpc: '2.0', method: 'test/probe' });
  await expect.poll(async () => (await received()).find((m) => m.method === 'test/probed')?.params).toEqual({
    parentDocument: 'blocked',
    topDocument: 'blocked',
    storage: 'blocked',
    navigation: 'blocked',
    origin: 'null',
  });
  await expect.poll(async () => (await received()).filter((m) => m.method === 'test/fetched').map((m) => m.params)).toEqual(
    expect.arrayContaining([{ declared: 'pong' }, { undeclared: expect.stringMatching(/^failed/) }]),
  );
  await expect.poll(async () => (await received()).filter((m) => m.method === 'test/violation').map((m) => m.params.directive)).toContain('connect-src');
  // The app cannot speak the proxy's own protocol to the host.
  expect((await received()).filter((m) => m.method === 'ui/notifications/sandbox-proxy-ready')).toHaveLength(1);
  expect(page.url()).toBe(`http://127.0.0.1:${parentPort}/`);

  // Nor can it leave for a page of its own choosing, whose CSP would be its own: frame-src holds the frame.
  const consoleLines: string[] = [];
  page.on('console', (message) => consoleLines.push(message.text()));
  await send({ jsonrpc: '2.0', method: 'test/navigate' });
  await expect.poll(() => consoleLines.join('\n')).toContain("frame-src 'none'");
  expect(page.frames().map((frame) => frame.url()).filter((url) => url.endsWith('/ping'))).toEqual([]);
});

/** An app with a field to focus; it reports its document's mode and, when asked, keeps Esc to itself. */
const KEYS_APP_HTML = `\uFEFF<!-- built by a bundler -->
<!DOCTYPE html>
<html lang="en"><head><title>keys</title></head><body><input aria-label="field"><script>
const post = (message) => window.parent.postMessage({ jsonrpc: '2.0', ...message }, '*');
let keepEscape = false;
window.addEventListener('message', (e) => { if (e.data && e.data.method === 'test/keep-escape') { keepEscape = true; post({ method: 'test/keeping' }); } });
document.addEventListener('keydown', (e) => { if (keepEscape && e.key === 'Escape') e.preventDefault(); post({ method: 'test/key', params: { key: e.key } }); });
post({ method: 'test/mode', params: { compatMode: document.compatMode, doctype: document.doctype && document.doctype.name, lang: document.documentElement.lang } });
</script></body></html>`;

test('an Esc inside the app reaches the host as Elftia’s notification, unless the app keeps it; the app’s document keeps its doctype', async ({ page }) => {
  await page.goto(`http://127.0.0.1:${parentPort}/`);
  const received = () => page.evaluate(() => (window as unknown as { received: { method?: string; params?: any }[] }).received);
  const send = (message: unknown) => page.evaluate((m) => (window as unknown as { send(m: unknown): void }).send(m), message);
  const escapes = async () => (await received()).filter((m) => m.method === 'elftia/notifications/escape-pressed').length;
  const keys = async () => (await received()).filter((m) => m.method === 'test/key').length;
  await expect.poll(async () => (await received()).map((m) => m.method)).toContain('ui/notifications/sandbox-proxy-ready');
  await send({ jsonrpc: '2.0', method: 'ui/notifications/sandbox-resource-ready', params: { html: KEYS_APP_HTML } });

  // The script put ahead of the app's own comes after its doctype: standards mode, attributes intact.
  await expect.poll(async () => (await received()).find((m) => m.method === 'test/mode')?.params).toEqual({ compatMode: 'CSS1Compat', doctype: 'html', lang: 'en' });

  const field = page.frameLocator('#sandbox').frameLocator('iframe').getByRole('textbox', { name: 'field' });
  await field.focus();
  await page.keyboard.press('a');
  await page.keyboard.press('Escape');
  await expect.poll(keys).toBe(2);
  await expect.poll(escapes).toBe(1);

  // An app that handles Esc itself keeps it: nothing more reaches the host.
  await send({ jsonrpc: '2.0', method: 'test/keep-escape' });
  await expect.poll(async () => (await received()).map((m) => m.method)).toContain('test/keeping');
  await page.keyboard.press('Escape');
  await expect.poll(keys).toBe(3);
  expect(await escapes()).toBe(1);
});

/** An app that asks for the location once it is shown, and reports what it got. */
const LOCATION_APP_HTML = `<!doctype html><html><body><script>
const post = (message) => window.parent.postMessage({ jsonrpc: '2.0', ...message }, '*');
navigator.geolocation.getCurrentPosition(
  (p) => post({ method: 'test/location', params: { latitude: p.coords.latitude } }),
  (e) => post({ method: 'test/location', params: { error: e.message } }),
  { timeout: 5000 },
);
</script></body></html>`;

for (const declared of [true, false]) {
  test(`an app ${declared ? 'that declared' : 'that did not declare'} the location ${declared ? 'gets it once the browser grants it' : 'is refused by the frame’s permissions policy'}`, async ({ page, context }) => {
    await context.grantPermissions(['geolocation'], { origin: `http://127.0.0.1:${parentPort}` });
    await context.setGeolocation({ latitude: 35.68, longitude: 139.76 });
    await page.goto(`http://127.0.0.1:${parentPort}/${declared ? '?allow=geolocation' : ''}`);
    const received = () => page.evaluate(() => (window as unknown as { received: { method?: string; params?: any }[] }).received);
    await expect.poll(async () => (await received()).map((m) => m.method)).toContain('ui/notifications/sandbox-proxy-ready');
    const permissions = declared ? { geolocation: {} } : {};
    await page.evaluate((m) => (window as unknown as { send(m: unknown): void }).send(m), { jsonrpc: '2.0', method: 'ui/notifications/sandbox-resource-ready', params: { html: LOCATION_APP_HTML, permissions } });
    const outcome = expect.poll(async () => (await received()).find((m) => m.method === 'test/location')?.params, { timeout: 10_000 });
    if (declared) await outcome.toEqual({ latitude: 35.68 });
    else await outcome.toEqual({ error: expect.stringContaining('permissions policy') });
  });
}
