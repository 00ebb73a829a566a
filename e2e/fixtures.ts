import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { type Page, test as base } from '@playwright/test';
import { startAnnouncing, stopProcess } from './processes';

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
/**
 * The programs the tests start, bundled by scripts/testBundles.mjs (the global setup in
 * playwright.config.ts) from app/main/host/cli.ts, test/support/scriptedProvider/main.ts and
 * test/support/seedDataDir.ts: `node BUNDLE` starts in about half the time `node --import tsx SOURCE` takes.
 */
const bundle = (name: string) => path.join(ROOT, 'packages', 'desktop', 'dist', 'test-processes', name);
export const CLI = bundle('cli.mjs');
export const SCRIPTED_PROVIDER = bundle('scriptedProvider.mjs');
export const SEED_DATA_DIR = bundle('seedDataDir.mjs');

// Resolved from the package that depends on it (pnpm does not hoist it to the root).
const requireFromDesktop = createRequire(path.join(ROOT, 'packages/desktop/package.json'));
/** server-everything's entry point: run as `node EVERYTHING_ENTRY stdio`. */
export const EVERYTHING_ENTRY = path.join(
  path.dirname(requireFromDesktop.resolve('@modelcontextprotocol/server-everything/package.json')),
  'dist',
  'index.js',
);

/** A cold stdio start (node loading the server's dependencies) can exceed 10 s on a busy machine. */
export const CONNECT_TIMEOUT_MS = 30_000;

export interface Host {
  /** http://127.0.0.1:PORT/#token=… — the page URL with its access token. */
  url: string;
  origin: string;
  port: number;
  token: string;
  dataDir: string;
  /** Runs the real CLI against this host's data dir; resolves with its output and exit code. */
  cli(args: string[]): { status: number; stdout: string; stderr: string };
}

export function runCli(dataDir: string, args: string[]) {
  const result = spawnSync(process.execPath, [CLI, ...args, '--data-dir', dataDir], {
    cwd: ROOT,
    encoding: 'utf8',
    env: { ...process.env, LANG: 'en_US.UTF-8' },
    timeout: 30_000,
  });
  return { status: result.status ?? -1, stdout: result.stdout, stderr: result.stderr };
}

/**
 * Starts the real headless host on a fresh data dir; `prepare` may write into the data dir first
 * (a presets.json), `env` replaces the host's environment (a PATH without a runtime, a temporary HOME).
 */
export async function launchHost(options: { env?: NodeJS.ProcessEnv; prepare?: (dataDir: string) => void } = {}): Promise<Host & { stop(): Promise<void> }> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'elftia-e2e-'));
  options.prepare?.(dataDir);
  const { child, announced } = await startAnnouncing<{ url: string; port: number }>(
    'the host',
    [CLI, 'serve', '--json', '--port', '0', '--data-dir', dataDir],
    ROOT,
    options.env,
  );
  const { url, port } = announced;
  const parsed = new URL(url);
  const token = new URLSearchParams(parsed.hash.slice(1)).get('token') ?? '';
  return {
    url,
    origin: parsed.origin,
    port,
    token,
    dataDir,
    cli: (args) => runCli(dataDir, args),
    async stop() {
      await stopProcess(child);
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

export const test = base.extend<{ host: Host }>({
  host: async ({}, use) => {
    const host = await launchHost();
    await use(host);
    await host.stop();
  },
});

export { expect } from '@playwright/test';

/**
 * The app opens on Chat; most specs start in Settings (Servers is its first section). The main
 * navigation is at the foot of the chat's sidebar, and at the top of Settings as "Back to chat":
 * already in Settings, there is nothing to press.
 */
export async function openSettings(page: Page): Promise<void> {
  const nav = page.getByRole('navigation', { name: 'Main' });
  await nav.waitFor();
  const settings = nav.getByRole('button', { name: 'Settings', exact: true });
  if ((await settings.count()) > 0) await settings.click();
}

/** Settings, at one of its sections (English names: Servers, Presets, Runtimes, Approvals, Providers, General). */
export async function openSettingsSection(page: Page, section: string): Promise<void> {
  await openSettings(page);
  await page.getByRole('tablist', { name: 'Settings sections' }).getByRole('tab', { name: section }).click();
}
