/**
 * Settings → Servers → Import… and Export…: paste, a found config file or a chosen file fills the
 * text; the preview (main's, here the fake's) lists add / rename / skip with reasons and errors by
 * entry and field; Import applies all of it, Cancel nothing; Export copies the chosen servers.
 */
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { ImportPreview } from '@elftia/desktop/shared/contracts/mcp-import.ts';
import { ServersSection } from '../../src/features/settings/components/tabs/tools-tab/ServersSection';
import { FakeApi } from '../fakes/FakeApi';
import { renderApp } from '../helpers/renderApp';

const CLAUDE = '{"mcpServers":{"everything":{"command":"node"},"github":{"command":"npx"}}}';

/** Main's answer for CLAUDE against one configured server named "everything". */
const preview = (skip: readonly string[]): ImportPreview => ({
  dialect: 'mcpServers',
  entries: [
    { sourceName: 'everything', name: 'everything 2', action: 'rename', existingName: 'everything', type: 'stdio', summary: 'node', notApplied: [] },
    skip.includes('github')
      ? { sourceName: 'github', name: 'github', action: 'skip', reason: 'excluded', type: 'stdio', summary: 'npx', notApplied: [] }
      : { sourceName: 'github', name: 'github', action: 'add', type: 'stdio', summary: 'npx', notApplied: ['alwaysAllow'] },
  ],
  errors: [],
  inputs: [],
});

function setup(): FakeApi {
  const api = new FakeApi();
  api.settingsValue = { language: 'en' };
  api.seed({ name: 'everything', type: 'stdio', command: 'node', args: [] });
  api.importPreviewFor = (text, skip) =>
    text === CLAUDE ? preview(skip) : { dialect: 'mcpServers', entries: [{ sourceName: 'bad', name: 'bad', action: 'skip', reason: 'invalid', notApplied: [] }], errors: [{ entry: 'bad', field: 'command', code: 'conflictingFields', params: { other: 'url' } }], inputs: [] };
  return api;
}

async function openImport() {
  await screen.findByTestId('mcp-server-row');
  fireEvent.click(screen.getByRole('button', { name: 'Import…' }));
  return screen.findByRole('dialog', { name: 'Import MCP servers' });
}

describe('Import…', () => {
  it('previews a paste as add / rename with reasons, and Import adds exactly what was shown', async () => {
    const api = setup();
    renderApp(<ServersSection />, { api });
    const dialog = within(await openImport());
    fireEvent.change(dialog.getByLabelText('Config or command line'), { target: { value: CLAUDE } });
    const table = await dialog.findByRole('table');
    expect(within(table).getByRole('row', { name: /everything 2/ }).textContent).toContain('Add, renamed from “everything” (“everything” exists)');
    expect(within(table).getByRole('row', { name: /github/ }).textContent).toContain('Not applied (no such setting in Elftia yet): alwaysAllow');
    expect(api.callsTo('mcp.importApply')).toEqual([]);
    fireEvent.click(dialog.getByRole('button', { name: 'Import 2' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(api.callsTo('mcp.importApply')).toEqual([{ text: CLAUDE, skip: [] }]);
    expect(await screen.findByText('Imported 2 server(s): everything 2, github.')).toBeTruthy();
  });

  it('unticking an entry leaves it out; Cancel applies nothing', async () => {
    const api = setup();
    renderApp(<ServersSection />, { api });
    const dialog = within(await openImport());
    fireEvent.change(dialog.getByLabelText('Config or command line'), { target: { value: CLAUDE } });
    fireEvent.click(await dialog.findByRole('checkbox', { name: 'Import “github”' }));
    await waitFor(() => expect(dialog.getByRole('row', { name: /github/ }).textContent).toContain('Skip: left out'));
    expect(dialog.getByRole('button', { name: 'Import 1' })).toBeTruthy();
    fireEvent.click(dialog.getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(api.callsTo('mcp.importApply')).toEqual([]);
    expect(screen.getAllByTestId('mcp-server-row')).toHaveLength(1);
  });

  it('errors name the entry and the field, and Import stays unavailable', async () => {
    const api = setup();
    renderApp(<ServersSection />, { api });
    const dialog = within(await openImport());
    fireEvent.change(dialog.getByLabelText('Config or command line'), { target: { value: '{"mcpServers":{"bad":{}}}' } });
    const alert = await dialog.findByRole('alert');
    expect(alert.textContent).toContain('bad › command: Use either this or “url”, not both.');
    const button = dialog.getByRole('button', { name: 'Import 0' });
    expect(button.getAttribute('aria-disabled')).toBe('true');
    fireEvent.click(button);
    expect(api.callsTo('mcp.importApply')).toEqual([]);
  });

  it('offers the config files found on this computer and fills the text from one', async () => {
    const api = setup();
    api.importSourceFiles = [{ id: 'claudeDesktop', path: '/home/me/.config/Claude/claude_desktop_config.json', text: CLAUDE }];
    renderApp(<ServersSection />, { api });
    const dialog = within(await openImport());
    fireEvent.click(await dialog.findByRole('button', { name: 'Import from Claude Desktop' }));
    await waitFor(() => expect(dialog.getByLabelText<HTMLTextAreaElement>('Config or command line').value).toBe(CLAUDE));
    expect(await dialog.findByRole('table')).toBeTruthy();
  });

  it('reads a chosen file', async () => {
    const api = setup();
    renderApp(<ServersSection />, { api });
    const dialog = await openImport();
    const input = dialog.querySelector<HTMLInputElement>('input[type="file"]')!;
    fireEvent.change(input, { target: { files: [new File([CLAUDE], 'claude_desktop_config.json', { type: 'application/json' })] } });
    await waitFor(() => expect(within(dialog).getByLabelText<HTMLTextAreaElement>('Config or command line').value).toBe(CLAUDE));
  });

  it('speaks Chinese and Japanese', async () => {
    for (const language of ['zh', 'ja'] as const) {
      const api = setup();
      api.settingsValue = { language };
      const { unmount } = renderApp(<ServersSection />, { api, language });
      await screen.findByTestId('mcp-server-row');
      fireEvent.click(screen.getByRole('button', { name: language === 'zh' ? '导入…' : 'インポート…' }));
      expect(await screen.findByRole('dialog', { name: language === 'zh' ? '导入 MCP 服务器' : 'MCP サーバーをインポート' })).toBeTruthy();
      unmount();
    }
  });
});

describe('Export…', () => {
  it('exports the chosen servers; secrets only when ticked, with a warning; Copy puts the text on the clipboard', async () => {
    const api = setup();
    api.seed({ name: 'remote', type: 'http', url: 'https://example.com/mcp', headers: {} });
    const writeText = vi.fn(async () => undefined);
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    renderApp(<ServersSection />, { api });
    await waitFor(() => expect(screen.getAllByTestId('mcp-server-row')).toHaveLength(2));
    fireEvent.click(screen.getByRole('button', { name: 'Export…' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Export MCP servers' }));
    const text = () => dialog.getByLabelText<HTMLTextAreaElement>(/mcpServers JSON/).value;
    await waitFor(() => expect(JSON.parse(text())).toEqual({ mcpServers: { everything: { includeSecrets: false }, remote: { includeSecrets: false } } }));
    fireEvent.click(dialog.getByRole('checkbox', { name: 'remote' }));
    await waitFor(() => expect(Object.keys((JSON.parse(text()) as { mcpServers: object }).mcpServers)).toEqual(['everything']));
    expect(dialog.queryByRole('note')).toBeNull();
    fireEvent.click(dialog.getByRole('checkbox', { name: 'Include secrets' }));
    expect(dialog.getByRole('note').textContent).toContain('plain text');
    await waitFor(() => expect(JSON.parse(text())).toEqual({ mcpServers: { everything: { includeSecrets: true } } }));
    fireEvent.click(dialog.getByRole('button', { name: 'Copy' }));
    await waitFor(() => expect(writeText).toHaveBeenCalledWith(text()));
    expect(dialog.getByRole('status').textContent).toBe('Copied.');
  });
});
