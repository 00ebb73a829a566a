/**
 * Secret references in Settings → Servers: values whose name looks secret are masked as typed,
 * `${env:…}`/`${input:…}` values are shown as references with a hint, a bad placeholder fails the
 * save on its field, and a server waiting for an `${input:}` offers "Enter value" (masked for a
 * password input), which stores it through mcp.setInput. Main's side: desktop/test/secrets/secretRefs.test.ts.
 */
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ServersSection } from '../../src/features/settings/components/tabs/tools-tab/ServersSection';
import { FakeApi } from '../fakes/FakeApi';
import { renderApp } from '../helpers/renderApp';

async function openAddForm() {
  fireEvent.click(await screen.findByRole('button', { name: 'Add server' }));
  const dialog = within(screen.getByRole('dialog', { name: 'Add MCP server' }));
  fireEvent.change(dialog.getByLabelText('Name'), { target: { value: 'github' } });
  fireEvent.change(dialog.getByLabelText('Command'), { target: { value: 'npx' } });
  return dialog;
}

function addVariable(dialog: ReturnType<typeof within>, index: number, name: string, value: string) {
  fireEvent.click(dialog.getByRole('button', { name: 'Add variable' }));
  fireEvent.change(dialog.getByLabelText(`Variable name ${index}`), { target: { value: name } });
  fireEvent.change(dialog.getByLabelText(`Variable value ${index}`), { target: { value } });
  return dialog.getByLabelText(`Variable value ${index}`) as HTMLInputElement;
}

describe('secret values and references in the server form', () => {
  it('masks values whose name looks secret, shows references as written with a hint, and saves them as typed', async () => {
    const api = new FakeApi();
    api.settingsValue = { language: 'en' };
    renderApp(<ServersSection />, { api });
    const dialog = await openAddForm();
    const key = addVariable(dialog, 1, 'OPENAI_API_KEY', 'sk-typed');
    const plain = addVariable(dialog, 2, 'DEBUG', '1');
    const token = addVariable(dialog, 3, 'GITHUB_TOKEN', '${env:GITHUB_TOKEN}');
    const input = addVariable(dialog, 4, 'DB_SECRET', '${input:db-secret}');

    expect([key.type, plain.type, token.type, input.type]).toEqual(['password', 'text', 'text', 'text']);
    expect(dialog.getAllByTestId('secret-ref-hint')).toHaveLength(2);
    expect(token.getAttribute('aria-describedby')).toContain(dialog.getAllByTestId('secret-ref-hint')[0]!.id);

    fireEvent.click(dialog.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(api.callsTo('mcp.add')[0]).toMatchObject({ env: { OPENAI_API_KEY: 'sk-typed', DEBUG: '1', GITHUB_TOKEN: '${env:GITHUB_TOKEN}', DB_SECRET: '${input:db-secret}' } });
  });

  it('masks an Authorization header by default', async () => {
    const api = new FakeApi();
    api.settingsValue = { language: 'en' };
    renderApp(<ServersSection />, { api });
    fireEvent.click(await screen.findByRole('button', { name: 'Add server' }));
    const dialog = within(screen.getByRole('dialog', { name: 'Add MCP server' }));
    fireEvent.change(dialog.getByLabelText('Transport'), { target: { value: 'http' } });
    fireEvent.click(dialog.getByRole('button', { name: 'Add header' }));
    fireEvent.change(dialog.getByLabelText('Header name 1'), { target: { value: 'Authorization' } });
    expect(dialog.getByLabelText<HTMLInputElement>('Header value 1').type).toBe('password');
    fireEvent.change(dialog.getByLabelText('Header value 1'), { target: { value: 'Bearer ${input:token}' } });
    expect(dialog.getByLabelText<HTMLInputElement>('Header value 1').type).toBe('text');
  });

  it('rejects an unknown placeholder on its field and sends nothing', async () => {
    const api = new FakeApi();
    api.settingsValue = { language: 'en' };
    renderApp(<ServersSection />, { api });
    const dialog = await openAddForm();
    const bad = addVariable(dialog, 1, 'API_URL', 'https://${foo:x}/v1');
    const empty = addVariable(dialog, 2, 'NAME', '${env:}');
    fireEvent.click(dialog.getByRole('button', { name: 'Save' }));
    expect(await dialog.findAllByText('Only ${env:NAME} and ${input:id} references are allowed here.')).toHaveLength(2);
    expect([bad.getAttribute('aria-invalid'), empty.getAttribute('aria-invalid')]).toEqual(['true', 'true']);
    expect(api.callsTo('mcp.add')).toEqual([]);
  });
});

describe('a server waiting for an ${input:} value', () => {
  function waiting(password: 0 | 1, language: 'en' | 'zh' | 'ja' = 'en') {
    const api = new FakeApi();
    api.settingsValue = { language };
    const { id } = api.seed({ name: 'github', type: 'http', url: 'https://api.example.com/mcp', headers: { Authorization: 'Bearer ${input:github-token}' } });
    api.inputs.set('github-token', { id: 'github-token', description: 'GitHub personal access token', password: password === 1, set: false, servers: ['github'] });
    api.setConnection(id, {
      status: 'error',
      consecutiveErrors: 1,
      lastError: { code: 'INPUT_REQUIRED', params: { server: 'github', input: 'github-token', description: 'GitHub personal access token', password, field: 'headers.Authorization' } },
    });
    renderApp(<ServersSection />, { api, language });
    return api;
  }

  it('says what it needs and Enter value asks with the description, masked, then stores it through mcp.setInput', async () => {
    const api = waiting(1);
    const notice = within(await screen.findByTestId('mcp-server-error'));
    expect(notice.getByRole('alert').textContent).toBe('Needs a value for “github-token”');
    expect(notice.getAllByRole('button').map((b) => b.textContent)).toEqual(['Enter value', 'Edit server']);

    fireEvent.click(notice.getByRole('button', { name: 'Enter value' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Enter a value for “github-token”' }));
    const field = dialog.getByLabelText<HTMLInputElement>('GitHub personal access token');
    expect(field.type).toBe('password');
    expect(document.activeElement).toBe(field);

    fireEvent.click(dialog.getByRole('button', { name: 'Save and connect' }));
    expect(await dialog.findByText('This field is required.')).toBeTruthy();
    expect(api.callsTo('mcp.setInput')).toEqual([]);

    fireEvent.change(field, { target: { value: 'ghp_entered' } });
    fireEvent.click(dialog.getByRole('button', { name: 'Save and connect' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(api.callsTo('mcp.setInput')).toEqual([{ id: 'github-token', value: 'ghp_entered' }]);
  });

  it('shows a value that is not a password as typed', async () => {
    waiting(0);
    fireEvent.click(within(await screen.findByTestId('mcp-server-error')).getByRole('button', { name: 'Enter value' }));
    const dialog = within(await screen.findByRole('dialog'));
    expect(dialog.getByLabelText<HTMLInputElement>('GitHub personal access token').type).toBe('text');
  });

  it.each([
    ['zh', '需要“github-token”的值', '输入值'],
    ['ja', '「github-token」の値が必要です', '値を入力'],
  ] as const)('is translated (%s)', async (language, headline, action) => {
    waiting(1, language);
    const notice = within(await screen.findByTestId('mcp-server-error'));
    expect(notice.getByRole('alert').textContent).toBe(headline);
    expect(notice.getAllByRole('button')[0]!.textContent).toBe(action);
  });

  it('the details list the inputs it uses: set or not, Enter value and Clear', async () => {
    const api = waiting(1);
    fireEvent.click(await screen.findByRole('button', { name: 'Details for github' }));
    const section = within(await screen.findByTestId('mcp-server-inputs'));
    expect(section.getByText('Not set')).toBeTruthy();
    expect(section.getByText('GitHub personal access token')).toBeTruthy();
    fireEvent.click(section.getByRole('button', { name: 'Enter a value for “github-token”' }));
    const dialog = within(await screen.findByRole('dialog'));
    fireEvent.change(dialog.getByLabelText('GitHub personal access token'), { target: { value: 'ghp_x' } });
    fireEvent.click(dialog.getByRole('button', { name: 'Save and connect' }));
    expect(await section.findByText('Set')).toBeTruthy();

    fireEvent.click(section.getByRole('button', { name: 'Clear the value of “github-token”' }));
    expect(await section.findByText('Not set')).toBeTruthy();
    expect(api.callsTo('mcp.clearInput')).toEqual([{ id: 'github-token' }]);
  });
});
