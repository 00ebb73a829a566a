#!/usr/bin/env node
// The README's start command: installs, builds, and starts Elftia — in Electron when its binary is
// available (or can be downloaded), otherwise through the headless host in a browser, so the app
// always starts. Extra arguments go to `elftia serve` (e.g. --port 4310 --data-dir DIR).
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { ROOT, ensurePnpm, log, pnpmInstall, pnpmRun } from './bootstrap.mjs';

const ELECTRON_DIR = path.join(ROOT, 'packages', 'desktop', 'node_modules', 'electron');
const ELECTRON_DOWNLOAD_TIMEOUT_MS = 180_000;

/** Electron ≥42 downloads its binary on first use; try that once, bounded, and report why not. */
function electronBinary() {
  if (process.env.ELFTIA_HEADLESS === '1') return { reason: 'ELFTIA_HEADLESS=1' };
  const pathFile = path.join(ELECTRON_DIR, 'path.txt');
  if (!fs.existsSync(pathFile)) {
    const result = spawnSync(process.execPath, [path.join(ELECTRON_DIR, 'install.js')], {
      stdio: ['ignore', 'ignore', 'pipe'],
      encoding: 'utf8',
      timeout: ELECTRON_DOWNLOAD_TIMEOUT_MS,
    });
    if (result.status !== 0 || !fs.existsSync(pathFile)) {
      const firstLine = (result.stderr ?? '').split('\n').find((l) => l.trim()) ?? 'download failed';
      return { reason: firstLine.trim().slice(0, 160) };
    }
  }
  const binary = path.join(ELECTRON_DIR, 'dist', fs.readFileSync(pathFile, 'utf8'));
  return fs.existsSync(binary) ? { binary } : { reason: `${binary} is missing` };
}

function forward(child) {
  for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => child.kill(signal));
  child.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
}

function main() {
  const pnpm = ensurePnpm();
  pnpmInstall(pnpm);
  pnpmRun(pnpm, ['--filter', '@elftia/renderer', 'build'], { stdio: ['ignore', 'ignore', 'inherit'] });

  const electron = electronBinary();
  if (electron.binary) {
    pnpmRun(pnpm, ['--filter', '@elftia/desktop', 'build:electron'], { stdio: ['ignore', 'ignore', 'inherit'] });
    forward(spawn(electron.binary, [path.join(ROOT, 'packages', 'desktop')], { cwd: ROOT, stdio: 'inherit' }));
    return;
  }
  console.log(`Electron's binary is not available (${electron.reason}); serving Elftia through the headless host instead.`);
  const cli = path.join(ROOT, 'packages', 'desktop', 'app', 'main', 'host', 'cli.ts');
  forward(spawn(process.execPath, ['--import', 'tsx', cli, 'serve', ...process.argv.slice(2)], { cwd: ROOT, stdio: 'inherit' }));
}

try {
  main();
} catch (error) {
  log(error.message);
  process.exit(typeof error.exitCode === 'number' ? error.exitCode : 1);
}
