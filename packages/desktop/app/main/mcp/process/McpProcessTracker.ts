/**
 * Tracks every stdio MCP server process the app started, so none outlives the app.
 *
 * Layers: closeConnection (graceful close, 3 s, then tree kill), closeAll, a process 'exit' safety net
 * that synchronously kills every tracked tree, and optional SIGTERM/SIGINT handlers. Beyond the original design,
 * kills take the whole tree and PIDs can be persisted (PidRegistry) so leftovers are reaped after a crash.
 *
 * One per runtime: the composition root (mcpRuntime.ts) creates it with its registry and platform, so
 * disposing one AppServices never touches the processes of another in the same process. Only the 'exit'
 * safety net is process-wide (exitSafetyNet.ts): one listener that kills the trees of every live tracker.
 */
import { withDeadline } from '../../lib/deadline';
import { joinExitSafetyNet, leaveExitSafetyNet } from './exitSafetyNet';
import type { PidStore } from './PidRegistry';
import type { ProcessTracker, TrackedConnection } from './ProcessTracker';
import {
  DEFAULT_KILL_GRACE_MS,
  killProcessTree,
  killProcessTreeSync,
  snapshotProcessTree,
} from './treeKill';

export type { TrackedConnection };

export interface McpProcessTrackerConfig {
  /** Persists PIDs for reaping after a crash. Default: none. */
  registry?: PidStore;
  /** Default process.platform. */
  platform?: NodeJS.Platform;
  /** Graceful close budget before the tree is killed, in milliseconds. Default 3000. */
  closeTimeoutMs?: number;
  /** SIGTERM → SIGKILL wait of the tree kill, in milliseconds. Default 2000. */
  killGraceMs?: number;
  /** Where failures that must not throw are reported (registry writes). Default: ignored. */
  onError?: (error: unknown) => void;
}

/** Upper bound for closeAll in the signal handlers, in milliseconds (P-2: quit waits ≤ 5 s). */
const SIGNAL_SHUTDOWN_BUDGET_MS = 5000;
const SIGNAL_EXIT_CODES: Record<'SIGTERM' | 'SIGINT', number> = { SIGTERM: 143, SIGINT: 130 };

/** Waits for `work` (its outcome ignored) at most `timeoutMs`. */
async function withTimeout(work: Promise<unknown>, timeoutMs: number): Promise<void> {
  await withDeadline(() => work, { ms: timeoutMs, onTimeout: () => undefined }).catch(() => undefined);
}

function reportedPid(connection: TrackedConnection): number | undefined {
  const pid = connection.pid;
  return typeof pid === 'number' && pid > 0 ? pid : undefined;
}

export class McpProcessTracker implements ProcessTracker {
  /** Connection → its PID when tracked: the SDK's transport forgets its pid once closed. */
  private readonly tracked = new Map<TrackedConnection, number | undefined>();
  private readonly closing = new Map<TrackedConnection, Promise<void>>();
  private uninstallSignals: (() => void) | undefined;
  private disposed = false;

  constructor(private readonly config: McpProcessTrackerConfig = {}) {
    joinExitSafetyNet(this);
  }

  /** The live pid if the connection still reports one, else the pid it had when tracked. */
  private pidOf(connection: TrackedConnection): number | undefined {
    return reportedPid(connection) ?? this.tracked.get(connection);
  }

  private get platform(): NodeJS.Platform {
    return this.config.platform ?? process.platform;
  }

  /**
   * Starts tracking; call once the process is spawned, so its PID is known and can be persisted.
   * Resolves once the PID is persisted (callers need not wait); never rejects.
   */
  track(connection: TrackedConnection): Promise<void> {
    if (this.tracked.has(connection)) return Promise.resolve();
    // A start that raced dispose (already past the service's closeAll) must not outlive its runtime.
    if (this.disposed) return this.closeConnection(connection);
    const pid = reportedPid(connection);
    this.tracked.set(connection, pid);
    const marker = connection.treeMarker;
    return this.report(pid === undefined ? undefined : this.config.registry?.add(pid, marker === undefined ? {} : { marker }));
  }

  /** Stops tracking without closing (the owner closed it and confirmed the tree is gone). Never rejects. */
  untrack(connection: TrackedConnection): Promise<void> {
    if (!this.tracked.has(connection)) return Promise.resolve();
    const pid = this.pidOf(connection);
    this.tracked.delete(connection);
    return this.report(pid === undefined ? undefined : this.config.registry?.remove(pid));
  }

  /** PIDs of the tracked connections that have one. */
  trackedPids(): number[] {
    return [...this.tracked.keys()].map((connection) => this.pidOf(connection)).filter((pid): pid is number => pid !== undefined);
  }

  /**
   * Graceful close bounded by closeTimeoutMs, then a tree kill either way: the SDK's own close signals
   * only the direct child, and a server's children may outlive a clean exit. Never throws.
   */
  closeConnection(connection: TrackedConnection): Promise<void> {
    const existing = this.closing.get(connection);
    if (existing) return existing;
    const done = this.close(connection).finally(() => this.closing.delete(connection));
    this.closing.set(connection, done);
    return done;
  }

  private async close(connection: TrackedConnection): Promise<void> {
    const pid = this.pidOf(connection);
    const knownTree = pid === undefined ? [] : await snapshotProcessTree(pid, this.platform).catch(() => []);
    await withTimeout(Promise.resolve().then(() => connection.close()), this.config.closeTimeoutMs ?? 3000);
    if (pid !== undefined) {
      await killProcessTree(pid, { platform: this.platform, graceMs: this.config.killGraceMs ?? DEFAULT_KILL_GRACE_MS, knownTree });
    }
    // Awaited: a host that exits right after closeAll must not leave stale entries behind.
    await this.untrack(connection);
  }

  /** Closes every tracked connection in parallel. Never throws. */
  async closeAll(): Promise<void> {
    await Promise.all([...this.tracked.keys()].map((connection) => this.closeConnection(connection)));
  }

  /**
   * The runtime ends: closes every tracked connection, removes the signal handlers and leaves the exit
   * safety net. A process tracked afterwards is closed at once. Never throws.
   */
  async dispose(): Promise<void> {
    this.disposed = true;
    this.uninstallSignals?.();
    try {
      await this.closeAll();
    } finally {
      leaveExitSafetyNet(this);
    }
  }

  /** The 'exit' safety net: nothing asynchronous runs here, so SIGKILL every tracked tree at once. */
  killAllSync(): void {
    for (const connection of this.tracked.keys()) {
      const pid = this.pidOf(connection);
      if (pid === undefined) continue;
      try {
        killProcessTreeSync(pid, this.platform);
      } catch {
        // keep going: the other trees must still die
      }
    }
  }

  /**
   * On SIGTERM/SIGINT: closeAll (bounded at 5 s), then exit with 128 + signal number. A second signal
   * exits at once; the 'exit' safety net still kills what is left. Installing replaces Node's default
   * "exit immediately", which would skip closeAll. Returns an uninstaller. For the headless host and
   * the CLI; the Electron shell calls closeAll from its own quit path.
   */
  installSignalHandlers(exit: (code: number) => void = (code) => process.exit(code)): () => void {
    this.uninstallSignals?.();
    let shuttingDown = false;
    const handlers = (['SIGTERM', 'SIGINT'] as const).map((signal) => {
      const handler = () => {
        if (shuttingDown) return exit(SIGNAL_EXIT_CODES[signal]);
        shuttingDown = true;
        void withTimeout(this.closeAll(), SIGNAL_SHUTDOWN_BUDGET_MS).then(() => exit(SIGNAL_EXIT_CODES[signal]));
      };
      process.on(signal, handler);
      return { signal, handler };
    });
    const uninstall = () => {
      for (const { signal, handler } of handlers) process.off(signal, handler);
      if (this.uninstallSignals === uninstall) this.uninstallSignals = undefined;
    };
    this.uninstallSignals = uninstall;
    return uninstall;
  }

  private report(work: Promise<void> | undefined): Promise<void> {
    return (work ?? Promise.resolve()).catch((error: unknown) => this.config.onError?.(error));
  }
}
