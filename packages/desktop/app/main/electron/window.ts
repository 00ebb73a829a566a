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

/** Only web pages leave the app, and only into the system browser: never file:, javascript:, smb: or custom schemes. */
export function isExternalWebUrl(url: string): boolean {
  try {
    const { protocol } = new URL(url);
    return protocol === 'https:' || protocol === 'http:';
  } catch {
    return false;
  }
}

export type OpenExternal = (url: string) => Promise<void>;

/** No new Electron windows ever: http(s) links go to the system browser, the rest nowhere. */
export function windowOpenHandler(openExternal: OpenExternal): (details: HandlerDetails) => WindowOpenHandlerResponse {
  return ({ url }) => {
    if (isExternalWebUrl(url)) void openExternal(url).catch(() => {});
    return { action: 'deny' };
  };
}

/** Keeps the window on the app: a link that would navigate it away opens in the browser instead. */
export function guardNavigation(contents: WebContents, isAppUrl: (url: string) => boolean, openExternal: OpenExternal): void {
  const guard = (event: { preventDefault(): void }, url: string) => {
    if (isAppUrl(url)) return;
    event.preventDefault();
    if (isExternalWebUrl(url)) void openExternal(url).catch(() => {});
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
