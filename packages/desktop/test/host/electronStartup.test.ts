/**
 * The Electron shell's start-up paths and its pure parts, with the fake 'electron' module:
 * a second instance, an unreadable database, the development URL, the secret store.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { DATABASE_FILE } from '../../app/main/db/database';
import { chooseSecretStore, runElectronApp } from '../../app/main/electron/app';
import { devServerOrigin, isAppUrl, shellPaths } from '../../app/main/electron/paths';
import { SafeStorageSecretStore } from '../../app/main/electron/SafeStorageSecretStore';
import { contentSecurityPolicy } from '../../app/main/electron/security';
import { FileKeySecretStore } from '../../app/main/secrets/FileKeySecretStore';
import { SecretStoreError } from '../../app/main/db/SecretStore';
import { app, BrowserWindow, dialog, resetFakeElectron, safeStorage } from '../fakes/electron';
import { localeText } from '../cli/cliProcess';

const DESKTOP_DIR = path.resolve(import.meta.dirname, '../..');
let appData: string;

beforeEach(() => {
  resetFakeElectron();
  appData = fs.mkdtempSync(path.join(os.tmpdir(), 'elftia-start-'));
  app.setPath('appData', appData);
  app.appPath = DESKTOP_DIR;
  vi.stubEnv('ELFTIA_DATA_DIR', '');
  vi.stubEnv('ELFTIA_RENDERER_URL', '');
});

/** Quits like the user would; when the app had started, waits for its services to be disposed. */
async function quit(): Promise<void> {
  const started = app.listenerCount('before-quit') > 0;
  const calls = app.quitCalls;
  app.quit();
  if (started) await vi.waitFor(() => expect(app.quitCalls).toBe(calls + 2));
}

afterEach(async () => {
  await quit();
  vi.restoreAllMocks();
  vi.unstubAllEnvs();
  fs.rmSync(appData, { recursive: true, force: true });
});

describe('runElectronApp', () => {
  it('quits at once when another instance holds the lock', async () => {
    app.singleInstance = false;
    await runElectronApp();
    expect(BrowserWindow.instances).toHaveLength(0);
    expect(app.quitCalls).toBe(1);
  });

  it('shows the translated DB_CORRUPT message, exits 1 and leaves the file alone', async () => {
    const file = path.join(appData, 'Elftia', DATABASE_FILE);
    fs.mkdirSync(path.dirname(file), { recursive: true });
    fs.writeFileSync(file, crypto.randomBytes(4096));
    const before = fs.readFileSync(file);
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    await runElectronApp();
    expect(dialog.errors).toEqual([{ title: 'Elftia', content: localeText('en', 'errors.DB_CORRUPT', { path: file }) }]);
    expect(app.exitCode).toBe(1);
    expect(BrowserWindow.instances).toHaveLength(0);
    expect(fs.readFileSync(file).equals(before)).toBe(true);
  });

  it('uses ELFTIA_DATA_DIR when set', async () => {
    const dataDir = path.join(appData, 'custom');
    vi.stubEnv('ELFTIA_DATA_DIR', dataDir);
    await runElectronApp();
    expect(fs.existsSync(path.join(dataDir, DATABASE_FILE))).toBe(true);
  });

  it('loads a loopback ELFTIA_RENDERER_URL in development', async () => {
    vi.stubEnv('ELFTIA_RENDERER_URL', 'http://localhost:5173/');
    await runElectronApp();
    expect(BrowserWindow.instances[0]?.loaded).toEqual({ url: 'http://localhost:5173/' });
  });

  it('ignores an ELFTIA_RENDERER_URL that is not loopback http, and when packaged', async () => {
    vi.stubEnv('ELFTIA_RENDERER_URL', 'https://evil.example/');
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    await runElectronApp();
    expect(BrowserWindow.instances[0]?.loaded).toEqual({ url: 'app://elftia/index.html' });
    await quit();

    resetFakeElectron();
    app.setPath('appData', appData);
    app.appPath = '/opt/Elftia/resources/app.asar';
    app.isPackaged = true;
    vi.stubEnv('ELFTIA_RENDERER_URL', 'http://localhost:5173/');
    await runElectronApp();
    expect(BrowserWindow.instances[0]?.loaded).toEqual({ url: 'app://elftia/index.html' });
  });
});

describe('shell paths and URLs', () => {
  it('finds the renderer, preload and locales unpackaged and packaged', () => {
    expect(shellPaths('/repo/packages/desktop', false)).toEqual({
      rendererDir: '/repo/packages/renderer/dist',
      preload: '/repo/packages/desktop/dist/electron/preload.cjs',
      localesDir: '/repo/locales',
    });
    expect(shellPaths('/opt/Elftia/resources/app.asar', true)).toMatchObject({
      rendererDir: '/opt/Elftia/resources/app.asar/renderer',
      localesDir: '/opt/Elftia/resources/app.asar/locales',
    });
  });

  it.each([
    ['http://localhost:5173/', 'http://localhost:5173'],
    ['http://127.0.0.1:5173', 'http://127.0.0.1:5173'],
    ['http://[::1]:5173/', 'http://[::1]:5173'],
    ['https://localhost:5173/', undefined],
    ['http://192.168.0.2:5173/', undefined],
    ['http://localhost.evil.example/', undefined],
    ['file:///x', undefined],
    ['', undefined],
  ])('devServerOrigin(%s) = %s', (value, expected) => {
    expect(devServerOrigin(value)).toBe(expected);
  });

  it('counts only app://elftia/ pages, or the dev origin, as the app — never a file:// page', () => {
    expect(isAppUrl('app://elftia/index.html', undefined)).toBe(true);
    expect(isAppUrl('app://elftia/assets/a.js', undefined)).toBe(true);
    expect(isAppUrl('app://elsewhere/index.html', undefined)).toBe(false);
    expect(isAppUrl('file:///r/dist/index.html', undefined)).toBe(false);
    expect(isAppUrl('https://evil.example/', undefined)).toBe(false);
    expect(isAppUrl('not a url', undefined)).toBe(false);
    expect(isAppUrl('http://localhost:5173/x', 'http://localhost:5173')).toBe(true);
    expect(isAppUrl('app://elftia/index.html', 'http://localhost:5173')).toBe(false);
  });

  it('relaxes the CSP only for the dev server', () => {
    const directive = (csp: string, name: string) => csp.split('; ').find((d) => d.startsWith(`${name} `));
    expect(directive(contentSecurityPolicy(), 'script-src')).toBe("script-src 'self'");
    expect(directive(contentSecurityPolicy(), 'connect-src')).toBe("connect-src 'self'");
    const dev = contentSecurityPolicy('http://localhost:5173');
    expect(directive(dev, 'script-src')).toBe("script-src 'self' http://localhost:5173 'unsafe-inline'");
    expect(directive(dev, 'connect-src')).toBe("connect-src 'self' http://localhost:5173 ws://localhost:5173");
  });
});

describe('secret stores', () => {
  it('seals with safeStorage as ss1:<base64> and opens it again', () => {
    const store = new SafeStorageSecretStore({ safeStorage });
    const sealed = store.seal('{"env":{"K":"v"}}');
    expect(sealed).toMatch(/^ss1:[A-Za-z0-9+/]+=*$/);
    expect(sealed).not.toContain('"K"');
    expect(store.open(sealed)).toBe('{"env":{"K":"v"}}');
    expect(() => store.open('ss1:AAAA')).toThrow(SecretStoreError);
  });

  it('opens values the CLI sealed with the key file, and refuses unknown schemes without a fallback', () => {
    const fileStore = new FileKeySecretStore(appData);
    const fromCli = fileStore.seal('cli secret');
    expect(new SafeStorageSecretStore({ safeStorage, fallback: () => fileStore }).open(fromCli)).toBe('cli secret');
    expect(() => new SafeStorageSecretStore({ safeStorage }).open(fromCli)).toThrow(SecretStoreError);
  });

  it('refuses to seal when safeStorage cannot encrypt', () => {
    safeStorage.available = false;
    expect(() => new SafeStorageSecretStore({ safeStorage }).seal('x')).toThrow(SecretStoreError);
  });

  it('chooses safeStorage with a real keyring, the key file otherwise', () => {
    expect(chooseSecretStore(appData, 'linux').scheme).toBe('ss1');
    safeStorage.backend = 'basic_text';
    expect(chooseSecretStore(appData, 'linux').scheme).toBe('fk1');
    expect(chooseSecretStore(appData, 'darwin').scheme).toBe('ss1');
    safeStorage.available = false;
    expect(chooseSecretStore(appData, 'darwin').scheme).toBe('fk1');
  });
});
