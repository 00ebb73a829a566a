/**
 * The Electron shell: one window over the same services as the headless host, bridged by
 * trpc-electron. The only code besides preload/ that imports 'electron'.
 */
import path from 'node:path';
import { app, type BrowserWindow, dialog, protocol, safeStorage, session, shell } from 'electron';
import { PRODUCT_NAME } from '../host/cli/dataDir';
import { createTranslator, toAppErrorData, translateError } from '../host/messages';
import { type AppServices, createAppServices } from '../index';
import { FileKeySecretStore } from '../secrets/FileKeySecretStore';
import type { SecretStore } from '../db/SecretStore';
import { type Language, matchLanguage } from '../../shared/contracts/settings';
import { SANDBOX_SCHEME_ORIGIN, SANDBOX_SCHEME_URL } from '../apps/sandboxScheme';
import { askAppPermission } from './appPermissions';
import { pickFolder } from './folderPicker';
import { APP_INDEX_URL, handleAppScheme, registerAppScheme } from './appProtocol';
import { attachTrpcIpc } from './ipc';
import { devServerOrigin, isAppUrl, type ShellPaths, shellPaths } from './paths';
import { SafeStorageSecretStore } from './SafeStorageSecretStore';
import { handleSandboxScheme } from './sandboxProtocol';
import { contentSecurityPolicy, installSessionSecurity } from './security';
import { createMainWindow } from './window';

/** How often to pick up servers the CLI added while the app runs, in milliseconds. */
const EXTERNAL_CHANGE_POLL_MS = 1000;

const log = (line: string) => console.warn(`[elftia] ${line}`);

/**
 * safeStorage when it really encrypts. Linux without a keyring falls back to 'basic_text' (a
 * hard-coded key) — the data dir's key file is no weaker, and the CLI can read it too.
 */
export function chooseSecretStore(dataDir: string, platform: NodeJS.Platform): SecretStore {
  const fileStore = () => new FileKeySecretStore(dataDir);
  const weakLinuxBackend = platform === 'linux' && safeStorage.getSelectedStorageBackend() === 'basic_text';
  if (!safeStorage.isEncryptionAvailable() || weakLinuxBackend) return fileStore();
  return new SafeStorageSecretStore({ safeStorage, fallback: fileStore });
}

/** Disposes the services before the app exits: before-quit waits for it once, then lets the quit through. */
export function installGracefulQuit(dispose: () => Promise<void>): void {
  let state: 'running' | 'disposing' | 'done' = 'running';
  app.on('before-quit', (event) => {
    if (state === 'done') return;
    event.preventDefault();
    if (state === 'disposing') return;
    state = 'disposing';
    dispose()
      .catch((error: unknown) => log(`dispose failed: ${String(error)}`))
      .finally(() => {
        state = 'done';
        app.quit();
      });
  });
}

function openServices(paths: ShellPaths): AppServices | undefined {
  const dataDir = process.env.ELFTIA_DATA_DIR || app.getPath('userData');
  try {
    return createAppServices({
      dataDir,
      secretStore: chooseSecretStore(dataDir, process.platform),
      externalChangePollMs: EXTERNAL_CHANGE_POLL_MS,
      autoConnectMcp: true,
      // The workspace open when the app last quit opens again (its project servers still need approval).
      restoreWorkspace: true,
      // The runtime installer's download page (no winget / Homebrew) opens in the user's browser.
      openExternal: (url) => shell.openExternal(url),
      pickFolder,
      // The page the browser shows when an OAuth sign-in comes back to the loopback listener.
      oauthCallbackPage: () => {
        const t = createTranslator(paths.localesDir, matchLanguage(app.getLocale()));
        return { title: PRODUCT_NAME, done: t('cli/messages:oauthPage.done'), failed: t('cli/messages:oauthPage.failed') };
      },
    });
  } catch (error) {
    // A newer or corrupt database: say so in the user's language and leave the file alone.
    const t = createTranslator(paths.localesDir, matchLanguage(app.getLocale()));
    dialog.showErrorBox(PRODUCT_NAME, translateError(toAppErrorData(error), t).message);
    log(`startup failed: ${error instanceof Error ? error.message : String(error)}`);
    return undefined;
  }
}

function focus(win: BrowserWindow): void {
  if (win.isDestroyed()) return;
  if (win.isMinimized()) win.restore();
  win.show();
  win.focus();
}

export async function runElectronApp(): Promise<void> {
  if (!app.requestSingleInstanceLock()) {
    app.quit();
    return;
  }
  // Unpackaged, Electron would name the folder after the package (@elftia/desktop); the CLI's
  // default data dir is <appData>/Elftia, so pin it before anything reads userData.
  app.setPath('userData', path.join(app.getPath('appData'), PRODUCT_NAME));
  app.on('web-contents-created', (_event, contents) => {
    contents.on('will-attach-webview', (event) => event.preventDefault());
  });
  registerAppScheme(protocol);
  await app.whenReady();

  const paths = shellPaths(app.getAppPath(), app.isPackaged);
  const services = openServices(paths);
  if (!services) {
    app.exit(1);
    return;
  }
  installGracefulQuit(() => services.dispose());
  void services.start().catch((error: unknown) => log(`starting MCP servers failed: ${error instanceof Error ? error.message : String(error)}`));

  const devUrl = process.env.ELFTIA_RENDERER_URL;
  const devOrigin = app.isPackaged ? undefined : devServerOrigin(devUrl);
  if (devUrl && !devOrigin) log('ignoring ELFTIA_RENDERER_URL: only a loopback http:// URL is allowed');
  const isApp = (url: string) => isAppUrl(url, devOrigin);
  const csp = contentSecurityPolicy(devOrigin);

  // The language the user chose in Settings, else the system's: what the app's own dialogs speak.
  const language = (): Language => {
    const chosen = services.settings.get().language;
    return chosen === 'system' ? matchLanguage(app.getLocale()) : chosen;
  };
  let mainWindow: BrowserWindow | undefined;
  installSessionSecurity(session.defaultSession, csp, isApp, (permission) =>
    mainWindow && !mainWindow.isDestroyed() ? askAppPermission(dialog, mainWindow, permission, createTranslator(paths.localesDir, language())) : Promise.resolve(false),
  );
  handleAppScheme(protocol, paths.rendererDir, csp);
  handleSandboxScheme(protocol);
  services.apps.setSandbox({ url: SANDBOX_SCHEME_URL, origin: SANDBOX_SCHEME_ORIGIN });
  const win = createMainWindow({ preload: paths.preload, isAppUrl: isApp });
  mainWindow = win;
  attachTrpcIpc(win, services, isApp, log);
  app.on('second-instance', () => focus(win));
  // One window: closing it ends the app on every platform, which also disposes the services.
  app.on('window-all-closed', () => app.quit());

  await win.loadURL(devOrigin && devUrl ? devUrl : APP_INDEX_URL);
}
