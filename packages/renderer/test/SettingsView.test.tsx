import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { SettingsView } from '../src/features/settings/SettingsView';
import { FakeApi } from './fakes/FakeApi';
import { renderApp } from './helpers/renderApp';

describe('SettingsView', () => {
  it('has Tools, Providers and General tabs, Tools first', async () => {
    renderApp(<SettingsView />);
    expect(screen.getAllByRole('tab').map((tab) => tab.textContent)).toEqual(['Tools', 'Providers', 'General']);
    const tools = screen.getByRole('tab', { name: 'Tools' });
    expect(tools.getAttribute('aria-selected')).toBe('true');
    expect(screen.getByRole('tabpanel', { name: 'Tools' })).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'MCP servers' })).toBeTruthy();

    fireEvent.keyDown(tools, { key: 'ArrowRight' });
    expect(screen.getByRole('tab', { name: 'Providers' }).getAttribute('aria-selected')).toBe('true');
    expect(await screen.findByRole('heading', { name: 'Providers' })).toBeTruthy();

    fireEvent.keyDown(screen.getByRole('tab', { name: 'Providers' }), { key: 'End' });
    expect(screen.getByRole('tab', { name: 'General' }).getAttribute('aria-selected')).toBe('true');
    expect(document.activeElement).toBe(screen.getByRole('tab', { name: 'General' }));
    expect(screen.getByLabelText('Language')).toBeTruthy();
  });

  it('switches the whole UI to Japanese from General → Language, and stores the choice', async () => {
    const api = new FakeApi();
    api.settingsValue = { language: 'system' };
    const { i18n } = renderApp(<SettingsView initialTab="general" />, { api, language: 'en' });
    const select = await screen.findByLabelText<HTMLSelectElement>('Language');
    await waitFor(() => expect(select.disabled).toBe(false));
    expect(select.value).toBe('system');
    expect([...select.options].map((option) => option.textContent)).toEqual(['System', 'English', '中文', '日本語']);

    fireEvent.change(select, { target: { value: 'ja' } });

    expect(await screen.findByRole('tab', { name: 'ツール' })).toBeTruthy();
    expect(screen.getByRole('tab', { name: '一般' }).getAttribute('aria-selected')).toBe('true');
    expect(screen.getByLabelText<HTMLSelectElement>('言語').value).toBe('ja');
    expect(api.callsTo('settings.setLanguage')).toEqual([{ language: 'ja' }]);
    expect(i18n.language).toBe('ja');
  });

  it('follows the system language when the preference is “system”', async () => {
    const api = new FakeApi();
    api.settingsValue = { language: 'system' };
    // happy-dom reports navigator.language as en-US.
    const { i18n } = renderApp(<SettingsView />, { api, language: 'ja' });
    await waitFor(() => expect(i18n.language).toBe('en'));
    expect(screen.getByRole('tab', { name: 'Tools' })).toBeTruthy();
  });
});
