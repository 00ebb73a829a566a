/**
 * Runs a short-lived helper process (`node --version`, an installer) to completion: every output line
 * streamed as it arrives, bounded by a timeout, cancellable, and never leaving a process behind. On POSIX
 * it gets its own process group, so a timeout or cancel kills what it started too (`curl | sh`, brew's
 * children); on Windows taskkill /T does that.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { StringDecoder } from 'node:string_decoder';
import { type Clock, systemClock } from '../../lib/clock';
import type { Env } from './loginShellEnv';
import type { ProcessTracker } from './ProcessTracker';
import { DEFAULT_KILL_GRACE_MS, killProcessTree } from './treeKill';
import { TREE_MARKER_ENV, newTreeMarker } from './treeMarker';

/** After the process exits, how long its pipes may stay open before leftovers holding them are killed, in milliseconds. */
const DRAIN_MS = 250;
/** After a tree kill, how long to wait for the exit event, in milliseconds. */
const EXIT_AFTER_KILL_MS = 1000;
/** Longest line passed on, in characters; a runaway line without newlines is cut here. */
const MAX_LINE_CHARS = 16 * 1024;

export interface RunProcessOptions {
  file: string;
  args: readonly string[];
  /** From resolveSpawn: `args` is a quoted cmd.exe line. */
  windowsVerbatimArguments?: boolean;
  env: Env;
  platform: NodeJS.Platform;
  /** Whole-run limit, in milliseconds. */
  timeoutMs: number;
  /** Runs the whole-run limit (tests move a manual clock). Default systemClock. */
  clock?: Clock | undefined;
  signal?: AbortSignal;
  /** Each stdout and stderr line, in arrival order, without its line ending. */
  onLine?: (line: string) => void;
  /** Wait between SIGTERM and SIGKILL when the tree is killed, in milliseconds. Default 2000. */
  killGraceMs?: number;
  /** How many of the last lines the result keeps. Default 20. */
  tailLines?: number;
  /**
   * Told about the process from its spawn until it and its tree are gone, so that one still running
   * when the app is killed is reaped at the next start. Default none.
   */
  processTracker?: ProcessTracker;
}

export type ProcessOutcome =
  | { kind: 'exited'; exitCode: number | null; signal: NodeJS.Signals | null }
  | { kind: 'cancelled' }
  | { kind: 'timeout' }
  | { kind: 'spawnFailed'; error: Error };

export interface ProcessRun {
  outcome: ProcessOutcome;
  /** The last `tailLines` output lines. */
  tail: string[];
  pid?: number;
}

/** Splits one stream into lines; a bare `\r` (a progress bar redrawing) keeps only what a terminal would show. */
class LineSplitter {
  private readonly decoder = new StringDecoder('utf8');
  private pending = '';

  constructor(private readonly emit: (line: string) => void) {}

  push(chunk: Buffer): void {
    this.pending += this.decoder.write(chunk);
    let newline: number;
    while ((newline = this.pending.indexOf('\n')) >= 0) {
      this.emitLine(this.pending.slice(0, newline));
      this.pending = this.pending.slice(newline + 1);
    }
    if (this.pending.length > MAX_LINE_CHARS) {
      this.emitLine(this.pending);
      this.pending = '';
    }
  }

  end(): void {
    this.pending += this.decoder.end();
    if (this.pending !== '') this.emitLine(this.pending);
    this.pending = '';
  }

  private emitLine(raw: string): void {
    const segments = raw.replace(/\r$/, '').split('\r');
    const shown = segments.filter((segment) => segment !== '').at(-1) ?? '';
    this.emit(shown.slice(0, MAX_LINE_CHARS));
  }
}

function waitForSpawn(child: ChildProcess): Promise<Error | undefined> {
  return new Promise((resolve) => {
    child.once('spawn', () => resolve(undefined));
    child.once('error', resolve);
  });
}

function raceTimeout<T>(promise: Promise<T>, timeoutMs: number): Promise<T | undefined> {
  return new Promise((resolve) => {
    const timer = setTimeout(() => resolve(undefined), timeoutMs);
    void promise.then((value) => {
      clearTimeout(timer);
      resolve(value);
    });
  });
}

/** Resolves when the timeout passes or `signal` aborts, whichever comes first; `dispose` stops both. */
function stopTrigger(timeoutMs: number, signal: AbortSignal | undefined, clock: Clock) {
  let dispose = () => {};
  const fired = new Promise<'timeout' | 'cancelled'>((resolve) => {
    const timer = clock.setTimeout(() => resolve('timeout'), timeoutMs);
    const onAbort = () => resolve('cancelled');
    signal?.addEventListener('abort', onAbort, { once: true });
    dispose = () => {
      clock.clearTimeout(timer);
      signal?.removeEventListener('abort', onAbort);
    };
  });
  return { fired, dispose };
}

/** Runs the process and resolves once it and everything it started are gone. Never rejects. */
export async function runProcess(options: RunProcessOptions): Promise<ProcessRun> {
  const { platform } = options;
  const tailLines = options.tailLines ?? 20;
  const tail: string[] = [];
  const emit = (line: string) => {
    tail.push(line);
    if (tail.length > tailLines) tail.shift();
    try {
      options.onLine?.(line);
    } catch {
      // A throwing listener must not break the run.
    }
  };
  if (options.signal?.aborted) return { outcome: { kind: 'cancelled' }, tail };

  const treeMarker = newTreeMarker();
  let child: ChildProcess;
  try {
    child = spawn(options.file, [...options.args], {
      env: { ...options.env, [TREE_MARKER_ENV]: treeMarker },
      stdio: ['ignore', 'pipe', 'pipe'],
      // POSIX: its own process group, so the whole tree can be signalled. Not on Windows, where
      // detached opens a console window; taskkill /T covers the tree there.
      detached: platform !== 'win32',
      windowsHide: true,
      windowsVerbatimArguments: options.windowsVerbatimArguments,
      shell: false,
    });
  } catch (error) {
    return { outcome: { kind: 'spawnFailed', error: error as Error }, tail };
  }
  const exited = new Promise<ProcessOutcome>((resolve) => {
    child.once('exit', (exitCode, signal) => resolve({ kind: 'exited', exitCode, signal }));
  });
  const spawnError = await waitForSpawn(child);
  if (spawnError) return { outcome: { kind: 'spawnFailed', error: spawnError }, tail };
  child.on('error', () => {
    // After spawn only a failed kill() reports here; the tree kill below handles that.
  });

  const splitters = [child.stdout, child.stderr].map((stream) => {
    const splitter = new LineSplitter(emit);
    stream?.on('data', (chunk: Buffer) => splitter.push(chunk));
    return splitter;
  });
  const pid = child.pid!;
  const running: Running = {
    child,
    exited,
    closed: new Promise<true>((resolve) => child.once('close', () => resolve(true))),
    splitters,
    killTree: () => killProcessTree(pid, { platform, graceMs: options.killGraceMs ?? DEFAULT_KILL_GRACE_MS }),
  };
  const tracked = { pid, treeMarker, close: () => running.killTree().then(() => undefined) };
  await options.processTracker?.track(tracked);
  try {
    return { outcome: await supervise(running, options), tail, pid };
  } finally {
    await options.processTracker?.untrack(tracked);
  }
}

interface Running {
  child: ChildProcess;
  exited: Promise<ProcessOutcome>;
  closed: Promise<true>;
  splitters: LineSplitter[];
  killTree: () => Promise<unknown>;
}

/** Waits for the exit, the timeout or the cancel, and leaves nothing of the tree running. */
async function supervise(running: Running, options: RunProcessOptions): Promise<ProcessOutcome> {
  const { child, exited, closed, killTree } = running;
  const stop = stopTrigger(options.timeoutMs, options.signal, options.clock ?? systemClock);
  const outcome = await Promise.race([exited, stop.fired.then((kind): ProcessOutcome => ({ kind }))]);
  stop.dispose();
  if (outcome.kind !== 'exited') {
    await killTree();
    await raceTimeout(exited, EXIT_AFTER_KILL_MS);
  }
  // A descendant still holding our pipes after the process exited is a leftover; it goes too. Not on
  // Windows: there the exited PID may already belong to an unrelated process.
  if (!(await raceTimeout(closed, DRAIN_MS)) && options.platform !== 'win32') {
    await killTree();
    await raceTimeout(closed, DRAIN_MS);
  }
  child.stdout?.destroy();
  child.stderr?.destroy();
  for (const splitter of running.splitters) splitter.end();
  return outcome;
}
