import { BrowserWindow, type HandlerDetails, shell, type WebContents, type WebPreferences, type WindowOpenHandlerResponse } from 'electron';

/** The renderer gets no Node, no Electron and no access to the preload's world (Electron's security checklist). */
export function secureWebPreferences(preload: string): WebPreferences {
  return {
    preload,
    contextIsolation: true,
    nodeIntegration: false,
    nodeIntegrationInWorker: false,
    nodeIntegrationInSubFrames: false,
    sandbox: true,
    webSecurity: true,
    allowRunningInsecureContent: false,
    webviewTag: false,
    spellcheck: true,
  };
}

/** Schemes handed to the operating system: web pages (the system browser) and e-mail (the mail app). */
const EXTERNAL_PROTOCOLS = new Set(['https:', 'http:', 'mailto:']);

/**
 * Only web pages and e-mail addresses leave the app (the links in a model's answer): never file:,
 * javascript:, smb: or custom schemes, which would run or open something on this machine.
 */
export function isExternalUrl(url: string): boolean {
  try {
    return EXTERNAL_PROTOCOLS.has(new URL(url).protocol);
  } catch {
    return false;
  }
}

export type OpenExternal = (url: string) => Promise<void>;

/** No new Electron windows ever: http(s) and mailto links go to the system, the rest nowhere. */
export function windowOpenHandler(openExternal: OpenExternal): (details: HandlerDetails) => WindowOpenHandlerResponse {
  return ({ url }) => {
    if (isExternalUrl(url)) void openExternal(url).catch(() => {});
    return { action: 'deny' };
  };
}

/** Keeps the window on the app: a link that would navigate it away opens in the browser instead. */
export function guardNavigation(contents: WebContents, isAppUrl: (url: string) => boolean, openExternal: OpenExternal): void {
  const guard = (event: { preventDefault(): void }, url: string) => {
    if (isAppUrl(url)) return;
    event.preventDefault();
    if (isExternalUrl(url)) void openExternal(url).catch(() => {});
  };
  contents.on('will-navigate', (event) => guard(event, event.url));
  contents.on('will-redirect', (event) => guard(event, event.url));
}

export interface MainWindowOptions {
  preload: string;
  isAppUrl: (url: string) => boolean;
}

export function createMainWindow(options: MainWindowOptions): BrowserWindow {
  const win = new BrowserWindow({
    width: 1200,
    height: 800,
    minWidth: 720,
    minHeight: 480,
    title: 'Elftia',
    show: false,
    webPreferences: secureWebPreferences(options.preload),
  });
  const openExternal: OpenExternal = (url) => shell.openExternal(url);
  win.webContents.setWindowOpenHandler(windowOpenHandler(openExternal));
  guardNavigation(win.webContents, options.isAppUrl, openExternal);
  win.once('ready-to-show', () => win.show());
  return win;
}
