/**
 * Where a command is found: the search path a stdio server's command and the runtime checker both use,
 * with well-known install locations as lowest-priority fallbacks.
 *
 * A GUI launch or a failed login-shell probe leaves out Homebrew, ~/.local/bin (where the uv installer
 * puts uv), ~/.volta/bin and the like; a runtime installed while the app runs is not on its PATH either.
 * Pure apart from the injectable file check.
 */
import { constants } from 'node:fs';
import { access, stat } from 'node:fs/promises';
import { mergePathLists, type Env } from './loginShellEnv';

/** Used when the environment has no PATHEXT; Windows' own default order. */
const DEFAULT_PATHEXT = '.COM;.EXE;.BAT;.CMD';

export function pathDelimiter(platform: NodeJS.Platform): ';' | ':' {
  return platform === 'win32' ? ';' : ':';
}

/** The value of `key`; on Windows the name compares case-insensitively (`Path` is `PATH`). */
export function envValue(env: Env, key: string, platform: NodeJS.Platform): string | undefined {
  if (platform !== 'win32') return env[key];
  const upper = key.toUpperCase();
  const found = Object.keys(env).find((existing) => existing.toUpperCase() === upper);
  return found === undefined ? undefined : env[found];
}

/** PATH split into entries, empty ones dropped and Windows' optional quotes removed. */
export function searchPathEntries(env: Env, platform: NodeJS.Platform): string[] {
  return (envValue(env, 'PATH', platform) ?? '')
    .split(pathDelimiter(platform))
    .map((entry) => (platform === 'win32' ? entry.replace(/^"(.*)"$/, '$1') : entry))
    .filter((entry) => entry !== '');
}

/**
 * Joins a directory and a file name. On Windows the separator follows the directory, so a directory
 * written with `/` (which Windows accepts, and which tests of the win32 logic use on POSIX) stays valid.
 */
function joinDir(dir: string, name: string, platform: NodeJS.Platform): string {
  const trimmed = dir.replace(/[\\/]+$/, '');
  const separator = platform === 'win32' && !trimmed.includes('/') ? '\\' : '/';
  return `${trimmed}${separator}${name}`;
}

/**
 * Directories where node, npm and uv land when installed the usual ways, lowest priority last. The nvm
 * default alias is not here: it names a version, not a directory, and needs reading ~/.nvm/alias/default.
 */
export function knownRuntimeDirs(platform: NodeJS.Platform, home: string, env: Env = {}): string[] {
  const under = (base: string, ...parts: string[]) => parts.reduce((dir, part) => joinDir(dir, part, platform), base);
  if (platform === 'win32') {
    const fromEnv = (key: string, fallback: string) => envValue(env, key, platform) || fallback;
    const localAppData = fromEnv('LOCALAPPDATA', under(home, 'AppData', 'Local'));
    const appData = fromEnv('APPDATA', under(home, 'AppData', 'Roaming'));
    const systemRoot = fromEnv('SystemRoot', 'C:\\Windows');
    return [
      under(fromEnv('ProgramFiles', 'C:\\Program Files'), 'nodejs'), // winget and the official MSI
      under(appData, 'npm'), // `npm install -g` bins
      ...[envValue(env, 'UV_INSTALL_DIR', platform)].filter((dir): dir is string => Boolean(dir)),
      under(home, '.local', 'bin'), // the uv installer's default
      under(home, '.cargo', 'bin'),
      under(home, 'scoop', 'shims'),
      under(localAppData, 'Volta', 'bin'),
      under(localAppData, 'Microsoft', 'WinGet', 'Links'), // winget's portable packages
      under(localAppData, 'Microsoft', 'WindowsApps'), // winget.exe itself
      under(systemRoot, 'System32', 'WindowsPowerShell', 'v1.0'),
    ];
  }
  const xdgData = env.XDG_DATA_HOME || under(home, '.local', 'share');
  // Where the uv installer and Volta put binaries when told to; unset ones drop out below.
  const configured = [env.UV_INSTALL_DIR, env.XDG_BIN_HOME, env.VOLTA_HOME && under(env.VOLTA_HOME, 'bin')];
  const common = [
    ...configured.filter((dir): dir is string => Boolean(dir)),
    under(home, '.local', 'bin'), // the uv installer's default, pipx
    under(home, '.cargo', 'bin'),
    under(home, '.volta', 'bin'),
    under(xdgData, 'fnm', 'aliases', 'default', 'bin'),
    under(xdgData, 'mise', 'shims'),
    under(home, '.asdf', 'shims'),
  ];
  if (platform === 'darwin') {
    return ['/opt/homebrew/bin', '/usr/local/bin', ...common, under(home, 'Library', 'Application Support', 'fnm', 'aliases', 'default', 'bin')];
  }
  return [...common, '/usr/local/bin', '/home/linuxbrew/.linuxbrew/bin', '/snap/bin'];
}

/**
 * `env` with `dirs` appended to its PATH, after every entry already there, so a runtime the user put
 * first still wins. The PATH key keeps its spelling (`Path` on Windows).
 */
export function appendToSearchPath(env: Env, platform: NodeJS.Platform, dirs: readonly string[]): Env {
  const key = platform === 'win32' ? (Object.keys(env).find((k) => k.toUpperCase() === 'PATH') ?? 'Path') : 'PATH';
  return { ...env, [key]: mergePathLists([envValue(env, 'PATH', platform), dirs.join(pathDelimiter(platform))], platform) };
}

/** `env` searched as stdio servers should be: its PATH, then knownRuntimeDirs. */
export function withKnownRuntimeDirs(env: Env, platform: NodeJS.Platform, home: string): Env {
  return appendToSearchPath(env, platform, knownRuntimeDirs(platform, home, env));
}

/** True for a regular file we may execute; injectable so the lookup can be tested without a disk. */
export type IsExecutable = (file: string, platform: NodeJS.Platform) => Promise<boolean>;

export const isExecutableFile: IsExecutable = async (file, platform) => {
  try {
    if (!(await stat(file)).isFile()) return false;
    // Windows has no execute bit; PATHEXT decides what runs.
    if (platform !== 'win32') await access(file, constants.X_OK);
    return true;
  } catch {
    return false;
  }
};

export interface CommandLookup {
  /** The executable, if found. */
  path?: string;
  /** PATH entries searched (0 for a command given as a path). */
  searched: number;
}

/**
 * The names to try for `command`. Windows: a name whose extension is in PATHEXT as is, otherwise the name
 * plus each PATHEXT extension, in PATHEXT order. The bare name is never tried there: npm ships an
 * extensionless `npx` shell script (for Git Bash) next to `npx.cmd`, and CreateProcess cannot run it.
 */
function candidateNames(command: string, env: Env, platform: NodeJS.Platform): string[] {
  if (platform !== 'win32') return [command];
  const extensions = (envValue(env, 'PATHEXT', platform) || DEFAULT_PATHEXT).split(';').filter(Boolean);
  const lower = command.toLowerCase();
  if (extensions.some((ext) => lower.endsWith(ext.toLowerCase()))) return [command];
  return extensions.map((ext) => command + ext.toLowerCase());
}

function isPathLike(command: string, platform: NodeJS.Platform): boolean {
  return command.includes('/') || (platform === 'win32' && (command.includes('\\') || /^[a-z]:/i.test(command)));
}

/**
 * Finds `command` the way spawning it would: a path is checked as is; a bare name is looked up in each
 * PATH entry of `env` in order (on Windows with PATHEXT). Pass the env from withKnownRuntimeDirs to
 * include the known install locations.
 */
export async function resolveCommandOnPath(
  command: string,
  env: Env,
  platform: NodeJS.Platform,
  isExecutable: IsExecutable = isExecutableFile,
): Promise<CommandLookup> {
  const names = candidateNames(command, env, platform);
  if (isPathLike(command, platform)) {
    for (const name of names) if (await isExecutable(name, platform)) return { path: name, searched: 0 };
    return { searched: 0 };
  }
  const entries = searchPathEntries(env, platform);
  for (const dir of entries) {
    for (const name of names) {
      const file = joinDir(dir, name, platform);
      if (await isExecutable(file, platform)) return { path: file, searched: entries.length };
    }
  }
  return { searched: entries.length };
}
