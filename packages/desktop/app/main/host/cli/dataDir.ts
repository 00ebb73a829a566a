import path from 'node:path';
import { UsageError } from './command';

/** Electron derives userData from this product name; the CLI must land in the same folder. */
export const PRODUCT_NAME = 'Elftia';

/**
 * The folder Electron uses as `app.getPath('userData')` for the product "Elftia", so the CLI, the
 * headless host and the app share one database without configuration:
 * Linux (and other Unix) `$XDG_CONFIG_HOME/Elftia` or `~/.config/Elftia`; macOS
 * `~/Library/Application Support/Elftia`; Windows `%APPDATA%\Elftia`. Pure: the caller passes the
 * platform, environment and home directory.
 */
export function defaultDataDir(platform: NodeJS.Platform, env: NodeJS.ProcessEnv, homedir: string): string {
  if (platform === 'win32') {
    const appData = nonEmpty(env.APPDATA) ?? path.win32.join(homedir, 'AppData', 'Roaming');
    return path.win32.join(appData, PRODUCT_NAME);
  }
  if (platform === 'darwin') return path.posix.join(homedir, 'Library', 'Application Support', PRODUCT_NAME);
  // Chromium takes any non-empty XDG_CONFIG_HOME as given (no absoluteness check); match it, not the XDG spec.
  return path.posix.join(nonEmpty(env.XDG_CONFIG_HOME) ?? path.posix.join(homedir, '.config'), PRODUCT_NAME);
}

export interface DataDirSources {
  /** The `--data-dir` flag, when given. */
  flag: string | undefined;
  env: NodeJS.ProcessEnv;
  platform: NodeJS.Platform;
  homedir: string;
  cwd: string;
}

/**
 * `--data-dir`, then `ELFTIA_DATA_DIR`, then the platform default; relative paths are taken from the
 * working directory. An empty `--data-dir` is refused rather than read as absent: `--data-dir "$DIR"`
 * with DIR unset would otherwise act on the user's real data.
 */
export function resolveDataDir(sources: DataDirSources): string {
  if (sources.flag === '') throw new UsageError('--data-dir: the folder is empty; name one, or leave the option out for the default');
  const chosen = nonEmpty(sources.flag) ?? nonEmpty(sources.env.ELFTIA_DATA_DIR) ?? defaultDataDir(sources.platform, sources.env, sources.homedir);
  return path.resolve(sources.cwd, chosen);
}

function nonEmpty(value: string | undefined): string | undefined {
  return value === undefined || value === '' ? undefined : value;
}
