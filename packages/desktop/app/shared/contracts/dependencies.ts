/**
 * The runtimes stdio MCP servers need (node/npm/npx, uv/uvx): their status and the result of installing
 * one. Runtime-neutral, so the renderer can show the checker and the install button.
 */

export const DEPENDENCY_COMMANDS = ['node', 'npm', 'npx', 'uv', 'uvx'] as const;
export type DependencyCommand = (typeof DEPENDENCY_COMMANDS)[number];

/** What gets installed for a command: npm and npx come with node, uvx with uv. */
export type DependencyRuntime = 'node' | 'uv';

export const DEPENDENCY_RUNTIME: Readonly<Record<DependencyCommand, DependencyRuntime>> = {
  node: 'node',
  npm: 'node',
  npx: 'node',
  uv: 'uv',
  uvx: 'uv',
};

export const DEPENDENCY_INSTALL_METHODS = ['winget', 'homebrew', 'download-page', 'uv-script-powershell', 'uv-script-sh'] as const;
export type DependencyInstallMethod = (typeof DEPENDENCY_INSTALL_METHODS)[number];

export interface DependencyStatus {
  command: DependencyCommand;
  /** True only when the binary was found and `--version` ran successfully. */
  found: boolean;
  /** `x.y.z` from `--version`, when it printed one. */
  version?: string;
  /** The resolved executable; also set when it exists but did not run. */
  path?: string;
  /** How many PATH entries (known install locations included) were searched. */
  searched: number;
  /** Why a binary that exists is not usable (e.g. `--version` exited with code 1 or timed out). */
  error?: string;
}

export type DependencyInstallFailureReason = 'installerFailed' | 'notFoundAfterInstall' | 'timeout' | 'installerMissing';

export type DependencyInstallResult =
  | { status: 'installed'; command: DependencyCommand; version?: string; path: string; method: DependencyInstallMethod }
  | {
      status: 'failed';
      command: DependencyCommand;
      method: DependencyInstallMethod;
      reason: DependencyInstallFailureReason;
      /** The installer's exit code, when it exited on its own. */
      exitCode?: number;
      /** The last lines of the installer's output, or why nothing could run. */
      detail: string;
      /** What the user can run in a terminal instead. */
      manualCommand: string;
    }
  /** No installer on this system: the download page was opened. */
  | { status: 'manual'; command: DependencyCommand; url: string; manualCommand: string }
  | { status: 'cancelled'; command: DependencyCommand; method: DependencyInstallMethod }
  | { status: 'alreadyInstalled'; command: DependencyCommand; version?: string; path: string };

/** What an install would do on this system, told before the user agrees to it. */
export type DependencyInstallPreview =
  /** `commandLine` is what runs (as the user would type it). */
  | { kind: 'run'; method: DependencyInstallMethod; commandLine: string }
  /** No installer here: the download page is where to go. */
  | { kind: 'manual'; url: string; manualCommand: string }
  /** The method applies but what it needs (curl, PowerShell) is missing. */
  | { kind: 'missing'; method: DependencyInstallMethod; detail: string; manualCommand: string };

const KNOWN_EXTENSIONS = /\.(cmd|bat|exe|com|ps1)$/;

/**
 * The dependency a configured command refers to: `npx`, `npx.cmd`, `/usr/bin/npx` and
 * `C:\Program Files\nodejs\npx.cmd` are all `npx`. Undefined for anything else.
 */
export function dependencyCommandOf(command: string): DependencyCommand | undefined {
  const slash = Math.max(command.lastIndexOf('/'), command.lastIndexOf('\\'));
  const name = command.slice(slash + 1).toLowerCase().replace(KNOWN_EXTENSIONS, '');
  return (DEPENDENCY_COMMANDS as readonly string[]).includes(name) ? (name as DependencyCommand) : undefined;
}
