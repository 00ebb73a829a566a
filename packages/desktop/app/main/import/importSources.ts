/**
 * Where the apps Elftia imports from keep their MCP config on each OS, as their documentation gives
 * it: Claude Desktop in its app-data folder, Cursor and Windsurf under the home folder, VS Code's user
 * folder (mcp.json, settings.json) and the globalStorage of the Cline and Roo extensions in it.
 */
import fs from 'node:fs';
import path from 'node:path';
import type { ImportSource, ImportSourceId } from '../../shared/contracts/mcp-import';

export interface SourceHost {
  platform: NodeJS.Platform;
  homedir: string;
  env: NodeJS.ProcessEnv;
}

/** Every known path on this OS, whether or not the file exists. */
export function knownSourcePaths(host: SourceHost): Record<ImportSourceId, string> {
  const { homedir, platform, env } = host;
  const join = platform === 'win32' ? path.win32.join : path.posix.join;
  const appData = platform === 'win32' ? (env.APPDATA ?? join(homedir, 'AppData', 'Roaming')) : platform === 'darwin' ? join(homedir, 'Library', 'Application Support') : (env.XDG_CONFIG_HOME ?? join(homedir, '.config'));
  const vscodeUser = join(appData, 'Code', 'User');
  return {
    claudeDesktop: join(appData, 'Claude', 'claude_desktop_config.json'),
    cursor: join(homedir, '.cursor', 'mcp.json'),
    windsurf: join(homedir, '.codeium', 'windsurf', 'mcp_config.json'),
    vscode: join(vscodeUser, 'mcp.json'),
    vscodeSettings: join(vscodeUser, 'settings.json'),
    cline: join(vscodeUser, 'globalStorage', 'saoudrizwan.claude-dev', 'settings', 'cline_mcp_settings.json'),
    roo: join(vscodeUser, 'globalStorage', 'rooveterinaryinc.roo-cline', 'settings', 'mcp_settings.json'),
  };
}

/** The known config files that exist here; VS Code's settings.json only when it mentions `mcp`. */
export function existingSources(host: SourceHost): ImportSource[] {
  const sources: ImportSource[] = [];
  for (const [id, file] of Object.entries(knownSourcePaths(host)) as [ImportSourceId, string][]) {
    if (!isFile(file)) continue;
    if (id === 'vscodeSettings' && !readSource(file).includes('"mcp"')) continue;
    sources.push({ id, path: file });
  }
  return sources;
}

/** The file's text; a config too large to be one is cut (the import then reports its syntax). */
export function readSource(file: string): string {
  return fs.readFileSync(file, 'utf8').slice(0, 1_000_000);
}

function isFile(file: string): boolean {
  try {
    return fs.statSync(file).isFile();
  } catch {
    return false;
  }
}
