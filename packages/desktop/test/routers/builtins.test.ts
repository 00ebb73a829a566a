/**
 * mcp.builtins: Elftia's own servers, run by McpService as system servers, as Settings lists them:
 * live state, tools, log and restart through the same procedures as configured servers, refused
 * edits and deletes, and a server that cannot start reported as failed with its reason. The tool
 * names come from a catalogue in shared/, so they are checked here against what the real servers
 * register, started as processes.
 */
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { builtinServers } from '../../app/main/builtin-servers';
import { closeDirectConnections, type LoadDirectMcpToolsResult, loadDirectMcpTools } from '../../app/main/engine/tools/DirectMcpToolAdapter';
import { isAlive } from '../../app/main/mcp/process';
import { appErrorData } from '../../app/main/routers/trpc';
import { BUILTIN_SERVER_TOOLS } from '../../app/shared/contracts/builtin-servers';
import { waitFor } from '../mcp/helpers';
import { RecordingTracker } from '../engine/directHelpers';
import { openApp, rejection } from '../support/appHarness';
import { tempDir } from '../support/tempDir';

describe('mcp.builtins', () => {
  it('lists clock-math as a built-in server that starts on use, with its tools, log and restart like any other', async () => {
    const { caller } = openApp();
    const [idle] = await caller.mcp.builtins();
    expect(idle).toMatchObject({ id: 'builtin:clock-math', name: 'clock-math', type: 'stdio', builtin: true, status: 'disconnected' });
    expect((await caller.mcp.builtins()).map((server) => server.id)).toEqual(['builtin:clock-math']);
    // Not among the configured servers (a conversation's server picker lists those).
    expect(await caller.mcp.list()).toEqual([]);

    const tools = await caller.mcp.tools({ id: 'builtin:clock-math' });
    expect(tools.map((tool) => tool.name)).toEqual([...BUILTIN_SERVER_TOOLS['clock-math']]);
    const [connected] = await caller.mcp.builtins();
    expect(connected).toMatchObject({ status: 'connected', connection: { toolCount: 5, serverInfo: { name: expect.any(String) } } });
    expect((await caller.mcp.logs({ id: 'builtin:clock-math' })).map((entry) => entry.text)).toContainEqual(expect.stringMatching(/^connected: /));
    expect(await caller.mcp.get({ id: 'builtin:clock-math' })).toMatchObject({ builtin: true, status: 'connected' });

    const result = (await caller.mcp.callTool({ id: 'builtin:clock-math', tool: 'calculate', arguments: { expression: '6 * 7' } })).content;
    expect(result).toEqual([{ type: 'text', text: '6 * 7 = 42' }]);
    expect(await caller.mcp.restart({ id: 'builtin:clock-math' })).toMatchObject({ status: 'connected' });
  });

  it('refuses to edit, switch off or delete a built-in server, with BUILTIN_SERVER_READONLY', async () => {
    const { caller } = openApp();
    const id = 'builtin:clock-math';
    const refused = [
      await rejection(caller.mcp.update({ id, name: 'clock-math', type: 'stdio', command: 'node', args: [] })),
      await rejection(caller.mcp.setEnabled({ id, enabled: false })),
      await rejection(caller.mcp.remove({ id })),
    ];
    for (const error of refused) {
      expect(error.code).toBe('FORBIDDEN');
      expect(appErrorData(error)).toEqual({ code: 'BUILTIN_SERVER_READONLY', params: { id } });
    }
    expect((await caller.mcp.builtins()).map((server) => server.id)).toEqual([id]);
  });

  it('runs files once a folder is chosen, restarts it on a new folder, and stops it when the folder is cleared', async () => {
    const { caller } = openApp();
    const first = fs.realpathSync(tempDir('builtins-first-'));
    fs.writeFileSync(path.join(first, 'a.txt'), 'alpha');
    await caller.settings.setFilesFolder({ folder: first });
    expect((await caller.mcp.builtins()).map((server) => server.id)).toEqual(['builtin:clock-math', 'builtin:files']);
    const list = async () => (await caller.mcp.callTool({ id: 'builtin:files', tool: 'list_directory', arguments: {} })).content;
    expect(JSON.stringify(await list())).toContain('a.txt');

    const second = fs.realpathSync(tempDir('builtins-second-'));
    fs.writeFileSync(path.join(second, 'b.txt'), 'beta');
    await caller.settings.setFilesFolder({ folder: second });
    expect(JSON.stringify(await list())).toContain('b.txt');
    expect((await caller.mcp.get({ id: 'builtin:files' })).config.args?.at(-1)).toBe(second);

    await caller.settings.setFilesFolder({ folder: '' });
    await waitFor(async () => (await caller.mcp.builtins()).length === 1, 5000, 'files to stop');
    expect((await caller.mcp.builtins()).map((server) => server.id)).toEqual(['builtin:clock-math']);
  });

  it('shows a built-in server that cannot start as failed, with its reason', async () => {
    const { caller } = openApp();
    const folder = fs.realpathSync(tempDir('builtins-gone-'));
    await caller.settings.setFilesFolder({ folder });
    // The folder goes away after it was chosen: files refuses to start without it.
    fs.rmSync(folder, { recursive: true });
    const error = appErrorData(await rejection(caller.mcp.tools({ id: 'builtin:files' })));
    expect(error.code).toBe('CONNECT_FAILED');

    const files = (await caller.mcp.builtins()).find((server) => server.id === 'builtin:files');
    expect(files).toMatchObject({ builtin: true, status: 'error', connection: { lastError: { code: 'CONNECT_FAILED', params: { cause: 'exit', exitCode: 2 } } } });
    expect(String(files?.connection?.lastError?.params?.detail)).toContain(folder);
    // clock-math is not affected.
    expect((await caller.mcp.tools({ id: 'builtin:clock-math' })).length).toBe(5);
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
