/**
 * workspace.* and the project servers of FakeApi: the open workspace in memory, its project file's
 * servers listed beside the global ones like McpRouter lists them (origin, overriddenBy, trust), and
 * trust / copy answered the way shared/contracts/workspace.ts describes. The rules themselves (the
 * file's parsing, the trust hash, what an edit asks again) are the backend's, tested there and in e2e/.
 */
import type { McpServerView } from '@elftia/desktop/router';
import { type McpServerInput, parseMcpServerInput, toInput, toRecordFields } from '@elftia/desktop/shared/contracts/mcp-types.ts';
import type { ProjectFileProblem, RecentWorkspace, ServerTrustView, WorkspaceView } from '@elftia/desktop/shared/contracts/workspace.ts';
import type { ElftiaApi } from '../../src/lib/api';
import { CallRecorder, FakeTrpcError } from './CallRecorder';
import { Channel } from './channels';

export type FakeServerView = McpServerView;

function workspaceView(path: string): WorkspaceView {
  const name = path.split('/').filter(Boolean).at(-1) ?? path;
  return { path, name, projectFile: `${path}/.elftia/mcp.json`, projectFileExists: true, serverCount: 0 };
}

/** What the command line of a stdio input reads as, shell-quoted only where needed (like the backend's display). */
export function commandLineOf(input: { command?: string; args?: string[] }): string {
  const quote = (part: string) => (/^[\w@%+=:,./-]+$/.test(part) ? part : `'${part.replaceAll("'", `'\\''`)}'`);
  return [input.command ?? '', ...(input.args ?? [])].map(quote).join(' ');
}

export class FakeWorkspace {
  current: WorkspaceView | null = null;
  recent: RecentWorkspace[] = [];
  /** The project file's servers; their ids are `project:<name>`. */
  projectServers: FakeServerView[] = [];
  /** Folders workspace.open refuses with WORKSPACE_NOT_FOUND. */
  readonly missingFolders = new Set<string>();
  readonly channel = new Channel(() => this.view());

  constructor(
    private readonly recorder: CallRecorder,
    /** Pushes the server list (FakeApi's serverChannel). */
    private readonly serversChanged: () => void,
    /** Adds a global server, as mcp.add does. */
    private readonly addGlobal: (input: McpServerInput) => McpServerView,
    private readonly globals: () => McpServerView[],
  ) {}

  /** What workspace.current and workspace.onChanged answer. */
  view(): WorkspaceView | null {
    return this.current ? { ...this.current, serverCount: this.projectServers.length } : null;
  }

  readonly api: ElftiaApi['workspace'] = {
    current: { query: () => this.recorder.run('workspace.current', undefined, () => this.view()) },
    open: { mutate: (input) => this.recorder.run('workspace.open', input, () => this.open(input.path)) },
    close: {
      mutate: () =>
        this.recorder.run('workspace.close', undefined, () => {
          this.current = null;
          this.projectServers = [];
          this.#changed();
          return null;
        }),
    },
    recent: { query: () => this.recorder.run('workspace.recent', undefined, () => this.recent.map((entry) => ({ ...entry }))) },
    onChanged: { subscribe: this.channel.subscribe },
  };

  /** Opens a folder as the router would (no project servers until the test seeds them), remembering it first in the recent list. */
  open(path: string): WorkspaceView {
    if (this.missingFolders.has(path)) throw new FakeTrpcError({ code: 'WORKSPACE_NOT_FOUND', params: { path } });
    this.current = workspaceView(path);
    this.projectServers = [];
    this.recent = [{ path, name: this.current.name, openedAt: new Date(0).toISOString(), exists: true }, ...this.recent.filter((entry) => entry.path !== path)];
    this.#changed();
    return this.view()!;
  }

  /** A server of the open workspace's project file; untrusted unless `trusted`. */
  seedProject(input: McpServerInput, trusted = false): FakeServerView {
    if (!this.current) throw new Error('the test seeds a project server with no workspace open');
    const parsed = parseMcpServerInput(input);
    if (!parsed.ok) throw new Error(`the test seeds an invalid project server: ${JSON.stringify(parsed.errors)}`);
    const fields = toRecordFields(parsed.value);
    const now = new Date(0).toISOString();
    const trust: ServerTrustView =
      parsed.value.type === 'stdio'
        ? { trusted, commandLine: commandLineOf(parsed.value), envNames: Object.keys(parsed.value.env ?? {}) }
        : { trusted, url: parsed.value.url };
    const server: FakeServerView = {
      id: `project:${input.name}`,
      ...fields,
      createdAt: now,
      updatedAt: now,
      status: 'disconnected',
      origin: { kind: 'project', workspace: this.current.path, file: this.current.projectFile },
      trust,
    };
    this.projectServers = [...this.projectServers.filter((s) => s.name !== server.name), this.#withTrustState(server)];
    this.#changed();
    return server;
  }

  /** The project file broke (or was fixed, with undefined): its servers stop being listed while it is broken. */
  setProblem(problem: ProjectFileProblem | undefined): void {
    if (!this.current) throw new Error('no workspace open');
    const { problem: _old, ...rest } = this.current;
    this.current = problem ? { ...rest, problem } : rest;
    if (problem) this.projectServers = [];
    this.#changed();
  }

  /** Global servers with what the open workspace adds (origin, overriddenBy), then the project's servers with `overrides`. */
  list(globals: McpServerView[]): FakeServerView[] {
    const byName = new Map(this.projectServers.map((server) => [server.name, server]));
    const global = globals.map((server): FakeServerView => {
      const hider = byName.get(server.name);
      return hider ? { ...server, origin: { kind: 'global' }, overriddenBy: hider.id } : { ...server, origin: { kind: 'global' } };
    });
    const project = this.projectServers.map((server): FakeServerView => {
      const hidden = globals.find((g) => g.name === server.name);
      return hidden ? { ...server, overrides: hidden.id } : { ...server };
    });
    return [...global, ...project];
  }

  findProject(id: string): FakeServerView | undefined {
    return this.projectServers.find((server) => server.id === id);
  }

  /** mcp.trust / mcp.untrust: the server's view after the decision (trusted starts connecting). */
  setTrusted(id: string, trusted: boolean): FakeServerView {
    const server = this.findProject(id);
    if (!server?.trust) throw new FakeTrpcError({ code: 'SERVER_NOT_FOUND', params: { id } });
    const next = this.#withTrustState({ ...server, trust: { ...server.trust, trusted } });
    this.projectServers = this.projectServers.map((s) => (s.id === id ? next : s));
    this.#changed();
    return next;
  }

  /** mcp.copyToGlobal: a global server with the project server's settings. */
  copyToGlobal(id: string): McpServerView {
    const server = this.findProject(id);
    if (!server) throw new FakeTrpcError({ code: 'SERVER_NOT_FOUND', params: { id } });
    return this.addGlobal(toInput(server));
  }

  /** mcp.copyToProject: the global server written into the project file (untrusted there, like any new entry). */
  copyToProject(id: string): FakeServerView {
    if (!this.current) throw new FakeTrpcError({ code: 'NO_WORKSPACE' });
    const server = this.globals().find((s) => s.id === id);
    if (!server) throw new FakeTrpcError({ code: 'SERVER_NOT_FOUND', params: { id } });
    return this.seedProject(toInput(server));
  }

  /** Like the backend: an untrusted project server is not started, and its connection says why. */
  #withTrustState(server: FakeServerView): FakeServerView {
    if (server.trust?.trusted) return { ...server, status: 'connecting', connection: { serverId: server.id, serverName: server.name, status: 'connecting', consecutiveErrors: 0, degraded: false, toolCount: 0, updatedAtMs: 0 } };
    const params: Record<string, string> = { server: server.name };
    if (server.trust?.commandLine !== undefined) params.commandLine = server.trust.commandLine;
    if (server.trust?.envNames) params.envNames = server.trust.envNames.join(',');
    if (server.trust?.url !== undefined) params.url = server.trust.url;
    return {
      ...server,
      status: 'error',
      connection: { serverId: server.id, serverName: server.name, status: 'error', consecutiveErrors: 0, degraded: false, toolCount: 0, updatedAtMs: 0, lastError: { code: 'WORKSPACE_TRUST_REQUIRED', params } },
    };
  }

  #changed(): void {
    this.channel.emit();
    this.serversChanged();
  }
}
