/**
 * Workspaces (the folder the user opens), their project file `<workspace>/.elftia/mcp.json`, and
 * workspace trust: the contract shared by the main process, the renderer and the CLI.
 *
 * - `workspace.current` → WorkspaceView | null; `workspace.open({ path })` → WorkspaceView;
 *   `workspace.close()` → null; `workspace.recent` → RecentWorkspace[] (most recent first, at most
 *   RECENT_WORKSPACES_MAX); `workspace.onChanged` yields WorkspaceView | null now and after every change
 *   (open, close, an edit of the project file, a trust decision).
 * - `mcp.list` views carry `origin` (ServerOrigin), `overriddenBy` / `overrides` (server ids) and, for a
 *   project server, `trust` (ServerTrustView). A hidden global server (overridden) is listed, not started.
 * - `mcp.trust({ id })` / `mcp.untrust({ id })` → the server's view; `mcp.copyToGlobal({ id })` → the new
 *   global server's view; `mcp.copyToProject({ id })` → the project server's view (written to the file).
 * - An untrusted project server is not started: its connection's lastError is WORKSPACE_TRUST_REQUIRED
 *   with params `server`, and `commandLine` + `envNames` (stdio) or `url` (remote).
 *
 * Runtime-neutral: imports only zod.
 */
import { z } from 'zod';
import { PATH_MAX_LENGTH } from './limits';
import { idString } from './mcp-types';

/** The project file, relative to the workspace folder. */
export const PROJECT_FILE_DIR = '.elftia';
export const PROJECT_FILE_NAME = 'mcp.json';
export const RECENT_WORKSPACES_MAX = 10;

/** Prefix of a project server's id: `project:<workspace hash>:<name>`. */
export const PROJECT_SERVER_ID_PREFIX = 'project:';

export function isProjectServerId(id: string): boolean {
  return id.startsWith(PROJECT_SERVER_ID_PREFIX);
}

export const workspaceOpenSchema = z.strictObject({
  path: z.string({ error: 'required' }).trim().min(1, { error: 'required' }).max(PATH_MAX_LENGTH, { error: 'tooLong' }),
});

export const serverIdInputSchema = z.strictObject({ id: idString });

/** Where a server's configuration lives. */
export type ServerOrigin =
  | { kind: 'global' }
  | { kind: 'builtin' }
  | { kind: 'project'; workspace: string; file: string };

/**
 * Why the project file could not be used (its servers are then not started; global servers keep
 * running). `line` / `column` are 1-based; `entry` names the server, `field` the field inside it.
 */
export type ProjectFileProblemCode =
  /** Not JSON (`params.detail` has the parser's words). */
  | 'syntax'
  /** Not the `{ "mcpServers": { … } }` shape, or a field of the wrong type or value (`params.validation` a ValidationCode). */
  | 'invalid'
  /** `type` is none of stdio, sse, http, streamable-http, streamableHttp, websocket / ws. */
  | 'unknownTransport'
  /** Both `command` and `url`. */
  | 'commandAndUrl'
  /** Neither `command` nor `url`. */
  | 'noCommandOrUrl'
  /** `${input:id}` with no such id in `inputs`; `params.ref`. */
  | 'unknownInput'
  /** `${…}` that is no known reference; `params.ref`. */
  | 'unknownReference'
  /** Two entries whose names are the same, or look the same (`params.other`). */
  | 'duplicateName'
  /** The file cannot be read (`params.detail`). */
  | 'unreadable';

export interface ProjectFileProblem {
  code: ProjectFileProblemCode;
  file: string;
  line?: number;
  column?: number;
  entry?: string;
  field?: string;
  params?: Record<string, string | number>;
}

export interface WorkspaceView {
  /** The absolute folder. */
  path: string;
  /** Its last path segment, for display. */
  name: string;
  /** `<path>/.elftia/mcp.json`. */
  projectFile: string;
  projectFileExists: boolean;
  /** Set while the project file is broken: none of its servers runs. */
  problem?: ProjectFileProblem;
  /** How many servers the project file defines (0 while it is broken or absent). */
  serverCount: number;
}

export interface RecentWorkspace {
  path: string;
  name: string;
  /** ISO 8601. */
  openedAt: string;
  /** False when the folder is gone (it stays listed until opened or pushed out). */
  exists: boolean;
}

/** A project server's trust: what the user approves, exactly as it would run. */
export interface ServerTrustView {
  trusted: boolean;
  /** Stdio: the command and its arguments, shell-quoted for display. */
  commandLine?: string;
  /** Stdio: the names of the variables it sets (values never shown here). */
  envNames?: string[];
  /** Stdio: the folder it starts in, when the file sets `cwd`. */
  cwd?: string;
  /** Remote: the address. */
  url?: string;
}

/** What a server view adds about where it comes from (mcp.list, mcp.get). */
export interface ServerOriginFields {
  origin: ServerOrigin;
  /** This global server is hidden (not started) because this project server id defines the same name. */
  overriddenBy?: string;
  /** This project server hides this global server id. */
  overrides?: string;
  /** Project servers only. */
  trust?: ServerTrustView;
}
