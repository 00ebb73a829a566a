import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { SettingsView } from '../src/features/settings/SettingsView';
import { FakeApi } from './fakes/FakeApi';
import { renderApp } from './helpers/renderApp';

const SECTIONS = ['Servers', 'Presets', 'Runtimes', 'Approvals', 'Providers', 'General'];
const tab = (name: string) => screen.getByRole('tab', { name });
const selected = () => screen.getAllByRole('tab').filter((t) => t.getAttribute('aria-selected') === 'true').map((t) => t.textContent);

describe('SettingsView', () => {
  it('has a vertical navigation of six sections, Servers first; each section is its own panel', async () => {
    renderApp(<SettingsView />);
    const nav = screen.getByRole('tablist', { name: 'Settings sections' });
    expect(nav.getAttribute('aria-orientation')).toBe('vertical');
    expect(within(nav).getAllByRole('tab').map((t) => t.textContent)).toEqual(SECTIONS);
    expect(selected()).toEqual(['Servers']);
    const panel = screen.getByRole('tabpanel', { name: 'Servers' });
    expect(within(panel).getByRole('heading', { name: 'MCP servers' })).toBeTruthy();
    // The approvals policy and the presets are sections of their own, not below the servers.
    expect(screen.queryByRole('heading', { name: 'Approvals' })).toBeNull();
    expect(screen.queryByRole('region', { name: 'Official presets' })).toBeNull();

    fireEvent.mouseDown(tab('Approvals'));
    expect(selected()).toEqual(['Approvals']);
    expect(within(screen.getByRole('tabpanel', { name: 'Approvals' })).getByRole('heading', { name: 'Approvals' })).toBeTruthy();
    expect(screen.queryByRole('heading', { name: 'MCP servers' })).toBeNull();
  });

  it('moves between sections with the arrow keys, Home and End; only the current one is in the Tab order', async () => {
    renderApp(<SettingsView />);
    act(() => tab('Servers').focus());
    fireEvent.keyDown(tab('Servers'), { key: 'ArrowDown' });
    await waitFor(() => expect(selected()).toEqual(['Presets']));
    expect(document.activeElement).toBe(tab('Presets'));
    expect(await screen.findByRole('heading', { name: 'Official presets' })).toBeTruthy();

    fireEvent.keyDown(tab('Presets'), { key: 'End' });
    await waitFor(() => expect(selected()).toEqual(['General']));
    expect(screen.getByLabelText('Language')).toBeTruthy();
    expect(screen.getAllByRole('tab').map((t) => t.tabIndex)).toEqual([-1, -1, -1, -1, -1, 0]);

    fireEvent.keyDown(tab('General'), { key: 'Home' });
    await waitFor(() => expect(selected()).toEqual(['Servers']));
  });

  it('with no server yet, Servers leads to the presets in one click', async () => {
    renderApp(<SettingsView />);
    const empty = await screen.findByTestId('mcp-server-list-empty');
    fireEvent.click(within(empty).getByRole('button', { name: 'Browse presets' }));
    expect(selected()).toEqual(['Presets']);
    expect(await screen.findByRole('heading', { name: 'Official presets' })).toBeTruthy();
  });

  it('opens on the section it is deep-linked to', async () => {
    renderApp(<SettingsView initialSection="providers" />);
    expect(selected()).toEqual(['Providers']);
    expect(await screen.findByRole('heading', { name: 'Providers' })).toBeTruthy();
  });

  it('switches the whole UI to Japanese from General → Language, and stores the choice', async () => {
    const api = new FakeApi();
    api.settingsValue = { language: 'system' };
    const { i18n } = renderApp(<SettingsView initialSection="general" />, { api, language: 'en' });
    const select = await screen.findByLabelText<HTMLSelectElement>('Language');
    await waitFor(() => expect(select.disabled).toBe(false));
    expect(select.value).toBe('system');
    expect([...select.options].map((option) => option.textContent)).toEqual(['System', 'English', '中文', '日本語']);

    fireEvent.change(select, { target: { value: 'ja' } });

    expect(await screen.findByRole('tab', { name: 'サーバー' })).toBeTruthy();
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
    expect(screen.getByRole('tab', { name: 'Servers' })).toBeTruthy();
  });
});
