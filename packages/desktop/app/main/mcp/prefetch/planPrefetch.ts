/**
 * Which packages a stdio server's package runner (`npx`, `uvx`) downloads on its first start, and the
 * command that downloads them without starting the server.
 *
 * A cold `npx -y pkg` or `uvx pkg` can take minutes (126 s in MervinPraison/PraisonAI#5099); counted
 * against the connect timeout it fails, and each retry throws the partial download away. So the download runs first, as its own phase with its own timeout, through the
 * same runner and cache the server then uses:
 *
 * - `npx -y pkg@1 …` → `npx --yes --package=pkg@1 -- node --version`. npm exec keys its `_npx` cache
 *   by the package list, so the server's own `npx -y pkg@1` finds the installed tree (checked on npm
 *   11: same cache directory, second start ~1 s instead of ~4 s).
 * - `uvx [opts] pkg==1 …` → `uvx [opts] --from pkg==1 python --version`: the same options build the
 *   same tool environment, and `python` exists in every one, so nothing of the package runs.
 *
 * Pure: no file system, no process.
 */

export type PackageRunner = 'npx' | 'uvx';

export interface PrefetchPlan {
  runner: PackageRunner;
  /** The package specs as written (`@scope/pkg@1.2.3`, `mcp-server-fetch==2025.4.7`). */
  packages: string[];
  command: string;
  args: string[];
  /** Identifies what was fetched: runner, options and packages, not the server's own arguments. */
  key: string;
}

function runnerOf(command: string): PackageRunner | undefined {
  const base = command.slice(Math.max(command.lastIndexOf('/'), command.lastIndexOf('\\')) + 1).toLowerCase();
  const name = base.replace(/\.(cmd|exe|bat)$/, '');
  return name === 'npx' || name === 'uvx' ? name : undefined;
}

/** A spec that is a local path runs what is on disk: there is nothing to download. */
function isLocalDirectory(spec: string): boolean {
  if (/\.(tgz|tar\.gz|whl)$/i.test(spec)) return false;
  return /^(\.{1,2}[\\/]|[\\/]|[A-Za-z]:[\\/]|file:)/.test(spec);
}

/** npx options that take a value as the next argument. */
const NPX_VALUE_OPTIONS = new Set(['-p', '--package', '-c', '--call', '--workspace', '-w', '--registry', '--cache', '--userconfig']);

function planNpx(command: string, args: readonly string[]): PrefetchPlan | undefined {
  const packages: string[] = [];
  const options: string[] = [];
  let positional: string | undefined;
  for (let i = 0; i < args.length; i += 1) {
    const arg = args[i] ?? '';
    if (arg === '--') {
      positional = args[i + 1];
      break;
    }
    if (!arg.startsWith('-')) {
      positional = arg;
      break;
    }
    // `--no` / `--no-install`: the user asked npx never to download.
    if (arg === '--no' || arg === '--no-install' || arg === '--offline') return undefined;
    if (arg === '-c' || arg === '--call' || arg.startsWith('--call=')) return undefined;
    const [name, inline] = arg.includes('=') ? [arg.slice(0, arg.indexOf('=')), arg.slice(arg.indexOf('=') + 1)] : [arg, undefined];
    const value = inline ?? (NPX_VALUE_OPTIONS.has(name) ? args[(i += 1)] : undefined);
    if (name === '-p' || name === '--package') {
      if (value) packages.push(value);
    } else if (name === '--registry' || name === '--cache' || name === '--userconfig') {
      if (value !== undefined) options.push(`${name}=${value}`);
    }
  }
  if (packages.length === 0 && positional) packages.push(positional);
  if (packages.length === 0 || packages.some(isLocalDirectory)) return undefined;
  return {
    runner: 'npx',
    packages,
    command,
    args: ['--yes', ...options, ...packages.map((spec) => `--package=${spec}`), '--', 'node', '--version'],
    key: ['npx', ...options, ...[...packages].sort()].join('\n'),
  };
}

/** uv tool run options that take a value as the next argument. */
const UVX_VALUE_OPTIONS = new Set([
  '--from', '--with', '--with-editable', '--with-requirements', '-w', '-p', '--python', '-c', '--constraints', '--overrides',
  '--index', '--default-index', '-i', '--index-url', '--extra-index-url', '-f', '--find-links', '--index-strategy',
  '--python-platform', '--cache-dir', '--config-file', '--directory', '--project', '--exclude-newer',
]);
/** Options of `uvx` itself that only matter for the run, not for the environment it builds. */
const UVX_RUN_ONLY = new Set(['--from', '--directory', '--project', '--env-file']);

function planUvx(command: string, args: readonly string[]): PrefetchPlan | undefined {
  const options: string[] = [];
  const withs: string[] = [];
  let from: string | undefined;
  let positional: string | undefined;
  for (let i = 0; i < args.length; i += 1) {
    const arg = args[i] ?? '';
    if (!arg.startsWith('-')) {
      positional = arg;
      break;
    }
    if (arg === '--offline') return undefined;
    const [name, inline] = arg.includes('=') ? [arg.slice(0, arg.indexOf('=')), arg.slice(arg.indexOf('=') + 1)] : [arg, undefined];
    const takesValue = UVX_VALUE_OPTIONS.has(name);
    const value = inline ?? (takesValue ? args[(i += 1)] : undefined);
    if (name === '--from') from = value;
    else if (name === '--with' || name === '-w') {
      if (value) withs.push(value);
    }
    if (UVX_RUN_ONLY.has(name)) continue;
    options.push(...(takesValue && value !== undefined ? [name, value] : [arg]));
  }
  const spec = from ?? positional;
  if (!spec || isLocalDirectory(spec)) return undefined;
  return {
    runner: 'uvx',
    packages: [spec, ...withs],
    command,
    args: [...options, '--from', spec, 'python', '--version'],
    key: ['uvx', ...options, spec].join('\n'),
  };
}

/** The download step for a server started as `command args`, or undefined when it needs none. */
export function planPrefetch(command: string, args: readonly string[]): PrefetchPlan | undefined {
  const runner = runnerOf(command.trim());
  if (runner === 'npx') return planNpx(command, args);
  if (runner === 'uvx') return planUvx(command, args);
  return undefined;
}
