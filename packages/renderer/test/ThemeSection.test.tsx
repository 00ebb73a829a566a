/**
 * Settings → General → Theme: light, dark or follow the system, applied to <html data-theme> at
 * once, stored through settings.setTheme, and followed while the system switches.
 */
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ThemeSection } from '../src/features/settings/components/tabs/general-tab/ThemeSection';
import { FakeApi, FakeTrpcError } from './fakes/FakeApi';
import { renderApp } from './helpers/renderApp';

/** A system appearance the test switches, as window.matchMedia('(prefers-color-scheme: dark)') reports it. */
function systemAppearance(dark: boolean) {
  const listeners = new Set<() => void>();
  const query = {
    matches: dark,
    addEventListener: (_: string, listener: () => void) => listeners.add(listener),
    removeEventListener: (_: string, listener: () => void) => listeners.delete(listener),
  };
  vi.stubGlobal('matchMedia', (media: string) => (media === '(prefers-color-scheme: dark)' ? query : { matches: false, addEventListener() {}, removeEventListener() {} }));
  return {
    switchTo(next: boolean) {
      query.matches = next;
      for (const listener of listeners) listener();
    },
    listening: () => listeners.size,
  };
}

const theme = () => document.documentElement.dataset.theme;

afterEach(() => {
  vi.unstubAllGlobals();
  delete document.documentElement.dataset.theme;
  localStorage.clear();
});

describe('ThemeSection', () => {
  it('applies the stored theme on arrival, and a choice at once, storing it', async () => {
    systemAppearance(false);
    const api = new FakeApi();
    api.settingsValue = { language: 'en', theme: 'dark' };
    renderApp(<ThemeSection />, { api });
    await waitFor(() => expect(theme()).toBe('dark'));
    expect(screen.getByRole<HTMLInputElement>('radio', { name: 'Dark' }).checked).toBe(true);

    fireEvent.click(screen.getByRole('radio', { name: 'Light' }));
    await waitFor(() => expect(theme()).toBe('light'));
    expect(api.callsTo('settings.setTheme')).toEqual([{ theme: 'light' }]);
    expect(api.settingsValue.theme).toBe('light');
    // Remembered for the first frame of the next start (lib/theme.ts initialTheme).
    expect(localStorage.getItem('elftia.theme')).toBe('light');
  });

  it('follows the system while set to System, and stops following when a theme is chosen', async () => {
    const system = systemAppearance(true);
    const api = new FakeApi();
    api.settingsValue = { language: 'en', theme: 'system' };
    renderApp(<ThemeSection />, { api });
    await waitFor(() => expect(theme()).toBe('dark'));
    system.switchTo(false);
    expect(theme()).toBe('light');

    fireEvent.click(screen.getByRole('radio', { name: 'Dark' }));
    await waitFor(() => expect(theme()).toBe('dark'));
    expect(system.listening()).toBe(0);
    system.switchTo(false);
    expect(theme()).toBe('dark');
  });

  it('says why a choice was not saved, in the UI language, and keeps the theme shown', async () => {
    systemAppearance(false);
    const api = new FakeApi();
    api.settingsValue = { language: 'ja', theme: 'light' };
    api.failures.set('settings.setTheme', new FakeTrpcError({ code: 'DISK_FULL', params: { path: '/data/elftia.db' } }));
    renderApp(<ThemeSection />, { api, language: 'ja' });
    await waitFor(() => expect(theme()).toBe('light'));
    fireEvent.click(screen.getByRole('radio', { name: 'ダーク' }));
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('/data/elftia.db');
    expect(alert.textContent).not.toMatch(/DISK_FULL|\{\{|disk/i);
    expect(theme()).toBe('light');
    expect(screen.getByRole('group', { name: 'テーマ' })).toBeTruthy();
  });
});
