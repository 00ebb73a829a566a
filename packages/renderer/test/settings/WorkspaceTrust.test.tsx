import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ServersSection } from '../../src/features/settings/components/tabs/tools-tab/ServersSection';
import { FakeApi, FakeTrpcError } from '../fakes/FakeApi';
import { renderApp } from '../helpers/renderApp';

const WORKSPACE = '/home/ada/code/app';

/** A workspace with a global `search`, and a project file with an untrusted stdio `build` and remote `docs`. */
function withWorkspace(): FakeApi {
  const api = new FakeApi();
  api.settingsValue = { language: 'en' };
  api.seed({ name: 'search', type: 'stdio', command: 'npx', args: ['-y', 'search-server'] });
  api.fakeWorkspace.open(WORKSPACE);
  api.fakeWorkspace.seedProject({ name: 'build', type: 'stdio', command: 'node', args: ['tools/mcp server.js', '--port', '0'], env: { BUILD_TOKEN: 'x', DEBUG: '1' } });
  api.fakeWorkspace.seedProject({ name: 'docs', type: 'http', url: 'https://docs.example.com/mcp', headers: {} });
  return api;
}

const rowOf = (name: string) => screen.getByRole('row', { name: new RegExp(`^${name} `) });
const groupOf = (name: string) => rowOf(name).closest('tbody') as HTMLElement;

async function openWorkspaceMenu() {
  const trigger = await screen.findByTestId('workspace-picker');
  trigger.focus();
  fireEvent.keyDown(trigger, { key: 'Enter' });
  return screen.findByRole('menu');
}

describe('project servers and workspace trust', () => {
  it('shows an untrusted project server as needing approval, not as a failure, with nothing started', async () => {
    renderApp(<ServersSection />, { api: withWorkspace() });
    await waitFor(() => expect(rowOf('build')).toBeTruthy());

    const build = within(groupOf('build'));
    const badge = build.getByTestId('mcp-server-status');
    expect(badge.textContent).toBe('Needs your approval');
    expect(badge.dataset.tone).toBe('approval');
    expect(badge.className).not.toContain('badge--error');
    expect(build.queryByTestId('mcp-server-error')).toBeNull();
    expect(build.queryByRole('alert')).toBeNull();
    expect(build.getByTestId('mcp-server-needs-approval').textContent).toContain('runs only after you approve its command');
  });

  it('shows the exact command line and the env names, and "Not now" (focused first) trusts nothing', async () => {
    const { api } = renderApp(<ServersSection />, { api: withWorkspace() });
    fireEvent.click(await screen.findByRole('button', { name: 'Review build before it runs' }));

    const dialog = screen.getByRole('dialog', { name: 'Run “build” from this project?' });
    expect(within(dialog).getByTestId('trust-command-line').textContent).toBe(`node 'tools/mcp server.js' --port 0`);
    expect(within(dialog).getAllByRole('listitem').map((item) => item.textContent)).toEqual(['BUILD_TOKEN', 'DEBUG']);
    expect(dialog.textContent).toContain(`${WORKSPACE}/.elftia/mcp.json`);
    expect(dialog.textContent).not.toContain('x');
    const notNow = within(dialog).getByRole('button', { name: 'Not now' });
    await waitFor(() => expect(document.activeElement).toBe(notNow));

    fireEvent.click(notNow);
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(api.callsTo('mcp.trust')).toEqual([]);
    expect(within(groupOf('build')).getByTestId('mcp-server-status').textContent).toBe('Needs your approval');
  });

  it('"Trust and start" trusts the server, which then connects', async () => {
    const { api } = renderApp(<ServersSection />, { api: withWorkspace() });
    fireEvent.click(await screen.findByRole('button', { name: 'Review build before it runs' }));
    fireEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Trust and start' }));

    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(api.callsTo('mcp.trust')).toEqual([{ id: 'project:build' }]);
    const build = within(groupOf('build'));
    expect(build.getByTestId('mcp-server-status').textContent).toBe('Connecting…');
    expect(build.queryByTestId('mcp-server-needs-approval')).toBeNull();
  });

  it('withdraws the approval of a trusted project server, which then needs approval again', async () => {
    const api = withWorkspace();
    renderApp(<ServersSection />, { api });
    expect(await screen.findAllByRole('button', { name: /^Review / })).toHaveLength(2);
    expect(screen.queryByRole('button', { name: 'Withdraw the approval of build' })).toBeNull();
    await act(() => api.mcp.trust.mutate({ id: 'project:build' }));

    fireEvent.click(screen.getByRole('button', { name: 'Details for build' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Withdraw the approval of build' }));
    await waitFor(() => expect(within(groupOf('build')).getByTestId('mcp-server-status').textContent).toBe('Needs your approval'));
    expect(api.callsTo('mcp.untrust')).toEqual([{ id: 'project:build' }]);
  });

  it('keeps the dialog open and says why when trusting fails', async () => {
    const api = withWorkspace();
    api.failures.set('mcp.trust', new FakeTrpcError({ code: 'SERVER_NOT_FOUND', params: { id: 'project:build' } }));
    renderApp(<ServersSection />, { api });
    fireEvent.click(await screen.findByRole('button', { name: 'Review build before it runs' }));
    fireEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Trust and start' }));

    expect((await within(screen.getByRole('dialog')).findByRole('alert')).textContent).toBe('That MCP server is not configured.');
  });

  it('shows a remote project server’s address to approve', async () => {
    renderApp(<ServersSection />, { api: withWorkspace() });
    await waitFor(() => expect(rowOf('docs')).toBeTruthy());
    expect(within(groupOf('docs')).getByTestId('mcp-server-needs-approval').textContent).toContain('connects only after you approve its address');
    fireEvent.click(screen.getByRole('button', { name: 'Review docs before it runs' }));

    const dialog = screen.getByRole('dialog', { name: 'Run “docs” from this project?' });
    expect(within(dialog).getByTestId('trust-url').textContent).toBe('https://docs.example.com/mcp');
    expect(within(dialog).queryByTestId('trust-command-line')).toBeNull();
  });

  it('asks again when the backend says the changed command is not approved', async () => {
    const api = withWorkspace();
    renderApp(<ServersSection />, { api });
    await act(() => api.mcp.trust.mutate({ id: 'project:build' }));
    await waitFor(() => expect(within(groupOf('build')).getByTestId('mcp-server-status').textContent).toBe('Connecting…'));

    // The file's command changed: the backend reports the new form as untrusted.
    act(() => void api.fakeWorkspace.seedProject({ name: 'build', type: 'stdio', command: 'node', args: ['other.js'] }));
    expect(within(groupOf('build')).getByTestId('mcp-server-status').textContent).toBe('Needs your approval');
    fireEvent.click(screen.getByRole('button', { name: 'Review build before it runs' }));
    expect(within(screen.getByRole('dialog')).getByTestId('trust-command-line').textContent).toBe('node other.js');
  });

  it('shows where each server comes from, and a global server a project server hides', async () => {
    const api = withWorkspace();
    api.fakeWorkspace.seedProject({ name: 'search', type: 'stdio', command: 'node', args: ['local-search.js'] }, true);
    renderApp(<ServersSection />, { api });
    await waitFor(() => expect(screen.getAllByTestId('mcp-server-row')).toHaveLength(4));

    const [globalSearch, projectSearch] = screen.getAllByRole('row', { name: /^search / }).map((row) => row.closest('tbody') as HTMLElement);
    expect(within(globalSearch!).getByTestId('mcp-server-origin').textContent).toContain('Global');
    expect(within(globalSearch!).getByTestId('mcp-server-status').textContent).toBe('Hidden');
    expect(within(globalSearch!).getByTestId('mcp-server-overridden').textContent).toBe('Overridden by the project’s “search”');

    const origin = within(projectSearch!).getByTestId('mcp-server-origin');
    expect(origin.textContent).toContain('Project');
    expect(origin.textContent).toContain('from .elftia/mcp.json');
    expect(within(origin).getByTitle(`${WORKSPACE}/.elftia/mcp.json`)).toBeTruthy();
    // Changed in the file, not through the form: no switch, Edit or Delete.
    expect(within(projectSearch!).queryByRole('switch')).toBeNull();
    expect(within(projectSearch!).queryByRole('button', { name: 'Edit search' })).toBeNull();
    expect(within(projectSearch!).queryByRole('button', { name: 'Delete search' })).toBeNull();
  });

  it('copies a project server to global and a global one to the project', async () => {
    const { api } = renderApp(<ServersSection />, { api: withWorkspace() });
    // In the details: the row's icons would push the table past the pane at 900 px.
    fireEvent.click(await screen.findByRole('button', { name: 'Details for build' }));
    fireEvent.click(screen.getByRole('button', { name: 'Copy build to the global servers' }));
    expect(await screen.findByText('“build” was copied to the global servers.')).toBeTruthy();
    expect(api.callsTo('mcp.copyToGlobal')).toEqual([{ id: 'project:build' }]);
    expect(api.servers.map((server) => server.name)).toEqual(['search', 'build']);

    fireEvent.click(screen.getByRole('button', { name: 'Details for search' }));
    fireEvent.click(screen.getByRole('button', { name: 'Copy search to the project file' }));
    expect(await screen.findByText('“search” was copied to the project file.')).toBeTruthy();
    expect(api.callsTo('mcp.copyToProject')).toEqual([{ id: 'srv-1' }]);
  });

  it('offers no copy to the project without a workspace', async () => {
    const api = new FakeApi();
    api.settingsValue = { language: 'en' };
    api.seed({ name: 'search', type: 'stdio', command: 'npx' });
    renderApp(<ServersSection />, { api });
    await waitFor(() => expect(rowOf('search')).toBeTruthy());
    fireEvent.click(screen.getByRole('button', { name: 'Details for search' }));
    expect(screen.queryByTestId('mcp-server-origin-actions')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Copy search to the project file' })).toBeNull();
    expect(screen.getByTestId('workspace-picker').textContent).toBe('None');
  });

  it('shows a broken project file’s error: file, line, entry and field', async () => {
    const api = withWorkspace();
    api.fakeWorkspace.setProblem({ code: 'commandAndUrl', file: `${WORKSPACE}/.elftia/mcp.json`, line: 4, column: 7, entry: 'build', field: 'url' });
    renderApp(<ServersSection />, { api });

    const problem = await screen.findByTestId('project-file-problem');
    expect(within(problem).getByRole('alert').textContent).toBe('A server in the project file has both a command and a URL; it needs one of them.');
    expect(problem.textContent).toContain(`${WORKSPACE}/.elftia/mcp.json`);
    expect(problem.textContent).toContain('line 4, column 7, server “build”, field “url”');
    expect(problem.textContent).toContain('your global servers keep running');
    expect(rowOf('search')).toBeTruthy();
  });
});

describe('the workspace picker', () => {
  it('shows the open workspace and its project file', async () => {
    renderApp(<ServersSection />, { api: withWorkspace() });
    const picker = await screen.findByTestId('workspace-picker');
    await waitFor(() => expect(picker.textContent).toBe('app'));
    expect(picker.getAttribute('aria-label')).toBe(`Workspace: ${WORKSPACE}. Change the workspace`);
    expect(screen.getByTestId('workspace-project-file').textContent).toBe(`${WORKSPACE}/.elftia/mcp.json servers defined: 2`);
  });

  it('opens a folder typed in the browser, and says so when it does not exist', async () => {
    const api = new FakeApi();
    api.settingsValue = { language: 'en' };
    api.fakeWorkspace.missingFolders.add('/nowhere');
    renderApp(<ServersSection />, { api });
    fireEvent.click(within(await openWorkspaceMenu()).getByRole('menuitem', { name: 'Open folder…' }));

    const dialog = await screen.findByRole('dialog', { name: 'Open a workspace folder' });
    const field = within(dialog).getByLabelText('Folder');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Open' }));
    expect(within(dialog).getByText('This field is required.')).toBeTruthy();
    fireEvent.change(field, { target: { value: '/nowhere' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Open' }));
    expect((await within(dialog).findByRole('alert')).textContent).toBe('The workspace folder /nowhere does not exist.');

    fireEvent.change(field, { target: { value: WORKSPACE } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Open' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(api.callsTo('workspace.open')).toEqual([{ path: '/nowhere' }, { path: WORKSPACE }]);
    await waitFor(() => expect(screen.getByTestId('workspace-picker').textContent).toBe('app'));
  });

  it('uses the system folder chooser where there is one', async () => {
    const api = new FakeApi();
    api.settingsValue = { language: 'en' };
    api.folderChooser = () => WORKSPACE;
    renderApp(<ServersSection />, { api });
    await waitFor(() => expect(api.callsTo('dialogs.folderPicker')).toHaveLength(1));
    await act(async () => {});
    fireEvent.click(within(await openWorkspaceMenu()).getByRole('menuitem', { name: 'Open folder…' }));

    await waitFor(() => expect(api.callsTo('workspace.open')).toEqual([{ path: WORKSPACE }]));
    expect(api.callsTo('dialogs.pickFolder')).toHaveLength(1);
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('lists recent workspaces to reopen, and closes the workspace', async () => {
    const api = withWorkspace();
    api.fakeWorkspace.recent = [
      { path: WORKSPACE, name: 'app', openedAt: new Date(0).toISOString(), exists: true },
      { path: '/home/ada/code/site', name: 'site', openedAt: new Date(0).toISOString(), exists: true },
      { path: '/home/ada/old', name: 'old', openedAt: new Date(0).toISOString(), exists: false },
    ];
    renderApp(<ServersSection />, { api });
    await waitFor(() => expect(screen.getByTestId('workspace-picker').textContent).toBe('app'));

    let menu = await openWorkspaceMenu();
    const site = await within(menu).findByRole('menuitem', { name: /^site/ });
    expect(within(menu).getByRole('menuitem', { name: /^old/ }).getAttribute('aria-disabled')).toBe('true');
    // The open one is not offered again.
    expect(within(menu).queryByRole('menuitem', { name: /^app/ })).toBeNull();
    fireEvent.click(site);
    await waitFor(() => expect(screen.getByTestId('workspace-picker').textContent).toBe('site'));
    expect(api.callsTo('workspace.open')).toEqual([{ path: '/home/ada/code/site' }]);

    menu = await openWorkspaceMenu();
    fireEvent.click(within(menu).getByRole('menuitem', { name: 'Close workspace' }));
    await waitFor(() => expect(screen.getByTestId('workspace-picker').textContent).toBe('None'));
    expect(api.callsTo('workspace.close')).toHaveLength(1);
  });

  it('is translated', async () => {
    const api = withWorkspace();
    api.settingsValue = { language: 'ja' };
    renderApp(<ServersSection />, { api, language: 'ja' });
    expect(await screen.findByText('ワークスペース：')).toBeTruthy();
    await waitFor(() => expect(within(groupOf('build')).getByTestId('mcp-server-status').textContent).toBe('承認が必要です'));
  });
});
