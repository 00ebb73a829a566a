/**
 * Composition of the MCP engine: McpService with the process layer (login-shell environment,
 * process-group spawning, tree kill, persisted PIDs) and McpProcessTracker. Part of the
 * composition root, which is the one place that may wire mcp/ and engine/ together.
 */
import os from 'node:os';
import { McpProcessTracker } from './mcp/process/McpProcessTracker';
import { DependencyCheckService } from './runtimes/DependencyCheckService';
import type { McpServerConfigService } from './mcp/McpServerConfigService';
import type { McpLogger } from './mcp/ConnectionPool';
import { McpService, type McpServiceOptions } from './mcp/McpService';
import { PID_REGISTRY_FILE, PidRegistry, ProcessStdioTransport, ShellEnvironment, mergeEnv } from './mcp/process';
import { ServerEnvironment } from './mcp/ServerEnvironment';
import { PackagePrefetcher } from './mcp/prefetch/PackagePrefetcher';
import { PrefetchMarkers } from './mcp/prefetch/PrefetchMarkers';
import { SourceWatcher } from './mcp/SourceWatcher';
import type { McpServerRecord } from '../shared/contracts/mcp-types';

export interface McpRuntimeOptions {
  dataDir: string;
  config: McpServerConfigService;
  platform?: NodeJS.Platform;
  logger?: McpLogger;
  /** Keep enabled servers connected and follow configuration changes (the app and the host); default false (one-shot CLI commands). */
  autoConnect?: boolean;
  /** Time a first start's package download may take, in milliseconds; default 10 minutes. */
  installTimeoutMs?: number;
  /**
   * Variables every stdio server and package download gets, under the server's own: the package
   * mirrors of Settings → General (read at each start, so a change applies to the next one). Default none.
   */
  packageEnv?: () => Record<string, string>;
  /** Opens a web page in the user's browser (the Electron shell's shell.openExternal); default none. */
  openExternal?: (url: string) => Promise<void>;
  /** The user's home directory, for runtimes installed outside PATH (~/.local/bin); default os.homedir(). */
  homedir?: string;
  /** Quiet time after a source change before the server restarts, in milliseconds; default 300 (SourceWatcher). */
  sourceDebounceMs?: number;
  /** See McpServiceOptions.resolveServer (keys borrowed from providers); default none. */
  resolveServer?: McpServiceOptions['resolveServer'];
  /** See McpServiceOptions.logLevels; default: for the runtime's life only. */
  logLevels?: McpServiceOptions['logLevels'];
  /** See McpServiceOptions.clientRequests (elicitation, sampling, roots); default none. */
  clientRequests?: McpServiceOptions['clientRequests'];
  /** See McpServiceOptions.authProviders (OAuth sign-in of HTTP/SSE servers); default none. */
  authProviders?: McpServiceOptions['authProviders'];
  /** See McpServiceOptions.systemServers (the built-in servers); default none. */
  systemServers?: McpServiceOptions['systemServers'];
  /** Told when what systemServers() returns may have changed (a new files folder); default never. */
  onSystemServersChange?: (listener: () => void) => () => void;
  /** The open workspace's project servers, a third source beside the configured and system ones; default none. */
  projectServers?: ProjectServerSource;
}

/**
 * Servers of a project file (workspace/WorkspaceService): merged with the configured ones (a project
 * server hides a configured one of the same name), and checked for the user's approval right before
 * each start, in this process.
 */
export interface ProjectServerSource {
  merge(configured: readonly McpServerRecord[]): { servers: McpServerRecord[] };
  /** The project's own servers (none without a workspace). */
  projectServers(): McpServerRecord[];
  onChange(listener: () => void): () => void;
  /** Throws WORKSPACE_TRUST_REQUIRED (an McpServiceError) for a project server not approved in this form. */
  requireTrusted(server: McpServerRecord): void;
}

export interface McpRuntime {
  service: McpService;
  /** What stdio servers are started with: names for their details, and the form's copied variables. */
  environment: ServerEnvironment;
  /** Finds and installs the runtimes stdio servers need (node/npx, uv/uvx), on the servers' own PATH. */
  dependencies: DependencyCheckService;
  /** This runtime's process tracker: whatever else starts server processes for it (the built-in servers) tracks them here. */
  processTracker: McpProcessTracker;
  /** Reaps servers a crashed earlier run left behind, then (with autoConnect) connects the enabled ones. */
  start(): Promise<void>;
  /** Closes every connection and kills every server's process tree. */
  dispose(): Promise<void>;
}

export function createMcpRuntime(options: McpRuntimeOptions): McpRuntime {
  const platform = options.platform ?? process.platform;
  const logger = options.logger;
  const shellEnv = new ShellEnvironment({ platform });
  const registry = new PidRegistry({ dataDir: options.dataDir, platform });
  // This runtime's own: its dispose kills its servers only, never those of another runtime in the process.
  const tracker = new McpProcessTracker({ registry, platform, onError: (error) => logger?.warn(`process tracker: ${String(error)}`) });
  const homedir = options.homedir ?? os.homedir();
  // A runtime installed outside PATH (uv's ~/.local/bin before the shell is restarted, Homebrew under
  // a launchd PATH) is still found, after everything the user's PATH names.
  const environment = new ServerEnvironment({ platform, homedir, shellEnv, mirrors: options.packageEnv });
  const dependencies = new DependencyCheckService({
    platform,
    homedir,
    env: async () => {
      await shellEnv.get();
      return mergeEnv(process.env, shellEnv.current?.env, undefined, { platform });
    },
    openUrl: options.openExternal,
  });
  const prefetcher = new PackagePrefetcher({
    platform,
    envFor: async (server) => {
      await shellEnv.get();
      return environment.forServer(server.config);
    },
    markers: new PrefetchMarkers(options.dataDir),
    homedir,
    timeoutMs: options.installTimeoutMs,
    processTracker: tracker,
  });

  const project = options.projectServers;
  const listServers = () => (project ? project.merge(options.config.list()).servers : options.config.list());
  // Read before every call: a map lookup while no project defines servers, as before workspaces.
  const getServer = (id: string): McpServerRecord | undefined => {
    const configured = options.config.find(id);
    if (!project || project.projectServers().length === 0) return configured;
    const candidates = configured ? project.merge([configured]).servers : project.projectServers();
    return candidates.find((server) => server.id === id);
  };
  // Project servers' changes (an edit of the file, a trust decision) are followed like the configuration's.
  const onServersChange = (listener: () => void) => {
    const offConfig = options.config.onChange(listener);
    const offProject = project?.onChange(listener);
    return () => {
      offConfig();
      offProject?.();
    };
  };
  const resolve = options.resolveServer;
  const service = new McpService({
    listServers,
    getServer,
    systemServers: options.systemServers,
    // Trust first: nothing of an unapproved project server runs, not even its package download.
    resolveServer: project || resolve
      ? (server) => {
          project?.requireTrusted(server);
          return resolve ? resolve(server) : server;
        }
      : undefined,
    processTracker: tracker,
    logger,
    logLevels: options.logLevels,
    clientRequests: options.clientRequests,
    authProviders: options.authProviders,
    // Resolved once, before the first spawn: a GUI launch lacks the user's PATH.
    beforeConnect: async () => {
      await shellEnv.get();
    },
    prepareServer: (server, context) =>
      prefetcher.prepare(server, {
        signal: context.signal,
        onInstalling: (plan) => context.onInstalling({ packages: plan.packages }),
        onOutput: context.onOutput,
      }),
    stdioTransportFactory: (p) =>
      new ProcessStdioTransport({
        command: p.command,
        args: p.args,
        env: environment.forServer({ env: p.env, inheritEnv: p.inheritEnv }),
        ...(p.cwd ? { cwd: p.cwd } : {}),
        platform,
        maxLineBytes: p.maxMessageBytes,
        onStderr: p.onStderr,
      }),
  });

  // Seed 004's auto-restart; only with autoConnect: a one-shot CLI command has nothing to keep running.
  const sourceWatcher = new SourceWatcher({
    service,
    listServers,
    getServer,
    onConfigChange: onServersChange,
    logger,
    debounceMs: options.sourceDebounceMs,
    platform,
  });

  let unsubscribe: (() => void) | undefined;
  let disposed = false;
  // Runs in the background; after dispose (the database closed) there is nothing left to sync.
  const sync = () =>
    disposed ? Promise.resolve() : service.syncWithConfig().catch((error: unknown) => {
      if (!disposed) logger?.warn(`syncing MCP servers failed: ${String(error)}`);
    });
  // A new files folder restarts `files` (or stops it when the folder was cleared). Without autoConnect
  // only a running system server follows: a one-shot command starts none it does not use.
  const offSystem = options.onSystemServersChange?.(() => {
    if (disposed) return;
    // Before start() the first sync is still to come and will see the change.
    if (options.autoConnect) {
      if (unsubscribe) void sync();
    } else void service.syncSystemServers().catch((error: unknown) => logger?.warn(`syncing built-in MCP servers failed: ${String(error)}`));
  });
  return {
    service,
    environment,
    dependencies,
    processTracker: tracker,
    async start() {
      // processes.json is a safety net: when it cannot be written (a full disk, a read-only file)
      // the leftovers are still killed, and the app must start all the same.
      const reaped = await registry.reapLeftovers().catch((error: unknown) => {
        logger?.warn(`could not update the process registry (${PID_REGISTRY_FILE}): ${String(error)}`);
        return [];
      });
      if (reaped.length > 0) logger?.info(`reaped ${reaped.length} MCP server process(es) left by an earlier run`);
      if (!options.autoConnect) return;
      unsubscribe = onServersChange(() => void sync());
      // Before the first connect, so a file saved while a server starts is not missed.
      sourceWatcher.start();
      // Not awaited: a slow server must not hold up the window or the host.
      void sync();
    },
    async dispose() {
      disposed = true;
      unsubscribe?.();
      offSystem?.();
      try {
        // First: a restart it has in flight must not spawn a server after closeAll.
        await sourceWatcher.stop().catch((error: unknown) => logger?.warn(`source watcher: ${String(error)}`));
        await service.closeAll();
      } finally {
        await tracker.dispose();
      }
    },
  };
}
