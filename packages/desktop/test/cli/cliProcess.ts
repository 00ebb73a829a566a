/** Runs the real CLI (app/main/host/cli.ts, bundled: test/support/testProcesses.ts) as a child process. */
import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { CLI_BUNDLE } from '../support/testProcesses';

export const REPO_ROOT = fileURLToPath(new URL('../../../../', import.meta.url));
export const LOCALES_DIR = path.join(REPO_ROOT, 'locales');

/**
 * For tests that start processes (the CLI, MCP servers) several times: loading the CLI or a server
 * takes seconds on a busy two-core machine running other test files at the same time.
 */
export const SPAWN_TIMEOUT_MS = 60_000;

export interface CliResult {
  code: number | null;
  stdout: string;
  stderr: string;
}

let homeDir: string | undefined;

/**
 * A clean environment: no locale (English), no ELFTIA_DATA_DIR, and a throw-away HOME so a
 * test that forgot --data-dir cannot touch the real ~/.config/Elftia.
 */
export function cleanEnv(extra: Record<string, string> = {}): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = {};
  for (const [key, value] of Object.entries(process.env)) {
    if (key.startsWith('LC_') || key === 'LANG' || key === 'LANGUAGE' || key === 'ELFTIA_DATA_DIR' || key === 'XDG_CONFIG_HOME') continue;
    if (key.startsWith('VITEST') || key === 'NODE_OPTIONS') continue;
    env[key] = value;
  }
  homeDir ??= fs.mkdtempSync(path.join(os.tmpdir(), 'elftia-home-'));
  env.HOME = homeDir;
  return { ...env, ...extra };
}

export function spawnCli(args: string[], env: NodeJS.ProcessEnv = cleanEnv()): ChildProcess {
  return spawn(process.execPath, [CLI_BUNDLE, ...args], { cwd: REPO_ROOT, env, stdio: ['ignore', 'pipe', 'pipe'] });
}

export function collect(child: ChildProcess): Promise<CliResult> {
  return new Promise((resolve, reject) => {
    let stdout = '';
    let stderr = '';
    child.stdout?.setEncoding('utf8').on('data', (chunk: string) => (stdout += chunk));
    child.stderr?.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, stdout, stderr }));
  });
}

export function runCli(args: string[], env?: NodeJS.ProcessEnv): Promise<CliResult> {
  return collect(spawnCli(args, env));
}

export function tempDir(prefix = 'elftia-cli-'): string {
  return fs.mkdtempSync(path.join(os.tmpdir(), prefix));
}

/**
 * The text of a key in a language's catalog, placeholders filled: `errors.NOT_FOUND` reads
 * locales/<lng>/common/errors.json, `cli/messages:status.connected` locales/<lng>/cli/messages.json.
 */
export function localeText(language: string, key: string, params: Record<string, string | number> = {}): string {
  const colon = key.indexOf(':');
  const namespace = colon >= 0 ? key.slice(0, colon) : 'common/errors';
  let node: unknown = JSON.parse(fs.readFileSync(path.join(LOCALES_DIR, language, `${namespace}.json`), 'utf8'));
  for (const part of key.slice(colon + 1).split('.')) node = (node as Record<string, unknown> | undefined)?.[part];
  if (typeof node !== 'string') throw new Error(`no ${key} in ${language}`);
  return node.replace(/\{\{\s*(\w+)\s*\}\}/g, (_, p: string) => String(params[p]));
}
