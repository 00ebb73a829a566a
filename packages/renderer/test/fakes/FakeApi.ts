/**
 * An in-memory stand-in for the main process at the tRPC edge: it implements the procedures the
 * renderer calls — what is sent is stored and answered back, every change is pushed to subscribers
 * as the whole list, errors carry `data.app` like the router's errorFormatter. It does not
 * re-implement the router's rules (validation, unique names, copied variables, folder checks):
 * a test that needs a refusal scripts it (`failures`), and the rules are tested against the real
 * router (packages/desktop/test/routers, e2e/). Connections do not run here: a test pushes what
 * McpService would report (setConnection, setTools, log) and the fake delivers it like the router.
 */
import type { DependencyInstallEvent, McpPresetView, McpServerView } from '@elftia/desktop/router';
import { DEPENDENCY_COMMANDS, type DependencyCommand, type DependencyInstallPreview, type DependencyStatus } from '@elftia/desktop/shared/contracts/dependencies.ts';
import { presetToServerInput } from '@elftia/desktop/shared/mcp-presets.ts';
import type { McpLogEntry, McpLogLevel, McpLogUpdate, McpServerLogLevel, McpServerState } from '@elftia/desktop/shared/contracts/mcp-connection.ts';
import type { MCPTool } from '@elftia/desktop/shared/contracts/mcp-tool.ts';
import type { SecretInputView } from '@elftia/desktop/shared/contracts/secret-inputs.ts';
import {
  type McpServerEnvironment,
  type McpServerInput,
  type McpServerInputParsed,
  parseMcpServerInput,
  toRecordFields,
} from '@elftia/desktop/shared/contracts/mcp-types.ts';
import type { ImportPreview, ImportSource } from '@elftia/desktop/shared/contracts/mcp-import.ts';
import { builtinServerId } from '@elftia/desktop/shared/contracts/builtin-servers.ts';
import { type AppSettings, DEFAULT_SETTINGS, type LanguagePreference, type PackageMirrors, type ThemePreference } from '@elftia/desktop/shared/contracts/settings.ts';
import type { OAuthStatus } from '@elftia/desktop/shared/contracts/oauth.ts';
import type { ElftiaApi, SubscriptionHandlers } from '../../src/lib/api';
import { CallRecorder, FakeTrpcError } from './CallRecorder';
import { Channel, KeyedChannel } from './channels';
import { FakeChat } from './FakeChat';
import { FakeProviders } from './FakeProviders';
import { FakeResources } from './FakeResources';
import { FakeWorkspace } from './FakeWorkspace';
import { FakeInteractions } from './FakeInteractions';
import { FakeRegistry } from './FakeRegistry';
import { FakeApps } from './FakeApps';

export { FakeTrpcError } from './CallRecorder';
export type { FakeCall } from './CallRecorder';

/** The router's rule (McpRouter toView): a disabled record wins, else the connection's status. */
function withStatus(server: McpServerView): McpServerView {
  return { ...server, status: !server.enabled ? 'disabled' : (server.connection?.status ?? 'disconnected') };
}

export class FakeApi implements ElftiaApi {
  servers: McpServerView[] = [];
  /** The stored settings; a field left out reads as its default (DEFAULT_SETTINGS). */
  settingsValue: { language: LanguagePreference; theme?: ThemePreference } = { language: 'system' };
  /** settings.filesFolder, as stored. */
  filesFolder = '';
  /** settings.systemPrompt, as stored. */
  systemPrompt = '';
  /** settings.packageMirrors, as stored. */
  mirrors: PackageMirrors = { npmRegistry: '', pythonIndex: '' };
  readonly recorder = new CallRecorder();
  readonly calls = this.recorder.calls;
  /** Makes the next call of a procedure fail with this error instead of running. */
  readonly failures = this.recorder.failures;
  #nextId = 1;

  /** providers.*: in memory, validated by the shared schema, keys never returned. */
  readonly fakeProviders = new FakeProviders(this.recorder);
  readonly providers: ElftiaApi['providers'] = this.fakeProviders.api;
  /** chat.* and approvals.*: conversations in memory; a test pushes what the engine would stream (fakeChat.emit). */
  readonly fakeChat = new FakeChat(this.recorder);
  readonly chat: ElftiaApi['chat'] = this.fakeChat.chatApi;
  readonly approvals: ElftiaApi['approvals'] = this.fakeChat.approvalsApi;
  /** interactions.*: a test pushes what a server asks (fakeInteractions.request) and reads the answers. */
  readonly fakeInteractions = new FakeInteractions(this.recorder);
  readonly interactions: ElftiaApi['interactions'] = this.fakeInteractions.api;

  /** resources.*: catalogs, reads, completions and prompt runs a test scripts; updates pushed with fakeResources.update. */
  readonly fakeResources = new FakeResources(this.recorder);
  readonly resources: ElftiaApi['resources'] = this.fakeResources.api;

  /** registry.* and settings.registryUrl: records a test lists, searched and paged like main; `offline` answers from the cache. */
  readonly fakeRegistry = new FakeRegistry(this.recorder, (input) => this.seed(input));
  readonly registry: ElftiaApi['registry'] = this.fakeRegistry.api;
  /** apps.*: app resources and the sandbox a test scripts; the app's requests recorded. */
  readonly fakeApps = new FakeApps(this.recorder);
  readonly apps: ElftiaApi['apps'] = this.fakeApps.api;

  /** mcp.tools answers, per server id (see setTools). */
  readonly tools = new Map<string, MCPTool[]>();
  /** mcp.onLogs contents, per server id (see log). */
  readonly logs = new Map<string, McpLogEntry[]>();

  /** The app's environment as main sees it: mcp.appEnvNames lists its names. */
  appEnv: Record<string, string> = { HOME: '/home/ada', LANG: 'en_US.UTF-8', OPENAI_API_KEY: 'sk-from-the-shell', PATH: '/usr/bin' };
  /** mcp.importPreview's answer for a text (main's planImport is tested in packages/desktop/test/import). */
  importPreviewFor: (text: string, skip: readonly string[]) => ImportPreview = () => ({ entries: [], errors: [{ field: 'text', code: 'noServers' }], inputs: [] });
  /** mcp.importSources: the other apps' config files "found", with their text. */
  importSourceFiles: (ImportSource & { text: string })[] = [];
  /** mcp.exportServers' text for a request; by default the chosen servers' names and the flags, as JSON. */
  exportText: (input: { ids?: string[] | undefined; includeSecrets?: boolean | undefined }) => string = (input) =>
    JSON.stringify({ mcpServers: Object.fromEntries(this.servers.filter((s) => !input.ids || input.ids.includes(s.id)).map((s) => [s.name, { includeSecrets: input.includeSecrets === true }])) });
  /** `${input:id}` definitions and values, as main stores them (values only readable by tests). */
  readonly inputs = new Map<string, SecretInputView & { value?: string }>();
  /** mcp.logLevel answers, per server id (what mcp.setLogLevel kept); `info` by default. */
  readonly logLevels = new Map<string, McpServerLogLevel>();
  /** mcp.envNames answers, per server id; none by default. */
  readonly envNames = new Map<string, McpServerEnvironment>();

  /** mcp.presets.list answers these; presets.add adds a server from one (see presetToServerInput). */
  presets: McpPresetView[] = [];
  /** Set to what the system folder chooser answers; undefined: there is none (a browser). */
  folderChooser: (() => string | null) | undefined;
  /** mcp.dependencies.check answers, per command; a command not listed is found. */
  readonly dependencies = new Map<DependencyCommand, DependencyStatus>();
  /** mcp.dependencies.plan answers, per command; default: uv's install script. */
  readonly installPlans = new Map<DependencyCommand, DependencyInstallPreview>();
  /** Open mcp.dependencies.install streams, per command; a test pushes into them with emitInstall. */
  readonly installStreams = new Map<DependencyCommand, Set<SubscriptionHandlers<DependencyInstallEvent>>>();

  /** workspace.* and the open workspace's project servers (listed after the global ones). */
  readonly fakeWorkspace: FakeWorkspace = new FakeWorkspace(
    this.recorder,
    () => this.serverChannel.emit(),
    (input) => this.seed(input),
    () => this.servers,
  );
  readonly workspace: ElftiaApi['workspace'] = this.fakeWorkspace.api;

  readonly serverChannel = new Channel(() => this.fakeWorkspace.list(this.servers));
  /** Live states of the built-in servers, per id (see setBuiltinConnection); connected by default. */
  readonly builtinConnections = new Map<string, McpServerState>();
  readonly builtinChannel = new Channel(() => this.builtinServers());
  readonly settingsChannel = new Channel((): AppSettings => this.#settings());
  readonly logChannel = new KeyedChannel<McpLogUpdate>((id) => ({ kind: 'snapshot', entries: [...(this.logs.get(id) ?? [])] }));
  /** mcp.auth statuses, per server id; an HTTP/SSE server without one is signed out. */
  readonly oauthStatuses = new Map<string, OAuthStatus>();
  /** The URL mcp.auth.signIn answers with. */
  authorizationUrl = 'https://auth.example.test/authorize?client_id=elftia&state=s1';
  readonly oauthChannel = new KeyedChannel<OAuthStatus>((id) => this.oauthStatus(id));

  readonly mcp: ElftiaApi['mcp'] = {
    add: { mutate: (input) => this.#run('mcp.add', input, () => this.#store(input as McpServerInputParsed)) },
    update: {
      mutate: (input) =>
        this.#run('mcp.update', input, () => {
          const { id, ...rest } = input;
          // Like McpServerConfigService.update: tool switches left out keep the stored ones.
          const parsed = rest as McpServerInputParsed;
          return this.#replace(id, (server) => ({
            ...server,
            ...toRecordFields(parsed),
            disabledTools: parsed.disabledTools ?? server.disabledTools,
            alwaysAllow: parsed.alwaysAllow ?? server.alwaysAllow,
          }));
        }),
    },
    setEnabled: {
      mutate: (input) => this.#run('mcp.setEnabled', input, () => this.#replace(input.id, (server) => ({ ...server, enabled: input.enabled }))),
    },
    setToolEnabled: {
      mutate: (input) =>
        this.#run('mcp.setToolEnabled', input, () =>
          this.#replace(input.id, (server) => ({ ...server, disabledTools: toggled(server.disabledTools, input.tool, !input.enabled) })),
        ),
    },
    setToolAlwaysAllow: {
      mutate: (input) =>
        this.#run('mcp.setToolAlwaysAllow', input, () =>
          this.#replace(input.id, (server) => ({ ...server, alwaysAllow: toggled(server.alwaysAllow, input.tool, input.alwaysAllow) })),
        ),
    },
    remove: {
      mutate: (input) =>
        this.#run('mcp.remove', input, () => {
          this.#find(input.id);
          this.servers = this.servers.filter((server) => server.id !== input.id);
          this.serverChannel.emit();
          return { id: input.id };
        }),
    },
    restart: {
      // The server starts connecting; what follows is what the test pushes (setConnection).
      mutate: (input) =>
        this.#run('mcp.restart', input, () => {
          const builtin = this.builtinServers().find((server) => server.id === input.id);
          if (!builtin) return this.setConnection(input.id, { status: 'connecting' });
          this.setBuiltinConnection(builtin.name, { status: 'connecting' });
          return this.builtinServers().find((server) => server.id === input.id)!;
        }),
    },
    logLevel: { query: (input) => this.#run('mcp.logLevel', input, () => ({ level: this.logLevels.get(input.id) ?? 'info' })) },
    setLogLevel: {
      mutate: (input) =>
        this.#run('mcp.setLogLevel', input, () => {
          this.logLevels.set(input.id, input.level);
          return { level: input.level };
        }),
    },
    trust: { mutate: (input) => this.#run('mcp.trust', input, () => this.fakeWorkspace.setTrusted(input.id, true)) },
    untrust: { mutate: (input) => this.#run('mcp.untrust', input, () => this.fakeWorkspace.setTrusted(input.id, false)) },
    copyToGlobal: { mutate: (input) => this.#run('mcp.copyToGlobal', input, () => this.fakeWorkspace.copyToGlobal(input.id)) },
    copyToProject: { mutate: (input) => this.#run('mcp.copyToProject', input, () => this.fakeWorkspace.copyToProject(input.id)) },
    tools: { query: (input) => this.#run('mcp.tools', input, () => [...(this.tools.get(input.id) ?? [])]) },
    envNames: { query: (input) => this.#run('mcp.envNames', input, () => this.envNames.get(input.id) ?? { inheritEnv: false, names: [] }) },
    appEnvNames: { query: () => this.#run('mcp.appEnvNames', undefined, () => Object.keys(this.appEnv).sort()) },
    importPreview: { query: (input) => this.#run('mcp.importPreview', input, () => this.importPreviewFor(input.text, input.skip ?? [])) },
    // Like main: refused while the preview has errors; else each add/rename entry becomes a server.
    importApply: {
      mutate: (input) =>
        this.#run('mcp.importApply', input, () => {
          const preview = this.importPreviewFor(input.text, input.skip ?? []);
          if (preview.errors.length > 0) throw new FakeTrpcError({ code: 'VALIDATION', fieldErrors: preview.errors.map((e) => ({ field: `${e.entry ?? ''}.${e.field}`, code: e.code })) });
          const added = preview.entries.filter((e) => e.action !== 'skip').map((e) => this.seed({ name: e.name, type: 'stdio', command: e.summary ?? 'node' }));
          return { added, preview };
        }),
    },
    importSources: { query: () => this.#run('mcp.importSources', undefined, () => this.importSourceFiles.map(({ id, path }) => ({ id, path }))) },
    importSourceText: { query: (input) => this.#run('mcp.importSourceText', input, () => ({ text: this.importSourceFiles.find((s) => s.id === input.id)?.text ?? '' })) },
    exportServers: { query: (input) => this.#run('mcp.exportServers', input, () => ({ text: this.exportText(input) })) },
    inputs: { query: () => this.#run('mcp.inputs', undefined, () => [...this.inputs.values()].map(({ value: _value, ...view }) => ({ ...view }))) },
    setInput: {
      mutate: (input) =>
        this.#run('mcp.setInput', input, () => {
          const known = this.inputs.get(input.id);
          this.inputs.set(input.id, { id: input.id, description: known?.description ?? '', password: known?.password ?? true, servers: known?.servers ?? [], set: true, value: input.value });
        }),
    },
    clearInput: {
      mutate: (input) =>
        this.#run('mcp.clearInput', input, () => {
          const known = this.inputs.get(input.id);
          if (!known?.set) return { cleared: false };
          this.inputs.set(input.id, { ...known, set: false, value: undefined });
          return { cleared: true };
        }),
    },
    builtins: { query: () => this.#run('mcp.builtins', undefined, () => this.builtinServers()) },
    onBuiltinsChanged: { subscribe: this.builtinChannel.subscribe },
    onServersChanged: { subscribe: this.serverChannel.subscribe },
    presets: {
      list: { query: () => this.#run('mcp.presets.list', undefined, () => this.presets.map((view) => ({ ...view }))) },
      // The server the preset describes (shared/mcp-presets.ts), with the answers given; the preset is marked added.
      add: {
        mutate: (input) =>
          this.#run('mcp.presets.add', input, () => {
            const view = this.presets.find((v) => v.preset.id === input.presetId);
            if (!view) throw new Error(`the test gave the fake no preset ${input.presetId}`);
            const server = this.seed(presetToServerInput(view.preset, input));
            this.presets = this.presets.map((v) => (v === view ? { ...v, addedServerIds: [...v.addedServerIds, server.id] } : v));
            return server;
          }),
      },
    },
    dependencies: {
      check: {
        query: (input) =>
          this.#run('mcp.dependencies.check', input, () => this.dependencies.get(input.command) ?? { command: input.command, found: true, version: '1.0.0', path: `/usr/bin/${input.command}`, searched: 3 }),
      },
      checkAll: {
        query: () =>
          this.#run('mcp.dependencies.checkAll', undefined, () =>
            DEPENDENCY_COMMANDS.map((command) => this.dependencies.get(command) ?? { command, found: true, version: '1.0.0', path: `/usr/bin/${command}`, searched: 3 }),
          ),
      },
      plan: {
        query: (input) =>
          this.#run('mcp.dependencies.plan', input, () => this.installPlans.get(input.command) ?? { kind: 'run', method: 'uv-script-sh', commandLine: 'curl -LsSf https://astral.sh/uv/install.sh | sh' }),
      },
      install: {
        // Recorded like a call; the stream carries only what the test emits. Unsubscribing is the cancel.
        subscribe: (input, handlers) => {
          this.recorder.calls.push({ procedure: 'mcp.dependencies.install', input });
          const streams = this.installStreams.get(input.command) ?? new Set();
          this.installStreams.set(input.command, streams.add(handlers));
          return { unsubscribe: () => void streams.delete(handlers) };
        },
      },
    },
    onLogs: { subscribe: (input, handlers) => this.logChannel.subscribe(input.id, handlers) },
    auth: {
      status: { query: (input) => this.#run('mcp.auth.status', input, () => this.oauthStatus(input.serverId)) },
      signIn: {
        mutate: (input) =>
          this.#run('mcp.auth.signIn', input, () => {
            this.setOAuthStatus({ ...this.oauthStatus(input.serverId), state: 'signing_in', authorizationUrl: this.authorizationUrl });
            return { authorizationUrl: this.authorizationUrl };
          }),
      },
      cancelSignIn: { mutate: (input) => this.#run('mcp.auth.cancelSignIn', input, () => this.setOAuthStatus({ ...this.#oauthBase(input.serverId), state: 'signed_out' })) },
      signOut: { mutate: (input) => this.#run('mcp.auth.signOut', input, () => this.setOAuthStatus({ ...this.#oauthBase(input.serverId), state: 'signed_out' })) },
      setClient: {
        mutate: (input) =>
          this.#run('mcp.auth.setClient', input, () => this.setOAuthStatus({ ...this.#oauthBase(input.serverId), state: 'signed_out', preRegisteredClientId: input.clientId })),
      },
      onStatus: { subscribe: (input, handlers) => this.oauthChannel.subscribe(input.serverId, handlers) },
    },
  };

  /** A server's sign-in status as mcp.auth.status answers it. */
  oauthStatus(serverId: string): OAuthStatus {
    const known = this.oauthStatuses.get(serverId);
    if (known) return known;
    const server = this.servers.find((view) => view.id === serverId);
    return { serverId, supported: server?.type === 'http' || server?.type === 'sse', state: 'signed_out', preRegisteredClientId: null };
  }

  /** Sets a status and pushes it to mcp.auth.onStatus, as main does when a sign-in moves on. */
  setOAuthStatus(status: OAuthStatus): OAuthStatus {
    this.oauthStatuses.set(status.serverId, status);
    this.oauthChannel.emit(status.serverId);
    return status;
  }

  #oauthBase(serverId: string) {
    const { supported, preRegisteredClientId } = this.oauthStatus(serverId);
    return { serverId, supported, preRegisteredClientId };
  }

  /** The system folder chooser: present only when a test sets folderChooser (the Electron app). */
  readonly dialogs: ElftiaApi['dialogs'] = {
    folderPicker: { query: () => this.#run('dialogs.folderPicker', undefined, () => ({ available: this.folderChooser !== undefined })) },
    pickFolder: { mutate: (input) => this.#run('dialogs.pickFolder', input, () => ({ path: this.folderChooser?.() ?? null })) },
  };

  readonly settings: ElftiaApi['settings'] = {
    setLanguage: {
      mutate: (input) =>
        this.#run('settings.setLanguage', input, () => {
          this.settingsValue = { ...this.settingsValue, language: input.language };
          this.settingsChannel.emit();
          return this.#settings();
        }),
    },
    setTheme: {
      mutate: (input) =>
        this.#run('settings.setTheme', input, () => {
          this.settingsValue = { ...this.settingsValue, theme: input.theme };
          this.settingsChannel.emit();
          return this.#settings();
        }),
    },
    onChanged: { subscribe: this.settingsChannel.subscribe },
    filesFolder: { query: () => this.#run('settings.filesFolder', undefined, () => ({ folder: this.filesFolder })) },
    setFilesFolder: {
      mutate: (input) =>
        this.#run('settings.setFilesFolder', input, () => {
          this.filesFolder = input.folder;
          // Like main: a new folder restarts files, and its row follows.
          this.builtinChannel.emit();
          return { folder: this.filesFolder };
        }),
    },
    packageMirrors: { query: () => this.#run('settings.packageMirrors', undefined, () => ({ ...this.mirrors })) },
    registryUrl: this.fakeRegistry.registryUrl,
    setRegistryUrl: this.fakeRegistry.setRegistryUrl,
    systemPrompt: { query: () => this.#run('settings.systemPrompt', undefined, () => ({ systemPrompt: this.systemPrompt })) },
    setSystemPrompt: {
      mutate: (input) =>
        this.#run('settings.setSystemPrompt', input, () => {
          this.systemPrompt = input.systemPrompt;
          return { systemPrompt: this.systemPrompt };
        }),
    },
    setPackageMirrors: {
      mutate: (input) =>
        this.#run('settings.setPackageMirrors', input, () => {
          this.mirrors = { npmRegistry: input.npmRegistry ?? '', pythonIndex: input.pythonIndex ?? '' };
          return { ...this.mirrors };
        }),
    },
  };

  /** Sends an installer output line or the result to every open install stream of `command`. */
  emitInstall(command: DependencyCommand, event: DependencyInstallEvent): void {
    for (const handlers of this.installStreams.get(command) ?? []) handlers.onData(event);
  }

  /** Adds a server as if another process (the CLI) had, and pushes the change. The shared schema fills in the defaults. */
  seed(input: McpServerInput): McpServerView {
    const parsed = parseMcpServerInput(input);
    if (!parsed.ok) throw new Error(`the test seeds an invalid server: ${JSON.stringify(parsed.errors)}`);
    return this.#store(parsed.value);
  }

  /**
   * Replaces a server's connection snapshot with what McpService would report, and pushes the list
   * (the router's onServersChanged fires on connection changes too). Unset fields take the
   * service's defaults for an idle connection.
   */
  setConnection(id: string, state: Partial<Omit<McpServerState, 'serverId' | 'serverName'>>): McpServerView {
    return this.#replace(id, (server) => ({
      ...server,
      connection: { serverId: id, serverName: server.name, status: 'disconnected', consecutiveErrors: 0, degraded: false, toolCount: 0, updatedAtMs: 0, ...state },
    }));
  }

  /**
   * What mcp.onBuiltinsChanged reports: clock-math, and files once a folder is set, like main's system
   * servers; each connected unless setBuiltinConnection said otherwise.
   */
  builtinServers(): McpServerView[] {
    const now = new Date(0).toISOString();
    const names = this.filesFolder ? ['clock-math', 'files'] : ['clock-math'];
    return names.map((name) => {
      const id = builtinServerId(name);
      const args = [`/app/builtin-servers/${name}/server.mjs`, ...(name === 'files' ? [this.filesFolder] : [])];
      const connection: McpServerState = this.builtinConnections.get(id) ?? { serverId: id, serverName: name, status: 'connected', consecutiveErrors: 0, degraded: false, toolCount: 5, updatedAtMs: 0 };
      return { id, name, type: 'stdio', config: { command: '/app/elftia', args, env: {} }, timeoutSec: 120, enabled: true, disabledTools: [], alwaysAllow: [], createdAt: now, updatedAt: now, status: connection.status, connection, builtin: true };
    });
  }

  /** Replaces a built-in server's live state and pushes the built-in list. */
  setBuiltinConnection(name: string, state: Partial<Omit<McpServerState, 'serverId' | 'serverName'>>): void {
    const id = builtinServerId(name);
    this.builtinConnections.set(id, { serverId: id, serverName: name, status: 'connected', consecutiveErrors: 0, degraded: false, toolCount: 0, updatedAtMs: 0, ...state });
    this.builtinChannel.emit();
  }

  /** The server's tools changed (tools/list_changed): mcp.tools answers these, and the count is pushed. */
  setTools(id: string, tools: MCPTool[]): void {
    this.tools.set(id, tools);
    const connection = this.#find(id).connection;
    if (connection) this.setConnection(id, { ...connection, toolCount: tools.length });
  }

  /** Appends a line to a server's log and pushes only that line to its subscribers, like mcp.onLogs after its first snapshot. */
  log(id: string, level: McpLogLevel, text: string): McpLogEntry {
    const entries = this.logs.get(id) ?? [];
    const entry: McpLogEntry = { seq: entries.length + 1, timeMs: Date.UTC(2026, 0, 1, 12, 0, entries.length), level, text };
    this.logs.set(id, [...entries, entry]);
    this.logChannel.push(id, { kind: 'append', entries: [entry] });
    return entry;
  }

  callsTo(procedure: string): unknown[] {
    return this.recorder.callsTo(procedure);
  }

  /** Calls of `procedure` stay in flight until the returned function is called. */
  hold(procedure: string): () => void {
    return this.recorder.hold(procedure);
  }

  #settings(): AppSettings {
    return { ...DEFAULT_SETTINGS, ...this.settingsValue };
  }

  #run<T>(procedure: string, input: unknown, body: () => T): Promise<T> {
    return this.recorder.run(procedure, input, body);
  }

  #store(input: McpServerInputParsed): McpServerView {
    const now = new Date(0).toISOString();
    const server = withStatus({ id: `srv-${this.#nextId++}`, ...toRecordFields(input), createdAt: now, updatedAt: now, status: 'disconnected' });
    this.servers = [...this.servers, server];
    this.serverChannel.emit();
    return server;
  }

  /** The router's enabledToolCount: while connected with a tool list, and only when some tool is off. */
  #counted(server: McpServerView): McpServerView {
    const { enabledToolCount: _, ...rest } = server;
    const tools = this.tools.get(server.id);
    if (server.status !== 'connected' || !tools || server.disabledTools.length === 0) return rest;
    return { ...rest, enabledToolCount: tools.filter((tool) => !server.disabledTools.includes(tool.name)).length };
  }

  #find(id: string): McpServerView {
    const server = this.servers.find((s) => s.id === id);
    if (!server) throw new FakeTrpcError({ code: 'NOT_FOUND', params: { id } });
    return server;
  }

  #replace(id: string, change: (server: McpServerView) => McpServerView): McpServerView {
    const next = this.#counted(withStatus(change(this.#find(id))));
    this.servers = this.servers.map((server) => (server.id === id ? next : server));
    this.serverChannel.emit();
    return next;
  }
}

/** `names` with `name` in it (at the end) or without it. */
function toggled(names: string[], name: string, listed: boolean): string[] {
  const rest = names.filter((n) => n !== name);
  return listed ? [...rest, name] : rest;
}
