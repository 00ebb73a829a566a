/**
 * mcp.builtins: Elftia's own servers as Settings lists them. The tool names come from a catalogue in
 * shared/, so they are checked here against what the real servers register, started as processes.
 */
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { builtinServers } from '../../app/main/builtin-servers';
import { closeDirectConnections, type LoadDirectMcpToolsResult, loadDirectMcpTools } from '../../app/main/engine/tools/DirectMcpToolAdapter';
import { isAlive } from '../../app/main/mcp/process';
import { BUILTIN_SERVER_TOOLS } from '../../app/shared/contracts/builtin-servers';
import { RecordingTracker } from '../engine/directHelpers';
import { openApp } from '../support/appHarness';
import { tempDir } from '../support/tempDir';

describe('mcp.builtins', () => {
  it('lists clock-math as offered and files as not offered until a folder is chosen, then with its folder', async () => {
    const { caller } = openApp();
    expect(await caller.mcp.builtins()).toEqual([
      { name: 'clock-math', tools: BUILTIN_SERVER_TOOLS['clock-math'], offered: true },
      { name: 'files', tools: BUILTIN_SERVER_TOOLS.files, offered: false, folder: '' },
    ]);

    const folder = fs.realpathSync(tempDir('builtins-folder-'));
    await caller.settings.setFilesFolder({ folder });
    expect((await caller.mcp.builtins())[1]).toEqual({ name: 'files', tools: BUILTIN_SERVER_TOOLS.files, offered: true, folder });

    await caller.settings.setFilesFolder({ folder: '' });
    expect((await caller.mcp.builtins())[1]).toMatchObject({ offered: false, folder: '' });
  });
});

describe('the built-in servers’ catalogue', () => {
  const tracker = new RecordingTracker();
  let loaded: LoadDirectMcpToolsResult | undefined;
  afterAll(async () => {
    if (loaded) await closeDirectConnections(loaded.connections, tracker);
    expect(tracker.pids.filter((pid) => isAlive(pid))).toEqual([]);
  });

  it('names exactly the tools each real server registers', async () => {
    loaded = await loadDirectMcpTools(builtinServers({ filesRoot: path.resolve(tempDir('builtins-root-')) }), { tracker });
    expect(loaded.failures).toEqual([]);
    const registered: Record<string, string[]> = {};
    for (const tool of loaded.tools) (registered[tool.serverName] ??= []).push(tool.tool.name);
    expect(registered).toEqual({ 'clock-math': [...BUILTIN_SERVER_TOOLS['clock-math']], files: [...BUILTIN_SERVER_TOOLS.files] });
  });
});
