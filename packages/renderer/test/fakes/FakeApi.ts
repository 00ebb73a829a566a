/**
 * An in-memory stand-in for the main process at the tRPC edge: it implements the procedures the
 * renderer calls with the router's observable behaviour — the shared schema validates, names are
 * unique ignoring case, every change is pushed to subscribers as the whole list, errors carry
 * `data.app` like the router's errorFormatter. Connections do not run here: a test pushes what
 * McpService would report (setConnection, setTools, log) and the fake delivers it like the router.
 */
import type { DependencyInstallEvent, McpPresetView, McpServerView } from '@elftia/desktop/router';
import { DEPENDENCY_COMMANDS, type DependencyCommand, type DependencyInstallPreview, type DependencyStatus } from '@elftia/desktop/shared/contracts/dependencies.ts';
import { checkPresetAnswers, presetToServerInput } from '@elftia/desktop/shared/mcp-presets.ts';
import type { McpLogEntry, McpLogLevel, McpLogUpdate, McpServerState } from '@elftia/desktop/shared/contracts/mcp-connection.ts';
import type { MCPTool } from '@elftia/desktop/shared/contracts/mcp-tool.ts';
import { type McpServerInput, parseMcpServerInput, toFieldErrors, toRecordFields } from '@elftia/desktop/shared/contracts/mcp-types.ts';
import { type AppSettings, DEFAULT_SETTINGS, filesFolderSchema, type LanguagePreference, type ThemePreference, type PackageMirrors, packageMirrorsSchema } from '@elftia/desktop/shared/contracts/settings.ts';
import type { ElftiaApi, SubscriptionHandlers } from '../../src/lib/api';
import { CallRecorder, FakeTrpcError } from './CallRecorder';
import { Channel, KeyedChannel } from './channels';
import { FakeChat } from './FakeChat';
import { FakeProviders } from './FakeProviders';

export { FakeTrpcError } from './CallRecorder';
export type { FakeCall } from './CallRecorder';

/** The router's rule (McpRouter toView): a disabled record wins, else the connection's status. */
function withStatus(server: McpServerView): McpServerView {
  return { ...server, status: !server.enabled ? 'disabled' : (server.connection?.status ?? 'disconnected') };
}

/** The names of appEnv the fake passes to servers without inheritEnv (a stand-in for serverEnv.ts). */
const FAKE_ALLOWLIST = ['HOME', 'LANG', 'PATH'];

export class FakeApi implements ElftiaApi {
  servers: McpServerView[] = [];
  /** The stored settings; a field left out reads as its default (DEFAULT_SETTINGS). */
  settingsValue: { language: LanguagePreference; theme?: ThemePreference } = { language: 'system' };
  /** settings.filesFolder, as stored, and the folders that "exist" for setFilesFolder. */
  filesFolder = '';
  readonly existingFolders = new Set<string>();
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

  /** mcp.tools answers, per server id (see setTools). */
  readonly tools = new Map<string, MCPTool[]>();
  /** mcp.onLogs contents, per server id (see log). */
  readonly logs = new Map<string, McpLogEntry[]>();

  /** The app's environment as main sees it: mcp.appEnvNames lists it, copyEnv copies from it. */
  appEnv: Record<string, string> = { HOME: '/home/ada', LANG: 'en_US.UTF-8', OPENAI_API_KEY: 'sk-from-the-shell', PATH: '/usr/bin' };

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

  readonly serverChannel = new Channel(() => this.servers.map((server) => ({ ...server })));
  readonly settingsChannel = new Channel((): AppSettings => this.#settings());
  readonly logChannel = new KeyedChannel<McpLogUpdate>((id) => ({ kind: 'snapshot', entries: [...(this.logs.get(id) ?? [])] }));

  readonly mcp: ElftiaApi['mcp'] = {
    add: { mutate: (input) => this.#run('mcp.add', input, () => this.#add(input)) },
    update: {
      mutate: (input) =>
        this.#run('mcp.update', input, () => {
          const { id, ...rest } = input;
          return this.#update(id, rest);
        }),
    },
    setEnabled: {
      mutate: (input) => this.#run('mcp.setEnabled', input, () => this.#replace(input.id, (server) => ({ ...server, enabled: input.enabled }))),
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
      // Like McpService.restart: a disabled server is refused; otherwise it starts connecting.
      mutate: (input) =>
        this.#run('mcp.restart', input, () => {
          const server = this.#find(input.id);
          if (!server.enabled) throw new FakeTrpcError({ code: 'SERVER_DISABLED', params: { server: server.name } });
          return this.setConnection(input.id, { status: 'connecting' });
        }),
    },
    tools: {
      // Like the router: a failing server is not asked (NOT_CONNECTED).
      query: (input) =>
        this.#run('mcp.tools', input, () => {
          if (this.#find(input.id).status !== 'connected') throw new FakeTrpcError({ code: 'NOT_CONNECTED', params: { serverId: input.id } });
          return [...(this.tools.get(input.id) ?? [])];
        }),
    },
    // Like ServerEnvironment: the allowlisted part of appEnv, the server's own, and the tree marker.
    envNames: {
      query: (input) =>
        this.#run('mcp.envNames', input, () => {
          const { config, type } = this.#find(input.id);
          const inheritEnv = config.inheritEnv ?? false;
          if (type !== 'stdio') return { inheritEnv, names: [] };
          const own = Object.keys(config.env ?? {});
          const app = Object.keys(this.appEnv).filter((name) => !own.includes(name) && (inheritEnv || FAKE_ALLOWLIST.includes(name)));
          const names = [
            ...own.map((name) => ({ name, source: 'server' as const })),
            ...app.map((name) => ({ name, source: 'app' as const })),
            { name: 'ELFTIA_PROCESS_TREE', source: 'elftia' as const },
          ];
          return { inheritEnv, names: names.sort((a, b) => a.name.localeCompare(b.name, 'en')) };
        }),
    },
    appEnvNames: { query: () => this.#run('mcp.appEnvNames', undefined, () => Object.keys(this.appEnv).sort()) },
    onServersChanged: { subscribe: this.serverChannel.subscribe },
    presets: {
      list: { query: () => this.#run('mcp.presets.list', undefined, () => this.presets.map((view) => ({ ...view }))) },
      // Like McpPresetService.add: every answer checked first, nothing stored on a bad one.
      add: {
        mutate: (input) =>
          this.#run('mcp.presets.add', input, () => {
            const view = this.presets.find((v) => v.preset.id === input.presetId);
            if (!view) throw new FakeTrpcError({ code: 'PRESET_NOT_FOUND', params: { id: input.presetId } });
            const problems = checkPresetAnswers(view.preset, input, view.keyProvider !== undefined);
            if (problems.length > 0) throw new FakeTrpcError({ code: 'VALIDATION', fieldErrors: problems });
            const server = this.#add(presetToServerInput(view.preset, { ...input, apiKey: input.apiKey || (view.keyProvider ? 'lent-key' : undefined) }));
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
  };

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
    // Like SettingsService: an absolute path to an existing folder (here: one of `existingFolders`), or ''.
    setFilesFolder: {
      mutate: (input) =>
        this.#run('settings.setFilesFolder', input, () => {
          const parsed = filesFolderSchema.safeParse(input);
          if (!parsed.success) throw new FakeTrpcError({ code: 'VALIDATION', fieldErrors: toFieldErrors(parsed.error) });
          const { folder } = parsed.data;
          if (folder !== '' && !this.existingFolders.has(folder)) throw new FakeTrpcError({ code: 'VALIDATION', fieldErrors: [{ field: 'folder', code: 'folderNotFound' }] });
          this.filesFolder = folder;
          return { folder };
        }),
    },
    packageMirrors: { query: () => this.#run('settings.packageMirrors', undefined, () => ({ ...this.mirrors })) },
    // Like SettingsService: the shared schema validates, and nothing is stored on a bad field.
    setPackageMirrors: {
      mutate: (input) =>
        this.#run('settings.setPackageMirrors', input, () => {
          const parsed = packageMirrorsSchema.safeParse(input);
          if (!parsed.success) throw new FakeTrpcError({ code: 'VALIDATION', fieldErrors: toFieldErrors(parsed.error) });
          this.mirrors = parsed.data;
          return { ...this.mirrors };
        }),
    },
  };

  /** Sends an installer output line or the result to every open install stream of `command`. */
  emitInstall(command: DependencyCommand, event: DependencyInstallEvent): void {
    for (const handlers of this.installStreams.get(command) ?? []) handlers.onData(event);
  }

  /** Adds a server as if another process (the CLI) had, and pushes the change. */
  seed(input: McpServerInput): McpServerView {
    return this.#add(input);
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

  #validate(input: unknown, exceptId?: string) {
    const parsed = parseMcpServerInput(input);
    if (!parsed.ok) throw new FakeTrpcError({ code: 'VALIDATION', fieldErrors: parsed.errors });
    // Like ServerEnvironment.resolveCopies: every copied name must be set; the values never come back.
    if (parsed.value.type === 'stdio' && parsed.value.copyEnv?.length) {
      const copyEnv = parsed.value.copyEnv;
      const missing = copyEnv.flatMap((name, index) => (name in this.appEnv ? [] : [{ field: `copyEnv.${index}`, code: 'envNotSet' as const, params: { name } }]));
      if (missing.length > 0) throw new FakeTrpcError({ code: 'VALIDATION', fieldErrors: missing });
      parsed.value.env = { ...parsed.value.env, ...Object.fromEntries(copyEnv.map((name) => [name, this.appEnv[name]!])) };
    }
    const name = parsed.value.name;
    const owner = this.servers.find((server) => server.id !== exceptId && server.name.toLowerCase() === name.toLowerCase());
    if (owner) throw new FakeTrpcError({ code: 'VALIDATION', fieldErrors: [{ field: 'name', code: 'duplicate', params: { name: owner.name } }] });
    return toRecordFields(parsed.value);
  }

  #add(input: unknown): McpServerView {
    const fields = this.#validate(input);
    const now = new Date(0).toISOString();
    const server = withStatus({ id: `srv-${this.#nextId++}`, ...fields, createdAt: now, updatedAt: now, status: 'disconnected' });
    this.servers = [...this.servers, server];
    this.serverChannel.emit();
    return server;
  }

  #update(id: string, input: unknown): McpServerView {
    this.#find(id);
    const fields = this.#validate(input, id);
    return this.#replace(id, (server) => ({ ...server, ...fields }));
  }

  #find(id: string): McpServerView {
    const server = this.servers.find((s) => s.id === id);
    if (!server) throw new FakeTrpcError({ code: 'NOT_FOUND', params: { id } });
    return server;
  }

  #replace(id: string, change: (server: McpServerView) => McpServerView): McpServerView {
    const next = withStatus(change(this.#find(id)));
    this.servers = this.servers.map((server) => (server.id === id ? next : server));
    this.serverChannel.emit();
    return next;
  }
}
