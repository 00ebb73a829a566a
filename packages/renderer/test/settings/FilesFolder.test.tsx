import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { GeneralTab } from '../../src/features/settings/components/tabs/general-tab/GeneralTab';
import { FakeApi } from '../fakes/FakeApi';
import { validationError } from '../fakes/CallRecorder';
import { renderApp } from '../helpers/renderApp';

function setup(): FakeApi {
  const api = new FakeApi();
  api.settingsValue = { language: 'en' };
  return api;
}

describe('files folder', () => {
  it('names a relative path (checked here) and a missing folder (main’s answer) under the field, and saves an existing one', async () => {
    const api = setup();
    renderApp(<GeneralTab />, { api });
    const section = await screen.findByRole('region', { name: 'Files the assistant may read' });
    const folder = await within(section).findByLabelText<HTMLInputElement>('Folder');
    const save = () => fireEvent.click(within(section).getByRole('button', { name: 'Save folder' }));

    fireEvent.change(folder, { target: { value: 'notes' } });
    save();
    await waitFor(() => expect(folder.getAttribute('aria-invalid')).toBe('true'));
    expect(within(section).getByText(/Enter an absolute path/)).toBeTruthy();
    expect(api.callsTo('settings.setFilesFolder')).toEqual([]);

    // Whether the folder exists only main can tell (desktop/test/chat/filesFolder.test.ts checks it does).
    api.failures.set('settings.setFilesFolder', validationError([{ field: 'folder', code: 'folderNotFound' }]));
    fireEvent.change(folder, { target: { value: '/home/me/missing' } });
    save();
    expect(await within(section).findByText('No folder exists at this path.')).toBeTruthy();
    expect(api.filesFolder).toBe('');

    fireEvent.change(folder, { target: { value: '/home/me/notes' } });
    save();
    expect(await within(section).findByRole('status')).toHaveProperty('textContent', 'Saved. The next message can use it.');
    expect(api.filesFolder).toBe('/home/me/notes');
  });

  it('offers the system folder chooser where there is one', async () => {
    const api = setup();
    api.folderChooser = () => '/home/me/notes';
    renderApp(<GeneralTab />, { api });
    const section = await screen.findByRole('region', { name: 'Files the assistant may read' });
    fireEvent.click(await within(section).findByRole('button', { name: 'Choose a folder for Folder' }));
    await waitFor(() => expect(within(section).getByLabelText<HTMLInputElement>('Folder').value).toBe('/home/me/notes'));
  });
});
