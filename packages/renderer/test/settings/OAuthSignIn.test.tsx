/**
 * Sign-in of an HTTP/SSE server in Settings → Servers: a 401 row says "Needs sign-in" with a Sign in
 * button that opens the details at the sign-in section; Sign in shows "Waiting for the browser…" with
 * the link to open or copy, then "Signed in as …" with the scopes and Sign out; a pre-registered
 * client id is saved through mcp.auth.setClient. Main's side: desktop/test/oauth/*.test.ts.
 */
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ServersSection } from '../../src/features/settings/components/tabs/tools-tab/ServersSection';
import { FakeApi } from '../fakes/FakeApi';
import { renderApp } from '../helpers/renderApp';

function protectedServer(language: 'en' | 'zh' | 'ja' = 'en') {
  const api = new FakeApi();
  api.settingsValue = { language };
  const { id } = api.seed({ name: 'linear', type: 'http', url: 'https://mcp.linear.example/mcp' });
  api.setConnection(id, { status: 'error', consecutiveErrors: 1, lastError: { code: 'MCP_AUTH_REQUIRED', params: { server: 'linear' } } });
  api.setOAuthStatus({ serverId: id, supported: true, state: 'needs_sign_in', preRegisteredClientId: null });
  renderApp(<ServersSection />, { api, language });
  return { api, id };
}

describe('OAuth sign-in in the server details', () => {
  it('needs sign-in → Sign in shows the link → signed in as who, with the scopes → Sign out', async () => {
    const { api, id } = protectedServer();
    const notice = within(await screen.findByTestId('mcp-server-error'));
    expect(notice.getByRole('alert').textContent).toBe('Needs sign-in');
    fireEvent.click(notice.getByRole('button', { name: 'Sign in' }));

    const section = within(await screen.findByTestId('mcp-server-sign-in'));
    await waitFor(() => expect(section.getByTestId('mcp-server-sign-in-state').textContent).toContain('Needs sign-in'));
    await waitFor(() => expect(document.activeElement?.textContent).toBe('Sign-in'));
    fireEvent.click(await section.findByRole('button', { name: 'Sign in to linear' }));
    await waitFor(() => expect(section.getByTestId('mcp-server-sign-in-state').textContent).toContain('Waiting for the browser'));
    expect(api.callsTo('mcp.auth.signIn')).toEqual([{ serverId: id }]);
    const link = section.getByRole('link', { name: 'Open the sign-in page' });
    expect(link.getAttribute('href')).toBe(api.authorizationUrl);
    expect(link.getAttribute('rel')).toContain('noopener');
    expect(section.getByRole('button', { name: 'Copy link' })).toBeTruthy();

    act(() => {
      api.setOAuthStatus({ serverId: id, supported: true, state: 'signed_in', account: 'ada@example.test', scopes: ['read', 'write'], expiresAt: null, preRegisteredClientId: null });
    });
    await waitFor(() => expect(section.getByTestId('mcp-server-sign-in-state').textContent).toBe('Signed in as ada@example.test. Access granted: read write.'));
    fireEvent.click(section.getByRole('button', { name: 'Sign out of linear' }));
    // Signed out of a server that uses no client of its own: nothing to show until it asks again.
    await waitFor(() => expect(screen.queryByTestId('mcp-server-sign-in')).toBeNull());
    expect(api.callsTo('mcp.auth.signOut')).toEqual([{ serverId: id }]);
  });

  it('saves a pre-registered client id and secret, and shows the id only', async () => {
    const { api, id } = protectedServer();
    fireEvent.click(await screen.findByRole('button', { name: 'Details for linear' }));
    const section = within(await screen.findByTestId('mcp-server-sign-in'));
    // The status arrives through mcp.auth.onStatus after the section renders.
    fireEvent.click(await section.findByRole('button', { name: 'Use your own client ID…' }));
    fireEvent.change(section.getByLabelText('OAuth client ID'), { target: { value: ' elftia-desktop ' } });
    fireEvent.change(section.getByLabelText('Client secret (optional)'), { target: { value: 's3cret' } });
    fireEvent.click(section.getByRole('button', { name: 'Save client' }));
    await waitFor(() => expect(section.getByText('Uses the OAuth client ID “elftia-desktop”.', { exact: false })).toBeTruthy());
    expect(api.callsTo('mcp.auth.setClient')).toEqual([{ serverId: id, clientId: 'elftia-desktop', clientSecret: 's3cret' }]);
    expect(screen.queryByDisplayValue('s3cret')).toBeNull();
  });

  it('the add form stores a pre-registered client for an HTTP server after the server, and offers no such field for WebSocket', async () => {
    const api = new FakeApi();
    api.settingsValue = { language: 'en' };
    renderApp(<ServersSection />, { api });
    fireEvent.click(await screen.findByRole('button', { name: 'Add server' }));
    const dialog = within(screen.getByRole('dialog', { name: 'Add MCP server' }));
    fireEvent.change(dialog.getByLabelText('Name'), { target: { value: 'linear' } });
    fireEvent.change(dialog.getByLabelText('Transport'), { target: { value: 'websocket' } });
    expect(dialog.queryByLabelText('OAuth client ID (optional)')).toBeNull();
    fireEvent.change(dialog.getByLabelText('Transport'), { target: { value: 'http' } });
    fireEvent.change(dialog.getByLabelText('URL'), { target: { value: 'https://mcp.linear.example/mcp' } });
    fireEvent.change(dialog.getByLabelText('OAuth client ID (optional)'), { target: { value: 'elftia-desktop' } });
    const secret = dialog.getByLabelText<HTMLInputElement>('OAuth client secret (optional)');
    expect(secret.type).toBe('password');
    fireEvent.change(secret, { target: { value: 's3cret' } });
    fireEvent.click(dialog.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    const [added] = api.servers;
    expect(api.callsTo('mcp.add')[0]).not.toHaveProperty('oauthClientId');
    expect(api.callsTo('mcp.auth.setClient')).toEqual([{ serverId: added?.id, clientId: 'elftia-desktop', clientSecret: 's3cret' }]);
  });

  it.each([
    ['zh', '需要登录', '登录'],
    ['ja', 'サインインが必要です', 'サインイン'],
  ] as const)('%s: the row says so in the language and offers the button', async (language, text, button) => {
    protectedServer(language);
    const notice = within(await screen.findByTestId('mcp-server-error'));
    expect(notice.getByRole('alert').textContent).toBe(text);
    expect(notice.getByRole('button', { name: button })).toBeTruthy();
  });

  it('shows nothing for an HTTP server that never asked for a sign-in', async () => {
    const api = new FakeApi();
    api.settingsValue = { language: 'en' };
    api.seed({ name: 'open', type: 'http', url: 'https://open.example/mcp' });
    renderApp(<ServersSection />, { api });
    fireEvent.click(await screen.findByRole('button', { name: 'Details for open' }));
    await screen.findByTestId('mcp-server-consecutive-errors');
    await waitFor(() => expect(api.callsTo('mcp.auth.status').length + api.oauthChannel.sizeOf(api.servers[0]!.id)).toBeGreaterThan(0));
    await waitFor(() => expect(screen.queryByTestId('mcp-server-sign-in')).toBeNull());
  });

  it('shows nothing for a stdio server', async () => {
    const api = new FakeApi();
    api.settingsValue = { language: 'en' };
    api.seed({ name: 'local', type: 'stdio', command: 'node', args: [] });
    renderApp(<ServersSection />, { api });
    fireEvent.click(await screen.findByRole('button', { name: 'Details for local' }));
    await screen.findByTestId('mcp-server-consecutive-errors');
    expect(screen.queryByTestId('mcp-server-sign-in')).toBeNull();
  });
});
