/**
 * The open workspace (the folder the user works in) and its project file's servers: which folder is
 * open, the recent ones, the project file read and watched (an edit applies without a restart), and
 * workspace trust — a project server starts only in a form the user approved (trustSubject.ts).
 *
 * A broken project file: its problem is shown on the workspace and none of its servers runs (not the
 * last good ones either: what runs is always what the file says); global servers are not affected.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { nameKey } from '../../shared/contracts/names';
import type { McpServerRecord } from '../../shared/contracts/mcp-types';
import {
  PROJECT_FILE_DIR,
  PROJECT_FILE_NAME,
  type ProjectFileProblem,
  RECENT_WORKSPACES_MAX,
  type RecentWorkspace,
  type ServerTrustView,
  type WorkspaceView,
  isProjectServerId,
} from '../../shared/contracts/workspace';
import type { WorkspaceRepository } from '../db/WorkspaceRepository';
import { type Clock, systemClock } from '../lib/clock';
import { AppError } from '../lib/errors';
import { EventHub } from '../lib/eventHub';
import { isFolder } from '../lib/isFolder';
import { McpServiceError } from '../mcp/McpServiceError';
import { PathWatch, type WatchFunction, nodeWatch } from '../mcp/PathWatch';
import { type ProjectInput, type ProjectServerEntry, parseProjectFile } from './projectFile';
import { ProjectRecords } from './projectRecords';
import { trustSubject } from './trustSubject';

export interface WorkspaceServiceOptions {
  repository: WorkspaceRepository;
  clock?: Clock;
  platform?: NodeJS.Platform;
  watch?: WatchFunction;
  /** Quiet time after a change of the project file before it is read again, in milliseconds; default 100. */
  debounceMs?: number;
  logger?: { warn(message: string): void };
}

interface OpenWorkspace {
  path: string;
  file: string;
  exists: boolean;
  problem?: ProjectFileProblem;
  entries: ProjectServerEntry[];
  /** The file's `inputs` (descriptions and password flags of its `${input:id}` references). */
  inputs: ProjectInput[];
  records: McpServerRecord[];
  watch: PathWatch;
}

/** Which global servers a project hides, and the list McpService runs. */
export interface MergedServers {
  servers: McpServerRecord[];
  /** Global server id → the project server id that hides it. */
  hiddenBy: Map<string, string>;
}

export class WorkspaceService {
  private open_: OpenWorkspace | undefined;
  private readonly records = new ProjectRecords();
  private readonly events = new EventHub<void>(() => {});
  private readonly clock: Clock;
  private reloadTimer: unknown;

  constructor(private readonly options: WorkspaceServiceOptions) {
    this.clock = options.clock ?? systemClock;
  }

  /** The workspace the app had open last time, opened again (unless its folder is gone). */
  restore(): void {
    const current = this.options.repository.list().find((row) => row.isCurrent);
    if (current && isFolder(current.path)) this.open(current.path);
  }

  current(): WorkspaceView | null {
    const open = this.open_;
    if (!open) return null;
    return {
      path: open.path,
      name: path.basename(open.path),
      projectFile: open.file,
      projectFileExists: open.exists,
      ...(open.problem ? { problem: open.problem } : {}),
      serverCount: open.records.length,
    };
  }

  /** Opens `folder` as the workspace; `remember: false` (a CLI's `--workspace`) leaves the app's current and recent ones alone. */
  open(folder: string, { remember = true }: { remember?: boolean } = {}): WorkspaceView {
    const resolved = path.resolve(folder);
    if (!isFolder(resolved)) throw new AppError('WORKSPACE_NOT_FOUND', { params: { path: resolved } });
    if (remember) this.options.repository.open(resolved, new Date(this.clock.now()).toISOString(), RECENT_WORKSPACES_MAX);
    this.detach();
    const file = path.join(resolved, PROJECT_FILE_DIR, PROJECT_FILE_NAME);
    const watch = new PathWatch(file, () => this.scheduleReload(), {
      watch: this.options.watch ?? nodeWatch,
      clock: this.clock,
      platform: this.options.platform ?? process.platform,
      retryMs: 1000,
      onError: (error) => this.options.logger?.warn(`watching ${file}: ${String(error)}`),
    });
    this.open_ = { path: resolved, file, exists: false, entries: [], inputs: [], records: [], watch };
    this.read();
    watch.open();
    this.events.emit();
    return this.current() as WorkspaceView;
  }

  close(): void {
    this.options.repository.close();
    if (!this.open_) return;
    this.detach();
    this.events.emit();
  }

  recent(): RecentWorkspace[] {
    return this.options.repository.list().map((row) => ({ path: row.path, name: path.basename(row.path), openedAt: row.openedAt, exists: isFolder(row.path) }));
  }

  /** Told after an open, a close, a change of the project file and a trust decision. */
  /** The open project file's declared inputs (none without a workspace or with a broken file). */
  projectInputs(): ProjectInput[] {
    return this.open_?.inputs ?? [];
  }

  onChange(listener: () => void): () => void {
    return this.events.subscribe(listener);
  }

  /** Reads the project file again now (the watch does this by itself after an edit). */
  reload(): void {
    if (!this.open_) return;
    this.read();
    this.events.emit();
  }

  /** The project file's servers (none while it is broken or absent). */
  projectServers(): McpServerRecord[] {
    return this.open_?.records ?? [];
  }

  findProjectServer(id: string): McpServerRecord | undefined {
    return this.projectServers().find((server) => server.id === id);
  }

  /** The project server named `name` (the CLI's `elftia mcp trust NAME`). */
  findProjectServerByName(name: string): McpServerRecord | undefined {
    return this.projectServers().find((server) => nameKey(server.name) === nameKey(name));
  }

  /** The tool switches the project file sets for a server (`disabledTools`, `alwaysAllow`). */
  toolSwitches(id: string): { disabledTools: string[]; alwaysAllow: string[] } | undefined {
    const open = this.open_;
    const record = this.findProjectServer(id);
    const entry = record && open?.entries.find((e) => e.name === record.name);
    return entry ? { disabledTools: entry.disabledTools, alwaysAllow: entry.alwaysAllow } : undefined;
  }

  /** Global servers minus those a project server of the same name (nameKey) hides, then the project's. */
  merge(globals: readonly McpServerRecord[]): MergedServers {
    const project = this.projectServers();
    // The common case, and on every list McpService reads: no project servers, nothing to hide.
    if (project.length === 0) return { servers: [...globals], hiddenBy: new Map() };
    const byKey = new Map(project.map((server) => [nameKey(server.name), server.id]));
    const hiddenBy = new Map<string, string>();
    for (const server of globals) {
      const by = byKey.get(nameKey(server.name));
      if (by) hiddenBy.set(server.id, by);
    }
    return { servers: [...globals.filter((server) => !hiddenBy.has(server.id)), ...project], hiddenBy };
  }

  trustView(server: McpServerRecord): ServerTrustView {
    return { trusted: this.isTrusted(server), ...trustSubject(server).view };
  }

  isTrusted(server: McpServerRecord): boolean {
    const open = this.open_;
    if (!open || !isProjectServerId(server.id)) return true;
    return this.options.repository.isTrusted(open.path, trustSubject(server).hash);
  }

  /**
   * Refuses a project server the user has not approved in this form: checked in the main process right
   * before a start (McpService's resolveServer), whatever the UI showed.
   */
  requireTrusted(server: McpServerRecord): void {
    if (!isProjectServerId(server.id)) return;
    const open = this.open_;
    // A project server of a workspace no longer open is not started at all.
    if (!open) throw new McpServiceError('WORKSPACE_TRUST_REQUIRED', { server: server.name, workspace: '' });
    if (this.isTrusted(server)) return;
    const { view } = trustSubject(server);
    throw new McpServiceError('WORKSPACE_TRUST_REQUIRED', {
      server: server.name,
      workspace: open.path,
      ...(view.commandLine !== undefined ? { commandLine: view.commandLine, envNames: (view.envNames ?? []).join(', ') } : {}),
      ...(view.url !== undefined ? { url: view.url } : {}),
    });
  }

  trust(id: string): McpServerRecord {
    const { open, server } = this.requireProjectServer(id);
    this.options.repository.trust(open.path, trustSubject(server).hash, server.name, new Date(this.clock.now()).toISOString());
    this.events.emit();
    return server;
  }

  untrust(id: string): McpServerRecord {
    const { open, server } = this.requireProjectServer(id);
    this.options.repository.untrust(open.path, trustSubject(server).hash);
    // A running server must stop: the pool restarts a record that changed, and the restart is refused.
    const touched = this.records.touch(id, new Date(this.clock.now()).toISOString()) ?? server;
    open.records = open.records.map((record) => (record.id === id ? touched : record));
    this.events.emit();
    return touched;
  }

  dispose(): void {
    this.detach();
  }

  private requireProjectServer(id: string): { open: OpenWorkspace; server: McpServerRecord } {
    const open = this.open_;
    const server = this.findProjectServer(id);
    if (!open || !server) throw new AppError('NOT_FOUND', { params: { id } });
    return { open, server };
  }

  private scheduleReload(): void {
    if (this.reloadTimer !== undefined) this.clock.clearTimeout(this.reloadTimer);
    this.reloadTimer = this.clock.setTimeout(() => {
      this.reloadTimer = undefined;
      this.reload();
    }, this.options.debounceMs ?? 100);
  }

  private read(): void {
    const open = this.open_;
    if (!open) return;
    let text: string | undefined;
    try {
      text = readFileSync(open.file, 'utf8');
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code;
      open.exists = false;
      open.entries = [];
      open.inputs = [];
      open.records = this.records.update(open.path, [], new Date(this.clock.now()).toISOString());
      open.problem = code === 'ENOENT' || code === 'ENOTDIR' ? undefined : { code: 'unreadable', file: open.file, params: { detail: String(error) } };
      return;
    }
    open.exists = true;
    const parsed = parseProjectFile(text, { file: open.file, workspace: open.path });
    const nowIso = new Date(this.clock.now()).toISOString();
    if (parsed.ok) {
      open.problem = undefined;
      open.entries = parsed.servers;
      open.inputs = parsed.inputs;
      open.records = this.records.update(open.path, parsed.servers, nowIso);
    } else {
      open.problem = parsed.problem;
      open.entries = [];
      open.inputs = [];
      open.records = this.records.update(open.path, [], nowIso);
      this.options.logger?.warn(`project file ${open.file}: ${parsed.problem.code} at ${parsed.problem.line ?? '?'}:${parsed.problem.column ?? '?'}`);
    }
  }

  private detach(): void {
    if (this.reloadTimer !== undefined) this.clock.clearTimeout(this.reloadTimer);
    this.reloadTimer = undefined;
    this.open_?.watch.close();
    this.open_ = undefined;
    this.records.clear();
  }
}
