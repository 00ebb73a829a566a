/**
 * What to watch for a stdio server's auto-restart: its configured `watchPaths`, plus the
 * script it runs when the command is an interpreter (`node path/to/server.js` → that file).
 */
import { statSync } from 'node:fs';
import path from 'node:path';
import type { McpServerRecord } from '../../shared/contracts/mcp-types';

export interface ScriptLookup {
  /** process.execPath of the app: a server configured with it runs a script like `node` does. */
  execPath: string;
  platform: NodeJS.Platform;
}

export interface SourceTargetOptions extends ScriptLookup {
  /** The server's working directory (the app's: stdio servers are spawned without a cwd). */
  cwd: string;
  /** Default: statSync says it is a regular file. */
  isFile?: (file: string) => boolean;
}

/** Option flags whose value is the next argument, so that value is not taken for the script. */
const NODE_VALUE_FLAGS = new Set(['-r', '--require', '--import', '--loader', '--experimental-loader', '--env-file', '--conditions', '-C', '--title']);
const PYTHON_VALUE_FLAGS = new Set(['-W', '-X', '--check-hash-based-pycs']);
const UV_VALUE_FLAGS = new Set(['--with', '--with-requirements', '--with-editable', '--python', '-p', '--directory', '--project', '--env-file', '--package', '--extra', '--group', '--index', '--index-url', '--extra-index-url']);
const DENO_VALUE_FLAGS = new Set(['--config', '-c', '--import-map', '--lock', '--cert', '--env-file', '--location', '--seed', '--v8-flags']);
/** Flags after which there is no script file: code comes from the command line or a module name. */
const NODE_NO_SCRIPT = new Set(['-e', '--eval', '-p', '--print', '-c', '--check', '-v', '--version', '-h', '--help']);
const PYTHON_NO_SCRIPT = new Set(['-c', '-m', '-V', '--version', '-h', '--help']);
const UV_NO_SCRIPT = new Set(['-m', '--module', '-h', '--help']);
const NONE = new Set<string>();

const PYTHON_NAME = /^python(\d+(\.\d+)?)?$/;

/** The command's name without folder, `.exe`/`.cmd` or (on Windows) case. */
function commandName(command: string, platform: NodeJS.Platform): string {
  const base = (platform === 'win32' ? path.win32 : path.posix).basename(command);
  const name = base.replace(/\.(exe|cmd|bat)$/i, '');
  return platform === 'win32' ? name.toLowerCase() : name;
}

/**
 * Index of the first positional argument, skipping flags (and the values of `valueFlags`); -1 when
 * there is none or a no-script flag comes first.
 */
function positionalIndex(args: readonly string[], valueFlags: ReadonlySet<string>, noScriptFlags: ReadonlySet<string>): number {
  for (let i = 0; i < args.length; i += 1) {
    const arg = args[i]!;
    if (arg === '--') return i + 1 < args.length ? i + 1 : -1;
    if (noScriptFlags.has(arg)) return -1;
    if (!arg.startsWith('-')) return i;
    if (valueFlags.has(arg)) i += 1;
  }
  return -1;
}

function firstPositional(args: readonly string[], valueFlags: ReadonlySet<string>, noScriptFlags: ReadonlySet<string>): string | undefined {
  const index = positionalIndex(args, valueFlags, noScriptFlags);
  return index < 0 ? undefined : args[index];
}

/** `uv run [flags] script.py` or `uv run [flags] python [flags] script.py`. */
function uvScript(args: readonly string[]): string | undefined {
  if (args[0] !== 'run') return undefined;
  const rest = args.slice(1);
  const index = positionalIndex(rest, UV_VALUE_FLAGS, UV_NO_SCRIPT);
  if (index < 0) return undefined;
  if (!PYTHON_NAME.test(rest[index]!)) return rest[index];
  return firstPositional(rest.slice(index + 1), PYTHON_VALUE_FLAGS, PYTHON_NO_SCRIPT);
}

/**
 * The script argument of an interpreter command, as written (maybe relative), or undefined when the
 * command is not one we know runs a script file. Existence on disk is checked by the caller.
 */
export function scriptArgument(command: string, args: readonly string[], lookup: ScriptLookup): string | undefined {
  const name = commandName(command, lookup.platform);
  if (command === lookup.execPath || name === 'node' || name === 'nodejs' || name === 'tsx') return firstPositional(args, NODE_VALUE_FLAGS, NODE_NO_SCRIPT);
  if (name === 'bun') return firstPositional(args[0] === 'run' ? args.slice(1) : args, NODE_VALUE_FLAGS, NODE_NO_SCRIPT);
  if (name === 'deno') return args[0] === 'run' ? firstPositional(args.slice(1), DENO_VALUE_FLAGS, NONE) : undefined;
  if (PYTHON_NAME.test(name) || name === 'py') return firstPositional(args, PYTHON_VALUE_FLAGS, PYTHON_NO_SCRIPT);
  if (name === 'uv') return uvScript(args);
  return undefined;
}

function defaultIsFile(file: string): boolean {
  try {
    return statSync(file).isFile();
  } catch {
    return false;
  }
}

/**
 * Absolute paths to watch for a stdio server, without duplicates: the configured watchPaths (even
 * when missing: they may appear later, e.g. a build output) and the interpreter's script if it is a
 * file on disk. Empty for remote transports.
 */
export function sourceTargets(server: McpServerRecord, options: SourceTargetOptions): string[] {
  if (server.type !== 'stdio') return [];
  const isFile = options.isFile ?? defaultIsFile;
  const resolve = (p: string) => path.resolve(options.cwd, p);
  const targets = (server.config.watchPaths ?? []).map(resolve);
  const script = scriptArgument(server.config.command ?? '', server.config.args ?? [], options);
  if (script !== undefined && isFile(resolve(script))) targets.push(resolve(script));
  return [...new Set(targets)];
}
