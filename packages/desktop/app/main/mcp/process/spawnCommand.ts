/**
 * Turns a configured `command` + `args` into what `child_process.spawn` must receive.
 *
 * On Windows, `npx` and `npm` are `npx.cmd` / `npm.cmd` batch shims. Spawning them without a shell fails
 * with ENOENT, and spawning the `.cmd` directly fails with EINVAL since Node's fix for CVE-2024-27980.
 * They must run through `cmd.exe`, and cmd.exe re-parses the whole line, so every argument is quoted for
 * the C runtime and then caret-escaped for cmd — the approach of cross-spawn (lib/util/escape.js),
 * written here so the rules are visible and table-tested. Pure: no file system, no process.platform.
 */

export interface ResolvedSpawn {
  file: string;
  args: string[];
  /** Set when `args` is already a quoted cmd.exe line that Node must not quote again. */
  windowsVerbatimArguments?: boolean;
}

export interface ResolveSpawnOptions {
  platform: NodeJS.Platform;
  /** cmd.exe to use (pass the child's %ComSpec%). Default `cmd.exe`. */
  comspec?: string;
}

/** Thrown for an argument that cmd.exe cannot carry literally (a line break ends its command line). */
export class UnsafeShellArgumentError extends Error {
  readonly argumentIndex: number;
  constructor(argumentIndex: number) {
    super(`argument ${argumentIndex} contains a line break or NUL, which cannot be passed through cmd.exe`);
    this.name = 'UnsafeShellArgumentError';
    this.argumentIndex = argumentIndex;
  }
}

/** cmd.exe metacharacters; each gets a caret. Space too, so a caret-escaped token stays one token. */
const CMD_META = /([()\][%!^"`<>&|;, *?])/g;

/**
 * Bare names that are batch shims on Windows (npm installs npx.cmd / npm.cmd), so their arguments are
 * parsed by cmd twice: once for our line and again where the shim expands `%*`.
 */
const BATCH_SHIMS = new Set(['npx', 'npm']);
/** Bare names that are usually `.exe` but may be any PATHEXT type; cmd.exe resolves them, parsing once. */
const CMD_RESOLVED = new Set(['uvx']);

type CmdRoute = 'direct' | 'cmd-once' | 'cmd-twice';

function baseName(command: string): string {
  const slash = Math.max(command.lastIndexOf('/'), command.lastIndexOf('\\'));
  return command.slice(slash + 1).toLowerCase();
}

function routeFor(command: string): CmdRoute {
  const name = baseName(command);
  if (name.endsWith('.cmd') || name.endsWith('.bat')) return 'cmd-twice';
  if (BATCH_SHIMS.has(name)) return 'cmd-twice';
  if (CMD_RESOLVED.has(name)) return 'cmd-once';
  return 'direct';
}

/** Quotes one argument so the Microsoft C runtime's CommandLineToArgvW parses it back unchanged. */
export function quoteForCrt(arg: string): string {
  // Backslashes are literal unless they precede a quote: then each one must be doubled, and the quote
  // escaped. The same holds for backslashes before the closing quote we add.
  const escaped = arg.replace(/(\\*)"/g, '$1$1\\"').replace(/(\\+)$/, '$1$1');
  return `"${escaped}"`;
}

function caretEscape(text: string): string {
  return text.replace(CMD_META, '^$1');
}

/**
 * One argument for a cmd.exe line. `twice` when a batch file will re-parse it through `%*`: after the
 * first pass removes one level of carets, the second still sees every metacharacter escaped. That
 * matters when the argument holds a quote, which would otherwise flip cmd's quoting state.
 */
export function escapeCmdArgument(arg: string, twice: boolean): string {
  const once = caretEscape(quoteForCrt(arg));
  return twice ? caretEscape(once) : once;
}

/** The command name on a cmd.exe line: caret-escaped, not quoted (cmd would take a quote literally). */
export function escapeCmdCommand(command: string): string {
  return caretEscape(command);
}

/**
 * Where and how to spawn `command args`. Non-Windows: unchanged. Windows: `.cmd`/`.bat`, `npx`, `npm`
 * and `uvx` go through `cmd.exe /d /v:off /s /c "<escaped line>"` with verbatim arguments; anything else
 * (an `.exe`) is spawned directly and Node quotes its arguments itself.
 *
 * `/d` skips AutoRun commands from the registry; `/v:off` makes sure `!` is never expanded even where
 * delayed expansion is on by default; `/s /c "…"` strips exactly the outer quotes and keeps the rest.
 */
export function resolveSpawn(command: string, args: readonly string[], options: ResolveSpawnOptions): ResolvedSpawn {
  if (options.platform !== 'win32') return { file: command, args: [...args] };
  const route = routeFor(command);
  if (route === 'direct') return { file: command, args: [...args] };
  args.forEach((arg, index) => {
    if (/[\r\n\0]/.test(arg)) throw new UnsafeShellArgumentError(index);
  });
  const twice = route === 'cmd-twice';
  const line = [escapeCmdCommand(command), ...args.map((arg) => escapeCmdArgument(arg, twice))].join(' ');
  return {
    file: options.comspec ?? 'cmd.exe',
    args: ['/d', '/v:off', '/s', '/c', `"${line}"`],
    windowsVerbatimArguments: true,
  };
}
