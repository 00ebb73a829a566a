/**
 * Elftia's own servers in Settings → Servers: live rows like the user's servers (status, failure,
 * details with tools, log and Restart) marked built-in, with no switch, Edit or Delete; files names its
 * folder or says it is not set, and its button leads to the folder field in General, whose save shows
 * back in Servers.
 */
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { SettingsView } from '../../src/features/settings/SettingsView';
import { FakeApi } from '../fakes/FakeApi';
import { renderApp } from '../helpers/renderApp';

function setup(): FakeApi {
  const api = new FakeApi();
  api.settingsValue = { language: 'en' };
  api.seed({ name: 'everything', type: 'stdio', command: 'node', args: ['server.js'] });
  return api;
}

const builtin = (name: string) => screen.getAllByTestId('builtin-server').find((item) => item.dataset.name === name)!;
const names = (list: HTMLElement) => within(list).queryAllByTestId('builtin-server').map((item) => item.dataset.name);

describe('built-in servers in Settings → Servers', () => {
  it('shows clock-math as a built-in row with its live status and details, and nothing to switch, edit or delete', async () => {
    const api = setup();
    api.tools.set('builtin:clock-math', [
      { id: 'clock-math__calculate', serverId: 'builtin:clock-math', serverName: 'clock-math', name: 'calculate', description: 'A safe calculator', inputSchema: { type: 'object' } },
    ]);
    renderApp(<SettingsView />, { api });
    const list = await screen.findByRole('region', { name: 'Built-in servers' });
    await waitFor(() => expect(names(list)).toEqual(['clock-math']));

    const clock = within(builtin('clock-math'));
    expect(clock.getByText('Built-in')).toBeTruthy();
    expect(clock.getByText(/safe calculator/)).toBeTruthy();
    expect(clock.getByText('Connected')).toBeTruthy();
    expect(within(list).queryByRole('button', { name: /Delete|Edit/ })).toBeNull();
    expect(within(list).queryByRole('switch')).toBeNull();
    // They are not among the user's servers.
    expect(screen.getAllByTestId('mcp-server-row')).toHaveLength(1);

    fireEvent.click(clock.getByRole('button', { name: 'Details for clock-math' }));
    const details = await within(list).findByRole('region', { name: /clock-math/ });
    await within(details).findByText('calculate');
    fireEvent.click(within(details).getByRole('button', { name: /Restart/ }));
    await waitFor(() => expect(api.callsTo('mcp.restart')).toEqual([{ id: 'builtin:clock-math' }]));

    expect(within(list).getByTestId('builtin-server-folder').textContent).toContain('Folder: not set.');
  });

  it('shows a built-in server that cannot start as failed, with its reason', async () => {
    const api = setup();
    api.filesFolder = '/gone';
    api.setBuiltinConnection('files', {
      status: 'error',
      consecutiveErrors: 1,
      lastError: { code: 'CONNECT_FAILED', params: { cause: 'exit', exitCode: 2, detail: 'files: no folder at /gone' } },
    });
    renderApp(<SettingsView />, { api });
    const list = await screen.findByRole('region', { name: 'Built-in servers' });
    await waitFor(() => expect(names(list)).toEqual(['clock-math', 'files']));
    const files = within(builtin('files'));
    expect(files.getByText('Error')).toBeTruthy();
    const row = builtin('files').closest('tbody')!;
    expect(within(row).getByRole('alert').textContent).toContain('The server exited with code 2');
  });

  it('“Choose folder” opens General at the files folder; once saved, Servers shows the folder and a files row', async () => {
    const { api } = renderApp(<SettingsView />, { api: setup() });
    const list = await screen.findByRole('region', { name: 'Built-in servers' });
    fireEvent.click(await within(list).findByRole('button', { name: 'Choose folder' }));

    await waitFor(() => expect(screen.getByRole('tab', { name: 'General' }).getAttribute('aria-selected')).toBe('true'));
    const section = screen.getByRole('region', { name: 'Files the assistant may read' });
    const folder = await within(section).findByLabelText<HTMLInputElement>('Folder');
    await waitFor(() => expect(document.activeElement).toBe(folder));
    fireEvent.change(folder, { target: { value: '/home/me/notes' } });
    fireEvent.click(within(section).getByRole('button', { name: 'Save folder' }));
    await within(section).findByText('Saved. The next message can use it.');
    expect(api.callsTo('settings.setFilesFolder')).toEqual([{ folder: '/home/me/notes' }]);

    fireEvent.mouseDown(screen.getByRole('tab', { name: 'Servers' }));
    const again = await screen.findByRole('region', { name: 'Built-in servers' });
    await waitFor(() => expect(within(again).getByTestId('builtin-server-folder').textContent).toContain('/home/me/notes'));
    expect(names(again)).toEqual(['clock-math', 'files']);
    expect(within(again).getByRole('button', { name: 'Change folder' })).toBeTruthy();
  });

  it('in Japanese, says it is built-in in Japanese', async () => {
    const api = setup();
    api.settingsValue = { language: 'ja' };
    renderApp(<SettingsView />, { api, language: 'ja' });
    await screen.findByRole('region', { name: '内蔵サーバー' });
    await waitFor(() => expect(within(builtin('clock-math')).getByText('内蔵')).toBeTruthy());
  });
});
