/**
 * The chat's sidebar and keyboard: date groups (with a fixed clock), search, New conversation
 * reusing an empty one, folding to a rail, and the shortcuts and focus moves of the chat.
 */
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Language } from '@elftia/desktop/shared/contracts/settings.ts';
import { ChatView } from '../../src/features/chat/ChatView';
import { FakeApi, FakeTrpcError } from '../fakes/FakeApi';
import { renderApp } from '../helpers/renderApp';
import { approvalRequest, toolCall } from './toolCalls';

afterEach(() => {
  vi.useRealTimers();
  localStorage.clear();
});

function api(language: Language = 'en') {
  const fake = new FakeApi();
  fake.settingsValue = { language };
  const provider = fake.fakeProviders.add({ name: 'OpenAI', kind: 'openai', apiKey: 'sk-test', models: ['gpt-4o'] });
  return { fake, provider };
}

/** A conversation that has a message, last active at `updatedAt`. */
function talkedIn(fake: FakeApi, title: string, updatedAt: Date, providerId?: string) {
  const record = fake.fakeChat.createConversation({ title, providerId, model: providerId ? 'gpt-4o' : undefined });
  fake.fakeChat.messages.set(record.id, [fake.fakeChat.message(record.id, { role: 'user', text: title })]);
  fake.fakeChat.conversations = fake.fakeChat.conversations.map((c) => (c.id === record.id ? { ...c, updatedAt: updatedAt.toISOString() } : c));
  return record;
}

async function open(fake: FakeApi, language: Language = 'en') {
  const rendered = renderApp(<ChatView onSetUpProviders={() => undefined} />, { api: fake, language });
  await within(await screen.findByTestId('conversation-list')).findAllByRole('listitem');
  return rendered;
}

const composer = () => screen.getByRole<HTMLTextAreaElement>('textbox', { name: 'Message' });
const groupTitles = (name: string) =>
  within(screen.getByRole('list', { name }))
    .getAllByRole('listitem')
    .map((item) => item.querySelector('.conversation-item__open')?.textContent);

describe('ChatView sidebar: date groups', () => {
  it('groups the conversations by last activity, with a fixed clock, newest first in each group', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date(2026, 2, 15, 9, 30));
    const { fake } = api();
    talkedIn(fake, 'Last year', new Date(2025, 5, 1));
    talkedIn(fake, 'Two weeks ago', new Date(2026, 2, 1));
    talkedIn(fake, 'Monday', new Date(2026, 2, 10));
    talkedIn(fake, 'Late yesterday', new Date(2026, 2, 14, 23, 50));
    talkedIn(fake, 'This morning', new Date(2026, 2, 15, 8, 0));
    await open(fake);

    expect(screen.getAllByRole('heading', { level: 3 }).map((h) => h.textContent)).toEqual(['Today', 'Yesterday', 'Previous 7 days', 'Previous 30 days', 'Older']);
    expect(groupTitles('Today')).toEqual(['This morning']);
    expect(groupTitles('Yesterday')).toEqual(['Late yesterday']);
    expect(groupTitles('Previous 7 days')).toEqual(['Monday']);
    expect(groupTitles('Previous 30 days')).toEqual(['Two weeks ago']);
    expect(groupTitles('Older')).toEqual(['Last year']);
  });

  it('names the groups in Japanese and Chinese', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date(2026, 2, 15, 9, 30));
    for (const [language, headings] of [
      ['ja', ['今日', '昨日']],
      ['zh', ['今天', '昨天']],
    ] as const) {
      const { fake } = api(language);
      talkedIn(fake, 'a', new Date(2026, 2, 14, 12));
      talkedIn(fake, 'b', new Date(2026, 2, 15, 8));
      const { unmount } = await open(fake, language);
      expect(screen.getAllByRole('heading', { level: 3 }).map((h) => h.textContent)).toEqual(headings);
      unmount();
    }
  });
});

describe('ChatView sidebar: search', () => {
  it('filters by title as the user types, says when nothing matches, and Escape clears it', async () => {
    const { fake } = api();
    talkedIn(fake, 'Trip to Kyoto', new Date());
    talkedIn(fake, 'Quarterly report', new Date());
    await open(fake);
    const search = screen.getByRole('searchbox', { name: 'Search conversations' });

    fireEvent.change(search, { target: { value: 'KYOTO' } });
    expect(within(screen.getByTestId('conversation-list')).getAllByRole('listitem').map((li) => li.textContent)).toEqual(['Trip to Kyoto']);
    fireEvent.change(search, { target: { value: 'weather' } });
    expect(within(screen.getByTestId('conversation-list')).getByRole('status').textContent).toBe('No conversation matches “weather”.');
    expect(within(screen.getByTestId('conversation-list')).queryAllByRole('listitem')).toHaveLength(0);

    fireEvent.keyDown(search, { key: 'Escape' });
    expect((search as HTMLInputElement).value).toBe('');
    expect(within(screen.getByTestId('conversation-list')).getAllByRole('listitem')).toHaveLength(2);
  });

  it('Ctrl+K (⌘K) focuses the search from anywhere, the composer included', async () => {
    const { fake, provider } = api();
    talkedIn(fake, 'Weather', new Date(), provider.id);
    await open(fake);
    await waitFor(() => expect(document.activeElement).toBe(composer()));
    fireEvent.keyDown(composer(), { key: 'k', code: 'KeyK', ctrlKey: true });
    expect(document.activeElement).toBe(screen.getByRole('searchbox', { name: 'Search conversations' }));
    fireEvent.keyDown(document.activeElement!, { key: 'k', code: 'KeyK', metaKey: true });
    expect(document.activeElement).toBe(screen.getByRole('searchbox', { name: 'Search conversations' }));
  });
});

describe('ChatView sidebar: New conversation', () => {
  it('opens the empty conversation that exists instead of adding another, and the composer takes focus', async () => {
    const { fake, provider } = api();
    const empty = fake.fakeChat.createConversation({ providerId: provider.id, model: 'gpt-4o' });
    talkedIn(fake, 'Weather', new Date(Date.now() + 60_000), provider.id);
    await open(fake);
    const list = within(screen.getByTestId('conversation-list'));
    expect(list.getByRole('button', { name: 'Weather' }).getAttribute('aria-current')).toBe('page');

    fireEvent.click(screen.getByTestId('new-conversation'));
    await waitFor(() => expect(list.getByRole('button', { name: 'New conversation' }).getAttribute('aria-current')).toBe('page'));
    expect(list.getAllByRole('listitem')).toHaveLength(2);
    expect(fake.fakeChat.conversations.map((c) => c.id)).toEqual([empty.id, expect.any(String)]);
    await waitFor(() => expect(document.activeElement).toBe(composer()));

    // Pressed again on the empty one it is already on: nothing new, focus back in the box.
    screen.getByTestId('new-conversation').focus();
    fireEvent.click(screen.getByTestId('new-conversation'));
    await waitFor(() => expect(document.activeElement).toBe(composer()));
    expect(fake.fakeChat.conversations).toHaveLength(2);
  });

  it('Ctrl+Shift+O starts a new conversation from anywhere and puts the cursor in it', async () => {
    const { fake, provider } = api();
    talkedIn(fake, 'Weather', new Date(), provider.id);
    await open(fake);
    const search = screen.getByRole('searchbox', { name: 'Search conversations' });
    search.focus();
    fireEvent.keyDown(search, { key: 'O', code: 'KeyO', ctrlKey: true, shiftKey: true });
    await waitFor(() => expect(screen.getByRole('heading', { level: 2, name: 'New conversation' })).toBeTruthy());
    expect(fake.callsTo('chat.conversations.create')).toEqual([{ providerId: provider.id, model: 'gpt-4o', reuseEmpty: true }]);
    await waitFor(() => expect(document.activeElement).toBe(composer()));
  });
});

describe('ChatView sidebar: typing right after Ctrl+Shift+O', () => {
  it('carries what is typed in the open box while the new conversation is made into the new one', async () => {
    const { fake, provider } = api();
    talkedIn(fake, 'Weather', new Date(), provider.id);
    await open(fake);
    const old = composer();
    fireEvent.change(old, { target: { value: 'Draft' } });
    old.focus();
    const release = fake.hold('chat.conversations.create');
    fireEvent.keyDown(old, { key: 'O', code: 'KeyO', ctrlKey: true, shiftKey: true });
    // The keys that come before the new conversation opens land in the old box.
    fireEvent.change(old, { target: { value: 'DraftHello' } });
    release();
    await waitFor(() => expect(screen.getByRole('heading', { level: 2, name: 'New conversation' })).toBeTruthy());
    await waitFor(() => expect(document.activeElement).toBe(composer()));
    expect(composer().value).toBe('Hello');
  });
});

describe('ChatView with no conversation yet', () => {
  const welcome = (fake: FakeApi) => {
    renderApp(<ChatView onSetUpProviders={() => undefined} />, { api: fake });
    return screen.findByRole<HTMLTextAreaElement>('textbox', { name: 'Message' });
  };

  it('has the composer focused at once; the first message starts a conversation with the choices in the bar and is sent', async () => {
    const { fake, provider } = api();
    const box = await welcome(fake);
    await waitFor(() => expect(document.activeElement).toBe(box));
    expect(screen.getByText('No conversations yet.')).toBeTruthy();
    expect(screen.getByTestId('model-picker').getAttribute('aria-label')).toBe('Model: gpt-4o (OpenAI)');

    fireEvent.change(box, { target: { value: 'Hello there' } });
    fireEvent.keyDown(box, { key: 'Enter' });
    await waitFor(() => expect(screen.getByRole('heading', { level: 2, name: 'Hello there' })).toBeTruthy());
    const [created] = fake.fakeChat.conversations;
    expect(fake.callsTo('chat.conversations.create')).toEqual([
      { providerId: provider.id, model: 'gpt-4o', toolMode: 'auto', selectedServerIds: [], reuseEmpty: true },
    ]);
    await waitFor(() => expect(fake.callsTo('chat.send')).toEqual([{ conversationId: created!.id, text: 'Hello there' }]));
    expect(fake.callsTo('chat.conversations.create')).toHaveLength(1);
    await waitFor(() => expect(document.activeElement).toBe(composer()));
  });

  it('New conversation (button or Ctrl+Shift+O) puts the cursor in this box and adds nothing, keeping what is typed', async () => {
    const { fake } = api();
    const box = await welcome(fake);
    fireEvent.change(box, { target: { value: 'half a thought' } });
    screen.getByTestId('new-conversation').focus();
    fireEvent.click(screen.getByTestId('new-conversation'));
    await waitFor(() => expect(document.activeElement).toBe(box));
    screen.getByRole('searchbox', { name: 'Search conversations' }).focus();
    fireEvent.keyDown(window, { key: 'O', code: 'KeyO', ctrlKey: true, shiftKey: true });
    await waitFor(() => expect(document.activeElement).toBe(box));
    expect(fake.callsTo('chat.conversations.create')).toEqual([]);
    expect(composer().value).toBe('half a thought');
  });

  it('gives the text back with the reason when the first message cannot be sent', async () => {
    const { fake } = api();
    const box = await welcome(fake);
    fake.failures.set('chat.send', new FakeTrpcError({ code: 'TURN_IN_PROGRESS' }));
    fireEvent.change(box, { target: { value: 'Please keep this' } });
    fireEvent.keyDown(box, { key: 'Enter' });
    await waitFor(() => expect(composer().value).toBe('Please keep this'));
    expect(screen.getByRole('alert').textContent).toMatch(/^Not sent: /);
  });

  it('asks for a provider before the first message when none is set up', async () => {
    const fake = new FakeApi();
    fake.settingsValue = { language: 'en' };
    const box = await welcome(fake);
    fireEvent.change(box, { target: { value: 'Hi' } });
    fireEvent.keyDown(box, { key: 'Enter' });
    expect(screen.getByRole('button', { name: 'Set up a provider' })).toBeTruthy();
    expect(screen.getByRole<HTMLButtonElement>('button', { name: 'Send' }).disabled).toBe(true);
    expect(fake.callsTo('chat.conversations.create')).toEqual([]);
    expect(box.value).toBe('Hi');
  });
});

describe('ChatView sidebar: folding', () => {
  it('folds to a rail of icon buttons and back, and remembers it', async () => {
    const { fake } = api();
    talkedIn(fake, 'Weather', new Date());
    const { unmount } = await open(fake);
    fireEvent.click(screen.getByRole('button', { name: 'Hide sidebar' }));
    expect(screen.queryByTestId('conversation-list')).toBeNull();
    const rail = within(screen.getByTestId('sidebar'));
    expect(rail.getAllByRole('button').map((b) => b.getAttribute('aria-label'))).toEqual(['Show sidebar', 'New conversation', 'Search conversations']);
    unmount();

    renderApp(<ChatView onSetUpProviders={() => undefined} />, { api: fake });
    fireEvent.click(await screen.findByRole('button', { name: 'Search conversations' }));
    // Unfolded, with the cursor in the search.
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole('searchbox', { name: 'Search conversations' })));
  });
});

describe('ChatView sidebar: folding from the keyboard', () => {
  it('keeps focus on the fold button as it becomes Show sidebar, and on Hide sidebar when unfolded again', async () => {
    const { fake } = api();
    talkedIn(fake, 'Weather', new Date());
    await open(fake);
    const hide = screen.getByRole('button', { name: 'Hide sidebar' });
    hide.focus();
    fireEvent.click(hide);
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Show sidebar' })));
    fireEvent.click(screen.getByRole('button', { name: 'Show sidebar' }));
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Hide sidebar' })));
  });
});

describe('ChatView: keyboard in a conversation', () => {
  it('Esc stops a running turn from the composer or the messages, and does nothing when none runs', async () => {
    const { fake, provider } = api();
    const conversation = talkedIn(fake, 'Weather', new Date(), provider.id);
    await open(fake);
    fireEvent.keyDown(composer(), { key: 'Escape' });
    expect(fake.callsTo('chat.stop')).toEqual([]);

    act(() => fake.fakeChat.emit(conversation.id, { type: 'turn', running: true }));
    fireEvent.keyDown(composer(), { key: 'Escape' });
    await waitFor(() => expect(fake.callsTo('chat.stop')).toEqual([{ conversationId: conversation.id }]));

    act(() => fake.fakeChat.emit(conversation.id, { type: 'turn', running: true }));
    fireEvent.keyDown(screen.getByRole('log', { name: 'Messages' }), { key: 'Escape' });
    await waitFor(() => expect(fake.callsTo('chat.stop')).toHaveLength(2));
    // Not from the sidebar: Esc there belongs to the search.
    act(() => fake.fakeChat.emit(conversation.id, { type: 'turn', running: true }));
    fireEvent.keyDown(screen.getByRole('searchbox', { name: 'Search conversations' }), { key: 'Escape' });
    expect(fake.callsTo('chat.stop')).toHaveLength(2);
  });

  it('an approval that arrives while the user waits in the empty composer takes focus, at its question', async () => {
    const { fake, provider } = api();
    const conversation = talkedIn(fake, 'Weather', new Date(), provider.id);
    await open(fake);
    await waitFor(() => expect(document.activeElement).toBe(composer()));
    act(() => {
      fake.fakeChat.emit(conversation.id, { type: 'turn', running: true });
      fake.fakeChat.emit(conversation.id, {
        type: 'message',
        message: fake.fakeChat.message(conversation.id, { role: 'assistant', status: 'streaming', toolCalls: [toolCall({ status: 'awaiting_approval', endedAtMs: undefined })] }),
      });
      fake.fakeChat.emit(conversation.id, { type: 'approval', request: approvalRequest({ conversationId: conversation.id }) });
    });
    const prompt = screen.getByRole('group', { name: 'Allow echo from everything to run?' });
    await waitFor(() => expect(prompt.contains(document.activeElement)).toBe(true));
    expect(document.activeElement?.tagName).toBe('P');
  });

  it('leaves focus in the composer when an approval arrives while the user is typing', async () => {
    const { fake, provider } = api();
    const conversation = talkedIn(fake, 'Weather', new Date(), provider.id);
    await open(fake);
    await waitFor(() => expect(document.activeElement).toBe(composer()));
    fireEvent.change(composer(), { target: { value: 'next question' } });
    act(() => fake.fakeChat.emit(conversation.id, { type: 'approval', request: approvalRequest({ conversationId: conversation.id }) }));
    expect(screen.getByRole('group', { name: 'Allow echo from everything to run?' })).toBeTruthy();
    expect(document.activeElement).toBe(composer());
  });
});
