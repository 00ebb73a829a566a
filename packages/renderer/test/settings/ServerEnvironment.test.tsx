/**
 * What a stdio server may read of the user's environment, in Settings → Servers: the form's copied
 * variables and "inherit my whole environment" switch, and the names the details panel lists. Main
 * resolves copied names and lists the names a server gets (desktop/test/runtime/serverEnvironment.test.ts);
 * here the FakeApi answers what a test tells it to.
 */
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ServersSection } from '../../src/features/settings/components/tabs/tools-tab/ServersSection';
import { FakeApi } from '../fakes/FakeApi';
import { validationError } from '../fakes/CallRecorder';
import { renderApp } from '../helpers/renderApp';

function seeded(): FakeApi {
  const api = new FakeApi();
  api.settingsValue = { language: 'en' };
  api.seed({ name: 'everything', type: 'stdio', command: 'node', args: ['server.js'], env: { DEBUG: '1' } });
  return api;
}

async function openAddForm() {
  fireEvent.click(await screen.findByRole('button', { name: 'Add server' }));
  const dialog = within(screen.getByRole('dialog', { name: 'Add MCP server' }));
  fireEvent.change(dialog.getByLabelText('Name'), { target: { value: 'github' } });
  fireEvent.change(dialog.getByLabelText('Command'), { target: { value: 'npx' } });
  return dialog;
}

describe('the environment of a stdio server in Settings → Servers', () => {
  it('copies a variable from the app’s environment: its names are offered, no value is held, main resolves it', async () => {
    const { api } = renderApp(<ServersSection />, { api: seeded() });
    const dialog = await openAddForm();
    fireEvent.click(dialog.getByRole('button', { name: 'Copy from my environment' }));
    const name = dialog.getByLabelText<HTMLInputElement>('Variable to copy 1');
    await waitFor(() => expect([...name.list!.options].map((o) => o.value)).toEqual(['HOME', 'LANG', 'OPENAI_API_KEY', 'PATH']));
    expect(document.activeElement).toBe(name);
    fireEvent.change(name, { target: { value: 'OPENAI_API_KEY' } });
    // The row has no value field: the form never holds the secret.
    expect(dialog.queryByLabelText('Variable value 1')).toBeNull();
    expect(dialog.getByText('Its value is copied from Elftia’s environment when you save.')).toBeTruthy();
    fireEvent.click(dialog.getByRole('button', { name: 'Save' }));

    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    // Only the name goes to main, which copies the value from its own environment.
    expect(api.callsTo('mcp.add')).toEqual([{ name: 'github', type: 'stdio', command: 'npx', args: [], env: {}, watchPaths: [], copyEnv: ['OPENAI_API_KEY'], timeoutSec: 60, enabled: true }]);
  });

  it('shows main’s answer under the row when a copied name is not set, and a name used twice', async () => {
    const { api } = renderApp(<ServersSection />, { api: seeded() });
    const dialog = await openAddForm();
    fireEvent.click(dialog.getByRole('button', { name: 'Add variable' }));
    fireEvent.change(dialog.getByLabelText('Variable name 1'), { target: { value: 'GITHUB_TOKEN' } });
    fireEvent.change(dialog.getByLabelText('Variable value 1'), { target: { value: 'x' } });
    fireEvent.click(dialog.getByRole('button', { name: 'Copy from my environment' }));
    fireEvent.change(dialog.getByLabelText('Variable to copy 2'), { target: { value: 'GITHUB_TOKEN' } });
    fireEvent.click(dialog.getByRole('button', { name: 'Save' }));
    expect(await dialog.findByText('This name is already used in another row.')).toBeTruthy();

    api.failures.set('mcp.add', validationError([{ field: 'copyEnv.0', code: 'envNotSet', params: { name: 'NOT_SET_HERE' } }]));
    fireEvent.change(dialog.getByLabelText('Variable to copy 2'), { target: { value: 'NOT_SET_HERE' } });
    fireEvent.click(dialog.getByRole('button', { name: 'Save' }));
    expect(await dialog.findByText('“NOT_SET_HERE” is not set in the app’s environment.')).toBeTruthy();
    expect(dialog.getByLabelText('Variable to copy 2').getAttribute('aria-invalid')).toBe('true');
  });

  it('keeps "inherit my whole environment" off unless switched on, with a warning once it is', async () => {
    const { api } = renderApp(<ServersSection />, { api: seeded() });
    const dialog = await openAddForm();
    const inherit = dialog.getByRole('checkbox', { name: 'Inherit my whole environment' });
    expect((inherit as HTMLInputElement).checked).toBe(false);
    expect(dialog.getByText(/not your API keys/)).toBeTruthy();
    fireEvent.click(inherit);
    expect(dialog.getByText(/can read every variable of your environment, API keys and tokens included/)).toBeTruthy();
    fireEvent.click(dialog.getByRole('button', { name: 'Save' }));

    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(api.callsTo('mcp.add')).toMatchObject([{ name: 'github', inheritEnv: true }]);
    // Edit: prefilled on, and switching it off stores it off.
    fireEvent.click(await screen.findByRole('button', { name: 'Edit github' }));
    const edit = within(screen.getByRole('dialog', { name: 'Edit MCP server' }));
    const prefilled = edit.getByRole('checkbox', { name: 'Inherit my whole environment' });
    expect((prefilled as HTMLInputElement).checked).toBe(true);
    fireEvent.click(prefilled);
    fireEvent.click(edit.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(api.servers[1]?.config.inheritEnv).toBe(false);
  });

  it('lists in the details the names the server gets, grouped by source, never a value', async () => {
    const api = seeded();
    api.seed({ name: 'trusted', type: 'stdio', command: 'uvx', args: ['srv'], inheritEnv: true });
    const app = ['HOME', 'LANG', 'PATH'].map((name) => ({ name, source: 'app' as const }));
    const elftia = { name: 'ELFTIA_PROCESS_TREE', source: 'elftia' as const };
    api.envNames.set('srv-1', { inheritEnv: false, names: [{ name: 'DEBUG', source: 'server' }, elftia, ...app] });
    api.envNames.set('srv-2', { inheritEnv: true, names: [elftia, ...app, { name: 'OPENAI_API_KEY', source: 'app' }] });
    renderApp(<ServersSection />, { api });
    fireEvent.click(await screen.findByRole('button', { name: 'Details for everything' }));
    const details = within(screen.getByRole('region', { name: 'Details of everything' }));
    const names = await details.findByTestId('mcp-server-env-names');
    expect(within(names).getByText('Variables it is started with: 5. Names only; values are never shown here.')).toBeTruthy();
    const group = (label: string) => within(within(names).getByText(label).closest('.env-names__group') as HTMLElement).getAllByText(/^[A-Z_]+$/).map((e) => e.textContent);
    expect(group('Its own')).toEqual(['DEBUG']);
    expect(group('From your environment')).toEqual(['HOME', 'LANG', 'PATH']);
    expect(group('Added by Elftia')).toEqual(['ELFTIA_PROCESS_TREE']);
    expect(names.textContent).not.toContain('OPENAI_API_KEY');
    expect(names.textContent).not.toContain('/home/ada');

    fireEvent.click(screen.getByRole('button', { name: 'Details for trusted' }));
    const trusted = within(screen.getByRole('region', { name: 'Details of trusted' }));
    expect(await trusted.findByText(/It gets your whole environment \(5 variables\), API keys included/)).toBeTruthy();
    expect(within(trusted.getByTestId('mcp-server-env-names')).getByText('OPENAI_API_KEY')).toBeTruthy();
  });
});
