import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { McpPresetView } from '@elftia/desktop/router';
import { OFFICIAL_MCP_PRESETS, type OfficialMcpPreset } from '@elftia/desktop/shared/mcp-presets.ts';
import { PresetsSection } from '../../src/features/settings/components/tabs/tools-tab/presets/PresetsSection';
import { ServersSection } from '../../src/features/settings/components/tabs/tools-tab/ServersSection';
import { SettingsView } from '../../src/features/settings/SettingsView';
import { FakeApi } from '../fakes/FakeApi';
import { renderApp } from '../helpers/renderApp';

function preset(id: string): OfficialMcpPreset {
  const found = OFFICIAL_MCP_PRESETS.find((p) => p.id === id);
  if (!found) throw new Error(`no preset ${id} in the catalogue`);
  return found;
}

function views(...entries: Array<[string, Partial<McpPresetView>?]>): McpPresetView[] {
  return entries.map(([id, extra]) => ({ preset: preset(id), source: 'official', addedServerIds: [], ...extra }));
}

function setup(presets: McpPresetView[]): FakeApi {
  const api = new FakeApi();
  api.settingsValue = { language: 'en' };
  api.presets = presets;
  return api;
}

const section = () => screen.getByRole('region', { name: 'Official presets' });
const cards = () => within(section()).queryAllByTestId('preset-card');
const card = (name: string) => within(section()).getAllByTestId('preset-card').find((c) => within(c).queryByRole('heading', { name }))!;

describe('preset list', () => {
  it('shows each preset with what it needs, and filters by category and search', async () => {
    const api = setup(views(['brave-search'], ['filesystem'], ['deepwiki'], ['memory']));
    renderApp(<PresetsSection />, { api });
    await waitFor(() => expect(cards()).toHaveLength(4));

    const brave = within(card('Brave Search'));
    expect(brave.getByText('npx')).toBeTruthy();
    expect(brave.getByText('API key')).toBeTruthy();
    expect(within(card('DeepWiki')).getByText('HTTP')).toBeTruthy();

    fireEvent.click(within(section()).getByRole('button', { name: 'Search' }));
    expect(cards().map((c) => c.dataset.presetId)).toEqual(['brave-search']);
    expect(within(section()).getByRole('button', { name: 'Search' }).getAttribute('aria-pressed')).toBe('true');

    fireEvent.click(within(section()).getByRole('button', { name: 'All' }));
    fireEvent.change(within(section()).getByRole('searchbox', { name: 'Search presets' }), { target: { value: 'list_directory' } });
    expect(cards().map((c) => c.dataset.presetId)).toEqual(['filesystem']); // a tool name matches too
    fireEvent.change(within(section()).getByRole('searchbox', { name: 'Search presets' }), { target: { value: 'nothing like this' } });
    expect(within(section()).getByText('No preset matches.')).toBeTruthy();
  });

  it('adds a preset that needs nothing with one click, then shows its server in Servers with its details open; the card is badged', async () => {
    const api = setup(views(['memory']));
    renderApp(<SettingsView initialSection="presets" />, { api });
    fireEvent.click(await within(await screen.findByRole('region', { name: 'Official presets' })).findByRole('button', { name: 'Add Memory' }));

    await waitFor(() => expect(api.callsTo('mcp.presets.add')).toEqual([{ presetId: 'memory' }]));
    expect(api.callsTo('mcp.dependencies.check')).toEqual([{ command: 'npx' }]);
    await waitFor(() => expect(screen.getByRole('tab', { name: 'Servers' }).getAttribute('aria-selected')).toBe('true'));
    const servers = screen.getByRole('region', { name: 'MCP servers' });
    expect(within(servers).getByText('Added “Memory”. It starts now; its status, tools and log are below.').getAttribute('role')).toBe('status');
    const details = await within(servers).findByRole('button', { name: 'Details for Memory' });
    expect(details.getAttribute('aria-expanded')).toBe('true');
    await waitFor(() => expect(document.activeElement).toBe(details));

    fireEvent.mouseDown(screen.getByRole('tab', { name: 'Presets' }));
    await waitFor(() => expect(within(card('Memory')).getByTestId('preset-added').textContent).toBe('Added'));
    expect(within(card('Memory')).getByRole('button', { name: 'Add Memory again' })).toBeTruthy();
  });

  it('gives focus back to the preset’s Add button after Esc or Cancel, although it was disabled during the runtime check', async () => {
    const api = setup(views(['filesystem']));
    renderApp(<PresetsSection />, { api });
    const add = await within(await screen.findByRole('region', { name: 'Official presets' })).findByRole('button', { name: 'Add Filesystem' });
    add.focus();
    fireEvent.click(add);
    let dialog = await screen.findByRole('dialog', { name: 'Add Filesystem' });
    await waitFor(() => expect(document.activeElement).toBe(within(dialog).getByLabelText('Folder')));
    fireEvent.keyDown(dialog, { key: 'Escape' });
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(document.activeElement).toBe(add);

    fireEvent.click(add);
    dialog = await screen.findByRole('dialog', { name: 'Add Filesystem' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(document.activeElement).toBe(add);
  });

  it('asks main for the list again when the servers change, not on every connection state', async () => {
    const api = setup(views(['memory']));
    const server = api.seed({ name: 'x', type: 'stdio', command: 'node', args: ['x.js'] });
    renderApp(<PresetsSection />, { api });
    await waitFor(() => expect(cards()).toHaveLength(1));
    // The server list's first arrival is no change: the one ask of the mount stands.
    await waitFor(() => expect(api.serverChannel.size).toBe(1));
    await act(async () => await new Promise((resolve) => setTimeout(resolve, 0)));
    expect(api.callsTo('mcp.presets.list')).toHaveLength(1);
    const asked = () => api.callsTo('mcp.presets.list').length;
    const before = asked();
    act(() => void api.setConnection(server.id, { status: 'connecting', installing: { packages: ['p@1'], startedAtMs: 0, lastLine: 'a' } }));
    act(() => void api.setConnection(server.id, { status: 'connected', toolCount: 3 }));
    expect(asked()).toBe(before);
    act(() => void api.seed({ name: 'y', type: 'stdio', command: 'npx', args: ['-y', '@modelcontextprotocol/server-memory@2026.8.31'] }));
    await waitFor(() => expect(asked()).toBe(before + 1));
  });

  it('asks for the key and the folder, checks them like the router, and stores nothing until they are right', async () => {
    const api = setup(views(['brave-search'], ['filesystem']));
    renderApp(<PresetsSection />, { api });
    fireEvent.click(await within(await screen.findByRole('region', { name: 'Official presets' })).findByRole('button', { name: 'Add Brave Search' }));

    const dialog = await screen.findByRole('dialog', { name: 'Add Brave Search' });
    const key = within(dialog).getByLabelText('API key (BRAVE_API_KEY)');
    // The dialog moves focus in its mount effect, which React may run after the dialog is found.
    await waitFor(() => expect(document.activeElement).toBe(key));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Add and start' }));
    await waitFor(() => expect(key.getAttribute('aria-invalid')).toBe('true'));
    expect(within(dialog).getByText('This field is required.')).toBeTruthy();
    expect(api.callsTo('mcp.presets.add')).toEqual([]);

    fireEvent.change(key, { target: { value: 'bsa-123' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Add and start' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(api.callsTo('mcp.presets.add')).toEqual([{ presetId: 'brave-search', apiKey: 'bsa-123', inputs: {} }]);
    expect(api.servers.at(-1)?.config.env).toMatchObject({ BRAVE_API_KEY: 'bsa-123' });

    fireEvent.click(within(card('Filesystem')).getByRole('button', { name: 'Add Filesystem' }));
    const fsDialog = await screen.findByRole('dialog', { name: 'Add Filesystem' });
    const folder = within(fsDialog).getByLabelText(/folder/i);
    fireEvent.change(folder, { target: { value: 'relative/path' } });
    fireEvent.click(within(fsDialog).getByRole('button', { name: 'Add and start' }));
    await waitFor(() => expect(folder.getAttribute('aria-invalid')).toBe('true'));
    expect(within(fsDialog).getByText(/Enter an absolute path/)).toBeTruthy();
    fireEvent.change(folder, { target: { value: '/home/me/notes' } });
    fireEvent.click(within(fsDialog).getByRole('button', { name: 'Add and start' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(api.servers.at(-1)?.config.args?.at(-1)).toBe('/home/me/notes');
  });

  it('in a browser, a folder input has no system folder chooser', async () => {
    const api = setup(views(['filesystem']));
    renderApp(<PresetsSection />, { api });
    fireEvent.click(await within(await screen.findByRole('region', { name: 'Official presets' })).findByRole('button', { name: 'Add Filesystem' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add Filesystem' });
    await waitFor(() => expect(api.callsTo('dialogs.folderPicker')).toHaveLength(1));
    await act(async () => await new Promise((resolve) => setTimeout(resolve, 0)));
    expect(within(dialog).queryByRole('button', { name: /Choose a folder/ })).toBeNull();
  });

  it('in the app, a folder input also offers the system folder chooser', async () => {
    const api = setup(views(['filesystem']));
    api.folderChooser = () => '/Users/me/Notes';
    renderApp(<PresetsSection />, { api });
    fireEvent.click(await within(await screen.findByRole('region', { name: 'Official presets' })).findByRole('button', { name: 'Add Filesystem' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add Filesystem' });
    fireEvent.click(await within(dialog).findByRole('button', { name: 'Choose a folder for Folder' }));
    await waitFor(() => expect(within(dialog).getByLabelText<HTMLInputElement>('Folder').value).toBe('/Users/me/Notes'));
    expect(api.callsTo('dialogs.pickFolder')).toEqual([{ title: 'Folder' }]);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Add and start' }));
    await waitFor(() => expect(api.callsTo('mcp.presets.add')).toEqual([{ presetId: 'filesystem', inputs: { folder: '/Users/me/Notes' } }]));
  });

  it('a choice (the platform a key belongs to) is a select with its default, and sets the fixed variable', async () => {
    const api = setup(views(['zhipu-vision']));
    renderApp(<PresetsSection />, { api });
    fireEvent.click(await within(await screen.findByRole('region', { name: 'Official presets' })).findByRole('button', { name: 'Add Zhipu GLM Vision' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add Zhipu GLM Vision' });
    const platform = within(dialog).getByLabelText<HTMLSelectElement>('Platform of the key');
    expect(platform.value).toBe('zhipu');
    expect([...platform.options].map((o) => o.textContent)).toEqual(['Zhipu — open.bigmodel.cn', 'Z.AI — api.z.ai']);
    fireEvent.change(platform, { target: { value: 'zai' } });
    fireEvent.change(within(dialog).getByLabelText('API key (Z_AI_API_KEY)'), { target: { value: 'zai-key' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Add and start' }));
    await waitFor(() => expect(api.callsTo('mcp.presets.add')).toEqual([{ presetId: 'zhipu-vision', apiKey: 'zai-key', inputs: { platform: 'zai' } }]));
    expect(api.servers.at(-1)?.config.env).toEqual({ Z_AI_API_KEY: 'zai-key', Z_AI_MODE: 'ZAI' });
  });

  it('says whose key a linked provider lends, and adds without asking', async () => {
    const api = setup(views(['perplexity', { keyProvider: { id: 'p1', name: 'My Perplexity' } }]));
    renderApp(<PresetsSection />, { api });
    const perplexity = await within(await screen.findByRole('region', { name: 'Official presets' })).findByRole('button', { name: 'Add Perplexity' });
    expect(within(card('Perplexity')).getByText('Key from provider').getAttribute('title')).toBe('Uses the API key of your provider “My Perplexity”.');
    fireEvent.click(perplexity);
    await waitFor(() => expect(api.callsTo('mcp.presets.add')).toEqual([{ presetId: 'perplexity' }]));
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('offers to install a missing runtime, shows the installer output and the verified result, then goes on', async () => {
    const api = setup(views(['fetch']));
    api.dependencies.set('uvx', { command: 'uvx', found: false, searched: 9 });
    renderApp(<PresetsSection />, { api });
    fireEvent.click(await within(await screen.findByRole('region', { name: 'Official presets' })).findByRole('button', { name: 'Add Fetch' }));

    const dialog = await screen.findByRole('dialog', { name: 'Install uv' });
    expect(within(dialog).getByRole('alert').textContent).toBe('“uvx” was not found (searched 9 folders of PATH and the usual install locations).');
    // What Install runs is said before the user agrees.
    expect((await within(dialog).findByTestId('runtime-install-plan')).textContent).toBe('Install runs: curl -LsSf https://astral.sh/uv/install.sh | sh');
    expect(api.callsTo('mcp.dependencies.plan')).toEqual([{ command: 'uvx' }]);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Install uv' }));
    expect(api.callsTo('mcp.dependencies.install')).toEqual([{ command: 'uvx' }]);
    act(() => api.emitInstall('uvx', { type: 'output', line: 'downloading uv 0.9.0' }));
    expect(within(dialog).getByTestId('runtime-install-output').textContent).toBe('downloading uv 0.9.0');
    expect(within(dialog).getByRole('button', { name: 'Cancel install' })).toBeTruthy();
    act(() => api.emitInstall('uvx', { type: 'result', result: { status: 'installed', command: 'uvx', version: '0.9.0', path: '/home/me/.local/bin/uvx', method: 'uv-script-sh' } }));
    expect(within(dialog).getByText('“uvx” 0.9.0 is installed at /home/me/.local/bin/uvx.')).toBeTruthy();
    expect(api.callsTo('mcp.presets.add')).toEqual([]);

    fireEvent.click(within(dialog).getByRole('button', { name: 'Continue' }));
    await waitFor(() => expect(api.callsTo('mcp.presets.add')).toEqual([{ presetId: 'fetch' }]));
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('a failed install says why, with the installer output and the command to run by hand; closing cancels', async () => {
    const api = setup(views(['memory']));
    api.dependencies.set('npx', { command: 'npx', found: false, searched: 4 });
    renderApp(<PresetsSection />, { api });
    fireEvent.click(await within(await screen.findByRole('region', { name: 'Official presets' })).findByRole('button', { name: 'Add Memory' }));
    const dialog = await screen.findByRole('dialog', { name: 'Install Node.js' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Install Node.js' }));
    act(() =>
      api.emitInstall('npx', {
        type: 'result',
        result: { status: 'failed', command: 'npx', method: 'homebrew', reason: 'notFoundAfterInstall', detail: '==> Pouring node', manualCommand: 'brew install node' },
      }),
    );
    expect(within(dialog).getByText(/The installer finished, but Node.js still does not run/)).toBeTruthy();
    expect(within(dialog).getByText('brew install node')).toBeTruthy();
    expect(within(dialog).getByRole('button', { name: 'Try again' })).toBeTruthy();
    expect(within(dialog).queryByRole('button', { name: 'Continue' })).toBeNull();

    fireEvent.click(within(dialog).getByRole('button', { name: 'Try again' }));
    expect(api.callsTo('mcp.dependencies.install')).toHaveLength(2);
    expect(api.installStreams.get('npx')?.size).toBe(1); // the finished run's stream was closed
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel install' }));
    // Closing the dialog ends the subscription, which cancels the install in main.
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(api.installStreams.get('npx')?.size).toBe(0);
    expect(api.callsTo('mcp.presets.add')).toEqual([]);
  });

  it('with no installer on this system it points at the download page, and Check again goes on once the runtime runs', async () => {
    const api = setup(views(['memory']));
    api.dependencies.set('npx', { command: 'npx', found: false, searched: 4 });
    api.installPlans.set('npx', { kind: 'manual', url: 'https://nodejs.org/en/download', manualCommand: 'nvm install --lts' });
    renderApp(<PresetsSection />, { api });
    fireEvent.click(await within(await screen.findByRole('region', { name: 'Official presets' })).findByRole('button', { name: 'Add Memory' }));
    const dialog = await screen.findByRole('dialog', { name: 'Install Node.js' });
    const plan = await within(dialog).findByTestId('runtime-install-plan');
    expect(within(plan).getByRole('link', { name: 'https://nodejs.org/en/download' })).toBeTruthy();
    expect(within(plan).getByText('nvm install --lts')).toBeTruthy();
    expect(within(dialog).queryByRole('button', { name: 'Install Node.js' })).toBeNull();

    fireEvent.click(within(dialog).getByRole('button', { name: 'Check again' }));
    expect(await within(dialog).findByText('“npx” still does not run.')).toBeTruthy();

    api.dependencies.set('npx', { command: 'npx', found: true, version: '11.0.0', path: '/usr/local/bin/npx', searched: 4 });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Check again' }));
    expect(await within(dialog).findByText('“npx” 11.0.0 is installed at /usr/local/bin/npx.')).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Continue' }));
    await waitFor(() => expect(api.callsTo('mcp.presets.add')).toEqual([{ presetId: 'memory' }]));
    expect(api.callsTo('mcp.dependencies.install')).toEqual([]);
  });

  it('a server that failed because its runtime is missing offers the install, then restarts', async () => {
    const api = setup([]);
    const server = api.seed({ name: 'fs', type: 'stdio', command: 'npx', args: ['-y', 'pkg@1.0.0'] });
    api.setConnection(server.id, { status: 'error', lastError: { code: 'CONNECT_FAILED', params: { reason: 'commandNotFound', detail: 'npx not found' } } });
    renderApp(<ServersSection />, { api });
    fireEvent.click(await screen.findByRole('button', { name: 'Install Node.js' }));
    const dialog = await screen.findByRole('dialog', { name: 'Install Node.js' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Install Node.js' }));
    act(() => api.emitInstall('npx', { type: 'result', result: { status: 'installed', command: 'npx', version: '22.1.0', path: '/opt/homebrew/bin/npx', method: 'homebrew' } }));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Continue' }));
    await waitFor(() => expect(api.callsTo('mcp.restart')).toEqual([{ id: server.id }]));
  });
});
