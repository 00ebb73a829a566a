/**
 * Elftia's own servers in Settings → Servers: listed as built-in (no Edit, no Delete), with what they
 * offer; files names its folder or says it is not set, and its button leads to the folder field in
 * General, whose save shows back in Servers.
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

describe('built-in servers in Settings → Servers', () => {
  it('lists clock-math and files as built-in, with their tools, and nothing to edit or delete', async () => {
    renderApp(<SettingsView />, { api: setup() });
    const list = await screen.findByRole('region', { name: 'Built-in servers' });
    await waitFor(() => expect(within(list).getAllByTestId('builtin-server').map((item) => item.dataset.name)).toEqual(['clock-math', 'files']));

    const clock = within(builtin('clock-math'));
    expect(clock.getByText('Built-in')).toBeTruthy();
    expect(clock.getByTestId('builtin-server-offered').textContent).toBe('Offered in chats');
    expect(clock.getByText(/safe calculator/)).toBeTruthy();
    expect(clock.getAllByRole('code').map((code) => code.textContent)).toEqual(['current_time', 'convert_time', 'date_add', 'date_diff', 'calculate']);
    expect(within(list).queryByRole('button', { name: /Delete|Edit/ })).toBeNull();
    // They are not among the user's servers either.
    expect(screen.getAllByTestId('mcp-server-row')).toHaveLength(1);

    const files = within(builtin('files'));
    expect(files.getByTestId('builtin-server-offered').textContent).toBe('Not offered');
    expect(files.getByTestId('builtin-server-folder').textContent).toContain('Folder: not set.');
  });

  it('“Choose folder” opens General at the files folder; once saved, Servers shows the folder and offers files', async () => {
    const { api } = renderApp(<SettingsView />, { api: setup() });
    await screen.findByRole('region', { name: 'Built-in servers' });
    fireEvent.click(await within(await waitFor(() => builtin('files'))).findByRole('button', { name: 'Choose folder' }));

    await waitFor(() => expect(screen.getByRole('tab', { name: 'General' }).getAttribute('aria-selected')).toBe('true'));
    const section = screen.getByRole('region', { name: 'Files the assistant may read' });
    const folder = await within(section).findByLabelText<HTMLInputElement>('Folder');
    await waitFor(() => expect(document.activeElement).toBe(folder));
    fireEvent.change(folder, { target: { value: '/home/me/notes' } });
    fireEvent.click(within(section).getByRole('button', { name: 'Save folder' }));
    await within(section).findByText('Saved. The next message can use it.');
    expect(api.callsTo('settings.setFilesFolder')).toEqual([{ folder: '/home/me/notes' }]);

    fireEvent.mouseDown(screen.getByRole('tab', { name: 'Servers' }));
    await waitFor(() => expect(within(builtin('files')).getByTestId('builtin-server-folder').textContent).toContain('/home/me/notes'));
    expect(within(builtin('files')).getByTestId('builtin-server-offered').textContent).toBe('Offered in chats');
    expect(within(builtin('files')).getByRole('button', { name: 'Change folder' })).toBeTruthy();
  });

  it('in Japanese, says it is built-in and not offered in Japanese', async () => {
    const api = setup();
    api.settingsValue = { language: 'ja' };
    renderApp(<SettingsView />, { api, language: 'ja' });
    await screen.findByRole('region', { name: '内蔵サーバー' });
    await waitFor(() => expect(within(builtin('files')).getByTestId('builtin-server-offered').textContent).toBe('未提供'));
    expect(within(builtin('clock-math')).getByText('内蔵')).toBeTruthy();
  });
});
