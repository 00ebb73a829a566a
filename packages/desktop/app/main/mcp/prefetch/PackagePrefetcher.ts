/**
 * The "installing" phase of a stdio server's first start: downloads the package its runner (`npx`,
 * `uvx`) would fetch, with its own, longer timeout, before the connect timeout starts. Output streams to the server's log; Stop/disable/delete cancels it and kills the
 * download's process tree; what was downloaded stays in npm's / uv's cache for the next try.
 */
import type { McpServerRecord } from '../../../shared/contracts/mcp-types';
import type { PreparedServer } from '../ConnectionPool';
import { McpServiceError } from '../McpServiceError';
import { envValue, searchPathEntries } from '../process/findCommand';
import type { ProcessTracker } from '../process/ProcessTracker';
import { runProcess } from '../process/runProcess';
import { resolveSpawn } from '../process/spawnCommand';
import { cacheDamage, clearNpxEntries, npmCacheDir } from './npxCache';
import { planPrefetch, type PrefetchPlan } from './planPrefetch';
import type { PrefetchMarkerStore } from './PrefetchMarkers';

/** Default time a package download may take, in milliseconds: 10 minutes. */
export const DEFAULT_INSTALL_TIMEOUT_MS = 10 * 60_000;
/** uv's default HTTP timeout (30 s) fails large wheels on slow links silently. */
const UV_HTTP_TIMEOUT_SEC = '120';

export interface PrepareContext {
  /** Aborted when the connect is stopped (disconnect, disable, delete, restart). */
  signal: AbortSignal;
  /** Called once when a download starts (not when nothing needs downloading). */
  onInstalling(plan: PrefetchPlan): void;
  /** Each line the download prints. */
  onOutput(line: string): void;
}

export interface PackagePrefetcherOptions {
  platform: NodeJS.Platform;
  /** The environment the server itself would get (login-shell PATH, proxies, its own variables). */
  envFor(server: McpServerRecord): Promise<Record<string, string>>;
  markers: PrefetchMarkerStore;
  /** The user's home directory: where npm keeps its cache unless `npm_config_cache` says otherwise. */
  homedir: string;
  /** Default DEFAULT_INSTALL_TIMEOUT_MS. */
  timeoutMs?: number;
  /** Told about each download process from its spawn on, like a server's (reaped after a crash). Default none. */
  processTracker?: ProcessTracker;
}

export class PackagePrefetcher {
  /** Downloads in flight by plan key: two servers of one package share one download. */
  private readonly running = new Map<string, Promise<void>>();

  constructor(private readonly options: PackagePrefetcherOptions) {}

  /**
   * Resolves when the server's package is in the runner's cache (or it needs none). What it resolves
   * with hears how the connect went: a connect that timed out, or failed the way a damaged cache does,
   * forgets the download, so the next start runs the installing phase again (the cache may have been
   * emptied since, and a cold download must not run inside the connect timeout).
   */
  async prepare(server: McpServerRecord, context: PrepareContext): Promise<PreparedServer | undefined> {
    if (server.type !== 'stdio' || !server.config.command) return undefined;
    const plan = planPrefetch(server.config.command, server.config.args ?? []);
    if (!plan) return undefined;
    if (!(await this.options.markers.has(plan.key))) {
      context.onInstalling(plan);
      const shared = this.running.get(plan.key) ?? this.start(server, plan, context);
      await abortable(shared, context.signal);
    }
    return {
      connectFailed: (error) => {
        const damaged = error.code === 'CONNECT_FAILED' && cacheDamage(String(error.params.detail ?? '').split('\n'));
        if (error.code !== 'TIMEOUT' && !damaged) return;
        void this.options.markers.remove(plan.key).catch(() => undefined);
      },
    };
  }

  private start(server: McpServerRecord, plan: PrefetchPlan, context: PrepareContext): Promise<void> {
    // The download belongs to whoever started it; a second server joining only waits for it.
    const promise = this.download(server, plan, context).finally(() => this.running.delete(plan.key));
    this.running.set(plan.key, promise);
    return promise;
  }

  private async download(server: McpServerRecord, plan: PrefetchPlan, context: PrepareContext): Promise<void> {
    const env = await this.options.envFor(server);
    if (plan.runner === 'uvx' && env.UV_HTTP_TIMEOUT === undefined) env.UV_HTTP_TIMEOUT = UV_HTTP_TIMEOUT_SEC;
    let failure = await this.attempt(plan, env, context);
    // A damaged npx cache folder fails every later try the same way: remove it and try once more.
    const damage = failure && plan.runner === 'npx' ? cacheDamage(failure.tail) : undefined;
    if (failure && damage) {
      const cacheDir = npmCacheDir(env, this.options.platform, this.options.homedir);
      const removed = await clearNpxEntries(cacheDir, plan.packages);
      if (removed.length > 0) {
        context.onOutput(`Elftia: the npx cache of ${plan.packages.join(' ')} was damaged (${damage}); removed ${removed.join(', ')} and downloading again`);
        failure = await this.attempt(plan, env, context);
      }
    }
    if (failure) {
      const detail = failure.tail.slice(-8).join('\n').slice(0, 1000);
      throw new McpServiceError('INSTALL_FAILED', { packages: plan.packages.join(' '), exitCode: failure.exitCode, detail });
    }
    await this.options.markers.add(plan.key);
  }

  /** One run of the download step: undefined when it succeeded, the exit and output when it failed. */
  private async attempt(plan: PrefetchPlan, env: Record<string, string>, context: PrepareContext): Promise<{ exitCode: number | string; tail: string[] } | undefined> {
    const timeoutMs = this.options.timeoutMs ?? DEFAULT_INSTALL_TIMEOUT_MS;
    const { platform } = this.options;
    const spawnSpec = resolveSpawn(plan.command, plan.args, { platform, comspec: envValue(env, 'COMSPEC', platform) });
    const { outcome, tail } = await runProcess({
      ...spawnSpec,
      env,
      platform,
      timeoutMs,
      signal: context.signal,
      onLine: (line) => context.onOutput(line),
      processTracker: this.options.processTracker,
    });
    switch (outcome.kind) {
      case 'spawnFailed': {
        // The same reason and cause a server start gives (failureCause.ts), so the UI names the
        // command in the user's language and offers to install the runner (npx, uvx).
        const notFound = (outcome.error as NodeJS.ErrnoException).code === 'ENOENT';
        const cause = notFound ? 'commandNotFound' : 'spawnFailed';
        const detail = notFound
          ? `${plan.command} not found. Searched ${searchPathEntries(env, platform).length} PATH entries. Install it or set an absolute path.`
          : `could not start ${plan.command}: ${outcome.error.message}`;
        throw new McpServiceError('CONNECT_FAILED', { cause, command: plan.command, detail, reason: cause, phase: 'install' }, { cause: outcome.error });
      }
      case 'cancelled':
        throw new McpServiceError('CANCELLED', { phase: 'install' });
      case 'timeout':
        throw new McpServiceError('INSTALL_TIMEOUT', { packages: plan.packages.join(' '), timeoutSec: Math.round(timeoutMs / 1000) });
      case 'exited':
        return outcome.exitCode === 0 ? undefined : { exitCode: outcome.exitCode ?? String(outcome.signal), tail };
    }
  }
}

/** Waits for `promise` but gives up as soon as `signal` aborts (a joined download keeps running). */
function abortable(promise: Promise<void>, signal: AbortSignal): Promise<void> {
  if (signal.aborted) return Promise.reject(new McpServiceError('CANCELLED', { phase: 'install' }));
  return new Promise((resolve, reject) => {
    const onAbort = () => reject(new McpServiceError('CANCELLED', { phase: 'install' }));
    signal.addEventListener('abort', onAbort, { once: true });
    promise.then(resolve, reject).finally(() => signal.removeEventListener('abort', onAbort));
  });
}
