import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ServersSection } from '../../src/features/settings/components/tabs/tools-tab/ServersSection';
import { FakeApi } from '../fakes/FakeApi';
import { validationError } from '../fakes/CallRecorder';
import { renderApp } from '../helpers/renderApp';

function seeded(): FakeApi {
  const api = new FakeApi();
  api.settingsValue = { language: 'en' };
  api.seed({ name: 'everything', type: 'stdio', command: 'node', args: ['server.js', 'stdio'], env: { DEBUG: '1' }, watchPaths: ['src'], timeoutSec: 60 });
  api.seed({ name: 'remote', type: 'http', url: 'https://example.com/mcp', headers: {}, enabled: false });
  return api;
}

const rows = () => screen.getAllByTestId('mcp-server-row');
const rowOf = (name: string) => screen.getByRole('row', { name: new RegExp(`^${name} `) });

describe('ServersSection', () => {
  it('lists the servers with transport, status and enabled switch', async () => {
    renderApp(<ServersSection />, { api: seeded() });
    await waitFor(() => expect(rows()).toHaveLength(2));

    const everything = within(rowOf('everything'));
    expect(everything.getByText('stdio')).toBeTruthy();
    expect(everything.getByTestId('mcp-server-status').textContent).toBe('Not connected');
    expect(everything.getByRole<HTMLInputElement>('switch', { name: 'Enable everything' }).checked).toBe(true);

    const remote = within(rowOf('remote'));
    expect(remote.getByText('Streamable HTTP')).toBeTruthy();
    expect(remote.getByTestId('mcp-server-status').textContent).toBe('Disabled');
    expect(remote.getByRole<HTMLInputElement>('switch', { name: 'Enable remote' }).checked).toBe(false);
  });

  it('says so when there are no servers', async () => {
    renderApp(<ServersSection />);
    expect(await screen.findByText('No MCP servers yet. Add one to give the assistant tools.')).toBeTruthy();
  });

  it('follows changes made elsewhere (the CLI) without a reload', async () => {
    const api = seeded();
    renderApp(<ServersSection />, { api });
    await waitFor(() => expect(rows()).toHaveLength(2));
    act(() => void api.seed({ name: 'from-cli', type: 'sse', url: 'http://127.0.0.1:3001/sse' }));
    expect(rowOf('from-cli')).toBeTruthy();
  });

  it('adds a server through the form', async () => {
    const { api } = renderApp(<ServersSection />);
    fireEvent.click(await screen.findByRole('button', { name: 'Add server' }));
    const dialog = screen.getByRole('dialog', { name: 'Add MCP server' });
    fireEvent.change(within(dialog).getByLabelText('Name'), { target: { value: 'fs' } });
    fireEvent.change(within(dialog).getByLabelText('Command'), { target: { value: 'npx' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));

    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(api.callsTo('mcp.add')).toEqual([{ name: 'fs', type: 'stdio', command: 'npx', args: [], env: {}, watchPaths: [], timeoutSec: 60, enabled: true }]);
    expect(rowOf('fs')).toBeTruthy();
  });

  it('shows the router’s duplicate-name error under Name and keeps the dialog', async () => {
    const api = seeded();
    // The rule itself is the router's (desktop/test/routers/names.test.ts; e2e/settings-sections.spec.ts through the host).
    api.failures.set('mcp.add', validationError([{ field: 'name', code: 'duplicate', params: { name: 'everything' } }]));
    renderApp(<ServersSection />, { api });
    fireEvent.click(await screen.findByRole('button', { name: 'Add server' }));
    const dialog = screen.getByRole('dialog', { name: 'Add MCP server' });
    fireEvent.change(within(dialog).getByLabelText('Name'), { target: { value: 'Everything' } });
    fireEvent.change(within(dialog).getByLabelText('Command'), { target: { value: 'node' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));

    expect(await within(dialog).findByText('The name “everything” is already used.')).toBeTruthy();
    expect(within(dialog).getByLabelText('Name').getAttribute('aria-invalid')).toBe('true');
    expect(within(dialog).getByLabelText<HTMLInputElement>('Command').value).toBe('node');
    expect(api.servers).toHaveLength(2);

    // Editing the name clears the router's verdict until the next save.
    fireEvent.change(within(dialog).getByLabelText('Name'), { target: { value: 'everything-2' } });
    expect(within(dialog).queryByText('The name “everything” is already used.')).toBeNull();
  });

  it('edits a server in the same form, prefilled', async () => {
    const api = seeded();
    renderApp(<ServersSection />, { api });
    fireEvent.click(await screen.findByRole('button', { name: 'Edit everything' }));
    const dialog = screen.getByRole('dialog', { name: 'Edit MCP server' });
    expect(within(dialog).getByLabelText<HTMLInputElement>('Name').value).toBe('everything');
    expect(within(dialog).getByLabelText<HTMLSelectElement>('Transport').value).toBe('stdio');
    expect(within(dialog).getByLabelText<HTMLInputElement>('Argument 2').value).toBe('stdio');
    expect(within(dialog).getByLabelText<HTMLInputElement>('Variable value 1').value).toBe('1');
    expect(within(dialog).getByLabelText<HTMLInputElement>('Watch path 1').value).toBe('src');

    fireEvent.change(within(dialog).getByLabelText('Timeout (seconds)'), { target: { value: '120' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Add watch path' }));
    fireEvent.change(within(dialog).getByLabelText('Watch path 2'), { target: { value: 'package.json' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(api.callsTo('mcp.update')).toEqual([
      { id: 'srv-1', name: 'everything', type: 'stdio', command: 'node', args: ['server.js', 'stdio'], env: { DEBUG: '1' }, watchPaths: ['src', 'package.json'], timeoutSec: 120, enabled: true },
    ]);
    // Stored, so the next edit shows both.
    expect(api.servers[0]?.config.watchPaths).toEqual(['src', 'package.json']);
  });

  it('deletes only after confirmation', async () => {
    const api = seeded();
    renderApp(<ServersSection />, { api });
    fireEvent.click(await screen.findByRole('button', { name: 'Delete remote' }));
    let dialog = screen.getByRole('dialog', { name: 'Delete “remote”?' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(api.callsTo('mcp.remove')).toEqual([]);

    fireEvent.click(screen.getByRole('button', { name: 'Delete remote' }));
    dialog = screen.getByRole('dialog', { name: 'Delete “remote”?' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(screen.queryByRole('row', { name: /^remote / })).toBeNull());
    expect(api.callsTo('mcp.remove')).toEqual([{ id: 'srv-2' }]);
  });

  it('after a confirmed Delete, focus moves to the next row’s Delete button, and to Add server once no row is left', async () => {
    const api = seeded();
    renderApp(<ServersSection />, { api });
    const deleteEverything = await screen.findByRole('button', { name: 'Delete everything' });
    deleteEverything.focus();
    fireEvent.click(deleteEverything);
    fireEvent.click(within(screen.getByRole('dialog', { name: 'Delete “everything”?' })).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Delete remote' })));
    expect(screen.queryByRole('button', { name: 'Delete everything' })).toBeNull();

    fireEvent.click(screen.getByRole('button', { name: 'Delete remote' }));
    fireEvent.click(within(screen.getByRole('dialog', { name: 'Delete “remote”?' })).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Add server' })));
  });

  it('enables and disables a server from its switch', async () => {
    const api = seeded();
    renderApp(<ServersSection />, { api });
    fireEvent.click(await screen.findByRole('switch', { name: 'Enable everything' }));
    await waitFor(() => expect(within(rowOf('everything')).getByTestId('mcp-server-status').textContent).toBe('Disabled'));
    expect(api.callsTo('mcp.setEnabled')).toEqual([{ id: 'srv-1', enabled: false }]);
  });
});
