import path from 'node:path';
import { fileURLToPath } from 'node:url';

export interface ShellPaths {
  /** The built renderer's folder; only files inside it count as the app. */
  rendererDir: string;
  rendererIndex: string;
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
    rendererIndex: path.join(rendererDir, 'index.html'),
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

/** True for a page of the app itself: the dev server's origin, or a file inside the renderer folder. */
export function isAppUrl(url: string, rendererDir: string, devOrigin: string | undefined): boolean {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return false;
  }
  if (devOrigin !== undefined) return parsed.origin === devOrigin;
  if (parsed.protocol !== 'file:') return false;
  const relative = path.relative(rendererDir, fileURLToPath(parsed));
  return relative.length > 0 && !relative.startsWith('..') && !path.isAbsolute(relative);
}
