import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { RuntimePanel } from '../../src/features/settings/components/tabs/tools-tab/runtime/RuntimePanel';
import { SettingsView } from '../../src/features/settings/SettingsView';
import { FakeApi } from '../fakes/FakeApi';
import { renderApp } from '../helpers/renderApp';

function setup(): FakeApi {
  const api = new FakeApi();
  api.settingsValue = { language: 'en' };
  return api;
}

const panel = () => screen.getByRole('region', { name: 'Runtimes' });
const row = (command: string) => within(panel()).getAllByTestId('runtime-row').find((r) => r.dataset.command === command)!;

describe('Settings → Runtimes', () => {
  it('lists each runtime found, with version and path', async () => {
    const api = setup();
    renderApp(<RuntimePanel />, { api });
    await waitFor(() => expect(screen.getByTestId('runtimes-summary').textContent).toBe('All found'));
    expect(within(row('npx')).getByText('/usr/bin/npx')).toBeTruthy();
    expect(within(panel()).queryByRole('button', { name: /^Install/ })).toBeNull();
  });

  it('offers one install per missing runtime, and looks again after it', async () => {
    const api = setup();
    api.dependencies.set('uv', { command: 'uv', found: false, searched: 12 });
    api.dependencies.set('uvx', { command: 'uvx', found: false, searched: 12 });
    renderApp(<RuntimePanel />, { api });
    await waitFor(() => expect(screen.getByTestId('runtimes-summary').textContent).toBe('2 missing'));
    expect(within(row('uvx')).getByText('Missing')).toBeTruthy();
    expect(within(row('uvx')).getByText('Not found in 12 folders')).toBeTruthy();
    expect(within(panel()).getAllByRole('button', { name: /^Install/ }).map((b) => b.textContent)).toEqual(['Install uv']);

    fireEvent.click(within(panel()).getByRole('button', { name: 'Install uv' }));
    const dialog = await screen.findByRole('dialog', { name: 'Install uv' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Install uv' }));
    expect(api.callsTo('mcp.dependencies.install')).toEqual([{ command: 'uv' }]);
    api.dependencies.set('uv', { command: 'uv', found: true, version: '0.9.7', path: '/home/me/.local/bin/uv', searched: 12 });
    api.dependencies.set('uvx', { command: 'uvx', found: true, version: '0.9.7', path: '/home/me/.local/bin/uvx', searched: 12 });
    act(() => api.emitInstall('uv', { type: 'result', result: { status: 'installed', command: 'uv', version: '0.9.7', path: '/home/me/.local/bin/uv', method: 'uv-script-sh' } }));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Continue' }));

    await waitFor(() => expect(screen.getByTestId('runtimes-summary').textContent).toBe('All found'));
    expect(within(row('uvx')).getByText('/home/me/.local/bin/uvx')).toBeTruthy();
    expect(api.callsTo('mcp.dependencies.checkAll')).toHaveLength(2);
  });

  it('looks again on every visit, and when asked', async () => {
    const api = setup();
    renderApp(<SettingsView initialSection="runtimes" />, { api });
    await waitFor(() => expect(screen.getByTestId('runtimes-summary').textContent).toBe('All found'));
    fireEvent.mouseDown(screen.getByRole('tab', { name: 'Servers' }));
    await screen.findByRole('region', { name: 'MCP servers' });
    // Installed in a terminal meanwhile, or removed.
    api.dependencies.set('uvx', { command: 'uvx', found: false, searched: 12 });
    fireEvent.mouseDown(screen.getByRole('tab', { name: 'Runtimes' }));
    await waitFor(() => expect(screen.getByTestId('runtimes-summary').textContent).toBe('1 missing'));
    api.dependencies.delete('uvx');
    fireEvent.click(screen.getByRole('button', { name: 'Check again' }));
    await waitFor(() => expect(screen.getByTestId('runtimes-summary').textContent).toBe('All found'));
  });
});
