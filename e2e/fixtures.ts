import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { type Page, test as base } from '@playwright/test';

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const CLI = path.join(ROOT, 'packages', 'desktop', 'app', 'main', 'host', 'cli.ts');

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
  const result = spawnSync(process.execPath, ['--import', 'tsx', CLI, ...args, '--data-dir', dataDir], {
    cwd: ROOT,
    encoding: 'utf8',
    env: { ...process.env, LANG: 'en_US.UTF-8' },
    timeout: 30_000,
  });
  return { status: result.status ?? -1, stdout: result.stdout, stderr: result.stderr };
}

async function startHost(dataDir: string): Promise<{ child: ChildProcess; url: string; port: number }> {
  const child = spawn(process.execPath, ['--import', 'tsx', CLI, 'serve', '--json', '--port', '0', '--data-dir', dataDir], {
    cwd: ROOT,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stderr = '';
  child.stderr?.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const line = await new Promise<string>((resolve, reject) => {
    let out = '';
    const timer = setTimeout(() => reject(new Error(`host did not start in 20 s: ${stderr}`)), 20_000);
    child.stdout?.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      const newline = out.indexOf('\n');
      if (newline >= 0) {
        clearTimeout(timer);
        resolve(out.slice(0, newline));
      }
    });
    child.on('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`host exited with ${code}: ${stderr}`));
    });
  });
  const { url, port } = JSON.parse(line) as { url: string; port: number };
  return { child, url, port };
}

async function stop(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  child.kill('SIGTERM');
  const timer = setTimeout(() => child.kill('SIGKILL'), 5_000);
  await exited;
  clearTimeout(timer);
}

export const test = base.extend<{ host: Host }>({
  host: async ({}, use) => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'elftia-e2e-'));
    const { child, url, port } = await startHost(dataDir);
    const parsed = new URL(url);
    const token = new URLSearchParams(parsed.hash.slice(1)).get('token') ?? '';
    await use({ url, origin: parsed.origin, port, token, dataDir, cli: (args) => runCli(dataDir, args) });
    await stop(child);
    fs.rmSync(dataDir, { recursive: true, force: true });
  },
});

export { expect } from '@playwright/test';

/** The app opens on Chat; most specs start in Settings (the Tools tab is its first tab). */
export async function openSettings(page: Page): Promise<void> {
  await page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: 'Settings' }).click();
}
