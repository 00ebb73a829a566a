/**
 * The composition root: the one place that builds Elftia's services. The Electron shell, the
 * headless host and the CLI all call createAppServices; none of them constructs a service by hand.
 * No electron import here (the shell passes Electron-backed collaborators in).
 */
import os from 'node:os';
import path from 'node:path';
import { createChatRuntime } from './chatRuntime';
import { openDatabase, DATABASE_FILE, type Db } from './db/database';
import { MIGRATIONS } from './db/migrations';
import { AppError } from './lib/errors';
import { fileStorageError, sqliteStorageError } from './db/storageErrors';
import { McpServerRepository } from './db/McpServerRepository';
import { ProviderRepository } from './db/ProviderRepository';
import { SettingsRepository } from './db/SettingsRepository';
import { settingsLogLevels } from './mcp/logLevels';
import { builtinServerRecords } from './builtin-servers';
import { createMcpRuntime } from './mcpRuntime';
import { lenders, upgradeServerSecrets } from './mcpSecretsUpgrade';
import { makeDataDirPrivate } from './lib/privateDataDir';
import type { McpLogger } from './mcp/ConnectionPool';
import { toolSwitchesOf } from './mcp/toolSwitches';
import { readCustomPresets } from './presets/customPresets';
import { McpPresetService } from './presets/McpPresetService';
import { RegistryCache } from './registry/RegistryCache';
import { RegistryClient } from './registry/RegistryClient';
import { RegistryService } from './registry/RegistryService';
import { resolveCommandOnPath } from './mcp/process/findCommand';
import { McpServerConfigService } from './mcp/McpServerConfigService';
import type { KeyLender } from './mcp/keyRefs';
import { createSecretInputs, restartOnInputChange, startableServer } from './mcpSecretRefs';
import type { SecretInputService } from './secrets/SecretInputService';
import type { McpService } from './mcp/McpService';
import type { ServerEnvironment } from './mcp/ServerEnvironment';
import type { DependencyCheckService } from './runtimes/DependencyCheckService';
import type { ApprovalService } from './approvals/ApprovalService';
import type { ChatService } from './chat/ChatService';
import type { ApprovalGate } from './engine/engineTypes';
import type { TinyElfEngine } from './engine/TinyElfEngine';
import { CompletionService } from './completion/CompletionService';
import { ProviderService } from './providers/ProviderService';
import { SettingsService } from './settings/SettingsService';
import { OFFICIAL_MCP_PRESETS } from '../shared/mcp-presets';
import type { McpServerRecord } from '../shared/contracts/mcp-types';
import { packageMirrorEnv } from '../shared/contracts/settings';
import { FileKeySecretStore, SECRET_KEY_FILE } from './secrets/FileKeySecretStore';
import type { SecretStore } from './db/SecretStore';
import { UnreadableSecretsService } from './secrets/unreadableSecrets';
import { ImportService } from './import/ImportService';
import type { SourceHost } from './import/importSources';
import { WorkspaceRepository } from './db/WorkspaceRepository';
import { WorkspaceService } from './workspace/WorkspaceService';
import { OAuthCredentialRepository } from './db/OAuthCredentialRepository';
import type { CallbackPageText } from './oauth/LoopbackRedirect';
import { OAuthService } from './oauth/OAuthService';
import { repositorySignInStore } from './oauth/repositoryStore';
import { createInteractionsRuntime } from './interactionsRuntime';
import type { InteractionBroker } from './interactions/InteractionBroker';
import { AppsService } from './apps/AppsService';
import { AppModelContext } from './apps/AppModelContext';

export interface AppServicesOptions {
  dataDir: string;
  /** Defaults to the AES-256-GCM key file in the data dir; the Electron shell passes safeStorage. */
  secretStore?: SecretStore;
  /**
   * How often to look for changes another process (the CLI, a second host) committed to the
   * database, in milliseconds; 0 turns it off. Default 0: a one-shot CLI command does not need it.
   */
  externalChangePollMs?: number;
  /**
   * Keep enabled MCP servers connected and follow configuration changes; default false. The app
   * and the headless host turn it on; one-shot CLI commands connect only what they use.
   */
  autoConnectMcp?: boolean;
  /** Opens a web page in the user's browser (Electron's shell.openExternal); default none (the UI shows the link). */
  openExternal?: (url: string) => Promise<void>;
  /**
   * The system's folder chooser (Electron's dialog); resolves with undefined when cancelled. Default
   * none: a browser cannot hand out absolute paths, so the headless host's UI asks for them as text.
   */
  pickFolder?: (title: string) => Promise<string | undefined>;
  /**
   * Run Elftia's own servers (clock-math, files) as system servers; default true. `pnpm bench` turns
   * it off: it compares the pool with bare clients on the same servers, and a built-in one would be an 11th.
   */
  builtinServers?: boolean;
  /** Where the other apps' MCP config files are looked for (import); default this user's home and OS. */
  importHost?: SourceHost;
  /**
   * The workspace folder to open (`--workspace DIR`), without changing the app's remembered current
   * and recent ones; WORKSPACE_NOT_FOUND when it is not a folder. Default: none, or with
   * restoreWorkspace the one the app had open last.
   */
  workspace?: string;
  /** Open the workspace the app had open last (the app and the host); default false. */
  restoreWorkspace?: boolean;
  /** The page the browser shows when an OAuth sign-in comes back, in the app's language; default English. */
  oauthCallbackPage?: () => CallbackPageText;
  /**
   * The https URL of Elftia's client ID metadata document, offered as the OAuth client_id to
   * authorization servers that accept such documents (SEP-991); default none (dynamic registration).
   * The conformance client passes the suite's fixed URL.
   */
  oauthClientMetadataUrl?: string;
  /** How long an OAuth sign-in waits for the browser, in milliseconds; default 5 minutes. */
  oauthSignInTimeoutMs?: number;
  logger?: McpLogger;
}

export interface AppServices {
  dataDir: string;
  db: Db;
  mcpServers: McpServerConfigService;
  settings: SettingsService;
  mcp: McpService;
  /** What stdio servers are started with: the names each gets, and the form's copied variables. */
  mcpEnvironment: ServerEnvironment;
  /** The preset list (built-in and `<dataDir>/presets.json`) and its one-click add. */
  presets: McpPresetService;
  /** The MCP Registry browser: search (cached, offline-capable), one record, install as a server. */
  registry: RegistryService;
  /** Importing other apps' MCP configs (preview, all-or-nothing apply) and exporting servers. */
  imports: ImportService;
  /** node/npx and uv/uvx: found where, which version, and installed on request. */
  dependencies: DependencyCheckService;
  /** See AppServicesOptions.pickFolder. */
  pickFolder: ((title: string) => Promise<string | undefined>) | undefined;
  providers: ProviderService;
  /** One model step through the provider's official SDK (the engine's CompletionClient). */
  completion: CompletionService;
  /** Tool-call approvals: pending requests, persisted always-allow grants, the approval policy. */
  approvals: ApprovalService;
  /** Conversations and their turns through the TinyElf engine. */
  chat: ChatService;
  /**
   * The app's chat engine (same tools, built-in servers, timeouts and policy) asking `approvals`
   * instead: `elftia chat` runs its one unstored turn on it.
   */
  chatEngine(approvals: ApprovalGate): TinyElfEngine;
  /** Values of `${input:id}` references: listed, entered once (sealed), cleared. */
  secretInputs: SecretInputService;
  /** Stored secrets the data dir's store cannot open, and `elftia secrets reset`. */
  unreadableSecrets: UnreadableSecretsService;
  /** The open workspace, its project file's servers, and workspace trust. */
  workspace: WorkspaceService;
  /** OAuth sign-in of HTTP/SSE servers: status, sign in (browser + loopback), sign out, a pre-registered client. */
  oauth: OAuthService;
  /** What servers ask of the user mid-call (elicitation, sampling) waiting for an answer; roots. */
  interactions: InteractionBroker;
  /** MCP Apps: the apps' checked HTML, the sandbox origin, the app call gate, the apps' model context. */
  apps: AppsService;
  /** Reaps leftover server processes of a crashed run and, with autoConnectMcp, connects servers. */
  start(): Promise<void>;
  /** Closes every MCP connection (killing each server's process tree), then the database. */
  dispose(): Promise<void>;
}

export function createAppServices(options: AppServicesOptions): AppServices {
  const dataDir = path.resolve(options.dataDir);
  const dbFile = path.join(dataDir, DATABASE_FILE);
  try {
    makeDataDirPrivate(dataDir);
  } catch (cause) {
    const reason = cause instanceof Error ? cause.message : String(cause);
    throw fileStorageError(cause, dataDir) ?? new AppError('DB_OPEN_FAILED', { params: { path: dbFile, reason }, cause });
  }
  const db = openDatabase(dbFile, MIGRATIONS, { dataMarkers: [path.join(dataDir, SECRET_KEY_FILE)] });
  const secretStore = options.secretStore ?? new FileKeySecretStore(dataDir);
  const workspace = new WorkspaceService({ repository: new WorkspaceRepository(db), logger: options.logger });
  try {
    if (options.workspace !== undefined) workspace.open(options.workspace, { remember: false });
    else if (options.restoreWorkspace) workspace.restore();
  } catch (error) {
    db.close();
    throw error;
  }
  const mcpRepository = new McpServerRepository(db, secretStore);
  // Built before the servers' service, which tells it of a deletion; it looks servers up lazily.
  let restartAfterSignIn: (serverId: string) => void = () => {};
  const oauth = new OAuthService({
    store: repositorySignInStore(new OAuthCredentialRepository(db, secretStore)),
    findServer: (id) => mcpServers.find(id) ?? workspace.findProjectServer(id),
    openExternal: options.openExternal,
    onSignInChanged: (id) => restartAfterSignIn(id),
    ...(options.oauthCallbackPage ? { callbackPage: options.oauthCallbackPage } : {}),
    ...(options.oauthSignInTimeoutMs ? { signInTimeoutMs: options.oauthSignInTimeoutMs } : {}),
    ...(options.oauthClientMetadataUrl ? { clientMetadataUrl: options.oauthClientMetadataUrl } : {}),
  });
  const mcpServers = new McpServerConfigService({ repository: mcpRepository, onRemoved: (id) => oauth.forget(id) });
  const settingsRepository = new SettingsRepository(db);
  const settings = new SettingsService(settingsRepository);
  const completion = new CompletionService();
  const providers = new ProviderService({ repository: new ProviderRepository(db, secretStore), tester: completion });
  const lender = (id: string): KeyLender | undefined => (providers.find(id) ? providers.resolve(id) : undefined);
  const secretInputs = createSecretInputs(db, secretStore, mcpServers);
  // How each `${input:id}` of the project file is asked for (its description, masked or not).
  const declareInputs = (inputs: readonly { id: string; description?: string; password?: boolean }[]) =>
    secretInputs.declare(inputs.map((input) => ({ id: input.id, description: input.description ?? '', password: input.password ?? true })));
  declareInputs(workspace.projectInputs());
  const stopDeclaringProjectInputs = workspace.onChange(() => declareInputs(workspace.projectInputs()));
  const officialIds = new Set(OFFICIAL_MCP_PRESETS.map((preset) => preset.id));
  // presets.json is read on every list (edits apply at once), but its problems are logged once each.
  let loggedProblems = '';
  const catalogue = () => {
    const official = OFFICIAL_MCP_PRESETS.map((preset) => ({ preset, source: 'official' as const }));
    const custom = readCustomPresets(dataDir, officialIds);
    const problems = custom.problems.join('\n');
    if (problems !== loggedProblems) for (const problem of custom.problems) options.logger?.warn(`custom presets: ${problem}`);
    loggedProblems = problems;
    return [...official, ...custom.presets.map((preset) => ({ preset, source: 'custom' as const }))];
  };
  const presets = new McpPresetService({
    catalogue,
    servers: mcpServers,
    providers: { list: () => providers.list() },
  });
  const registryCache = new RegistryCache(dataDir);
  const registry = new RegistryService({
    client: new RegistryClient(),
    cache: registryCache,
    servers: mcpServers,
    secretInputs,
    registryUrl: () => settings.getRegistryUrl(),
    // Where stdio servers are started from: PATH plus the known runtime folders.
    dockerAvailable: async () => (await resolveCommandOnPath('docker', mcpRuntime.environment.forServer({}), process.platform)).path !== undefined,
  });
  upgradeServerSecrets(mcpRepository, () => catalogue().map((entry) => entry.preset), () => lenders(providers), options.logger);
  // McpService reads the system servers on every call: built once per files folder, not per read.
  let builtinRecords: McpServerRecord[] | undefined;
  // Subscribed before the runtime's own listener, so the sync it runs on a change sees the new folder.
  settings.onChange(() => {
    builtinRecords = undefined;
  });
  const systemServers = () =>
    (builtinRecords ??= options.builtinServers === false ? [] : builtinServerRecords({ filesRoot: settings.getFilesFolder() || undefined }));
  const interactions = createInteractionsRuntime({ completion, providers, workspace, openExternal: options.openExternal, logger: options.logger });
  const mcpRuntime = createMcpRuntime({
    dataDir,
    config: mcpServers,
    autoConnect: options.autoConnectMcp ?? false,
    openExternal: options.openExternal,
    packageEnv: () => packageMirrorEnv(settings.getPackageMirrors()),
    logLevels: settingsLogLevels(settingsRepository),
    resolveServer: (server) => startableServer(server, { lender, environment: () => mcpRuntime.environment, inputs: secretInputs }),
    // clock-math ships with every install; `files` only once the user picked a folder (Settings →
    // General), and a new folder restarts it. They get the same allowlisted environment as every server.
    systemServers,
    onSystemServersChange: (listener) => settings.onChange(listener),
    projectServers: workspace,
    authProviders: oauth,
    clientRequests: interactions.broker,
    logger: options.logger,
  });
  // A sign-in or sign-out reconnects a running server with (or without) its tokens.
  restartAfterSignIn = (id) => {
    void mcpRuntime.service.getState(id).then(async (state) => {
      if (state?.status === 'connected' || state?.status === 'error' || state?.status === 'connecting') await mcpRuntime.service.restart(id);
    }).catch((error: unknown) => options.logger?.warn(`reconnecting after sign-in failed: ${String(error)}`));
  };
  // What MCP Apps tell the model (ui/update-model-context), named after their server.
  const appContext = new AppModelContext((id) => (mcpServers.find(id) ?? workspace.findProjectServer(id))?.name);
  const chatRuntime = createChatRuntime({
    db,
    dataDir,
    mcp: mcpRuntime.service,
    completion,
    providers,
    serverTimeoutMs: (serverId) => serverTimeoutMs(mcpServers, serverId) ?? projectTimeoutMs(workspace, serverId),
    switches: toolSwitchesOf({ find: (id) => mcpServers.find(id) ?? workspace.findProjectServer(id) }),
    defaultSystemPrompt: () => settings.getSystemPrompt(),
    appContext,
    logger: options.logger,
  });
  const { approvals, chat } = chatRuntime;
  const detachInteractions = interactions.attachChat(chat);
  const stopInputRestarts = restartOnInputChange(secretInputs, mcpServers, mcpRuntime.service);
  const stopWatch = watchExternalChanges(db, options.externalChangePollMs ?? 0, () => {
    mcpServers.notifyExternalChange();
    settings.notifyExternalChange();
    providers.notifyExternalChange();
  });

  return {
    dataDir,
    db,
    mcpServers,
    settings,
    mcp: mcpRuntime.service,
    mcpEnvironment: mcpRuntime.environment,
    presets,
    registry,
    imports: new ImportService(mcpServers, options.importHost ?? { homedir: os.homedir(), platform: process.platform, env: process.env }, declareInputs, (id) => workspace.findProjectServer(id)),
    dependencies: mcpRuntime.dependencies,
    pickFolder: options.pickFolder,
    providers,
    completion,
    approvals,
    chat,
    chatEngine: (gate) => chatRuntime.engineWith(gate),
    secretInputs,
    unreadableSecrets: new UnreadableSecretsService(db, secretStore),
    workspace,
    oauth,
    interactions: interactions.broker,
    apps: new AppsService({
      mcp: mcpRuntime.service,
      callTool: chatRuntime.callForApp,
      context: appContext,
      log: (serverId, level, text) => mcpRuntime.service.appendLog(serverId, level, text),
    }),
    async start() {
      // Only the long-running owner of conversations (the app, the headless host) may call a
      // 'streaming' message interrupted: a one-shot CLI command may run beside a live turn.
      try {
        if (options.autoConnectMcp) chat.recoverInterrupted();
      } catch (error) {
        throw sqliteStorageError(error, dbFile) ?? error;
      }
      await mcpRuntime.start();
    },
    async dispose() {
      stopWatch();
      oauth.dispose();
      workspace.dispose();
      stopInputRestarts();
      stopDeclaringProjectInputs();
      // A server waiting on the user hears "cancel" before its connection closes.
      interactions.broker.cancelAll();
      detachInteractions();
      try {
        // Turns first: a stopped turn still writes its messages, and cancels its tool calls on live connections.
        await chat.dispose();
        await chatRuntime.dispose();
        await mcpRuntime.dispose();
        // The registry cache's last write lands before the process may exit.
        await registry.flush();
      } finally {
        db.close();
      }
    },
  };
}

/** A server's configured call timeout, for the engine's tool calls (one timeout policy on every path). */
export function serverTimeoutMs(servers: McpServerConfigService, serverId: string): number | undefined {
  const server = servers.find(serverId);
  return server ? server.timeoutSec * 1000 : undefined;
}

function projectTimeoutMs(workspace: WorkspaceService, serverId: string): number | undefined {
  const server = workspace.findProjectServer(serverId);
  return server ? server.timeoutSec * 1000 : undefined;
}

/**
 * SQLite bumps `PRAGMA data_version` when another connection commits; polling it is a cheap
 * way to show a server the CLI added without a reload.
 */
function watchExternalChanges(db: Db, intervalMs: number, onChange: () => void): () => void {
  if (intervalMs <= 0) return () => {};
  let last = db.pragma('data_version', { simple: true });
  const timer = setInterval(() => {
    if (!db.open) return;
    const current = db.pragma('data_version', { simple: true });
    if (current !== last) {
      last = current;
      onChange();
    }
  }, intervalMs);
  timer.unref();
  return () => clearInterval(timer);
}
