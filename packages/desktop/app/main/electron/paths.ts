import path from 'node:path';
import { APP_HOST, APP_SCHEME } from './appProtocol';

export interface ShellPaths {
  /** The built renderer's folder, served as app://elftia/ (appProtocol.ts). */
  rendererDir: string;
  /** The sandboxed preload, bundled as CommonJS (sandboxed preloads cannot load ES modules). */
  preload: string;
  localesDir: string;
}

/**
 * Where the shell's files are. `appPath` is app.getAppPath(): packages/desktop when run from the
 * repository, `resources/app.asar` when packaged (electron-builder.yml copies the renderer and the
 * locales into the app as `renderer/` and `locales/`).
 */
export function shellPaths(appPath: string, isPackaged: boolean): ShellPaths {
  const rendererDir = isPackaged ? path.join(appPath, 'renderer') : path.resolve(appPath, '../renderer/dist');
  return {
    rendererDir,
    preload: path.join(appPath, 'dist', 'electron', 'preload.cjs'),
    localesDir: isPackaged ? path.join(appPath, 'locales') : path.resolve(appPath, '../../locales'),
  };
}

/**
 * ELFTIA_RENDERER_URL (development: the renderer's Vite dev server) — accepted only on a loopback
 * http origin, because whatever the window loads gets the IPC bridge.
 */
export function devServerOrigin(value: string | undefined): string | undefined {
  if (!value) return undefined;
  try {
    const url = new URL(value);
    const loopback = ['127.0.0.1', 'localhost', '[::1]'].includes(url.hostname);
    return url.protocol === 'http:' && loopback ? url.origin : undefined;
  } catch {
    return undefined;
  }
}

/**
 * True for a page of the app itself: the dev server's origin in development, else app://elftia/
 * (appProtocol.ts). A file:// page never is: whatever a file on disk holds would get the IPC bridge.
 */
export function isAppUrl(url: string, devOrigin: string | undefined): boolean {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return false;
  }
  if (devOrigin !== undefined) return parsed.origin === devOrigin;
  return parsed.protocol === `${APP_SCHEME}:` && parsed.host === APP_HOST;
}
