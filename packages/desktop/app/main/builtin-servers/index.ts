/**
 * The MCP servers that ship with Elftia, started per session through loadDirectMcpTools:
 * - `files`: read-only access to one folder the user picked (list, read, search, info);
 * - `clock-math`: current time, time zone conversion, date arithmetic, a safe calculator.
 *
 * They are plain .mjs files run by the app's own Node (process.execPath), so they need no tsx and no
 * separate build, and work offline. Packaging must ship this folder, unpacked from the asar archive,
 * together with the SDK and zod, and pass its location as `serversDir`.
 */
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { BuiltinServerName } from '../../shared/contracts/builtin-servers';

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
