/**
 * A failing server's row says what went wrong in a few translated words and offers what fixes it:
 * the runtime install for a missing runner, Edit for refused credentials, the log for a crash, a
 * retry, and the details for a tool left out for its schema.
 */
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { McpServiceErrorData } from '@elftia/desktop/shared/contracts/mcp-connection.ts';
import { ServersSection } from '../../src/features/settings/components/tabs/tools-tab/ServersSection';
import { FakeApi } from '../fakes/FakeApi';
import { renderApp } from '../helpers/renderApp';

function failing(server: Parameters<FakeApi['seed']>[0], lastError: McpServiceErrorData, language: 'en' | 'zh' | 'ja' = 'en') {
  const api = new FakeApi();
  api.settingsValue = { language };
  const { id } = api.seed(server);
  api.setConnection(id, { status: 'error', consecutiveErrors: 1, lastError });
  renderApp(<ServersSection />, { api, language });
  return { api, id };
}

const notice = async () => within(await screen.findByTestId('mcp-server-error'));
const headline = async () => (await notice()).getByRole('alert').textContent;
const actions = async () => (await notice()).getAllByRole('button').map((button) => button.textContent);

describe('actionable failures in Settings → Servers', () => {
  it('a runner that is not installed: “Command not found: uvx”, and Install uv runs the install, then starts the server again', async () => {
    const { api, id } = failing(
      { name: 'fetch', type: 'stdio', command: 'uvx', args: ['mcp-server-fetch==2025.4.7'] },
      { code: 'CONNECT_FAILED', params: { cause: 'commandNotFound', command: 'uvx', reason: 'commandNotFound', detail: 'uvx not found. Searched 9 PATH entries.' } },
    );
    expect(await headline()).toBe('Command not found: uvx');
    expect(await actions()).toEqual(['Install uv', 'Edit server']);
    expect((await notice()).getByRole('button', { name: 'Install uv' }).className).toContain('button--primary');

    fireEvent.click((await notice()).getByRole('button', { name: 'Install uv' }));
    const dialog = await screen.findByRole('dialog', { name: 'Install uv' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Install uv' }));
    expect(api.callsTo('mcp.dependencies.install')).toEqual([{ command: 'uvx' }]);
    act(() => api.emitInstall('uvx', { type: 'result', result: { status: 'installed', command: 'uvx', version: '0.9.0', path: '/home/me/.local/bin/uvx', method: 'uv-script-sh' } }));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Continue' }));
    await waitFor(() => expect(api.callsTo('mcp.restart')).toEqual([{ id }]));
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('refused credentials: “HTTP 401 … check the key”, and Check the key opens Edit', async () => {
    failing({ name: 'remote', type: 'http', url: 'https://example.com/mcp', headers: { Authorization: 'Bearer old' } }, { code: 'CONNECT_FAILED', params: { cause: 'httpStatus', httpStatus: 401 } });
    expect(await headline()).toBe('HTTP 401: the server refused the credentials — check the key');
    fireEvent.click((await notice()).getByRole('button', { name: 'Check the key' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit MCP server' });
    expect(within(dialog).getByLabelText<HTMLInputElement>('Header name 1').value).toBe('Authorization');
  });

  it('a crash: “exited with code 1”, and Show log opens the details at the log, focused', async () => {
    const { api, id } = failing(
      { name: 'crashy', type: 'stdio', command: 'node', args: ['server.js'] },
      { code: 'CONNECT_FAILED', params: { cause: 'exit', exitCode: 1, detail: 'server process exited with code 1\nError: Cannot find module' } },
    );
    api.log(id, 'stderr', 'Error: Cannot find module');
    expect(await headline()).toBe('The server exited with code 1');
    expect(await actions()).toEqual(['Show log', 'Try again']);
    expect(screen.queryByRole('region', { name: 'Details of crashy' })).toBeNull();

    fireEvent.click((await notice()).getByRole('button', { name: 'Show log' }));
    const details = within(await screen.findByRole('region', { name: 'Details of crashy' }));
    await waitFor(() => expect(document.activeElement).toBe(details.getByRole('heading', { name: 'Log' })));
    expect(await details.findByText('Error: Cannot find module')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Details for crashy' }).getAttribute('aria-expanded')).toBe('true');

    fireEvent.click((await notice()).getByRole('button', { name: 'Try again' }));
    await waitFor(() => expect(api.callsTo('mcp.restart')).toEqual([{ id }]));
  });

  it('a tool left out for its schema: named in the row, Show details opens the list of what was left out', async () => {
    const api = new FakeApi();
    api.settingsValue = { language: 'en' };
    const { id } = api.seed({ name: 'sloppy', type: 'stdio', command: 'node' });
    api.setConnection(id, { status: 'connected', toolCount: 3, skippedCount: 1, skipped: [{ kind: 'tool', name: 'echo', reason: 'invalidField', field: 'inputSchema', detail: 'expected object' }] });
    renderApp(<ServersSection />, { api });
    const skipped = await screen.findByTestId('mcp-server-skipped-notice');
    expect(within(skipped).getByTestId('mcp-server-skipped').textContent).toBe('A tool’s schema is invalid: echo — the tool was left out');
    expect(screen.queryByTestId('mcp-server-error')).toBeNull();

    fireEvent.click(within(skipped).getByRole('button', { name: 'Show details' }));
    const details = within(await screen.findByRole('region', { name: 'Details of sloppy' }));
    await waitFor(() => expect(document.activeElement).toBe(details.getByRole('heading', { name: 'Left out' })));
    expect(details.getByTestId('mcp-skipped-item').textContent).toContain('“inputSchema” is missing or not valid.');
  });

  it.each([
    ['zh', '找不到命令：uvx', ['安装 uv', '编辑服务器'], '无法连接到 MCP 服务器。找不到命令“uvx”。请安装它，或在服务器的命令中填写其完整路径。'],
    ['ja', 'コマンドが見つかりません：uvx', ['uv をインストール', 'サーバーを編集'], undefined],
  ] as const)('in %s the reason and its buttons are translated; the server’s own words stay as written', async (language, title, buttons, message) => {
    const error: McpServiceErrorData = { code: 'CONNECT_FAILED', params: { cause: 'commandNotFound', command: 'uvx', detail: 'uvx not found. Searched 9 PATH entries.' } };
    failing({ name: 'fetch', type: 'stdio', command: 'uvx' }, error, language);
    expect(await headline()).toBe(title);
    expect(await actions()).toEqual(buttons);
    expect((await notice()).getByText('uvx not found. Searched 9 PATH entries.')).toBeTruthy();
    if (message) expect((await notice()).getByText(message)).toBeTruthy();
  });
});
