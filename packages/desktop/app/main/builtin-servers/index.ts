/**
 * The MCP servers that ship with Elftia, run by McpService as system servers (builtinServerRecords)
 * or started directly through loadDirectMcpTools (builtinServers):
 * - `files`: read-only access to one folder the user picked (list, read, search, info);
 * - `clock-math`: current time, time zone conversion, date arithmetic, a safe calculator.
 *
 * They are plain .mjs files run by the app's own Node (process.execPath), so they need no tsx and no
 * separate build, and work offline. Packaging must ship this folder, unpacked from the asar archive,
 * together with the SDK and zod, and pass its location as `serversDir`.
 */
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { type BuiltinServerName, builtinServerId } from '../../shared/contracts/builtin-servers';
import type { McpServerRecord } from '../../shared/contracts/mcp-types';

/**
 * How to start one of them: a stdio command with nothing left to resolve. It is the shape
 * loadDirectMcpTools takes (ResolvedMcpServer), written here so this folder, a description of
 * servers, depends on no consumer of it.
 */
export interface BuiltinServerLaunch {
  /** Prefix of its tools' names (`<name>__<tool>`). */
  name: string;
  command: string;
  args: string[];
  env?: Record<string, string>;
}

export const BUILTIN_FILES_SERVER: BuiltinServerName = 'files';
export const BUILTIN_CLOCK_MATH_SERVER: BuiltinServerName = 'clock-math';

export interface BuiltinServersOptions {
  /** The folder the `files` server may read. Without one, `files` is not offered. */
  filesRoot?: string;
  /**
   * Where files/server.mjs and clock-math/server.mjs are. Default: this module's folder, which is right
   * in development and tests; a bundled main process must pass the shipped location.
   */
  serversDir?: string;
  /** The Node that runs them. Default process.execPath (Electron's binary in the app). */
  execPath?: string;
  /**
   * True when execPath is Electron: it then runs scripts as plain Node only with
   * ELECTRON_RUN_AS_NODE=1. Default: whether this process is Electron.
   */
  electron?: boolean;
}

function defaultServersDir(): string {
  return fileURLToPath(new URL('.', import.meta.url));
}

export function builtinServers(options: BuiltinServersOptions = {}): BuiltinServerLaunch[] {
  const dir = options.serversDir ?? defaultServersDir();
  const command = options.execPath ?? process.execPath;
  const electron = options.electron ?? Boolean(process.versions.electron);
  const env = electron ? { ELECTRON_RUN_AS_NODE: '1' } : undefined;
  const entry = (name: string, args: string[] = []): BuiltinServerLaunch => ({
    name,
    command,
    args: [join(dir, name, 'server.mjs'), ...args],
    ...(env ? { env } : {}),
  });
  const servers = [entry(BUILTIN_CLOCK_MATH_SERVER)];
  if (options.filesRoot !== undefined) servers.unshift(entry(BUILTIN_FILES_SERVER, [options.filesRoot]));
  return servers;
}

/**
 * The engine's bound on a built-in tool call (DEFAULT_TOOL_TIMEOUT_MS in engine/tools/boundedCall.ts),
 * as the server's own request timeout: the SDK's default 60 s would cut a long search short.
 */
const BUILTIN_TIMEOUT_SEC = 120;

/**
 * The built-in servers as McpService's system servers: stdio records under their reserved ids
 * (`builtin:clock-math`, `builtin:files`), never stored. `updatedAt` is fixed: a new folder shows up as
 * a changed `config`, which McpService compares for system servers.
 */
export function builtinServerRecords(options: BuiltinServersOptions = {}): McpServerRecord[] {
  // By name, as Settings lists them: clock-math, then files.
  const servers = [...builtinServers(options)].sort((a, b) => a.name.localeCompare(b.name, 'en'));
  return servers.map((server) => ({
    id: builtinServerId(server.name),
    name: server.name,
    type: 'stdio',
    config: { command: server.command, args: server.args, env: server.env ?? {}, watchPaths: [], inheritEnv: false },
    timeoutSec: BUILTIN_TIMEOUT_SEC,
    enabled: true,
    disabledTools: [],
    alwaysAllow: [],
    createdAt: BUILTIN_RECORD_TIME,
    updatedAt: BUILTIN_RECORD_TIME,
  }));
}

const BUILTIN_RECORD_TIME = new Date(0).toISOString();
