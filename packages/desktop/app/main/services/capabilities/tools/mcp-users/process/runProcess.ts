/**
 * Runs a short-lived helper process to its end — a package download before a server's first start,
 * a runtime installer — with its output as lines, a timeout, cancellation, and the whole process tree
 * killed on either. Such helpers spawn their own children (npm exec → node, `curl | sh`), so killing
 * only the direct child would leave them running (pain-points theme 10).
 */
import { spawn as nodeSpawn } from 'node:child_process';
import { LineReader } from './LineReader';
import { ProcessSpawnError } from './ProcessStdioTransport';
import { resolveSpawn } from './spawnCommand';
import { killProcessTree } from './treeKill';

/** Longest output line kept, in bytes; installers print progress bars, not data. */
const MAX_LINE_BYTES = 64 * 1024;
/** How many of the last output lines a result keeps to explain a failure. */
export const OUTPUT_TAIL_LINES = 20;

export interface RunProcessOptions {
  command: string;
  args: readonly string[];
  env: Record<string, string>;
  platform: NodeJS.Platform;
  cwd?: string;
  /** Killed (with its tree) when this passes; in milliseconds. */
  timeoutMs: number;
  /** Aborting kills the tree and ends with `cancelled`. */
  signal?: AbortSignal;
  /** Every line of stdout and stderr, in arrival order per stream. */
  onLine?: (line: string, stream: 'stdout' | 'stderr') => void;
  /** The direct child's PID once spawned. */
  onSpawn?: (pid: number) => void;
}

export type RunProcessResult =
  | { kind: 'exited'; exitCode: number | null; signal: NodeJS.Signals | null; tail: string[] }
  | { kind: 'timeout'; tail: string[] }
  | { kind: 'cancelled'; tail: string[] };

function envValue(env: Record<string, string>, key: string, platform: NodeJS.Platform): string | undefined {
  if (platform !== 'win32') return env[key];
  const found = Object.keys(env).find((k) => k.toUpperCase() === key);
  return found === undefined ? undefined : env[found];
}

/**
 * Runs `command args` and resolves when it has exited (and its output is read), timed out or been
 * cancelled — in the last two cases only after the process tree is gone. Rejects with a
 * ProcessSpawnError when the command cannot be started (`commandNotFound` names the PATH searched).
 */
export function runProcess(options: RunProcessOptions): Promise<RunProcessResult> {
  const { platform, env } = options;
  if (options.signal?.aborted) return Promise.resolve({ kind: 'cancelled', tail: [] });
  const resolved = resolveSpawn(options.command, options.args, { platform, comspec: envValue(env, 'COMSPEC', platform) });
  const child = nodeSpawn(resolved.file, resolved.args, {
    env,
    cwd: options.cwd,
    stdio: ['ignore', 'pipe', 'pipe'],
    // POSIX: its own process group, so the tree can be signalled as one (see ProcessStdioTransport).
    detached: platform !== 'win32',
    windowsHide: true,
    windowsVerbatimArguments: resolved.windowsVerbatimArguments,
    shell: false,
  });
  const tail: string[] = [];
  const readers = { stdout: new LineReader(MAX_LINE_BYTES), stderr: new LineReader(MAX_LINE_BYTES) };
  const onData = (stream: 'stdout' | 'stderr') => (chunk: Buffer) => {
    for (const event of readers[stream].push(chunk)) {
      if (event.kind !== 'line') continue;
      tail.push(event.text);
      if (tail.length > OUTPUT_TAIL_LINES) tail.shift();
      options.onLine?.(event.text, stream);
    }
  };
  child.stdout?.on('data', onData('stdout'));
  child.stderr?.on('data', onData('stderr'));

  return new Promise<RunProcessResult>((resolve, reject) => {
    let ending: 'timeout' | 'cancelled' | undefined;
    const stopTree = (why: 'timeout' | 'cancelled') => {
      if (ending) return;
      ending = why;
      const pid = child.pid;
      // 'close' follows once the tree is dead and the pipes are shut.
      if (pid !== undefined) void killProcessTree(pid, { platform, graceMs: 1000 });
    };
    const timer = setTimeout(() => stopTree('timeout'), options.timeoutMs);
    const onAbort = () => stopTree('cancelled');
    options.signal?.addEventListener('abort', onAbort, { once: true });
    const cleanup = () => {
      clearTimeout(timer);
      options.signal?.removeEventListener('abort', onAbort);
    };
    child.once('spawn', () => {
      if (child.pid !== undefined) options.onSpawn?.(child.pid);
    });
    child.once('error', (error: NodeJS.ErrnoException) => {
      if (child.pid !== undefined) return; // spawned: 'close' reports the end
      cleanup();
      reject(spawnError(options.command, error, env, platform));
    });
    child.once('close', (exitCode, signal) => {
      cleanup();
      // A last line without its newline still counts.
      for (const stream of ['stdout', 'stderr'] as const) if (readers[stream].pendingBytes > 0) onData(stream)(Buffer.from('\n'));
      if (ending) resolve({ kind: ending, tail });
      else resolve({ kind: 'exited', exitCode, signal, tail });
    });
  });
}

function spawnError(command: string, error: NodeJS.ErrnoException, env: Record<string, string>, platform: NodeJS.Platform): ProcessSpawnError {
  if (error.code !== 'ENOENT') return new ProcessSpawnError('spawnFailed', `could not start ${command}: ${error.message}`, { command, cause: error });
  const delimiter = platform === 'win32' ? ';' : ':';
  const pathEntries = (envValue(env, 'PATH', platform) ?? '').split(delimiter).filter(Boolean).length;
  return new ProcessSpawnError('commandNotFound', `${command} not found. Searched ${pathEntries} PATH entries. Install it or set an absolute path.`, {
    command,
    pathEntries,
    cause: error,
  });
}
