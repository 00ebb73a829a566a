/**
 * The user's login-shell environment, and the merge that gives a stdio server a usable PATH.
 *
 * An app started from Finder, the Dock or a .desktop launcher never read ~/.zshrc or ~/.bash_profile, so
 * node from nvm/fnm/volta/asdf/Homebrew is not on its PATH and `npx` fails with ENOENT, the most reported
 * failure of MCP clients. Like VS Code's shellEnv.ts, we run the user's shell once as a login
 * + interactive shell, print the environment between random markers, and cache the result.
 */
import { spawn as nodeSpawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { userInfo } from 'node:os';
import { type Clock, systemClock } from '../../lib/clock';

/** Default time allowed for the login shell to print its environment, in milliseconds. */
export const DEFAULT_SHELL_ENV_TIMEOUT_MS = 5000;
/** Upper bound on the shell's stdout, in bytes: a runaway rc file must not exhaust memory. */
const MAX_SHELL_OUTPUT_BYTES = 8 * 1024 * 1024;

/** Set while resolving, so an rc file can skip slow or interactive work (VS Code does the same). */
export const RESOLVING_ENV_FLAG = 'ELFTIA_RESOLVING_ENVIRONMENT';

/** Variables that describe the probe shell itself, not the user's environment. */
const PROBE_ONLY_KEYS = new Set(['_', 'SHLVL', 'PWD', 'OLDPWD', RESOLVING_ENV_FLAG]);

/**
 * Proxy and CA variables: on the allowlist of every server's environment (serverEnv.ts), since servers
 * that fetch packages or call APIs fail behind a corporate proxy without them.
 */
export const PROXY_AND_CA_ENV_KEYS = [
  'HTTP_PROXY', 'HTTPS_PROXY', 'NO_PROXY', 'ALL_PROXY',
  'http_proxy', 'https_proxy', 'no_proxy', 'all_proxy',
  'NODE_EXTRA_CA_CERTS', 'SSL_CERT_FILE', 'SSL_CERT_DIR', 'REQUESTS_CA_BUNDLE',
] as const;

export type Env = Record<string, string>;
export type SpawnFn = typeof nodeSpawn;

export interface ShellEnvResult {
  env: Env;
  /** `login-shell` when the shell answered; `process` when we fell back to our own environment. */
  source: 'login-shell' | 'process';
  /** The shell that was run, if any. */
  shell?: string;
  /** Why we fell back (or skipped), for logs and the server's diagnostics. */
  reason?: string;
}

export interface ResolveLoginShellEnvOptions {
  platform: NodeJS.Platform;
  /** The user's shell; default $SHELL from `processEnv`, else the account's shell, else /bin/sh. */
  shell?: string;
  /** Default 5000. */
  timeoutMs?: number;
  /** Injected for tests and for hosts that wrap spawning; default child_process.spawn. */
  spawn?: SpawnFn;
  /** The environment to fall back to and to start the shell with; default process.env. */
  processEnv?: NodeJS.ProcessEnv;
  /** Runs the timeout (tests move a manual clock). Default systemClock. */
  clock?: Clock;
}

export function definedEnv(env: NodeJS.ProcessEnv): Env {
  const out: Env = {};
  for (const [key, value] of Object.entries(env)) if (value !== undefined) out[key] = value;
  return out;
}

/** Flags per shell family: tcsh/csh take `-l` only as the sole flag, so they get `-ic` like VS Code. */
function shellArgs(shell: string, script: string): string[] {
  const name = shell.slice(shell.lastIndexOf('/') + 1);
  if (name === 'tcsh' || name === 'csh') return ['-ic', script];
  return ['-l', '-i', '-c', script];
}

/** Parses `env -0` output (NUL-separated KEY=VALUE; values may hold newlines). */
export function parseEnvNul(text: string): Env {
  const env: Env = {};
  for (const entry of text.split('\0')) {
    const eq = entry.indexOf('=');
    if (eq <= 0) continue;
    const key = entry.slice(0, eq);
    if (!PROBE_ONLY_KEYS.has(key)) env[key] = entry.slice(eq + 1);
  }
  return env;
}

/**
 * The markers are printed as two halves (`printf '%s%s' a b`), so the literal marker never appears in
 * the command line: an rc file that echoes commands (set -v) cannot fake the start of the output.
 */
function probeScript(start: string, end: string): { script: string; start: string; end: string } {
  const half = (marker: string) => `'${marker.slice(0, 8)}' '${marker.slice(8)}'`;
  return { script: `printf '%s%s' ${half(start)}; env -0; printf '%s%s' ${half(end)}`, start, end };
}

export function extractBetweenMarkers(output: string, start: string, end: string): string | null {
  const from = output.indexOf(start);
  if (from < 0) return null;
  const to = output.indexOf(end, from + start.length);
  return to < 0 ? null : output.slice(from + start.length, to);
}

function runShell(options: ResolveLoginShellEnvOptions, shell: string, processEnv: Env): Promise<Env> {
  const spawn = options.spawn ?? nodeSpawn;
  const timeoutMs = options.timeoutMs ?? DEFAULT_SHELL_ENV_TIMEOUT_MS;
  const clock = options.clock ?? systemClock;
  const marker = () => `__ELFTIA_${randomBytes(8).toString('hex')}__`;
  const probe = probeScript(marker(), marker());
  return new Promise((resolve, reject) => {
    // detached: its own session, so an interactive shell has no terminal to fight us over (SIGTTOU),
    // and on timeout the whole group, including anything an rc file started, can be killed.
    const child = spawn(shell, shellArgs(shell, probe.script), {
      env: { ...processEnv, [RESOLVING_ENV_FLAG]: '1' },
      stdio: ['ignore', 'pipe', 'ignore'],
      detached: true,
    });
    const chunks: Buffer[] = [];
    let size = 0;
    const killGroup = () => {
      try {
        if (child.pid) process.kill(-child.pid, 'SIGKILL');
      } catch {
        // already gone
      }
    };
    const timer = clock.setTimeout(() => {
      killGroup();
      reject(new Error(`login shell did not answer within ${timeoutMs} ms`));
    }, timeoutMs);
    child.stdout?.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size <= MAX_SHELL_OUTPUT_BYTES) chunks.push(chunk);
    });
    child.on('error', (error) => {
      clock.clearTimeout(timer);
      reject(error);
    });
    // A background job an rc file started (`cmd &`) stays in the probe's group holding our stdout pipe;
    // 'close' would wait for it. Output already written stays readable after the kill.
    child.on('exit', killGroup);
    child.on('close', (code, signal) => {
      clock.clearTimeout(timer);
      const body = extractBetweenMarkers(Buffer.concat(chunks).toString('utf8'), probe.start, probe.end);
      if (body === null) reject(new Error(`no environment in the shell's output (exit ${code ?? signal})`));
      else resolve(parseEnvNul(body));
    });
  });
}

/** The login shell from the user database: launchd may start a GUI app without $SHELL. */
function accountShell(): string | undefined {
  try {
    return userInfo().shell ?? undefined;
  } catch {
    return undefined; // no passwd entry (some containers)
  }
}

/**
 * Runs the user's shell as a login + interactive shell and returns its environment. Never throws: on
 * Windows (no login shell; GUI apps already get the user's environment), on failure and on timeout it
 * returns `processEnv` with the reason.
 */
export async function resolveLoginShellEnv(options: ResolveLoginShellEnvOptions): Promise<ShellEnvResult> {
  const processEnv = definedEnv(options.processEnv ?? process.env);
  if (options.platform === 'win32') return { env: processEnv, source: 'process', reason: 'skipped on win32' };
  const shell = options.shell || processEnv.SHELL || accountShell() || '/bin/sh';
  try {
    const env = await runShell(options, shell, processEnv);
    if (!env.PATH) return { env: processEnv, source: 'process', shell, reason: 'the login shell printed no PATH' };
    return { env, source: 'login-shell', shell };
  } catch (error) {
    return { env: processEnv, source: 'process', shell, reason: error instanceof Error ? error.message : String(error) };
  }
}

/**
 * Resolves the login-shell environment once, lazily, and shares the answer (and the in-flight attempt)
 * with every caller. Built by the composition root; no module-level cache.
 */
export class ShellEnvironment {
  private readonly options: ResolveLoginShellEnvOptions;
  private readonly resolver: (options: ResolveLoginShellEnvOptions) => Promise<ShellEnvResult>;
  private pending: Promise<ShellEnvResult> | undefined;
  private settled: ShellEnvResult | undefined;

  constructor(options: ResolveLoginShellEnvOptions, resolver = resolveLoginShellEnv) {
    this.options = options;
    this.resolver = resolver;
  }

  /** The environment; the shell runs on the first call only. */
  get(): Promise<ShellEnvResult> {
    this.pending ??= this.resolver(this.options).then((result) => (this.settled = result));
    return this.pending;
  }

  /** The cached result, or undefined before the first resolution finished. */
  get current(): ShellEnvResult | undefined {
    return this.settled;
  }
}

function pathKey(env: Env, platform: NodeJS.Platform): string {
  if (platform !== 'win32') return 'PATH';
  return Object.keys(env).find((key) => key.toUpperCase() === 'PATH') ?? 'Path';
}

function findKey(env: Env, key: string, platform: NodeJS.Platform): string | undefined {
  if (platform !== 'win32') return key in env ? key : undefined;
  const upper = key.toUpperCase();
  return Object.keys(env).find((existing) => existing.toUpperCase() === upper);
}

/**
 * Union of PATH lists in priority order, first occurrence wins. On Windows entries compare
 * case-insensitively and ignore a trailing backslash, as the file system does.
 */
export function mergePathLists(lists: (string | undefined)[], platform: NodeJS.Platform): string {
  const delimiter = platform === 'win32' ? ';' : ':';
  const normalize = (entry: string) => (platform === 'win32' ? entry.replace(/\\+$/, '').toLowerCase() : entry);
  const seen = new Set<string>();
  const merged: string[] = [];
  for (const list of lists) {
    for (const entry of list?.split(delimiter) ?? []) {
      if (entry === '' || seen.has(normalize(entry))) continue;
      seen.add(normalize(entry));
      merged.push(entry);
    }
  }
  return merged.join(delimiter);
}

/** Sets `key`, keeping the spelling already present on Windows (where `Path` and `PATH` are one variable). */
function assign(env: Env, key: string, value: string, platform: NodeJS.Platform): void {
  env[findKey(env, key, platform) ?? key] = value;
}

/**
 * The environment for a stdio server. Order, lowest priority first: `base` (our own environment),
 * `shellEnv` (the user's login shell), `serverEnv` (the server's config), so the server wins for its
 * keys. PATH is never replaced: it is the union server → login shell → base, so `env: {"PATH": "/x"}`
 * prepends /x and node stays reachable. Nothing from `base` or `shellEnv` is dropped, proxy and CA
 * variables included. On Windows keys compare case-insensitively (`Path` and `PATH` are one variable).
 */
export function mergeEnv(
  base: NodeJS.ProcessEnv,
  shellEnv: NodeJS.ProcessEnv | undefined,
  serverEnv: Record<string, string> | undefined,
  options: { platform?: NodeJS.Platform } = {},
): Env {
  const platform = options.platform ?? process.platform;
  const merged: Env = {};
  const layers = [definedEnv(base), definedEnv(shellEnv ?? {}), serverEnv ?? {}];
  for (const layer of layers) for (const [key, value] of Object.entries(layer)) assign(merged, key, value, platform);
  const paths = [...layers].reverse().map((layer) => {
    const key = findKey(layer, 'PATH', platform);
    return key === undefined ? undefined : layer[key];
  });
  const path = mergePathLists(paths, platform);
  if (path !== '') assign(merged, pathKey(merged, platform), path, platform);
  return merged;
}
