/** The other apps' config files found under a home folder, and reading one by app (never by path). */
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { tempDir } from '../support/tempDir';
import { fixture, importCaller } from './helpers';

function put(home: string, relative: string, text: string): string {
  const file = path.join(home, relative);
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.writeFileSync(file, text);
  return file;
}

describe('mcp.importSources', () => {
  it('lists the known config files that exist on this OS (Linux paths), and reads one by its app', async () => {
    const home = tempDir();
    const claude = put(home, '.config/Claude/claude_desktop_config.json', fixture('claude-desktop.json'));
    const cursor = put(home, '.cursor/mcp.json', fixture('cursor.json'));
    const cline = put(home, '.config/Code/User/globalStorage/saoudrizwan.claude-dev/settings/cline_mcp_settings.json', fixture('cline.json'));
    // A settings.json without MCP servers is no source.
    put(home, '.config/Code/User/settings.json', '{"editor.fontSize": 14}');
    const { caller } = importCaller(home);
    expect(await caller.mcp.importSources()).toEqual([
      { id: 'claudeDesktop', path: claude },
      { id: 'cursor', path: cursor },
      { id: 'cline', path: cline },
    ]);
    const { text } = await caller.mcp.importSourceText({ id: 'claudeDesktop' });
    expect((await caller.mcp.importPreview({ text })).entries).toHaveLength(2);
  });

  it('an empty home has no sources; reading a missing one is NOT_FOUND', async () => {
    const { caller } = importCaller();
    expect(await caller.mcp.importSources()).toEqual([]);
    await expect(caller.mcp.importSourceText({ id: 'windsurf' })).rejects.toMatchObject({ cause: { code: 'NOT_FOUND' } });
  });
});
