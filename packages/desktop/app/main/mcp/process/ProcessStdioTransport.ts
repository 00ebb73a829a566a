/**
 * MCP stdio client transport that owns the server's whole process tree.
 *
 * The SDK's StdioClientTransport signals only the direct child, so servers launched through npx, uvx,
 * cmd /c or a shell script leave their real process behind. This
 * one starts the server in its own process group on POSIX, closes it stdin → wait → SIGTERM tree →
 * wait → SIGKILL tree, and keeps going when a server prints non-JSON lines to stdout.
 */
import { spawn as nodeSpawn, type ChildProcess } from 'node:child_process';
import { stat } from 'node:fs/promises';
import type { Readable } from 'node:stream';
import { type JSONRPCMessage, type Transport, deserializeMessage, serializeMessage } from '@modelcontextprotocol/client';
import { withDeadline } from '../../lib/deadline';
import { LineReader } from './LineReader';
import { AwaitedAnswers } from './AwaitedAnswers';
import { type JsonRpcId, RESULT_TOO_LARGE_REASON } from './overlongLine';
import { resolveSpawn } from './spawnCommand';
import { TREE_MARKER_ENV, newTreeMarker } from './treeMarker';
import { DEFAULT_KILL_GRACE_MS, killProcessTree, snapshotProcessTree } from './treeKill';

/** Default wait for the server to exit after stdin is closed, in milliseconds (the MCP spec's order). */
export const DEFAULT_CLOSE_GRACE_MS = 2000;
/**
 * Default cap on one stdout line, in bytes. Above the SDK's 10 MiB so that a 10 MB tool result, plus its
 * JSON-RPC envelope and escaping, still fits.
 */
export const DEFAULT_MAX_LINE_BYTES = 64 * 1024 * 1024;
/** After the process is gone, how long to let stdout drain before reporting the close, in milliseconds. */
const STREAM_DRAIN_MS = 250;
/**
 * After a pipe closes, how long to wait for the process to exit before calling it a server that closed
 * the pipe and kept running, in milliseconds. A process that is ending closes its pipes just before it exits.
 */
const EXIT_AFTER_EOF_MS = 500;
/** How long a failed write waits for the close it usually precedes (EPIPE from a dead server), in milliseconds. */
const SEND_FAILURE_WAIT_MS = 1500;

/** JSON-RPC "Internal error": the request failed on the client's side of the wire. */
const INTERNAL_ERROR = -32603;

/** Why the transport closed without close() being called. */
type PipeClosed = 'stdoutClosed' | 'stdinClosed';
export type ProcessCloseReason = { cause: 'exit'; exitCode: number } | { cause: 'signal'; signal: string } | { cause: PipeClosed };

export interface ProcessStdioTransportOptions {
  command: string;
  args?: string[];
  /**
   * The child's complete environment (build it with buildServerEnv), to which TREE_MARKER_ENV is
   * added. Default: this process's environment.
   */
  env?: Record<string, string>;
  cwd?: string;
  /** Default process.platform. */
  platform?: NodeJS.Platform;
  /** Every stderr chunk, decoded as UTF-8, from the first byte on (the handshake's too). */
  onStderr?: (chunk: string) => void;
  /** Called once the process runs, before any message is sent. */
  onSpawn?: (pid: number) => void;
  /** Wait for exit after stdin is closed, in milliseconds. Default 2000. */
  closeGraceMs?: number;
  /** Wait between SIGTERM and SIGKILL of the tree, in milliseconds. Default 2000. */
  killGraceMs?: number;
  /** Longest accepted stdout line, in bytes. Default 64 MiB. */
  maxLineBytes?: number;
  /** Injected by the composition root or tests; default child_process.spawn. */
  spawn?: typeof nodeSpawn;
}

export type ProcessSpawnErrorCode = 'commandNotFound' | 'cwdNotFound' | 'spawnFailed';

/** Why a server process could not start, with what the user needs to fix it. */
export class ProcessSpawnError extends Error {
  readonly code: ProcessSpawnErrorCode;
  readonly command: string;
  readonly cwd: string | undefined;
  /** For commandNotFound: how many PATH entries were searched. */
  readonly pathEntries: number | undefined;

  constructor(code: ProcessSpawnErrorCode, message: string, details: { command: string; cwd?: string; pathEntries?: number; cause?: unknown }) {
    super(message, { cause: details.cause });
    this.name = 'ProcessSpawnError';
    this.code = code;
    this.command = details.command;
    this.cwd = details.cwd;
    this.pathEntries = details.pathEntries;
  }
}

type State = 'idle' | 'starting' | 'running' | 'stopping' | 'closed';

function envValue(env: Record<string, string> | NodeJS.ProcessEnv, key: string): string | undefined {
  const found = Object.keys(env).find((k) => k.toUpperCase() === key);
  return found === undefined ? undefined : env[found];
}

export class ProcessStdioTransport implements Transport {
  onclose?: () => void;
  onerror?: (error: Error) => void;
  onmessage?: <T extends JSONRPCMessage>(message: T) => void;

  private readonly options: ProcessStdioTransportOptions;
  private readonly platform: NodeJS.Platform;
  private readonly lineReader: LineReader;
  /** The TREE_MARKER_ENV value the process tree is started with. */
  readonly treeMarker = newTreeMarker();
  private child: ChildProcess | undefined;
  private state: State = 'idle';
  private shutdown: Promise<void> | undefined;
  private lostReason: ProcessCloseReason | undefined;
  private markClosed!: () => void;
  private readonly closed = new Promise<void>((resolve) => (this.markClosed = resolve));
  private readonly answers = new AwaitedAnswers();

  constructor(options: ProcessStdioTransportOptions) {
    this.options = options;
    this.platform = options.platform ?? process.platform;
    this.lineReader = new LineReader(this.maxLineBytes);
  }

  /** Set before onclose when the server went away by itself: how its process ended, or that it closed stdout. */
  get closeReason(): ProcessCloseReason | undefined {
    return this.lostReason;
  }

  /** The direct child's PID once spawned. On POSIX it is also the process group id of the tree. */
  /**
   * The server's stderr (already read into `onStderr`). Its presence, with `pid`, is how the SDK v2
   * Client knows a stdio transport: a server silent on the era probe then counts as a legacy one.
   */
  get stderr(): Readable | null {
    return this.child?.stderr ?? null;
  }

  get pid(): number | undefined {
    return this.child?.pid;
  }

  async start(): Promise<void> {
    if (this.state !== 'idle') throw new Error('ProcessStdioTransport already started');
    this.state = 'starting';
    try {
      await this.checkCwd();
      await this.spawnChild();
    } catch (error) {
      this.state = 'closed';
      throw error;
    }
  }

  private async checkCwd(): Promise<void> {
    const { cwd, command } = this.options;
    if (cwd === undefined) return;
    // Without this, a missing cwd surfaces as ENOENT and reads like a missing command.
    const isDir = await stat(cwd).then((s) => s.isDirectory(), () => false);
    if (!isDir) throw new ProcessSpawnError('cwdNotFound', `working directory not found: ${cwd}`, { command, cwd });
  }

  private spawnChild(): Promise<void> {
    const { command, args = [], cwd } = this.options;
    const env = { ...(this.options.env ?? process.env), [TREE_MARKER_ENV]: this.treeMarker };
    const resolved = resolveSpawn(command, args, { platform: this.platform, comspec: envValue(env, 'COMSPEC') });
    const child = (this.options.spawn ?? nodeSpawn)(resolved.file, resolved.args, {
      env,
      cwd,
      stdio: ['pipe', 'pipe', 'pipe'],
      // POSIX: a new process group, so close() can signal the whole tree. Not on Windows, where
      // detached opens a console window; taskkill /T handles the tree there.
      detached: this.platform !== 'win32',
      windowsHide: true,
      windowsVerbatimArguments: resolved.windowsVerbatimArguments,
      shell: false,
    });
    this.child = child;
    this.wire(child);
    return new Promise((resolve, reject) => {
      let spawned = false;
      child.once('spawn', () => {
        spawned = true;
        // close() may have been called meanwhile; then the state stays 'stopping'.
        if (this.state === 'starting') this.state = 'running';
        if (child.pid !== undefined) this.options.onSpawn?.(child.pid);
        resolve();
      });
      child.on('error', (error) => {
        if (spawned) this.reportError(error);
        else reject(this.spawnError(error, env));
      });
    });
  }

  private spawnError(error: Error, env: Record<string, string> | NodeJS.ProcessEnv): ProcessSpawnError {
    const { command, cwd } = this.options;
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') {
      return new ProcessSpawnError('spawnFailed', `could not start ${command}: ${error.message}`, { command, cwd, cause: error });
    }
    const delimiter = this.platform === 'win32' ? ';' : ':';
    const pathEntries = (envValue(env, 'PATH') ?? '').split(delimiter).filter(Boolean).length;
    const message = `${command} not found. Searched ${pathEntries} PATH entries. Install it or set an absolute path.`;
    return new ProcessSpawnError('commandNotFound', message, { command, cwd, pathEntries, cause: error });
  }

  private wire(child: ChildProcess): void {
    child.stdout?.on('data', (chunk: Buffer) => this.onStdout(chunk));
    child.stdout?.on('error', (error) => this.reportError(error));
    // No answer can arrive any more, even if the process keeps running: a dropped connection.
    child.stdout?.on('close', () => this.onLost(child, 'stdoutClosed'));
    // EPIPE: the server died, or stopped reading while running; either way no request reaches it.
    child.stdin?.on('error', (error) => {
      this.reportError(error);
      if ((error as NodeJS.ErrnoException).code === 'EPIPE') this.onLost(child, 'stdinClosed');
    });
    // Always consumed: an unread stderr pipe fills up and blocks the server.
    child.stderr?.setEncoding('utf8');
    child.stderr?.on('data', (chunk: string) => {
      try {
        this.options.onStderr?.(chunk);
      } catch (error) {
        this.reportError(error);
      }
    });
    child.on('exit', () => this.onLost(child));
  }

  /** `pipe`: the pipe that closed, blamed if the process turns out to be still running. */
  private onLost(child: ChildProcess, pipe: PipeClosed = 'stdoutClosed'): void {
    if (this.state !== 'running') return;
    this.state = 'stopping';
    this.shutdown ??= this.afterLoss(child, pipe);
  }

  private onStdout(chunk: Buffer): void {
    for (const event of this.lineReader.push(chunk)) {
      // A handler may have closed the transport; later lines of this chunk are not for anyone.
      if (this.state === 'closed') return;
      if (event.kind === 'line') this.onLine(event.text);
      else if (event.kind === 'tooLong') this.onOverlongStart(event.head);
      else this.failTooLarge(this.answers.overlongEnded(event.tail), event.bytes);
    }
  }

  /** A line past the cap cannot be read, but the request it answers must not wait for its timeout. */
  private onOverlongStart(head: string): void {
    const { id, fail } = this.answers.overlongStarted(head);
    this.reportError(new Error(`ignored a stdout line longer than ${this.maxLineBytes} bytes${id === undefined ? '' : ` (id ${JSON.stringify(id)})`}`));
    this.failTooLarge(fail, undefined);
  }

  private failTooLarge(id: JsonRpcId | undefined, bytes: number | undefined): void {
    if (id === undefined) return;
    const data = { reason: RESULT_TOO_LARGE_REASON, limitBytes: this.maxLineBytes, ...(bytes === undefined ? {} : { bytes }) };
    const message = `the answer was longer than ${this.maxLineBytes} bytes and was discarded`;
    this.deliver({ jsonrpc: '2.0', id, error: { code: INTERNAL_ERROR, message, data } });
  }

  private get maxLineBytes(): number {
    return this.options.maxLineBytes ?? DEFAULT_MAX_LINE_BYTES;
  }

  /** Garbage lines (a stray console.log, a banner) are reported and skipped; the connection stays up. */
  private onLine(line: string): void {
    let message: JSONRPCMessage;
    try {
      message = deserializeMessage(line);
    } catch (error) {
      this.reportError(new Error(`ignored a stdout line that is not JSON-RPC: ${(error as Error).message}`, { cause: error }));
      return;
    }
    this.answers.received(message);
    this.deliver(message);
  }

  private deliver(message: JSONRPCMessage): void {
    try {
      this.onmessage?.(message);
    } catch (error) {
      this.reportError(error);
    }
  }

  private reportError(error: unknown): void {
    try {
      this.onerror?.(error instanceof Error ? error : new Error(String(error)));
    } catch {
      // A throwing handler must not take the transport down with it.
    }
  }

  send(message: JSONRPCMessage): Promise<void> {
    const stdin = this.child?.stdin;
    if (this.state !== 'running' || !stdin || !stdin.writable) return this.failSend(new Error('Not connected'));
    this.answers.sent(message);
    return new Promise((resolve, reject) => {
      const done = (error?: Error) => {
        stdin.off('drain', onDrain);
        stdin.off('close', onClose);
        if (error) this.failSend(error).catch(reject);
        else resolve();
      };
      const onDrain = () => done();
      // Without this a send waiting for 'drain' would hang forever once the server dies.
      const onClose = () => done(new Error('Not connected'));
      if (stdin.write(serializeMessage(message), (error) => error && done(error))) done();
      else {
        stdin.once('drain', onDrain);
        stdin.once('close', onClose);
      }
    });
  }

  /**
   * A write to a server that is going away (EPIPE, a closed stdin) fails only once the close is
   * reported, so the request fails with how the process ended rather than with "write EPIPE".
   */
  private async failSend(error: Error): Promise<never> {
    if (this.state === 'starting' || this.state === 'running' || this.state === 'stopping') {
      const closed = this.closed;
      await withDeadline(() => closed, { ms: SEND_FAILURE_WAIT_MS, onTimeout: () => undefined });
    }
    throw error;
  }

  /** Stops the server and its whole tree. Always resolves; safe to call more than once. */
  close(): Promise<void> {
    if (this.state === 'idle' || this.state === 'closed') {
      this.state = 'closed';
      return this.shutdown ?? Promise.resolve();
    }
    this.shutdown ??= this.stop();
    return this.shutdown;
  }

  private async stop(): Promise<void> {
    this.state = 'stopping';
    const child = this.child;
    try {
      const pid = child?.pid;
      if (!child || pid === undefined) return;
      // Taken while the root still runs: afterwards an escaped grandchild has no parent link to follow.
      const knownTree = await snapshotProcessTree(pid, this.platform).catch(() => []);
      try {
        child.stdin?.end();
      } catch {
        // already closed
      }
      await waitForExit(child, this.options.closeGraceMs ?? DEFAULT_CLOSE_GRACE_MS);
      // Even after a clean exit: children of the server may still run in its group.
      await killProcessTree(pid, { platform: this.platform, graceMs: this.options.killGraceMs ?? DEFAULT_KILL_GRACE_MS, knownTree });
      await waitForStreams(child, STREAM_DRAIN_MS);
    } catch (error) {
      this.reportError(error);
    } finally {
      this.finish(child);
    }
  }

  /** The process exited, or a pipe closed, without close(): name why, sweep the tree, report the close. */
  private async afterLoss(child: ChildProcess, pipe: PipeClosed): Promise<void> {
    const exited = await waitForExit(child, EXIT_AFTER_EOF_MS);
    this.lostReason = exited ? exitReason(child) : { cause: pipe };
    const pid = child.pid;
    // Started now, awaited after onclose: callers learn of the loss at once, close() still waits for
    // the sweep. Also stops a server that closed stdout and kept running (no orphan).
    const sweep = pid === undefined ? Promise.resolve() : killProcessTree(pid, { platform: this.platform, graceMs: this.options.killGraceMs ?? DEFAULT_KILL_GRACE_MS });
    await waitForStreams(child, STREAM_DRAIN_MS);
    this.finish(child);
    await sweep.then(() => undefined, (error) => this.reportError(error));
  }

  private finish(child: ChildProcess | undefined): void {
    if (this.state === 'closed') return;
    this.state = 'closed';
    this.lineReader.clear();
    this.answers.clear();
    // An escaped descendant may still hold the pipes; stop listening to them.
    child?.stdout?.destroy();
    child?.stderr?.destroy();
    child?.stdin?.destroy();
    this.markClosed();
    try {
      this.onclose?.();
    } catch (error) {
      this.reportError(error);
    }
  }
}

function exitReason(child: ChildProcess): ProcessCloseReason {
  if (child.signalCode !== null) return { cause: 'signal', signal: child.signalCode };
  return { cause: 'exit', exitCode: child.exitCode ?? 0 };
}

function waitForExit(child: ChildProcess, timeoutMs: number): Promise<boolean> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve(true);
  return raceEvent(child, 'exit', timeoutMs);
}

function waitForStreams(child: ChildProcess, timeoutMs: number): Promise<boolean> {
  const open = [child.stdout, child.stderr].some((stream) => stream && !stream.destroyed && !stream.readableEnded);
  if (!open) return Promise.resolve(true);
  return raceEvent(child, 'close', timeoutMs);
}

/** True when `event` fired within `timeoutMs`. The timer is unref'd so it never keeps the app alive. */
function raceEvent(child: ChildProcess, event: 'exit' | 'close', timeoutMs: number): Promise<boolean> {
  return new Promise((resolve) => {
    const timer = setTimeout(() => {
      child.off(event, onEvent);
      resolve(false);
    }, timeoutMs);
    timer.unref();
    const onEvent = () => {
      clearTimeout(timer);
      resolve(true);
    };
    child.once(event, onEvent);
  });
}
