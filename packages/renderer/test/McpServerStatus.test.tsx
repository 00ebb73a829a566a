/**
 * Settings → Tools as McpService reports on it: each server's live state, failure reason, degraded
 * marker and facts, and the details panel (tools, log, restart). The FakeApi pushes what the router
 * would; assertions go through roles and accessible names, as a user or screen reader would.
 */
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { MCPTool } from '@elftia/desktop/shared/contracts/mcp-tool.ts';
import { MAX_LOG_LINES } from '../src/features/settings/components/tabs/tools-tab/details/LogView';
import { ServersSection } from '../src/features/settings/components/tabs/tools-tab/ServersSection';
import { FakeApi, FakeTrpcError } from './fakes/FakeApi';
import { renderApp } from './helpers/renderApp';

function seeded(): FakeApi {
  const api = new FakeApi();
  api.settingsValue = { language: 'en' };
  api.seed({ name: 'everything', type: 'stdio', command: 'node', args: ['server.js', 'stdio'] });
  return api;
}

function tool(name: string, description: string): MCPTool {
  return {
    id: `mcp__everything__${name}`,
    serverId: 'srv-1',
    serverName: 'everything',
    name,
    description,
    inputSchema: { type: 'object', properties: { message: { type: 'string' } }, required: ['message'] },
  };
}

const row = () => screen.getByRole('row', { name: /^everything / });
/** The server's row group: its summary row, error row and details row. */
const group = () => within(row().closest('tbody')!);
const badge = () => within(row()).getByTestId('mcp-server-status');
const push = (run: () => unknown) => act(() => void run());

async function openDetails() {
  const toggle = await screen.findByRole('button', { name: 'Details for everything' });
  fireEvent.click(toggle);
  return within(screen.getByRole('region', { name: 'Details of everything' }));
}

afterEach(() => {
  vi.useRealTimers();
});

describe('server status in Settings → Servers', () => {
  it('shows each connection state in the badge as the host pushes it', async () => {
    const api = seeded();
    renderApp(<ServersSection />, { api });
    await waitFor(() => expect(badge().textContent).toBe('Not connected'));

    const states: Array<[Parameters<FakeApi['setConnection']>[1], string]> = [
      [{ status: 'connecting' }, 'Connecting…'],
      [{ status: 'connected', toolCount: 3 }, 'Connected'],
      [{ status: 'error', reconnect: { attempt: 2, nextAtMs: 0 } }, 'Reconnecting (attempt 2)…'],
      [{ status: 'error' }, 'Error'],
      [{ status: 'disconnected' }, 'Not connected'],
    ];
    for (const [state, text] of states) {
      push(() => api.setConnection('srv-1', state));
      expect(badge().textContent).toBe(text);
    }

    fireEvent.click(screen.getByRole('switch', { name: 'Enable everything' }));
    await waitFor(() => expect(badge().textContent).toBe('Disabled'));
  });

  it('shows the translated reason as an alert, with the stderr detail in a closed monospace disclosure', async () => {
    const api = seeded();
    renderApp(<ServersSection />, { api });
    await screen.findByRole('row', { name: /^everything / });
    push(() =>
      api.setConnection('srv-1', {
        status: 'error',
        consecutiveErrors: 1,
        lastError: { code: 'CONNECT_FAILED', params: { detail: 'spawn elftia-no-such-command ENOENT\nPATH=/usr/bin' } },
      }),
    );

    expect(group().getByRole('alert').textContent).toBe('Could not connect; its log may say why');
    const disclosure = group().getByText('Technical details').closest('details')!;
    expect(disclosure.open).toBe(false);
    // The full message, then the server's own words.
    expect(within(disclosure).getByText('Could not connect to the MCP server.')).toBeTruthy();
    const detail = within(disclosure).getByText(/spawn elftia-no-such-command ENOENT/);
    expect(detail.tagName).toBe('PRE');
    expect(detail.textContent).toBe('spawn elftia-no-such-command ENOENT\nPATH=/usr/bin');

    // Without a detail there is nothing to disclose.
    push(() => api.setConnection('srv-1', { status: 'error', lastError: { code: 'TIMEOUT', params: { timeoutMs: 60000 } } }));
    expect(group().getByRole('alert').textContent).toBe('The server did not answer in time');
    expect(group().queryByText('Technical details')).toBeNull();

    // Recovered: no alert under the row; the details panel keeps it as history.
    push(() => api.setConnection('srv-1', { status: 'connected', lastError: { code: 'TIMEOUT' } }));
    expect(group().queryByRole('alert')).toBeNull();
    const details = await openDetails();
    expect(details.getByTestId('mcp-server-error').textContent).toContain('The MCP server did not answer in time.');
    expect(details.queryByRole('alert')).toBeNull();
  });

  it('says what happened when the service names it: an exit code, a signal, a refused connection while retrying', async () => {
    const api = seeded();
    renderApp(<ServersSection />, { api });
    await screen.findByRole('row', { name: /^everything / });
    push(() => api.setConnection('srv-1', { status: 'error', lastError: { code: 'CONNECTION_CLOSED', params: { cause: 'signal', signal: 'SIGKILL', detail: 'server process was killed by SIGKILL' } } }));
    expect(group().getByRole('alert').textContent).toBe('The server was stopped by SIGKILL');
    expect(within(group().getByText('Technical details').closest('details')!).getByText('The connection to the MCP server closed. The server process was killed by SIGKILL.')).toBeTruthy();
    push(() =>
      api.setConnection('srv-1', {
        status: 'error',
        reconnect: { attempt: 2, nextAtMs: Date.now() + 4000 },
        lastError: { code: 'CONNECT_FAILED', params: { cause: 'refused', detail: 'fetch failed: connect ECONNREFUSED 127.0.0.1:3000' } },
      }),
    );
    expect(badge().textContent).toMatch(/Reconnecting/);
    expect(group().getByRole('alert').textContent).toBe('Connection refused: nothing is listening at the address');
  });

  it('while a reconnect waits out its backoff, says when the next try is', async () => {
    // Only Date is faked: the step between two ticks below is a move of the clock, not a sleep.
    vi.useFakeTimers({ toFake: ['Date'] });
    const api = seeded();
    renderApp(<ServersSection />, { api });
    await screen.findByRole('row', { name: /^everything / });
    const nextAttempt = () => within(row()).queryByTestId('mcp-server-next-attempt');
    expect(nextAttempt()).toBeNull();
    push(() => api.setConnection('srv-1', { status: 'error', reconnect: { attempt: 7, nextAtMs: Date.now() + 24_500 }, lastError: { code: 'CONNECT_FAILED', params: { cause: 'refused' } } }));
    expect(badge().textContent).toBe('Reconnecting (attempt 7)…');
    expect(nextAttempt()?.textContent).toBe('Next try in 25 s.');
    // A new schedule between two ticks of the clock: a try already due says so, not "in 1 s".
    vi.setSystemTime(Date.now() + 100);
    push(() => api.setConnection('srv-1', { status: 'error', reconnect: { attempt: 7, nextAtMs: Date.now() - 10 }, lastError: { code: 'CONNECT_FAILED', params: { cause: 'refused' } } }));
    expect(nextAttempt()?.textContent).toBe('Trying again now…');
    push(() => api.setConnection('srv-1', { status: 'connected' }));
    expect(nextAttempt()).toBeNull();
  });

  it('translates the reason in Japanese too, leaving the detail as the server wrote it', async () => {
    const api = seeded();
    api.settingsValue = { language: 'ja' };
    renderApp(<ServersSection />, { api, language: 'ja' });
    await screen.findByRole('row', { name: /^everything / });
    push(() => api.setConnection('srv-1', { status: 'error', lastError: { code: 'CONNECT_FAILED', params: { detail: 'spawn x ENOENT' } } }));
    expect(badge().textContent).toBe('エラー');
    expect(group().getByRole('alert').textContent).toBe('接続できませんでした。ログに理由があるかもしれません');
    expect(group().getByRole('button', { name: 'ログを表示' })).toBeTruthy();
    expect(group().getByText('MCP サーバーに接続できませんでした。')).toBeTruthy();
    expect(group().getByText('技術的な詳細')).toBeTruthy();
    expect(group().getByText('spawn x ENOENT')).toBeTruthy();
  });

  it('marks a degraded server with its consecutive-error count, and counts errors in the details', async () => {
    const api = seeded();
    renderApp(<ServersSection />, { api });
    await screen.findByRole('row', { name: /^everything / });

    push(() => api.setConnection('srv-1', { status: 'connected', consecutiveErrors: 2, degraded: false }));
    expect(within(row()).queryByTestId('mcp-server-degraded')).toBeNull();
    const details = await openDetails();
    expect(details.getByTestId('mcp-server-consecutive-errors').textContent).toBe('Errors in a row: 2');

    push(() => api.setConnection('srv-1', { status: 'connected', consecutiveErrors: 3, degraded: true }));
    expect(within(row()).getByTestId('mcp-server-degraded').textContent).toBe('Degraded: 3 errors in a row');
    expect(details.getByTestId('mcp-server-consecutive-errors').textContent).toBe('Errors in a row: 3');

    push(() => api.setConnection('srv-1', { status: 'connected', consecutiveErrors: 0, degraded: false }));
    expect(within(row()).queryByTestId('mcp-server-degraded')).toBeNull();
  });

  it('shows the server’s name, version, protocol and tool count once connected, and warns about zero tools', async () => {
    const api = seeded();
    renderApp(<ServersSection />, { api });
    await screen.findByRole('row', { name: /^everything / });
    push(() => api.setConnection('srv-1', { status: 'connecting' }));
    expect(within(row()).queryByTestId('mcp-server-facts')).toBeNull();

    push(() =>
      api.setConnection('srv-1', { status: 'connected', serverInfo: { name: 'mcp-servers/everything', version: '2.0.0' }, protocolVersion: '2025-06-18', toolCount: 13 }),
    );
    const facts = within(row()).getByTestId('mcp-server-facts');
    expect([...facts.children].map((item) => item.textContent)).toEqual(['mcp-servers/everything 2.0.0', 'Protocol 2025-06-18', 'Tools: 13']);
    expect(within(row()).queryByText('Connected, but the server offers no tools.')).toBeNull();

    push(() => api.setConnection('srv-1', { status: 'connected', toolCount: 0 }));
    expect(within(row()).getByText('Connected, but the server offers no tools.')).toBeTruthy();
  });

  it('shows the server’s icon before its name, only when it is an https: or data: image', async () => {
    const api = seeded();
    renderApp(<ServersSection />, { api });
    await screen.findByRole('row', { name: /^everything / });
    push(() => api.setConnection('srv-1', { status: 'connected', serverInfo: { name: 'e', version: '1', icon: 'https://example.com/s.svg' }, toolCount: 1 }));
    const icon = within(row()).getByTestId('mcp-server-facts').querySelector('img');
    expect([icon?.getAttribute('src'), icon?.getAttribute('referrerpolicy'), icon?.getAttribute('alt')]).toEqual(['https://example.com/s.svg', 'no-referrer', '']);
    push(() => api.setConnection('srv-1', { status: 'connected', serverInfo: { name: 'e', version: '1', icon: 'javascript:alert(1)' }, toolCount: 1 }));
    expect(within(row()).getByTestId('mcp-server-facts').querySelector('img')).toBeNull();
  });
});

describe('server details panel', () => {
  it('names the entries of the server’s lists that were left out, each with why, translated; quiet when there are none', async () => {
    const api = seeded();
    renderApp(<ServersSection />, { api });
    await screen.findByRole('row', { name: /^everything / });
    push(() => api.setConnection('srv-1', { status: 'connected', toolCount: 2 }));
    expect(group().queryByTestId('mcp-server-skipped')).toBeNull();
    let details = await openDetails();
    expect(details.queryByRole('region', { name: 'Left out' })).toBeNull();

    push(() =>
      api.setConnection('srv-1', {
        status: 'connected',
        toolCount: 2,
        skipped: [
          { kind: 'tool', name: '', reason: 'invalidField', field: 'name', detail: 'Invalid input: expected string, received undefined' },
          { kind: 'tool', name: 'echo', reason: 'duplicate' },
          { kind: 'resource', name: '', reason: 'notAnObject' },
          { kind: 'prompt', name: 'p', reason: 'invalidField', field: '' },
          { kind: 'resourceTemplate', name: '', reason: 'notAList' },
        ],
        skippedCount: 7,
      }),
    );
    expect(group().getByTestId('mcp-server-skipped').textContent).toBe('Left out of the server’s lists: 7. The details say why.');
    details = within(screen.getByRole('region', { name: 'Details of everything' }));
    const section = within(details.getByRole('region', { name: 'Left out' }));
    expect(section.getAllByTestId('mcp-skipped-item').map((item) => item.textContent)).toEqual([
      'Tool (no name): “name” is missing or not valid.Invalid input: expected string, received undefined',
      'Tool echo: an earlier entry has the same name.',
      'Resource (no name): the entry is not an object.',
      'Prompt p: the entry is not valid.',
      'Resource template (no name): the server’s answer has no list.',
    ]);
    expect(section.getByText('…and 2 more; the log names them all.')).toBeTruthy();
  });


  it('opens and closes from a button that reports its state', async () => {
    const api = seeded();
    renderApp(<ServersSection />, { api });
    const toggle = await screen.findByRole('button', { name: 'Details for everything' });
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    expect(screen.queryByRole('region', { name: 'Details of everything' })).toBeNull();

    fireEvent.click(toggle);
    expect(toggle.getAttribute('aria-expanded')).toBe('true');
    const panel = screen.getByRole('region', { name: 'Details of everything' });
    expect(toggle.getAttribute('aria-controls')).toBe(panel.id);

    fireEvent.click(toggle);
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    expect(screen.queryByRole('region', { name: 'Details of everything' })).toBeNull();
  });

  it('lists the tools through mcp.tools once connected, and refreshes when the tool count changes', async () => {
    const api = seeded();
    api.tools.set('srv-1', [tool('echo', 'Echoes back the input')]);
    renderApp(<ServersSection />, { api });
    const details = await openDetails();

    // Not connected: said so, and the server is not asked (mcp.tools would start connecting it).
    expect(details.getByText('The tools are listed once the server is connected.')).toBeTruthy();
    expect(api.callsTo('mcp.tools')).toEqual([]);

    push(() => api.setConnection('srv-1', { status: 'connected', toolCount: 1 }));
    expect(details.getByText('Loading tools…')).toBeTruthy();
    const echo = await details.findByText('echo');
    const item = within(echo.closest('li')!);
    expect(item.getByText('Echoes back the input')).toBeTruthy();
    const schema = item.getByText('Input schema of echo').closest('details')!;
    expect(schema.open).toBe(false);
    expect(JSON.parse(schema.querySelector('pre')!.textContent!)).toEqual(tool('echo', '').inputSchema);
    expect(api.callsTo('mcp.tools')).toEqual([{ id: 'srv-1' }]);

    // A state change that leaves the count alone asks nothing more.
    push(() => api.setConnection('srv-1', { status: 'connected', toolCount: 1, consecutiveErrors: 1 }));
    push(() => api.setTools('srv-1', [tool('echo', 'Echoes back the input'), tool('add', 'Adds two numbers')]));
    expect(await details.findByText('add')).toBeTruthy();
    expect(details.getAllByTestId('mcp-tool')).toHaveLength(2);
    expect(api.callsTo('mcp.tools')).toHaveLength(2);
  });

  it('says so when a server offers no tools, and explains a failed load with a retry', async () => {
    const api = seeded();
    api.failures.set('mcp.tools', new FakeTrpcError({ code: 'TIMEOUT' }));
    renderApp(<ServersSection />, { api });
    const details = await openDetails();
    push(() => api.setConnection('srv-1', { status: 'connected', toolCount: 0 }));

    expect((await details.findByRole('alert')).textContent).toBe('The tools could not be loaded: The MCP server did not answer in time.');
    fireEvent.click(details.getByRole('button', { name: 'Try again' }));
    expect(await details.findByText('This server offers no tools.')).toBeTruthy();
    expect(details.queryByRole('alert')).toBeNull();
  });

  it('shows the live log: new lines as they arrive, with their level, and unsubscribes when closed', async () => {
    const api = seeded();
    api.log('srv-1', 'info', 'connecting: node server.js stdio');
    renderApp(<ServersSection />, { api });
    const details = await openDetails();

    const log = await details.findByRole('log', { name: 'Log of everything' });
    const lines = () => within(log).getAllByRole('listitem').map((line) => [line.getAttribute('data-level'), line.querySelector('.log__text')?.textContent]);
    expect(lines()).toEqual([['info', 'connecting: node server.js stdio']]);

    push(() => api.log('srv-1', 'stderr', 'Starting default (STDIO) server...'));
    push(() => api.log('srv-1', 'error', 'connect failed: spawn ENOENT'));
    expect(lines()).toEqual([
      ['info', 'connecting: node server.js stdio'],
      ['stderr', 'Starting default (STDIO) server...'],
      ['error', 'connect failed: spawn ENOENT'],
    ]);
    expect(within(log).getAllByRole('listitem')[2]!.textContent).toContain('error');
    expect(api.logChannel.sizeOf('srv-1')).toBe(1);

    fireEvent.click(screen.getByRole('button', { name: 'Details for everything' }));
    expect(api.logChannel.sizeOf('srv-1')).toBe(0);
  });

  it('keeps the lines pushed one at a time, at most MAX_LOG_LINES, and starts over on a new snapshot', async () => {
    const api = seeded();
    api.log('srv-1', 'info', 'line 1');
    renderApp(<ServersSection />, { api });
    const details = await openDetails();
    const log = await details.findByRole('log', { name: 'Log of everything' });
    const texts = () => within(log).getAllByRole('listitem').map((line) => line.querySelector('.log__text')?.textContent);

    // mcp.onLogs sends each new line alone after the first snapshot.
    push(() => {
      for (let n = 2; n <= MAX_LOG_LINES + 100; n += 1) api.log('srv-1', 'stderr', `line ${n}`);
    });
    const shown = texts();
    expect(shown).toHaveLength(MAX_LOG_LINES);
    expect(shown[0]).toBe('line 101');
    expect(shown.at(-1)).toBe(`line ${MAX_LOG_LINES + 100}`);

    push(() => api.logChannel.push('srv-1', { kind: 'snapshot', entries: [{ seq: 1, timeMs: 0, level: 'info', text: 'restarted' }] }));
    expect(texts()).toEqual(['restarted']);
  });

  it('says when nothing is logged yet, and when the log cannot be followed', async () => {
    const api = seeded();
    renderApp(<ServersSection />, { api });
    const details = await openDetails();
    expect(await details.findByText('Nothing logged yet.')).toBeTruthy();

    push(() => api.logChannel.fail('srv-1', Object.assign(new Error('closed'), { name: 'TRPCClientError' })));
    expect(details.getByRole('alert').textContent).toBe("The log could not be loaded: Lost the connection to Elftia's main process.");
  });

  it('restarts the server through mcp.restart, and reports a refused restart', async () => {
    const api = seeded();
    renderApp(<ServersSection />, { api });
    push(() => api.setConnection('srv-1', { status: 'connected', toolCount: 1 }));
    const details = await openDetails();

    fireEvent.click(details.getByRole('button', { name: 'Restart everything' }));
    await waitFor(() => expect(api.callsTo('mcp.restart')).toEqual([{ id: 'srv-1' }]));
    await waitFor(() => expect(badge().textContent).toBe('Connecting…'));

    api.failures.set('mcp.restart', new FakeTrpcError({ code: 'CONNECT_FAILED', params: { detail: 'exit 1' } }));
    fireEvent.click(details.getByRole('button', { name: 'Restart everything' }));
    expect((await details.findByRole('alert')).textContent).toBe('Restart failed: Could not connect to the MCP server.');
  });

  it('explains why a disabled server cannot be restarted', async () => {
    const api = new FakeApi();
    api.settingsValue = { language: 'en' };
    api.seed({ name: 'everything', type: 'stdio', command: 'node', enabled: false });
    renderApp(<ServersSection />, { api });
    const details = await openDetails();
    const restart = details.getByRole<HTMLButtonElement>('button', { name: 'Restart everything' });
    expect(restart.disabled).toBe(true);
    expect(document.getElementById(restart.getAttribute('aria-describedby')!)?.textContent).toBe('Enable the server to start it.');
  });
});
