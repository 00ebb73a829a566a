// Shared by start.mjs and test.mjs: get pnpm and the workspace's dependencies onto a fresh machine.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
export const PNPM_VERSION = '12.21.0';

export function log(message) {
  process.stderr.write(`[elftia] ${message}\n`);
}

/** Runs a command with inherited output; throws with its exit code when it fails. */
export function run(file, args, options = {}) {
  const result = spawnSync(file, args, { cwd: ROOT, stdio: 'inherit', ...options });
  if (result.error) throw result.error;
  if (result.status !== 0) {
    const error = new Error(`${[file, ...args].join(' ')} exited with ${result.status ?? result.signal}`);
    error.exitCode = result.status ?? 1;
    throw error;
  }
  return result;
}

function works(file, args) {
  const result = spawnSync(file, args, { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] });
  return result.status === 0 ? result.stdout.trim() : undefined;
}

/**
 * pnpm 12 through npm, never corepack (it fails on registries without signatures).
 * Returns the command prefix to run pnpm with.
 */
export function ensurePnpm() {
  const version = works('pnpm', ['--version']);
  if (version?.startsWith('12.')) return ['pnpm'];
  log(`installing pnpm ${PNPM_VERSION} with npm`);
  const global = spawnSync('npm', ['install', '-g', '--allow-scripts=pnpm', `pnpm@${PNPM_VERSION}`], { stdio: 'inherit' });
  if (global.status === 0 && works('pnpm', ['--version'])?.startsWith('12.')) return ['pnpm'];
  log('a global install was not possible; using npx instead');
  return ['npx', '-y', `pnpm@${PNPM_VERSION}`];
}

/** Environment for installs: better-sqlite3 compiles against the running Node's headers. */
export function installEnv() {
  return { ...process.env, npm_config_nodedir: path.resolve(process.execPath, '..', '..') };
}

export function pnpmInstall(pnpm) {
  const [file, ...prefix] = pnpm;
  run(file, [...prefix, 'install', '--frozen-lockfile'], { env: installEnv() });
}

export function pnpmRun(pnpm, args, options = {}) {
  const [file, ...prefix] = pnpm;
  return run(file, [...prefix, ...args], options);
}

export function exists(file) {
  return fs.existsSync(file);
}
