import { statSync } from 'node:fs';
import type { McpServerStatus, McpServerRecord } from '../../shared/contracts/mcp-types';
import { type Clock, type TimerHandle, systemClock } from '../lib/clock';
import type { McpLogger } from './ConnectionPool';
import type { McpService } from './McpService';
import { errorText } from './McpServiceError';
import { PathWatch, type WatchFunction, nodeWatch } from './PathWatch';
import { sourceTargets } from './sourceTargets';

type MaybePromise<T> = T | Promise<T>;

/** What SourceWatcher uses of McpService. */
export type SourceWatchedService = Pick<McpService, 'connect' | 'disconnect' | 'getState' | 'listStates' | 'onEvent' | 'appendLog'>;

export interface SourceWatcherOptions {
  service: SourceWatchedService;
  listServers(): MaybePromise<McpServerRecord[]>;
  /** Read again before every restart: a server disabled or deleted meanwhile is left alone. */
  getServer(id: string): MaybePromise<McpServerRecord | undefined>;
  /** Configuration change notifications (McpServerConfigService.onChange); returns the unsubscribe function. */
  onConfigChange?(listener: () => void): () => void;
  /** McpService keeps its per-server log to itself, so the "file changed" line goes here. */
  logger?: McpLogger;
  /** Quiet time after the last change before the restart, in milliseconds. Default 300. */
  debounceMs?: number;
  /** How often a watched path that is missing is looked for again, in milliseconds. Default 1000. */
  retryMs?: number;
  /** Where relative watchPaths and scripts are resolved: stdio servers run in the app's cwd. Default process.cwd(). */
  cwd?: string;
  /** Default process.execPath. */
  execPath?: string;
  /** Default process.platform. */
  platform?: NodeJS.Platform;
  clock?: Clock;
  /** Default fs.watch. */
  watch?: WatchFunction;
}

export const DEFAULT_SOURCE_DEBOUNCE_MS = 300;
export const DEFAULT_SOURCE_RETRY_MS = 1000;

/** States in which the app is keeping a server up: an edit may be the fix for 'error' too. */
const RUNNING: ReadonlySet<McpServerStatus> = new Set(['connecting', 'connected', 'error']);

interface WatchedServer {
  readonly id: string;
  name: string;
  targets: string[];
  watches: PathWatch[];
  timer?: TimerHandle;
  lastFile?: string;
  restart?: Promise<void>;
  /** A change arrived during the restart: the new process may have read the old file. */
  dirty: boolean;
  /** Last seen `mtime:size` per changed file: one save often fires several events, late under load. */
  seen: Map<string, string>;
}

function fingerprint(file: string): string {
  try {
    const stat = statSync(file);
    return `${stat.mtimeMs}:${stat.size}`;
  } catch {
    return 'missing';
  }
}

/**
 * Auto-restart on source change. Watches, for every enabled stdio server the app keeps
 * running, its `watchPaths` and the script of an interpreter command (`node server.js`), and
 * restarts the server after a quiet period. One restart at a time per server; changes during it
 * lead to one more. The watch set follows the service's state events and configuration changes.
 */
export class SourceWatcher {
  private readonly servers = new Map<string, WatchedServer>();
  private readonly clock: Clock;
  private readonly debounceMs: number;
  private unsubscribe: (() => void)[] = [];
  private reconciling: Promise<void> | undefined;
  private reconcileAgain = false;
  private started = false;
  private stopped = false;

  constructor(private readonly options: SourceWatcherOptions) {
    this.clock = options.clock ?? systemClock;
    this.debounceMs = options.debounceMs ?? DEFAULT_SOURCE_DEBOUNCE_MS;
  }

  start(): void {
    if (this.started) return;
    this.started = true;
    this.unsubscribe.push(
      this.options.service.onEvent((event) => {
        if (event.type === 'state' || event.type === 'removed') this.requestReconcile();
      }),
    );
    if (this.options.onConfigChange) this.unsubscribe.push(this.options.onConfigChange(() => this.requestReconcile()));
    this.requestReconcile();
  }

  /**
   * Stops watching. A restart in flight is cut short (its connect aborted) and awaited, so that
   * nothing this watcher started can spawn a server after stop() resolved.
   */
  async stop(): Promise<void> {
    this.stopped = true;
    for (const unsubscribe of this.unsubscribe.splice(0)) unsubscribe();
    const restarts: Promise<unknown>[] = [];
    for (const watched of this.servers.values()) {
      this.closeWatches(watched);
      if (watched.restart) restarts.push(this.options.service.disconnect(watched.id).catch(() => {}), watched.restart);
    }
    this.servers.clear();
    await Promise.allSettled([...restarts, this.reconciling]);
  }

  /** Resolves once the watch set reflects the latest state and configuration (tests, diagnostics). */
  async settled(): Promise<void> {
    while (this.reconciling) await this.reconciling;
  }

  /** The absolute paths watched for a server; empty when it is not watched. */
  watchedPaths(serverId: string): string[] {
    return [...(this.servers.get(serverId)?.targets ?? [])];
  }

  private requestReconcile(): void {
    if (this.stopped) return;
    if (this.reconciling) {
      this.reconcileAgain = true;
      return;
    }
    this.reconciling = this.reconcile()
      .catch((error: unknown) => this.options.logger?.warn(`source watcher: ${errorText(error)}`))
      .finally(() => {
        this.reconciling = undefined;
        if (!this.reconcileAgain) return;
        this.reconcileAgain = false;
        this.requestReconcile();
      });
  }

  private async reconcile(): Promise<void> {
    const [servers, states] = await Promise.all([this.options.listServers(), this.options.service.listStates()]);
    if (this.stopped) return;
    const status = new Map(states.map((s) => [s.serverId, s.status]));
    const wanted = new Map<string, { server: McpServerRecord; targets: string[] }>();
    for (const server of servers) {
      if (!isWatchable(server, status.get(server.id))) continue;
      const targets = sourceTargets(server, this.targetOptions());
      if (targets.length > 0) wanted.set(server.id, { server, targets });
    }
    for (const watched of [...this.servers.values()]) {
      // A restart passes through 'disconnected'; its watches must survive that.
      if (!wanted.has(watched.id) && !watched.restart) this.unwatch(watched);
    }
    for (const { server, targets } of wanted.values()) this.watch(server, targets);
  }

  private watch(server: McpServerRecord, targets: string[]): void {
    let watched = this.servers.get(server.id);
    if (!watched) {
      watched = { id: server.id, name: server.name, targets: [], watches: [], dirty: false, seen: new Map() };
      this.servers.set(server.id, watched);
    }
    watched.name = server.name;
    if (sameList(watched.targets, targets)) return;
    this.closeWatches(watched);
    watched.targets = targets;
    const entry = watched;
    watched.watches = targets.map((target) => new PathWatch(target, (file) => this.onChange(entry, file), this.pathWatchOptions(entry)));
    for (const watch of watched.watches) watch.open();
  }

  private unwatch(watched: WatchedServer): void {
    this.closeWatches(watched);
    if (watched.timer !== undefined) this.clock.clearTimeout(watched.timer);
    this.servers.delete(watched.id);
  }

  private closeWatches(watched: WatchedServer): void {
    for (const watch of watched.watches) watch.close();
    watched.watches = [];
  }

  private onChange(watched: WatchedServer, file: string): void {
    if (this.stopped || this.servers.get(watched.id) !== watched) return;
    // An event for a file whose content did not change since the last accepted one is an echo
    // of the same save (editors and the kernel emit several); it must not restart twice.
    const print = fingerprint(file);
    if (watched.seen.get(file) === print) return;
    watched.seen.set(file, print);
    this.schedule(watched, file);
  }

  private schedule(watched: WatchedServer, file: string): void {
    watched.lastFile = file;
    if (watched.timer !== undefined) this.clock.clearTimeout(watched.timer);
    watched.timer = this.clock.setTimeout(() => {
      watched.timer = undefined;
      this.fire(watched);
    }, this.debounceMs);
  }

  private fire(watched: WatchedServer): void {
    if (this.stopped || this.servers.get(watched.id) !== watched) return;
    if (watched.restart) {
      watched.dirty = true;
      return;
    }
    watched.restart = this.restart(watched).finally(() => {
      watched.restart = undefined;
      if (watched.dirty && watched.lastFile !== undefined) {
        watched.dirty = false;
        this.schedule(watched, watched.lastFile);
      }
      this.requestReconcile();
    });
  }

  /**
   * disconnect + connect rather than McpService.restart(): between the two the configuration is
   * read again (disabled or deleted meanwhile → stay stopped), and stop() can keep the connect from
   * starting at all.
   */
  private async restart(watched: WatchedServer): Promise<void> {
    const { service, logger } = this.options;
    if (!(await this.stillWanted(watched.id, true))) return;
    // Into the server's own log, which the Tools tab shows (McpService mirrors it to the app log).
    service.appendLog(watched.id, 'info', `${watched.lastFile ?? 'source'} changed: restarting`);
    try {
      await service.disconnect(watched.id);
      if (!(await this.stillWanted(watched.id, false))) return;
      await service.connect(watched.id);
    } catch (error) {
      logger?.warn(`[mcp:${watched.name}] restart after a source change failed: ${errorText(error)}`);
    }
  }

  /** Not stopped, still configured, enabled and stdio, and (before the disconnect) still kept running. */
  private async stillWanted(id: string, checkState: boolean): Promise<boolean> {
    const server = await this.options.getServer(id);
    if (this.stopped || !server?.enabled || server.type !== 'stdio') return false;
    if (!checkState) return true;
    const state = await this.options.service.getState(id);
    return !this.stopped && state !== undefined && RUNNING.has(state.status);
  }

  private targetOptions() {
    return {
      cwd: this.options.cwd ?? process.cwd(),
      execPath: this.options.execPath ?? process.execPath,
      platform: this.options.platform ?? process.platform,
    };
  }

  private pathWatchOptions(watched: WatchedServer) {
    return {
      watch: this.options.watch ?? nodeWatch,
      clock: this.clock,
      platform: this.options.platform ?? process.platform,
      retryMs: this.options.retryMs ?? DEFAULT_SOURCE_RETRY_MS,
      onError: (error: unknown) => this.options.logger?.warn(`[mcp:${watched.name}] cannot watch for source changes: ${errorText(error)}`),
    };
  }
}

function isWatchable(server: McpServerRecord, status: McpServerStatus | undefined): boolean {
  return server.enabled && server.type === 'stdio' && status !== undefined && RUNNING.has(status);
}

function sameList(a: readonly string[], b: readonly string[]): boolean {
  return a.length === b.length && a.every((item, i) => item === b[i]);
}
