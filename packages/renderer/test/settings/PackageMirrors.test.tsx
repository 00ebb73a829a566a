import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { GeneralTab } from '../../src/features/settings/components/tabs/general-tab/GeneralTab';
import { FakeApi } from '../fakes/FakeApi';
import { renderApp } from '../helpers/renderApp';

function setup(): FakeApi {
  const api = new FakeApi();
  api.settingsValue = { language: 'en' };
  api.mirrors = { npmRegistry: 'https://registry.npmmirror.com', pythonIndex: '' };
  return api;
}

describe('package mirrors', () => {
  it('shows what is stored, refuses a bad URL under its field, and saves a good one', async () => {
    const api = setup();
    renderApp(<GeneralTab />, { api });
    const section = await screen.findByRole('region', { name: 'Package mirrors' });
    const npm = await within(section).findByLabelText<HTMLInputElement>('npm registry (npx)');
    expect(npm.value).toBe('https://registry.npmmirror.com');
    const python = within(section).getByLabelText<HTMLInputElement>('Python package index (uvx)');

    fireEvent.change(python, { target: { value: 'pypi.tuna.tsinghua.edu.cn/simple' } });
    fireEvent.click(within(section).getByRole('button', { name: 'Save mirrors' }));
    await waitFor(() => expect(python.getAttribute('aria-invalid')).toBe('true'));
    expect(within(section).getByText('Enter an absolute http:// or https:// URL.')).toBeTruthy();
    expect(api.callsTo('settings.setPackageMirrors')).toEqual([]);

    fireEvent.change(python, { target: { value: 'https://pypi.tuna.tsinghua.edu.cn/simple' } });
    fireEvent.click(within(section).getByRole('button', { name: 'Save mirrors' }));
    expect(await within(section).findByRole('status')).toHaveProperty('textContent', 'Saved. The next server start uses them.');
    expect(api.mirrors).toEqual({ npmRegistry: 'https://registry.npmmirror.com', pythonIndex: 'https://pypi.tuna.tsinghua.edu.cn/simple' });
  });
});
