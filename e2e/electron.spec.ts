import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { _electron as electron } from '@playwright/test';
import { ROOT, expect, test } from './fixtures';

const ELECTRON_DIR = path.join(ROOT, 'packages', 'desktop', 'node_modules', 'electron');

/** The Electron binary, when this machine has one (it is downloaded on first use; not possible here). */
function electronBinary(): string | undefined {
  const pathFile = path.join(ELECTRON_DIR, 'path.txt');
  if (!fs.existsSync(pathFile)) return undefined;
  const binary = path.join(ELECTRON_DIR, 'dist', fs.readFileSync(pathFile, 'utf8'));
  return fs.existsSync(binary) ? binary : undefined;
}

const binary = electronBinary();

test('the Electron app opens the Tools tab over IPC', async () => {
  test.skip(!binary, 'Electron binary not available on this machine');
  const build = spawnSync('pnpm', ['--filter', '@elftia/desktop', 'build:electron'], { cwd: ROOT, stdio: 'inherit' });
  expect(build.status).toBe(0);
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'elftia-electron-'));
  const app = await electron.launch({
    executablePath: binary,
    args: [path.join(ROOT, 'packages', 'desktop')],
    env: { ...process.env, ELFTIA_DATA_DIR: dataDir } as Record<string, string>,
  });
  try {
    const window = await app.firstWindow();
    await window.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: 'Settings' }).click();
    await expect(window.getByRole('heading', { name: 'MCP servers' })).toBeVisible();
    // Isolated and sandboxed: the page sees neither Node nor Electron, only the tRPC bridge.
    const globals = await window.evaluate(() => ({
      require: typeof (globalThis as { require?: unknown }).require,
      process: typeof (globalThis as { process?: unknown }).process,
      bridge: typeof (globalThis as { electronTRPC?: unknown }).electronTRPC,
    }));
    expect(globals).toEqual({ require: 'undefined', process: 'undefined', bridge: 'object' });
  } finally {
    await app.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
});
