/**
 * How node or uv gets installed on a platform: winget or Homebrew for node where present, the
 * download page otherwise; uv through its official install script. Pure apart from `find`, which looks a
 * tool up on the search path.
 */
import type { DependencyInstallMethod, DependencyRuntime } from '../../shared/contracts/dependencies';

export const NODE_DOWNLOAD_URL = 'https://nodejs.org/en/download';
export const UV_INSTALL_SH_URL = 'https://astral.sh/uv/install.sh';
export const UV_INSTALL_PS1_URL = 'https://astral.sh/uv/install.ps1';

export const WINGET_NODE_ARGS = [
  'install', '--id', 'OpenJS.NodeJS.LTS', '-e', '--source', 'winget',
  '--accept-source-agreements', '--accept-package-agreements',
] as const;
export const POWERSHELL_UV_ARGS = ['-NoProfile', '-ExecutionPolicy', 'ByPass', '-c', `irm ${UV_INSTALL_PS1_URL} | iex`] as const;

export type InstallPlan =
  | { kind: 'run'; method: DependencyInstallMethod; file: string; args: string[]; manualCommand: string }
  /** No installer here: send the user to the download page. */
  | { kind: 'manual'; url: string; manualCommand: string }
  /** The method applies but the tool it needs (curl, wget, PowerShell) is missing. */
  | { kind: 'missing'; method: DependencyInstallMethod; detail: string; manualCommand: string };

/** Looks a tool up on the search path; undefined when absent. */
export type FindTool = (name: string) => Promise<string | undefined>;

/** What the user can type instead; shown next to a failure or the download page. */
export function manualInstallCommand(runtime: DependencyRuntime, platform: NodeJS.Platform): string {
  if (runtime === 'uv') {
    return platform === 'win32'
      ? `powershell -ExecutionPolicy ByPass -c "irm ${UV_INSTALL_PS1_URL} | iex"`
      : `curl -LsSf ${UV_INSTALL_SH_URL} | sh`;
  }
  if (platform === 'win32') return 'winget install --id OpenJS.NodeJS.LTS -e --source winget';
  if (platform === 'darwin') return 'brew install node';
  // What nodejs.org's download page suggests for Linux: nvm, then the LTS release.
  return 'curl -o- https://raw.githubusercontent.com/nvm-sh/nvm/v0.40.3/install.sh | bash && . "$HOME/.nvm/nvm.sh" && nvm install --lts';
}

function shellQuote(text: string): string {
  return `'${text.replace(/'/g, `'\\''`)}'`;
}

/**
 * `curl | sh`, except that the script is downloaded first: with a plain pipe a failed download feeds sh
 * nothing and still exits 0 (CherryHQ/cherry-studio#3591). The downloader is the one found on the search
 * path, by absolute path, so the shell cannot pick a different one.
 */
function uvScriptCommand(downloader: string, downloadArgs: string): string {
  return `script="$(${shellQuote(downloader)} ${downloadArgs} ${UV_INSTALL_SH_URL})" || exit $?; printf '%s\\n' "$script" | /bin/sh`;
}

async function planNode(platform: NodeJS.Platform, find: FindTool, manualCommand: string): Promise<InstallPlan> {
  const manual: InstallPlan = { kind: 'manual', url: NODE_DOWNLOAD_URL, manualCommand };
  if (platform === 'win32') {
    const winget = await find('winget');
    return winget ? { kind: 'run', method: 'winget', file: winget, args: [...WINGET_NODE_ARGS], manualCommand } : manual;
  }
  if (platform === 'darwin') {
    const brew = await find('brew');
    return brew ? { kind: 'run', method: 'homebrew', file: brew, args: ['install', 'node'], manualCommand } : manual;
  }
  return manual;
}

async function planUv(platform: NodeJS.Platform, find: FindTool, manualCommand: string): Promise<InstallPlan> {
  if (platform === 'win32') {
    const method = 'uv-script-powershell';
    const powershell = (await find('powershell')) ?? (await find('pwsh'));
    if (!powershell) return { kind: 'missing', method, detail: 'PowerShell was not found on the search path', manualCommand };
    return { kind: 'run', method, file: powershell, args: [...POWERSHELL_UV_ARGS], manualCommand };
  }
  const method = 'uv-script-sh';
  const curl = await find('curl');
  if (curl) return { kind: 'run', method, file: '/bin/sh', args: ['-c', uvScriptCommand(curl, '-LsSf')], manualCommand };
  const wget = await find('wget');
  if (wget) return { kind: 'run', method, file: '/bin/sh', args: ['-c', uvScriptCommand(wget, '-qO-')], manualCommand };
  return { kind: 'missing', method, detail: 'neither curl nor wget was found on the search path', manualCommand };
}

export function planInstall(runtime: DependencyRuntime, platform: NodeJS.Platform, find: FindTool): Promise<InstallPlan> {
  const manualCommand = manualInstallCommand(runtime, platform);
  return runtime === 'node' ? planNode(platform, find, manualCommand) : planUv(platform, find, manualCommand);
}
