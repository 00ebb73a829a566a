/**
 * The per-tool switches in a server's details (Settings → Servers): a "Use" switch and an "Always
 * allow" box per tool, a tool turned off greyed and marked, the row's count of tools that are on, and
 * a failed save explained. Through roles and accessible names, over the FakeApi.
 */
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { MCPTool } from '@elftia/desktop/shared/contracts/mcp-tool.ts';
import { ServersSection } from '../src/features/settings/components/tabs/tools-tab/ServersSection';
import { FakeApi, FakeTrpcError } from './fakes/FakeApi';
import { renderApp } from './helpers/renderApp';

function tool(name: string): MCPTool {
  return { id: `mcp__everything__${name}`, serverId: 'srv-1', serverName: 'everything', name, description: `${name} tool`, inputSchema: { type: 'object' } };
}

function connected(language: 'en' | 'zh' | 'ja' = 'en'): FakeApi {
  const api = new FakeApi();
  api.settingsValue = { language };
  api.seed({ name: 'everything', type: 'stdio', command: 'node', args: ['server.js'] });
  api.setTools('srv-1', [tool('echo'), tool('add'), tool('get-env')]);
  api.setConnection('srv-1', { status: 'connected', toolCount: 3 });
  return api;
}

async function openDetails(language = 'Details for everything', region = 'Details of everything') {
  fireEvent.click(await screen.findByRole('button', { name: language }));
  return within(screen.getByRole('region', { name: region }));
}

/** The configured server's count (the built-in servers' rows have their own). */
const toolCount = () => document.querySelector('tbody[data-server-id="srv-1"] [data-testid="mcp-server-tool-count"]')?.textContent;
const item = (details: ReturnType<typeof within>, name: string) => details.getAllByTestId('mcp-tool').find((li: HTMLElement) => li.getAttribute('data-tool') === name)!;

describe('per-tool switches in the server details', () => {
  it('turns a tool off: stored, greyed and marked, and the row counts the tools that are on', async () => {
    const api = connected();
    renderApp(<ServersSection />, { api });
    const details = await openDetails();
    const use = await details.findByRole('switch', { name: 'Use echo in chats' });
    expect((use as HTMLInputElement).checked).toBe(true);
    expect(item(details, 'echo').className).not.toContain('tool-list__item--off');

    fireEvent.click(use);
    await waitFor(() => expect(api.callsTo('mcp.setToolEnabled')).toEqual([{ id: 'srv-1', tool: 'echo', enabled: false }]));
    await waitFor(() => expect((details.getByRole('switch', { name: 'Use echo in chats' }) as HTMLInputElement).checked).toBe(false));
    expect(item(details, 'echo').className).toContain('tool-list__item--off');
    expect(within(item(details, 'echo')).getByText('Off')).toBeTruthy();
    expect(item(details, 'add').className).not.toContain('tool-list__item--off');
    expect(toolCount()).toBe('Tools: 2 of 3 on');

    fireEvent.click(details.getByRole('switch', { name: 'Use echo in chats' }));
    await waitFor(() => expect(toolCount()).toBe('Tools: 3'));
    expect(api.callsTo('mcp.setToolEnabled')).toEqual([
      { id: 'srv-1', tool: 'echo', enabled: false },
      { id: 'srv-1', tool: 'echo', enabled: true },
    ]);
  });

  it('lets a tool run without asking and back', async () => {
    const api = connected();
    renderApp(<ServersSection />, { api });
    const details = await openDetails();
    const allow = await details.findByRole('checkbox', { name: 'Always allow add without asking' });
    fireEvent.click(allow);
    await waitFor(() => expect((details.getByRole('checkbox', { name: 'Always allow add without asking' }) as HTMLInputElement).checked).toBe(true));
    fireEvent.click(details.getByRole('checkbox', { name: 'Always allow add without asking' }));
    await waitFor(() => expect((details.getByRole('checkbox', { name: 'Always allow add without asking' }) as HTMLInputElement).checked).toBe(false));
    expect(api.callsTo('mcp.setToolAlwaysAllow')).toEqual([
      { id: 'srv-1', tool: 'add', alwaysAllow: true },
      { id: 'srv-1', tool: 'add', alwaysAllow: false },
    ]);
    // Always allow does not turn the tool off, nor on.
    expect(api.callsTo('mcp.setToolEnabled')).toEqual([]);
  });

  it('ignores a second click while the first is stored, and explains a failed save', async () => {
    const api = connected();
    renderApp(<ServersSection />, { api });
    const details = await openDetails();
    const release = api.hold('mcp.setToolEnabled');
    fireEvent.click(await details.findByRole('switch', { name: 'Use echo in chats' }));
    fireEvent.click(details.getByRole('switch', { name: 'Use echo in chats' }));
    expect(details.getByRole('switch', { name: 'Use echo in chats' }).getAttribute('aria-disabled')).toBe('true');
    await act(async () => release());
    expect(api.callsTo('mcp.setToolEnabled')).toHaveLength(1);

    api.failures.set('mcp.setToolAlwaysAllow', new FakeTrpcError({ code: 'NOT_FOUND', params: { id: 'srv-1' } }));
    fireEvent.click(details.getByRole('checkbox', { name: 'Always allow get-env without asking' }));
    expect((await details.findByRole('alert')).textContent).toBe('The tool switch could not be saved: No MCP server “srv-1” was found.');
  });

  it('a form edit sends no switches (main then keeps the stored ones), and they stay on screen', async () => {
    const api = connected();
    api.servers = api.servers.map((s) => ({ ...s, disabledTools: ['echo'], alwaysAllow: ['add'] }));
    renderApp(<ServersSection />, { api });
    fireEvent.click(await screen.findByRole('button', { name: 'Edit everything' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Save' }));
    await waitFor(() => expect(api.callsTo('mcp.update')).toHaveLength(1));
    expect(api.callsTo('mcp.update')[0]).not.toHaveProperty('disabledTools');
    expect(api.callsTo('mcp.update')[0]).not.toHaveProperty('alwaysAllow');
    const details = await openDetails();
    expect(((await details.findByRole('switch', { name: 'Use echo in chats' })) as HTMLInputElement).checked).toBe(false);
    expect((details.getByRole('checkbox', { name: 'Always allow add without asking' }) as HTMLInputElement).checked).toBe(true);
  });

  it.each([
    ['zh', 'everything 的详情', ['在对话中使用 echo', '始终允许 echo，无需询问', '已关闭', '工具：已启用 2 / 3']],
    ['ja', 'everything の詳細', ['チャットで echo を使用', 'echo を確認なしで常に許可', 'オフ', 'ツール：3 件中 2 件が有効']],
  ] as const)('is translated (%s)', async (language, detailsName, [use, allow, off, count]) => {
    const api = connected(language);
    api.servers = api.servers.map((s) => ({ ...s, disabledTools: ['echo'] }));
    api.setConnection('srv-1', { status: 'connected', toolCount: 3 });
    renderApp(<ServersSection />, { api });
    const details = await openDetails(detailsName, detailsName);
    expect(await details.findByRole('switch', { name: use })).toBeTruthy();
    expect(details.getByRole('checkbox', { name: allow })).toBeTruthy();
    expect(within(item(details, 'echo')).getByText(off)).toBeTruthy();
    expect(toolCount()).toBe(count);
  });
});
