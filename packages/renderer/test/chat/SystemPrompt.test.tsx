import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ChatView } from '../../src/features/chat/ChatView';
import { validationError } from '../fakes/CallRecorder';
import { FakeApi, FakeTrpcError } from '../fakes/FakeApi';
import { renderApp } from '../helpers/renderApp';

function seeded(systemPrompt?: string) {
  const api = new FakeApi();
  api.settingsValue = { language: 'en' };
  const provider = api.fakeProviders.add({ name: 'OpenAI', kind: 'openai', apiKey: 'sk-test', models: ['gpt-4o'] });
  const conversation = api.fakeChat.createConversation({ title: 'Pirates', providerId: provider.id, model: 'gpt-4o', ...(systemPrompt ? { systemPrompt } : {}) });
  return { api, conversation };
}

async function open(api: FakeApi) {
  renderApp(<ChatView onSetUpProviders={() => {}} />, { api });
  await screen.findByRole('log', { name: 'Messages' });
}

const textarea = () => screen.getByRole<HTMLTextAreaElement>('textbox', { name: 'System prompt for this conversation' });

describe('the conversation system prompt', () => {
  it('edits the prompt in a dialog, stores it with the conversation, and returns focus to its button', async () => {
    const { api, conversation } = seeded();
    await open(api);
    const button = screen.getByRole('button', { name: 'System prompt' });
    fireEvent.click(button);
    const dialog = await screen.findByRole('dialog', { name: 'System prompt' });
    expect(within(dialog).getByText(/Sent to the model at the start of every request/)).toBeTruthy();
    expect(document.activeElement).toBe(textarea());
    fireEvent.change(textarea(), { target: { value: '  Answer like a pirate.  ' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(api.callsTo('chat.conversations.update')).toEqual([{ id: conversation.id, systemPrompt: 'Answer like a pirate.' }]);
    // The button now says a prompt is set, and focus came back to it.
    const marked = await screen.findByRole('button', { name: 'System prompt (set)' });
    await waitFor(() => expect(document.activeElement).toBe(marked));
  });

  it('opens without adding a <style> element, which the page’s Content-Security-Policy (style-src ’self’) refuses', async () => {
    const { api } = seeded();
    await open(api);
    const before = document.querySelectorAll('style').length;
    fireEvent.click(screen.getByRole('button', { name: 'System prompt' }));
    await screen.findByRole('dialog', { name: 'System prompt' });
    expect(document.querySelectorAll('style')).toHaveLength(before);
  });

  it('opens with the stored prompt, clears it, and Cancel or Escape keep what is stored', async () => {
    const { api, conversation } = seeded('Be brief.');
    await open(api);
    fireEvent.click(screen.getByRole('button', { name: /System prompt \(set\)/ }));
    await screen.findByRole('dialog', { name: 'System prompt' });
    expect(textarea().value).toBe('Be brief.');
    fireEvent.change(textarea(), { target: { value: 'Something else' } });
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());

    fireEvent.click(screen.getByRole('button', { name: /System prompt \(set\)/ }));
    await screen.findByRole('dialog', { name: 'System prompt' });
    expect(textarea().value).toBe('Be brief.');
    fireEvent.keyDown(textarea(), { key: 'Escape' });
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(api.callsTo('chat.conversations.update')).toEqual([]);

    fireEvent.click(screen.getByRole('button', { name: /System prompt \(set\)/ }));
    await screen.findByRole('dialog', { name: 'System prompt' });
    fireEvent.click(screen.getByRole('button', { name: 'Clear' }));
    expect(textarea().value).toBe('');
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(api.callsTo('chat.conversations.update')).toEqual([{ id: conversation.id, systemPrompt: '' }]);
  });

  it('keeps the dialog open and names the field when main refuses the prompt', async () => {
    const { api } = seeded();
    await open(api);
    fireEvent.click(screen.getByRole('button', { name: 'System prompt' }));
    await screen.findByRole('dialog', { name: 'System prompt' });
    fireEvent.change(textarea(), { target: { value: 'Be brief.' } });
    api.failures.set('chat.conversations.update', validationError([{ field: 'systemPrompt', code: 'tooLong', params: { max: 20_000 } }]));
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByRole('alert')).toHaveProperty('textContent', 'Use at most 20000 characters.');
    expect(textarea().value).toBe('Be brief.');

    api.failures.set('chat.conversations.update', new FakeTrpcError({ code: 'DISK_FULL', params: { path: '/data/elftia.db' } }));
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.getByRole('alert').textContent).toMatch(/^Not saved: The disk that holds Elftia’s data \(\/data\/elftia.db\) is full/));
    expect(screen.getByRole('dialog', { name: 'System prompt' })).toBeTruthy();
  });
});
