import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { ProviderRecord } from '@elftia/desktop/shared/contracts/providers.ts';
import { ModelPicker } from '../../src/features/chat/components/model-picker/ModelPicker';
import { FakeApi } from '../fakes/FakeApi';
import { renderApp } from '../helpers/renderApp';

function seeded() {
  const api = new FakeApi();
  api.settingsValue = { language: 'en' };
  const openai = api.fakeProviders.add({ name: 'OpenAI', kind: 'openai', apiKey: 'sk-test', models: ['gpt-4o', 'gpt-4o-mini'], defaultModel: 'gpt-4o-mini' });
  const local = api.fakeProviders.add({ name: 'Local', kind: 'openai-compatible', baseUrl: 'http://127.0.0.1:11434/v1', models: ['llama3'] });
  api.fakeProviders.listedModels.set(openai.id, {
    ok: true,
    fetchedAt: '2026-01-01T00:00:00Z',
    models: [{ id: 'gpt-4o' }, { id: 'o3', name: 'OpenAI o3' }, { id: 'gpt-4.1' }],
  });
  api.fakeProviders.listedModels.set(local.id, { ok: false, code: 'PROVIDER_NETWORK', detail: 'connect ECONNREFUSED 127.0.0.1:11434' });
  return { api, openai, local };
}

function show(api: FakeApi, props: { providers: ProviderRecord[]; providerId?: string; model?: string }) {
  const onChange = vi.fn();
  const onSetUpProviders = vi.fn();
  renderApp(<ModelPicker providerId={undefined} model={undefined} {...props} onChange={onChange} onSetUpProviders={onSetUpProviders} />, { api });
  return { onChange, onSetUpProviders };
}

const openPicker = async (name: RegExp | string = /^Model:/) => {
  fireEvent.click(screen.getByRole('button', { name }));
  return screen.findByRole('combobox', { name: 'Search models' });
};

const options = () => screen.getAllByRole('option').map((option) => option.textContent);

describe('ModelPicker', () => {
  it("names the conversation's model and provider on a compact button", () => {
    const { api, openai } = seeded();
    show(api, { providers: api.fakeProviders.records, providerId: openai.id, model: 'gpt-4o' });
    expect(screen.getByRole('button', { name: 'Model: gpt-4o (OpenAI)' })).toBeTruthy();
    // Nothing is asked of the providers until the picker opens.
    expect(api.callsTo('providers.models')).toEqual([]);
  });

  it("lists each provider's set-up models first, then those it lists, marks the default, and says why a list failed", async () => {
    const { api, openai, local } = seeded();
    show(api, { providers: api.fakeProviders.records, providerId: openai.id, model: 'gpt-4o' });
    await openPicker();
    await waitFor(() => expect(options()).toContain('o3OpenAI o3'));
    expect(options()).toEqual(['gpt-4ocurrent', 'gpt-4o-minidefault', 'o3OpenAI o3', 'gpt-4.1', 'llama3default']);
    expect(screen.getByRole('option', { name: /gpt-4o-mini/ }).textContent).toContain('default');
    expect(await screen.findByText(/^The list could not be loaded: Could not reach the provider\. Check the network connection and the base URL\./)).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeTruthy();
    expect(api.callsTo('providers.models')).toEqual([{ id: openai.id }, { id: local.id }]);
  });

  it('filters as the user types and picks a listed model with the keyboard', async () => {
    const { api, openai } = seeded();
    const { onChange } = show(api, { providers: api.fakeProviders.records, providerId: openai.id, model: 'gpt-4o' });
    const search = await openPicker();
    await waitFor(() => expect(options()).toContain('o3OpenAI o3'));
    fireEvent.change(search, { target: { value: 'o3' } });
    // A listed name needs no "Use …" entry.
    await waitFor(() => expect(options()).toEqual(['o3OpenAI o3']));
    fireEvent.keyDown(search, { key: 'Enter' });
    expect(onChange).toHaveBeenCalledWith({ providerId: openai.id, model: 'o3' });
    await waitFor(() => expect(screen.queryByRole('combobox', { name: 'Search models' })).toBeNull());
  });

  it("keeps a typed model the lists do not show, for the conversation's provider", async () => {
    const { api, local } = seeded();
    const { onChange } = show(api, { providers: api.fakeProviders.records, providerId: local.id, model: 'llama3' });
    const search = await openPicker('Model: llama3 (Local)');
    fireEvent.change(search, { target: { value: '  qwen2.5:7b ' } });
    const typed = await screen.findByRole('option', { name: 'Use “qwen2.5:7b” with Local' });
    fireEvent.click(typed);
    expect(onChange).toHaveBeenCalledWith({ providerId: local.id, model: 'qwen2.5:7b' });
  });

  it('switches provider with the model picked under it', async () => {
    const { api, openai, local } = seeded();
    const { onChange } = show(api, { providers: api.fakeProviders.records, providerId: openai.id, model: 'gpt-4o' });
    await openPicker();
    fireEvent.click(await screen.findByRole('option', { name: /llama3/ }));
    expect(onChange).toHaveBeenCalledWith({ providerId: local.id, model: 'llama3' });
  });

  it('refreshes the lists on request and shows the new answer', async () => {
    const { api, openai } = seeded();
    show(api, { providers: [api.fakeProviders.records[0]!], providerId: openai.id, model: 'gpt-4o' });
    await openPicker();
    await waitFor(() => expect(options()).toContain('gpt-4.1'));
    api.fakeProviders.listedModels.set(openai.id, { ok: true, fetchedAt: '2026-01-02T00:00:00Z', models: [{ id: 'gpt-5' }] });
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Refresh lists' })));
    await waitFor(() => expect(options()).toContain('gpt-5'));
    expect(options()).not.toContain('gpt-4.1');
    expect(api.callsTo('providers.refreshModels')).toEqual([{ id: openai.id }]);
  });

  it('keeps a model no longer offered visible while it is in use', async () => {
    const { api, openai } = seeded();
    show(api, { providers: api.fakeProviders.records, providerId: openai.id, model: 'gpt-3.5-legacy' });
    await openPicker('Model: gpt-3.5-legacy (OpenAI)');
    expect(within(await screen.findByRole('listbox')).getByRole('option', { name: /gpt-3.5-legacy/ })).toBeTruthy();
  });

  it('points to Settings → Providers when none is set up', () => {
    const api = new FakeApi();
    const { onSetUpProviders } = show(api, { providers: [] });
    expect(screen.getByText('No providers are set up yet.')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Set up a provider' }));
    expect(onSetUpProviders).toHaveBeenCalledTimes(1);
  });
});
