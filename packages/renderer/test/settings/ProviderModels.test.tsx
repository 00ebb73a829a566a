/**
 * The provider form's model list from the provider ("Fetch models", with what is typed) and its
 * default model, over the FakeApi.
 */
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ProvidersTab } from '../../src/features/settings/components/tabs/providers-tab/ProvidersTab';
import { FakeApi, FakeTrpcError } from '../fakes/FakeApi';
import { renderApp } from '../helpers/renderApp';

const FETCHED_AT = new Date(0).toISOString();

async function openTab(api: FakeApi, language: 'en' | 'ja' = 'en') {
  api.settingsValue = { language };
  renderApp(<ProvidersTab />, { api, language });
  await waitFor(() => expect(api.callsTo('providers.list')).toHaveLength(1));
}

const typeIn = (scope: HTMLElement, label: string, value: string) => fireEvent.change(within(scope).getByLabelText(label), { target: { value } });
const status = (form: HTMLElement) => within(form).getByTestId('fetched-models-status');
const modelValues = (form: HTMLElement) =>
  within(form)
    .getAllByLabelText(/^Model \d+$/)
    .map((input) => (input as HTMLInputElement).value);

function errorOf(control: HTMLElement): string | undefined {
  const ids = control.getAttribute('aria-describedby')?.split(' ') ?? [];
  return ids.map((id) => document.getElementById(id)).find((element) => element?.getAttribute('role') === 'alert')?.textContent ?? undefined;
}

describe('the provider form’s models from the provider', () => {
  it('fetches the list with the address and key as typed; ticking adds a model, unticking removes it; the default is chosen and saved', async () => {
    const api = new FakeApi();
    api.fakeProviders.draftResult = {
      ok: true,
      models: [{ id: 'llama3.1:8b', name: 'Llama 3.1 8B' }, { id: 'qwen2.5:7b' }, { id: 'nomic-embed-text' }],
      fetchedAt: FETCHED_AT,
    };
    await openTab(api);
    fireEvent.click(screen.getByRole('button', { name: 'Add provider' }));
    const form = screen.getByRole('dialog', { name: 'Add provider' });
    typeIn(form, 'Name', 'Ollama');
    fireEvent.change(within(form).getByLabelText('Type'), { target: { value: 'openai-compatible' } });
    typeIn(form, 'Base URL', 'http://127.0.0.1:11434/v1');
    typeIn(form, 'API key', 'sk-local');
    // No model yet: nothing to choose a default from.
    expect(within(form).queryByLabelText('Default model')).toBeNull();

    fireEvent.click(within(form).getByRole('button', { name: 'Fetch models' }));
    await waitFor(() => expect(status(form).textContent).toBe('Models found: 3. Tick the ones to offer in the chat.'));
    expect(api.callsTo('providers.draftModels')).toEqual([{ kind: 'openai-compatible', baseUrl: 'http://127.0.0.1:11434/v1', apiKey: 'sk-local' }]);
    expect(within(form).getByRole('button', { name: 'Fetch again' })).toBeTruthy();

    // The search matches ids and display names.
    typeIn(form, 'Search the provider’s models', 'llama');
    expect(within(form).queryByLabelText(/qwen2\.5:7b/)).toBeNull();
    fireEvent.click(within(form).getByLabelText(/llama3\.1:8b/));
    typeIn(form, 'Search the provider’s models', '');
    fireEvent.click(within(form).getByLabelText(/qwen2\.5:7b/));
    // The first ticked model fills the empty row; the next gets a row of its own.
    expect(modelValues(form)).toEqual(['llama3.1:8b', 'qwen2.5:7b']);
    expect(within(form).getByLabelText<HTMLInputElement>(/llama3\.1:8b/).checked).toBe(true);

    const defaultModel = within(form).getByLabelText<HTMLSelectElement>('Default model');
    expect(defaultModel.value).toBe('llama3.1:8b');
    expect([...defaultModel.options].map((option) => option.value)).toEqual(['llama3.1:8b', 'qwen2.5:7b']);
    fireEvent.change(defaultModel, { target: { value: 'qwen2.5:7b' } });

    // A model typed by hand is offered too; unticking removes its row.
    fireEvent.click(within(form).getByRole('button', { name: 'Add model' }));
    typeIn(form, 'Model 3', 'phi4');
    fireEvent.click(within(form).getByLabelText(/llama3\.1:8b/));
    expect(modelValues(form)).toEqual(['qwen2.5:7b', 'phi4']);

    fireEvent.click(within(form).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(api.callsTo('providers.add')).toEqual([
      { name: 'Ollama', kind: 'openai-compatible', baseUrl: 'http://127.0.0.1:11434/v1', apiKey: 'sk-local', models: ['qwen2.5:7b', 'phi4'], defaultModel: 'qwen2.5:7b' },
    ]);
    expect(api.fakeProviders.records[0]!.defaultModel).toBe('qwen2.5:7b');
  });

  it('on edit, asks with the stored key (by id) and keeps the default model unless another is picked', async () => {
    const api = new FakeApi();
    api.fakeProviders.add({ name: 'OpenAI', kind: 'openai', apiKey: 'sk-stored', models: ['gpt-4o', 'gpt-4o-mini'], defaultModel: 'gpt-4o-mini' });
    api.fakeProviders.draftResult = { ok: true, models: [{ id: 'gpt-4o' }, { id: 'gpt-4o-mini' }, { id: 'o3' }], fetchedAt: FETCHED_AT };
    await openTab(api);
    fireEvent.click(await screen.findByRole('button', { name: 'Edit OpenAI' }));
    const form = screen.getByRole('dialog', { name: 'Edit provider' });
    expect(within(form).getByLabelText<HTMLSelectElement>('Default model').value).toBe('gpt-4o-mini');

    fireEvent.click(within(form).getByRole('button', { name: 'Fetch models' }));
    await waitFor(() => expect(within(form).getByLabelText<HTMLInputElement>('o3').checked).toBe(false));
    expect(api.callsTo('providers.draftModels')).toEqual([{ id: 'prov-1', kind: 'openai' }]);
    expect(within(form).getByLabelText<HTMLInputElement>('gpt-4o-mini').checked).toBe(true);
    fireEvent.click(within(form).getByLabelText('o3'));

    fireEvent.click(within(form).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(api.callsTo('providers.update')).toEqual([{ id: 'prov-1', name: 'OpenAI', kind: 'openai', models: ['gpt-4o', 'gpt-4o-mini', 'o3'], defaultModel: 'gpt-4o-mini' }]);
  });

  it('a default model whose row was removed is named as the error, and nothing is saved', async () => {
    const api = new FakeApi();
    api.fakeProviders.add({ name: 'OpenAI', kind: 'openai', apiKey: 'sk-stored', models: ['gpt-4o', 'gpt-4o-mini'], defaultModel: 'gpt-4o-mini' });
    await openTab(api);
    fireEvent.click(await screen.findByRole('button', { name: 'Edit OpenAI' }));
    const form = screen.getByRole('dialog', { name: 'Edit provider' });
    fireEvent.click(within(form).getByRole('button', { name: 'Remove model 2' }));
    fireEvent.click(within(form).getByRole('button', { name: 'Save' }));
    const defaultModel = within(form).getByLabelText<HTMLSelectElement>('Default model');
    expect(errorOf(defaultModel)).toBe('Choose one of this provider’s models.');
    expect(api.callsTo('providers.update')).toEqual([]);
    fireEvent.change(defaultModel, { target: { value: 'gpt-4o' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(api.callsTo('providers.update')).toEqual([{ id: 'prov-1', name: 'OpenAI', kind: 'openai', models: ['gpt-4o'], defaultModel: 'gpt-4o' }]);
  });

  it('shows the router’s error on the default model, translated, and keeps the dialog open', async () => {
    const api = new FakeApi();
    api.fakeProviders.add({ name: 'OpenAI', kind: 'openai', apiKey: 'sk-stored', models: ['gpt-4o'] });
    await openTab(api, 'ja');
    api.failures.set('providers.update', new FakeTrpcError({ code: 'VALIDATION', fieldErrors: [{ field: 'defaultModel', code: 'tooLong', params: { max: 200 } }] }));
    fireEvent.click(await screen.findByRole('button', { name: 'OpenAI を編集' }));
    const form = screen.getByRole('dialog');
    fireEvent.click(within(form).getByRole('button', { name: '保存' }));
    await waitFor(() => expect(errorOf(within(form).getByLabelText('既定のモデル'))).toBe('200 文字以内で入力してください。'));
  });

  it('says why a list could not be read, translated, and names the field to fix', async () => {
    const api = new FakeApi();
    await openTab(api);
    fireEvent.click(screen.getByRole('button', { name: 'Add provider' }));
    const form = screen.getByRole('dialog', { name: 'Add provider' });

    api.fakeProviders.draftResult = { ok: false, code: 'PROVIDER_AUTH', status: 401 };
    fireEvent.click(within(form).getByRole('button', { name: 'Fetch models' }));
    await waitFor(() =>
      expect(status(form).textContent).toBe('The model list could not be read: The provider did not accept the API key. Check it in Settings → Providers. (HTTP 401)'),
    );
    expect(status(form).getAttribute('role')).toBe('status');
    expect(within(form).queryByRole('checkbox')).toBeNull();

    // The router's field error names the field (an OpenAI-compatible endpoint needs its address).
    fireEvent.change(within(form).getByLabelText('Type'), { target: { value: 'openai-compatible' } });
    api.failures.set('providers.draftModels', new FakeTrpcError({ code: 'VALIDATION', fieldErrors: [{ field: 'baseUrl', code: 'required' }] }));
    fireEvent.click(within(form).getByRole('button', { name: 'Fetch again' }));
    await waitFor(() => expect(status(form).textContent).toBe('The model list could not be read: Base URL: This field is required.'));

    api.failures.set('providers.draftModels', new FakeTrpcError({ code: 'INTERNAL' }));
    fireEvent.click(within(form).getByRole('button', { name: 'Fetch again' }));
    // One wait for the whole final state: "Asking the provider…" in between also lacks "Base URL".
    await waitFor(() => {
      const text = status(form).textContent ?? '';
      expect(text).toMatch(/^The model list could not be read: /);
      expect(text).not.toMatch(/Base URL/);
    });
  });

  it('reads in Japanese', async () => {
    const api = new FakeApi();
    api.fakeProviders.draftResult = { ok: true, models: [{ id: 'claude-sonnet-4' }], fetchedAt: FETCHED_AT };
    await openTab(api, 'ja');
    fireEvent.click(await screen.findByRole('button', { name: 'プロバイダーを追加' }));
    const form = screen.getByRole('dialog');
    fireEvent.click(within(form).getByRole('button', { name: 'モデルを取得' }));
    await waitFor(() => expect(status(form).textContent).toBe('1 個のモデルが見つかりました。チャットで使うものにチェックを入れてください。'));
    fireEvent.click(within(form).getByLabelText('claude-sonnet-4'));
    expect(within(form).getByLabelText<HTMLSelectElement>('既定のモデル').value).toBe('claude-sonnet-4');
  });
});
