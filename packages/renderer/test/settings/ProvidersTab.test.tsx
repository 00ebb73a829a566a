import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ProvidersTab } from '../../src/features/settings/components/tabs/providers-tab/ProvidersTab';
import { FakeApi, FakeTrpcError } from '../fakes/FakeApi';
import { renderApp } from '../helpers/renderApp';

function seeded() {
  const api = new FakeApi();
  api.settingsValue = { language: 'en' };
  api.fakeProviders.add({ name: 'OpenAI', kind: 'openai', apiKey: 'sk-stored', models: ['gpt-4o'] });
  return api;
}

async function openTab(api: FakeApi) {
  renderApp(<ProvidersTab />, { api });
  await waitFor(() => expect(api.callsTo('providers.list')).toHaveLength(1));
}

const dialog = (name: string) => screen.getByRole('dialog', { name });
const typeIn = (scope: HTMLElement, label: string, value: string) => fireEvent.change(within(scope).getByLabelText(label), { target: { value } });

/** The error text linked to a control through aria-describedby. */
function errorOf(control: HTMLElement): string | undefined {
  const ids = control.getAttribute('aria-describedby')?.split(' ') ?? [];
  return ids.map((id) => document.getElementById(id)).find((element) => element?.getAttribute('role') === 'alert')?.textContent ?? undefined;
}

describe('ProvidersTab', () => {
  it('lists providers with their kind, models (the default marked) and whether a key is stored', async () => {
    const api = seeded();
    api.fakeProviders.add({ name: 'Ollama', kind: 'openai-compatible', baseUrl: 'http://127.0.0.1:11434/v1', models: ['llama3', 'qwen2'], defaultModel: 'qwen2' });
    await openTab(api);
    const ollama = within(await screen.findByRole('row', { name: /^Ollama/ }));
    expect(ollama.getByText('OpenAI-compatible')).toBeTruthy();
    expect(ollama.getByText('llama3, qwen2 (default)')).toBeTruthy();
    expect(ollama.getByText('None')).toBeTruthy();
    expect(ollama.getByText('http://127.0.0.1:11434/v1')).toBeTruthy();
    expect(within(screen.getByRole('row', { name: /^OpenAI/ })).getByText('Stored')).toBeTruthy();
  });

  it('validates the form with the router’s schema: name, base URL for OpenAI-compatible, models', async () => {
    const api = new FakeApi();
    await openTab(api);
    fireEvent.click(screen.getByRole('button', { name: 'Add provider' }));
    const form = dialog('Add provider');
    fireEvent.change(within(form).getByLabelText('Type'), { target: { value: 'openai-compatible' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Save' }));

    expect(errorOf(within(form).getByLabelText('Name'))).toBe('This field is required.');
    expect(errorOf(within(form).getByLabelText('Base URL'))).toBe('This field is required.');
    expect(errorOf(within(form).getByLabelText('Model 1'))).toBe('This field is required.');
    await waitFor(() => expect(document.activeElement).toBe(within(form).getByLabelText('Name')));

    typeIn(form, 'Base URL', 'localhost:11434');
    fireEvent.click(within(form).getByRole('button', { name: 'Save' }));
    expect(errorOf(within(form).getByLabelText('Base URL'))).toBe('Enter an absolute http:// or https:// URL.');
    expect(api.callsTo('providers.add')).toEqual([]);
  });

  it('adds a provider with its key and models, then lists it', async () => {
    const api = new FakeApi();
    await openTab(api);
    fireEvent.click(screen.getByRole('button', { name: 'Add provider' }));
    const form = dialog('Add provider');
    const key = within(form).getByLabelText<HTMLInputElement>('API key');
    expect(key.type).toBe('password');
    typeIn(form, 'Name', ' Claude ');
    fireEvent.change(within(form).getByLabelText('Type'), { target: { value: 'anthropic' } });
    typeIn(form, 'API key', 'sk-ant-secret');
    typeIn(form, 'Model 1', 'claude-sonnet-4');
    fireEvent.click(within(form).getByRole('button', { name: 'Add model' }));
    fireEvent.click(within(form).getByRole('button', { name: 'Add model' }));
    typeIn(form, 'Model 3', 'claude-haiku-4');
    fireEvent.click(within(form).getByRole('button', { name: 'Save' }));

    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(api.callsTo('providers.add')).toEqual([{ name: 'Claude', kind: 'anthropic', apiKey: 'sk-ant-secret', models: ['claude-sonnet-4', 'claude-haiku-4'] }]);
    expect(await screen.findByRole('row', { name: /^Claude/ })).toBeTruthy();
    expect(api.fakeProviders.keys.get('prov-1')).toBe('sk-ant-secret');
  });

  it('keeps the stored key when the key field is left empty on edit, and replaces it when typed', async () => {
    const api = seeded();
    await openTab(api);
    fireEvent.click(await screen.findByRole('button', { name: 'Edit OpenAI' }));
    let form = dialog('Edit provider');
    const key = within(form).getByLabelText<HTMLInputElement>('API key');
    expect(key.value).toBe('');
    expect(errorOf(key)).toBeUndefined();
    expect(key.getAttribute('aria-describedby')?.split(' ').map((id) => document.getElementById(id)?.textContent)).toContain(
      'A key is stored. Leave this empty to keep it, or type a new key to replace it.',
    );
    typeIn(form, 'Model 1', 'gpt-4.1');
    fireEvent.click(within(form).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(api.callsTo('providers.update')).toEqual([{ id: 'prov-1', name: 'OpenAI', kind: 'openai', models: ['gpt-4.1'] }]);
    expect(api.fakeProviders.keys.get('prov-1')).toBe('sk-stored');

    fireEvent.click(screen.getByRole('button', { name: 'Edit OpenAI' }));
    form = dialog('Edit provider');
    typeIn(form, 'API key', 'sk-new');
    fireEvent.click(within(form).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(api.fakeProviders.keys.get('prov-1')).toBe('sk-new');
  });

  it('asks for the key again when the base URL or type changes, and sends nothing until it is typed', async () => {
    const api = seeded();
    await openTab(api);
    fireEvent.click(await screen.findByRole('button', { name: 'Edit OpenAI' }));
    const form = dialog('Edit provider');
    typeIn(form, 'Base URL (optional)', 'https://proxy.example.com/v1');
    const key = within(form).getByLabelText<HTMLInputElement>('API key');
    expect(key.getAttribute('aria-describedby')?.split(' ').map((id) => document.getElementById(id)?.textContent)).toContain(
      'The type or base URL changed: enter the API key again, so the stored key is not sent to the new address.',
    );
    fireEvent.click(within(form).getByRole('button', { name: 'Save' }));
    expect(errorOf(key)).toBe('Where this secret goes changed (its address, type or command): enter it again, so it is not sent there unasked.');
    expect(api.callsTo('providers.update')).toEqual([]);

    typeIn(form, 'API key', 'sk-for-proxy');
    fireEvent.click(within(form).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(api.callsTo('providers.update')).toEqual([{ id: 'prov-1', name: 'OpenAI', kind: 'openai', baseUrl: 'https://proxy.example.com/v1', apiKey: 'sk-for-proxy', models: ['gpt-4o'] }]);
  });

  it('shows the router’s field errors on their fields and keeps what was typed', async () => {
    const api = seeded();
    await openTab(api);
    api.failures.set('providers.add', new FakeTrpcError({ code: 'VALIDATION', fieldErrors: [{ field: 'models.1', code: 'invalid' }] }));
    fireEvent.click(screen.getByRole('button', { name: 'Add provider' }));
    const form = dialog('Add provider');
    typeIn(form, 'Name', 'Gemini');
    fireEvent.change(within(form).getByLabelText('Type'), { target: { value: 'google' } });
    typeIn(form, 'Model 1', 'gemini-2.5-pro');
    fireEvent.click(within(form).getByRole('button', { name: 'Add model' }));
    typeIn(form, 'Model 2', 'gemini 2.5');
    fireEvent.click(within(form).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(errorOf(within(form).getByLabelText('Model 2'))).toBe('This value is not valid.'));
    expect(within(form).getByLabelText<HTMLInputElement>('Name').value).toBe('Gemini');
  });

  it('tests the connection and shows the latency or the translated reason', async () => {
    const api = seeded();
    await openTab(api);
    const row = within(await screen.findByRole('row', { name: /^OpenAI/ }));
    fireEvent.click(row.getByRole('button', { name: 'Test connection to OpenAI' }));
    await waitFor(() => expect(row.getByTestId('provider-test-result').textContent).toBe('Connected in 120 ms.'));

    api.fakeProviders.testResults.set('prov-1', { ok: false, code: 'PROVIDER_AUTH', status: 401 });
    fireEvent.click(row.getByRole('button', { name: 'Test connection to OpenAI' }));
    await waitFor(() =>
      expect(row.getByTestId('provider-test-result').textContent).toBe('The provider did not accept the API key. Check it in Settings → Providers. (HTTP 401)'),
    );
    expect(row.getByTestId('provider-test-result').getAttribute('role')).toBe('status');
  });

  it('deletes a provider only after confirmation', async () => {
    const api = seeded();
    await openTab(api);
    fireEvent.click(await screen.findByRole('button', { name: 'Delete OpenAI' }));
    const confirm = dialog('Delete “OpenAI”?');
    fireEvent.click(within(confirm).getByRole('button', { name: 'Cancel' }));
    expect(api.callsTo('providers.remove')).toEqual([]);
    fireEvent.click(screen.getByRole('button', { name: 'Delete OpenAI' }));
    fireEvent.click(within(dialog('Delete “OpenAI”?')).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('No providers yet. Add one to start chatting.')).toBeTruthy();
    expect(api.callsTo('providers.remove')).toEqual([{ id: 'prov-1' }]);
  });
});
