/**
 * Boots the real Electron entry (app/main/electron/main.ts) against the fake 'electron' module
 * (vitest.config.ts aliases it) and checks what the shell asked Electron for.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { DATABASE_FILE } from '../../app/main/db/database';
import { app, BrowserWindow, contextBridge, dialog, type FakeFrame, FakeWebContents, protocol, resetFakeElectron, session, setRendererSender, shell } from '../fakes/electron';

const DESKTOP_DIR = path.resolve(import.meta.dirname, '../..');

interface Bridge {
  sendMessage(message: unknown): void;
  onMessage(callback: (message: any) => void): void;
}

let appData: string;
let win: BrowserWindow;
const replies: any[] = [];
let nextId = 1;

/** Sends one tRPC operation through the preload's bridge, as the renderer's ipcLink would. */
async function ipcQuery(path: string, input?: unknown, type: 'query' | 'mutation' = 'query'): Promise<any> {
  const id = nextId++;
  (globalThis as unknown as { electronTRPC: Bridge }).electronTRPC.sendMessage({ method: 'request', operation: { id, type, path, input, context: {}, signal: null } });
  return vi.waitFor(() => {
    const reply = replies.find((r) => r.id === id);
    if (!reply) throw new Error('no reply yet');
    return reply;
  });
}

beforeAll(async () => {
  resetFakeElectron();
  appData = fs.mkdtempSync(path.join(os.tmpdir(), 'elftia-electron-'));
  app.setPath('appData', appData);
  app.appPath = DESKTOP_DIR;
  vi.stubEnv('ELFTIA_DATA_DIR', '');
  vi.stubEnv('ELFTIA_RENDERER_URL', '');
  await import('../../app/main/electron/main');
  await vi.waitFor(() => {
    if (!BrowserWindow.instances[0]?.loaded.url) throw new Error('window not loaded yet');
  });
  win = BrowserWindow.instances[0]!;
  await import('../../app/preload/index');
  (globalThis as unknown as { electronTRPC: Bridge }).electronTRPC.onMessage((message) => replies.push(message));
});

afterAll(() => {
  vi.unstubAllEnvs();
  fs.rmSync(appData, { recursive: true, force: true });
});

describe('Electron shell: window', () => {
  it('opens one window with secure webPreferences and the bundled preload', () => {
    expect(BrowserWindow.instances).toHaveLength(1);
    expect(win.options.webPreferences).toMatchObject({
      contextIsolation: true,
      nodeIntegration: false,
      nodeIntegrationInSubFrames: false,
      sandbox: true,
      webSecurity: true,
      webviewTag: false,
      allowRunningInsecureContent: false,
      preload: path.join(DESKTOP_DIR, 'dist', 'electron', 'preload.cjs'),
    });
  });

  it('loads the renderer from app://elftia/, a privileged scheme registered before the app was ready', () => {
    expect(win.loaded).toEqual({ url: 'app://elftia/index.html' });
    expect(protocol.privileged).toEqual([
      { scheme: 'app', privileges: { standard: true, secure: true, supportFetchAPI: true } },
      { scheme: 'elftia-app', privileges: { standard: true, secure: true } },
    ]);
    expect([...protocol.handlers.keys()]).toEqual(['app', 'elftia-app']);
  });

  it('serves MCP Apps\' sandbox page on elftia-app://sandbox with the CSP built from the query, and offers it through apps.sandbox', async () => {
    const handler = protocol.handlers.get('elftia-app')!;
    const csp = encodeURIComponent(JSON.stringify({ connectDomains: ['https://api.example.com', 'https://a.com; script-src *'] }));
    const page = await handler(new Request(`elftia-app://sandbox/proxy.html?csp=${csp}`));
    expect(page.status).toBe(200);
    expect(page.headers.get('content-security-policy')).toContain('connect-src https://api.example.com;');
    expect(page.headers.get('content-security-policy')).not.toContain('a.com');
    expect(await page.text()).toContain("PREFIX + 'proxy-ready'");
    for (const url of ['elftia-app://sandbox/other.html', 'elftia-app://other/proxy.html', 'elftia-app://sandbox/']) expect((await handler(new Request(url))).status).toBe(404);
    setRendererSender(win.webContents);
    expect(await ipcQuery('apps.sandbox')).toMatchObject({ result: { type: 'data', data: { url: 'elftia-app://sandbox/proxy.html', origin: 'elftia-app://sandbox' } } });
  });

  it('answers app:// requests with the Content-Security-Policy, and nothing outside the renderer folder', async () => {
    const handler = protocol.handlers.get('app')!;
    for (const url of ['app://elftia/../../package.json', 'app://elftia/%2e%2e/%2e%2e/package.json', 'app://elftia/assets/missing.js', 'app://other/index.html']) {
      const response = await handler(new Request(url));
      expect(response.status).toBe(404);
      expect(response.headers.get('content-security-policy')).toContain("default-src 'none'");
    }
  });

  it('keeps its data in <appData>/Elftia, where the CLI looks by default', () => {
    expect(app.getPath('userData')).toBe(path.join(appData, 'Elftia'));
    expect(fs.existsSync(path.join(appData, 'Elftia', DATABASE_FILE))).toBe(true);
  });

  it('sends http(s) and mailto window.open targets (an answer\'s target=_blank links) to the system and opens no window', () => {
    const handler = win.webContents.windowOpenHandler!;
    shell.opened.length = 0;
    expect(handler({ url: 'https://modelcontextprotocol.io/' })).toEqual({ action: 'deny' });
    expect(handler({ url: 'http://example.com/a' })).toEqual({ action: 'deny' });
    expect(handler({ url: 'mailto:someone@example.com?subject=Hi' })).toEqual({ action: 'deny' });
    expect(shell.opened).toEqual(['https://modelcontextprotocol.io/', 'http://example.com/a', 'mailto:someone@example.com?subject=Hi']);
  });

  it.each(['file:///etc/passwd', 'javascript:alert(1)', 'data:text/html,<script>alert(1)</script>', 'smb://host/share', 'elftia://x', 'not a url'])('denies window.open(%s) without opening anything', (url) => {
    shell.opened.length = 0;
    expect(win.webContents.windowOpenHandler!({ url })).toEqual({ action: 'deny' });
    expect(shell.opened).toEqual([]);
  });

  it('blocks navigation away from the app, opening web links externally', () => {
    const navigate = (url: string) => {
      const event = { url, prevented: false, preventDefault() { this.prevented = true; } };
      win.webContents.emit('will-navigate', event);
      return event.prevented;
    };
    shell.opened.length = 0;
    expect(navigate('app://elftia/index.html')).toBe(false);
    expect(navigate(`file://${path.resolve(DESKTOP_DIR, '../renderer/dist/index.html')}`)).toBe(true);
    expect(navigate('https://evil.example/')).toBe(true);
    expect(navigate('mailto:someone@example.com')).toBe(true);
    expect(navigate('file:///etc/passwd')).toBe(true);
    expect(navigate('javascript:alert(1)')).toBe(true);
    expect(shell.opened).toEqual(['https://evil.example/', 'mailto:someone@example.com']);
  });
});

describe('Electron shell: session', () => {
  it('adds a strict Content-Security-Policy to every response', () => {
    let headers: Record<string, string[]> | undefined;
    session.defaultSession.headersListener!({ url: 'file:///x', responseHeaders: { 'X-Other': ['1'] } }, (response) => (headers = response.responseHeaders));
    const csp = headers?.['Content-Security-Policy']?.[0] ?? '';
    expect(csp).toContain("default-src 'none'");
    expect(csp).toMatch(/script-src 'self'(;|$)/);
    expect(csp).toContain("object-src 'none'");
    expect(csp).toContain('frame-src elftia-app://sandbox;');
    expect(headers?.['X-Other']).toEqual(['1']);
  });

  it('leaves the sandbox page\'s own CSP alone', () => {
    let response: { responseHeaders?: Record<string, string[]> } | undefined;
    session.defaultSession.headersListener!({ url: 'elftia-app://sandbox/proxy.html', responseHeaders: { 'Content-Security-Policy': ['connect-src x'] } }, (r) => (response = r));
    expect(response).toEqual({});
  });

  it('denies permission requests by default', () => {
    const ask = (permission: string, url: string) => {
      let granted: boolean | undefined;
      session.defaultSession.permissionRequestHandler!({ getURL: () => url }, permission, (g: boolean) => (granted = g), {});
      return granted;
    };
    const appUrl = 'app://elftia/index.html';
    for (const permission of ['media', 'geolocation', 'notifications', 'openExternal', 'clipboard-read']) expect(ask(permission, appUrl)).toBe(false);
    expect(ask('clipboard-sanitized-write', appUrl)).toBe(true);
    expect(ask('clipboard-sanitized-write', 'https://evil.example/')).toBe(false);
    expect(session.defaultSession.permissionCheckHandler!(null, 'media', appUrl, {})).toBe(false);
  });

  it('asks the user before an MCP App gets the location it declared, and grants only Allow', async () => {
    const appUrl = 'app://elftia/index.html';
    const request = (permission: string, details: Record<string, unknown>, topUrl = appUrl) =>
      new Promise<boolean>((resolve) => session.defaultSession.permissionRequestHandler!({ getURL: () => topUrl }, permission, resolve, details));
    const inApp = { isMainFrame: false, requestingUrl: 'about:srcdoc' };
    dialog.messageBoxes.length = 0;

    dialog.nextMessageBoxResponse = 0;
    expect(await request('geolocation', inApp)).toBe(true);
    expect(dialog.messageBoxes).toHaveLength(1);
    expect(dialog.messageBoxes[0]!.parent).toBe(win);
    expect(dialog.messageBoxes[0]!.options).toMatchObject({
      message: 'An app in the conversation asks for your location.',
      buttons: ['Allow', 'Deny'],
      defaultId: 1,
      cancelId: 1,
    });
    expect(await request('geolocation', { isMainFrame: false, requestingUrl: 'elftia-app://sandbox/proxy.html' })).toBe(true);

    // Deny, Esc or closing the dialog (cancelId) answers no.
    dialog.nextMessageBoxResponse = 1;
    expect(await request('geolocation', inApp)).toBe(false);
    expect(dialog.messageBoxes).toHaveLength(3);

    // An app asking in a loop gets one dialog while it is on screen, and every request its answer.
    dialog.nextMessageBoxResponse = 0;
    expect(await Promise.all(Array.from({ length: 20 }, () => request('geolocation', inApp)))).toEqual(Array(20).fill(true));
    expect(dialog.messageBoxes).toHaveLength(4);

    // Not an app's request, or not the location: denied without asking.
    dialog.nextMessageBoxResponse = 0;
    expect(await request('geolocation', { isMainFrame: true, requestingUrl: appUrl })).toBe(false);
    expect(await request('geolocation', { isMainFrame: false, requestingUrl: 'https://evil.example/' })).toBe(false);
    expect(await request('geolocation', inApp, 'https://evil.example/')).toBe(false);
    for (const permission of ['media', 'notifications', 'clipboard-read', 'openExternal']) expect(await request(permission, { ...inApp, mediaTypes: ['video'] })).toBe(false);
    expect(dialog.messageBoxes).toHaveLength(4);
  });
});

describe('Electron shell: IPC', () => {
  it('preload exposes only the trpc-electron bridge', () => {
    expect([...contextBridge.exposed.keys()]).toEqual(['electronTRPC']);
    const bridge = contextBridge.exposed.get('electronTRPC') as Record<string, unknown>;
    expect(Object.keys(bridge).sort()).toEqual(['onMessage', 'sendMessage']);
  });

  it('answers our window through the router', async () => {
    setRendererSender(win.webContents);
    const reply = await ipcQuery('mcp.list');
    expect(reply.result).toEqual({ type: 'data', data: [] });
  });

  it('asks an app\'s permission in the language chosen in Settings', async () => {
    setRendererSender(win.webContents);
    const ask = () =>
      new Promise<boolean>((resolve) =>
        session.defaultSession.permissionRequestHandler!({ getURL: () => 'app://elftia/index.html' }, 'geolocation', resolve, { isMainFrame: false, requestingUrl: 'about:srcdoc' }),
      );
    dialog.nextMessageBoxResponse = 1;
    expect((await ipcQuery('settings.setLanguage', { language: 'ja' }, 'mutation')).result?.type).toBe('data');
    await ask();
    expect(dialog.messageBoxes.at(-1)?.options).toMatchObject({ message: '会話内のアプリが位置情報を求めています。', buttons: ['許可', '拒否'] });
    expect((await ipcQuery('settings.setLanguage', { language: 'system' }, 'mutation')).result?.type).toBe('data');
    await ask();
    expect(dialog.messageBoxes.at(-1)?.options.message).toBe('An app in the conversation asks for your location.');
  });

  it('offers the system folder chooser, modal to the focused window, for a preset\'s folder', async () => {
    setRendererSender(win.webContents);
    expect((await ipcQuery('dialogs.folderPicker')).result).toEqual({ type: 'data', data: { available: true } });

    win.focused = true;
    dialog.nextOpenDialog = { canceled: false, filePaths: ['/home/me/notes'] };
    const picked = await ipcQuery('dialogs.pickFolder', { title: 'Folder' }, 'mutation');
    expect(picked.result).toEqual({ type: 'data', data: { path: '/home/me/notes' } });
    expect(dialog.openDialogs.at(-1)).toEqual({ parent: win, options: { title: 'Folder', properties: ['openDirectory', 'createDirectory'] } });

    win.focused = false;
    dialog.nextOpenDialog = { canceled: true, filePaths: [] };
    const cancelled = await ipcQuery('dialogs.pickFolder', { title: 'Folder' }, 'mutation');
    expect(cancelled.result).toEqual({ type: 'data', data: { path: null } });
    expect(dialog.openDialogs.at(-1)?.parent).toBeUndefined();
  });

  it.each([
    ['another webContents', () => setRendererSender(new FakeWebContents())],
    ['a sub-frame of our window', () => setRendererSender(win.webContents, { routingId: 999, url: win.webContents.mainFrame.url, parent: win.webContents.mainFrame } satisfies FakeFrame)],
    ['our window showing a foreign page', () => setRendererSender(win.webContents, { routingId: 1000, url: 'https://evil.example/', parent: null })],
    ['our window showing a file:// page', () => setRendererSender(win.webContents, { routingId: 1001, url: `file://${path.resolve(DESKTOP_DIR, '../renderer/dist/index.html')}`, parent: null })],
  ])('refuses %s with FORBIDDEN', async (_label, select) => {
    select();
    const reply = await ipcQuery('mcp.list');
    expect(reply.result).toBeUndefined();
    expect(reply.error?.data?.code).toBe('FORBIDDEN');
  });
});

describe('Electron shell: quit', () => {
  it('disposes the services before letting the quit through', async () => {
    // SQLite deletes the -wal file when the last connection closes: it is there while the app runs.
    const wal = path.join(appData, 'Elftia', `${DATABASE_FILE}-wal`);
    expect(fs.existsSync(wal)).toBe(true);
    app.quit();
    await vi.waitFor(() => expect(app.quitCalls).toBe(2));
    expect(fs.existsSync(wal)).toBe(false);
  });
});
