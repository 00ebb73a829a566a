import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { McpServerInput, McpServerInputParsed } from '@elftia/desktop/shared/contracts/mcp-types.ts';
import { SECRET_SET } from '@elftia/desktop/shared/contracts/secrets.ts';
import { McpServerForm } from '../src/features/settings/components/tabs/tools-tab/McpServerForm';
import { renderApp } from './helpers/renderApp';

function renderForm(options: { language?: 'en' | 'ja'; onSubmit?: (input: McpServerInputParsed) => Promise<unknown> } = {}) {
  const onSubmit = vi.fn(options.onSubmit ?? (async () => undefined));
  const onClose = vi.fn();
  const rendered = renderApp(<McpServerForm mode={{ kind: 'add' }} onSubmit={onSubmit} onClose={onClose} />, { language: options.language });
  return { ...rendered, onSubmit, onClose, dialog: screen.getByRole('dialog', { name: options.language === 'ja' ? 'MCP サーバーを追加' : 'Add MCP server' }) };
}

const type = (label: string, value: string) => fireEvent.change(screen.getByLabelText(label), { target: { value } });
const save = () => fireEvent.click(screen.getByRole('button', { name: 'Save' }));

/** The error text linked to a control through aria-describedby. */
function errorOf(control: HTMLElement): string | undefined {
  const ids = control.getAttribute('aria-describedby')?.split(' ') ?? [];
  return ids.map((id) => document.getElementById(id)).find((element) => element?.getAttribute('role') === 'alert')?.textContent ?? undefined;
}

function renderEdit(initial: McpServerInput) {
  const onSubmit = vi.fn(async (_input: McpServerInputParsed) => undefined);
  renderApp(<McpServerForm mode={{ kind: 'edit', id: 's1' }} initial={initial} onSubmit={onSubmit} onClose={() => {}} />);
  return { onSubmit };
}

describe('McpServerForm with stored secrets', () => {
  const stored: McpServerInput = {
    name: 'github',
    type: 'stdio',
    command: 'npx',
    args: ['server', `--token=${SECRET_SET}`],
    env: { GITHUB_TOKEN: SECRET_SET, MODE: SECRET_SET },
  };

  it('never shows them, says how to keep them, and sends the mask back for each one left alone', async () => {
    const { onSubmit } = renderEdit(stored);
    expect(screen.getByTestId('stored-secrets-note').textContent).toContain('shown as ••••');
    const token = screen.getByLabelText<HTMLInputElement>('Variable value 1');
    expect(token.value).toBe('');
    expect(token.placeholder).toBe('stored — type to replace');
    expect(token.getAttribute('aria-describedby')?.split(' ').map((id) => document.getElementById(id)?.textContent)).toContain(
      'Stored values are not shown. Leave such a field empty to keep its value, or type a new one.',
    );

    type('Variable value 2', 'fast');
    type('Variable value 1', 'ghp-typed');
    type('Variable value 1', '');
    save();
    await waitFor(() => expect(onSubmit).toHaveBeenCalledTimes(1));
    expect(onSubmit.mock.calls[0]?.[0]).toMatchObject({ args: ['server', `--token=${SECRET_SET}`], env: { GITHUB_TOKEN: SECRET_SET, MODE: 'fast' } });
  });
});

describe('McpServerForm', () => {
  it('shows translated errors under each bad field and does not submit', async () => {
    const { onSubmit } = renderForm();
    type('Timeout (seconds)', '0');
    save();

    const name = screen.getByLabelText('Name');
    expect(name.getAttribute('aria-invalid')).toBe('true');
    expect(errorOf(name)).toBe('This field is required.');
    expect(errorOf(screen.getByLabelText('Command'))).toBe('This field is required.');
    expect(errorOf(screen.getByLabelText('Timeout (seconds)'))).toBe('Enter a whole number of seconds from 1 to 3600.');
    expect(screen.getAllByRole('alert')).toHaveLength(3);
    // The first invalid field gets focus, so keyboard users land on the problem.
    await waitFor(() => expect(document.activeElement).toBe(name));
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('refuses a name with an invisible character, and an oversized command, naming the limit', () => {
    const { onSubmit } = renderForm();
    type('Name', 'git\u200Bhub');
    type('Command', 'x'.repeat(5000));
    save();
    expect(errorOf(screen.getByLabelText('Name'))).toBe(
      'Names cannot contain line breaks, control characters or invisible characters (such as zero-width spaces or direction marks).',
    );
    expect(errorOf(screen.getByLabelText('Command'))).toBe('Use at most 4096 characters.');
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('puts an environment variable error on its row', () => {
    const { onSubmit } = renderForm();
    type('Name', 'everything');
    type('Command', 'node');
    fireEvent.click(screen.getByRole('button', { name: 'Add variable' }));
    fireEvent.click(screen.getByRole('button', { name: 'Add variable' }));
    type('Variable name 1', 'GOOD');
    type('Variable name 2', '1BAD');
    type('Variable value 2', 'x');
    save();

    expect(errorOf(screen.getByLabelText('Variable name 2'))).toBe('Variable names use letters, digits and _, and do not start with a digit.');
    expect(errorOf(screen.getByLabelText('Variable name 1'))).toBeUndefined();
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('checks the URL of the selected transport, and header rows', () => {
    renderForm();
    type('Name', 'remote');
    fireEvent.change(screen.getByLabelText('Transport'), { target: { value: 'websocket' } });
    type('URL', 'https://example.com/mcp');
    fireEvent.click(screen.getByRole('button', { name: 'Add header' }));
    fireEvent.click(screen.getByRole('button', { name: 'Add header' }));
    type('Header name 1', 'X-Token');
    type('Header name 2', 'x-token');
    save();

    expect(errorOf(screen.getByLabelText('URL'))).toBe('Enter an absolute ws:// or wss:// URL.');
    expect(errorOf(screen.getByLabelText('Header name 2'))).toBe('This name is already used in another row.');
    expect(screen.queryByLabelText('Command')).toBeNull();
  });

  it('shows a field error on blur only once the field was visited', () => {
    renderForm();
    fireEvent.blur(screen.getByLabelText('Name'));
    expect(errorOf(screen.getByLabelText('Name'))).toBe('This field is required.');
    expect(errorOf(screen.getByLabelText('Command'))).toBeUndefined();
    type('Name', 'ok');
    expect(errorOf(screen.getByLabelText('Name'))).toBeUndefined();
  });

  it('reveals nothing when a field is left for a button, so the button does not move away from the click', () => {
    renderForm();
    fireEvent.blur(screen.getByLabelText('Name'), { relatedTarget: screen.getByRole('button', { name: 'Save' }) });
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('submits the parsed input when it is valid, then closes', async () => {
    const { onSubmit, onClose } = renderForm();
    type('Name', '  everything  ');
    type('Command', 'node');
    fireEvent.click(screen.getByRole('button', { name: 'Add argument' }));
    fireEvent.click(screen.getByRole('button', { name: 'Add argument' }));
    fireEvent.click(screen.getByRole('button', { name: 'Add argument' }));
    type('Argument 1', 'server.js');
    type('Argument 3', '--stdio');
    fireEvent.click(screen.getByRole('button', { name: 'Add variable' }));
    type('Variable name 1', 'DEBUG');
    type('Variable value 1', '1');
    fireEvent.click(screen.getByRole('button', { name: 'Add watch path' }));
    type('Watch path 1', ' src/server.ts ');
    type('Timeout (seconds)', '30');
    save();

    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(onSubmit).toHaveBeenCalledTimes(1);
    expect(onSubmit).toHaveBeenCalledWith({
      name: 'everything',
      type: 'stdio',
      command: 'node',
      args: ['server.js', '--stdio'],
      env: { DEBUG: '1' },
      watchPaths: ['src/server.ts'],
      timeoutSec: 30,
      enabled: true,
    });
  });

  it('edits watch paths as rows: added focused, described by the help text, removed with focus back on Add', async () => {
    renderForm();
    const add = screen.getByRole('button', { name: 'Add watch path' });
    fireEvent.click(add);
    fireEvent.click(add);
    const second = screen.getByLabelText('Watch path 2');
    await waitFor(() => expect(document.activeElement).toBe(second));
    const hint = document.getElementById(second.getAttribute('aria-describedby') ?? '');
    expect(hint?.textContent).toBe('Restart the server when one of these files or folders changes. Useful while developing a server.');

    type('Watch path 1', 'a');
    type('Watch path 2', 'b');
    fireEvent.click(screen.getByRole('button', { name: 'Remove watch path 1' }));
    expect(screen.getByLabelText<HTMLInputElement>('Watch path 1').value).toBe('b');
    expect(screen.queryByLabelText('Watch path 2')).toBeNull();
    await waitFor(() => expect(document.activeElement).toBe(add));
  });

  it('has no watch paths for a remote transport', () => {
    renderForm();
    fireEvent.change(screen.getByLabelText('Transport'), { target: { value: 'http' } });
    expect(screen.queryByRole('button', { name: 'Add watch path' })).toBeNull();
  });

  it('keeps the dialog and what was typed when saving fails for a reason no field owns', async () => {
    const { onClose, dialog } = renderForm({
      onSubmit: async () => {
        throw Object.assign(new Error('closed'), { name: 'TRPCClientError' });
      },
    });
    type('Name', 'everything');
    type('Command', 'node');
    save();

    expect(await within(dialog).findByRole('alert')).toHaveProperty('textContent', "Lost the connection to Elftia's main process.");
    expect(onClose).not.toHaveBeenCalled();
    expect(screen.getByLabelText<HTMLInputElement>('Name').value).toBe('everything');
  });

  it('re-renders in Japanese, errors included, when the language setting changes', async () => {
    const { api } = renderForm();
    save();
    expect(errorOf(screen.getByLabelText('Name'))).toBe('This field is required.');

    // As if the General tab or the CLI had stored the preference: the settings subscription fires.
    await act(async () => {
      api.settingsValue = { language: 'ja' };
      api.settingsChannel.emit();
    });
    expect(screen.getByRole('dialog', { name: 'MCP サーバーを追加' })).toBeTruthy();
    const name = screen.getByLabelText('名前');
    expect(errorOf(name)).toBe('この項目は必須です。');
    expect(screen.getByLabelText('トランスポート')).toBeTruthy();
    expect(screen.getByLabelText('タイムアウト（秒）')).toBeTruthy();
    expect(screen.getByRole('button', { name: '保存' })).toBeTruthy();
    expect(screen.getByRole('option', { name: 'ローカルコマンド（stdio）' })).toBeTruthy();
    expect(document.documentElement.lang).toBe('ja');
  });

  it('renders in Japanese from the start', () => {
    renderForm({ language: 'ja' });
    expect(screen.getByLabelText('コマンド')).toBeTruthy();
    expect(screen.getByRole('button', { name: '引数を追加' })).toBeTruthy();
  });
});
