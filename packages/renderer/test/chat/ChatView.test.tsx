import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { ChatMessage } from '@elftia/desktop/shared/contracts/chat.ts';
import { ChatView } from '../../src/features/chat/ChatView';
import { FakeApi, FakeTrpcError } from '../fakes/FakeApi';
import { renderApp } from '../helpers/renderApp';
import { approvalRequest, toolCall } from './toolCalls';

/** A provider, two MCP servers and one conversation that uses the provider. */
function seeded() {
  const api = new FakeApi();
  api.settingsValue = { language: 'en' };
  const openai = api.fakeProviders.add({ name: 'OpenAI', kind: 'openai', apiKey: 'sk-test', models: ['gpt-4o', 'gpt-4o-mini'] });
  api.fakeProviders.add({ name: 'Local', kind: 'openai-compatible', baseUrl: 'http://127.0.0.1:11434/v1', models: ['llama3'] });
  api.seed({ name: 'everything', type: 'stdio', command: 'node' });
  api.seed({ name: 'files', type: 'stdio', command: 'node' });
  const conversation = api.fakeChat.createConversation({ title: 'Weather', providerId: openai.id, model: 'gpt-4o' });
  return { api, conversation };
}

async function open(api: FakeApi, onSetUpProviders = vi.fn()) {
  const rendered = renderApp(<ChatView onSetUpProviders={onSetUpProviders} />, { api });
  await screen.findByRole('region', { name: /.+/ });
  await screen.findByRole('log', { name: 'Messages' });
  return { ...rendered, onSetUpProviders };
}

const composer = () => screen.getByRole<HTMLTextAreaElement>('textbox', { name: 'Message' });
const type = (text: string) => fireEvent.change(composer(), { target: { value: text } });
const pressEnter = (init: KeyboardEventInit = {}) => fireEvent.keyDown(composer(), { key: 'Enter', ...init });
const messages = () => screen.getAllByTestId('message');

/** Opens a conversation's actions menu from the keyboard and picks an item. */
async function chooseFromMenu(title: string, item: 'Rename' | 'Delete') {
  const trigger = screen.getByRole('button', { name: `Actions for ${title}` });
  trigger.focus();
  fireEvent.keyDown(trigger, { key: 'Enter' });
  fireEvent.click(await screen.findByRole('menuitem', { name: item }));
  return trigger;
}

/** Opens the composer bar's Tools popover; answers the choices' group. */
async function openTools(summary = 'All servers') {
  fireEvent.click(screen.getByRole('button', { name: `Tools: ${summary}` }));
  return screen.findByRole('group', { name: 'Tools' });
}

function assistant(api: FakeApi, conversationId: string, fields: Partial<ChatMessage>): ChatMessage {
  return api.fakeChat.message(conversationId, { role: 'assistant', ...fields });
}

describe('ChatView: conversations', () => {
  it('opens the newest conversation and creates a new one with the first provider and model', async () => {
    const { api } = seeded();
    await open(api);
    expect(screen.getByRole('heading', { name: 'Weather' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Weather' }).getAttribute('aria-current')).toBe('page');

    fireEvent.click(screen.getByRole('button', { name: 'New conversation' }));
    await waitFor(() => expect(screen.getByRole('heading', { name: 'New conversation' })).toBeTruthy());
    // Main may hand back an empty conversation instead of adding one (ChatRouter.test.ts).
    expect(api.callsTo('chat.conversations.create')).toEqual([{ providerId: 'prov-1', model: 'gpt-4o', reuseEmpty: true }]);
    const list = within(screen.getByTestId('conversation-list'));
    expect(list.getAllByRole('listitem')).toHaveLength(2);
    expect(list.getByRole('button', { name: 'New conversation' }).getAttribute('aria-current')).toBe('page');
  });

  it('renames a conversation', async () => {
    const { api, conversation } = seeded();
    await open(api);
    const trigger = await chooseFromMenu('Weather', 'Rename');
    const dialog = screen.getByRole('dialog', { name: 'Rename conversation' });
    fireEvent.change(within(dialog).getByLabelText('Title'), { target: { value: '  Tokyo weather ' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(api.callsTo('chat.conversations.update')).toEqual([{ id: conversation.id, title: 'Tokyo weather' }]);
    expect(screen.getByRole('heading', { name: 'Tokyo weather' })).toBeTruthy();
    // Focus returns to the menu's button, not to the menu item that went away.
    await waitFor(() => expect(document.activeElement).toBe(trigger));
  });

  it('deletes a conversation only after confirmation', async () => {
    const { api, conversation } = seeded();
    await open(api);
    const trigger = await chooseFromMenu('Weather', 'Delete');
    let dialog = screen.getByRole('dialog', { name: 'Delete “Weather”?' });
    // Cancel has focus first, so Enter right after opening deletes nothing.
    expect(document.activeElement).toBe(within(dialog).getByRole('button', { name: 'Cancel' }));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(api.callsTo('chat.conversations.remove')).toEqual([]);
    await waitFor(() => expect(document.activeElement).toBe(trigger));

    await chooseFromMenu('Weather', 'Delete');
    dialog = screen.getByRole('dialog', { name: 'Delete “Weather”?' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(api.callsTo('chat.conversations.remove')).toEqual([{ id: conversation.id }]);
    expect(screen.getByText('No conversations yet.')).toBeTruthy();
    // Its row is gone: focus goes to New conversation rather than falling to <body>.
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole('button', { name: 'New conversation' })));
  });

  it('switches provider and model per conversation with the model picker', async () => {
    const { api, conversation } = seeded();
    await open(api);
    fireEvent.click(screen.getByRole('button', { name: 'Model: gpt-4o (OpenAI)' }));
    fireEvent.click(await screen.findByRole('option', { name: /gpt-4o-mini/ }));
    await waitFor(() => expect(screen.getByRole('button', { name: 'Model: gpt-4o-mini (OpenAI)' })).toBeTruthy());
    fireEvent.click(screen.getByRole('button', { name: 'Model: gpt-4o-mini (OpenAI)' }));
    fireEvent.click(await screen.findByRole('option', { name: /llama3/ }));
    await waitFor(() => expect(screen.getByRole('button', { name: 'Model: llama3 (Local)' })).toBeTruthy());
    expect(api.callsTo('chat.conversations.update')).toEqual([
      { id: conversation.id, providerId: 'prov-1', model: 'gpt-4o-mini' },
      { id: conversation.id, providerId: 'prov-2', model: 'llama3' },
    ]);
  });

  it("starts a new conversation with the first provider's default model", async () => {
    const { api } = seeded();
    const first = api.fakeProviders.records[0]!;
    api.fakeProviders.records[0] = { ...first, defaultModel: 'gpt-4o-mini' };
    await open(api);
    fireEvent.click(screen.getByRole('button', { name: 'New conversation' }));
    await waitFor(() => expect(api.callsTo('chat.conversations.create')).toEqual([{ providerId: 'prov-1', model: 'gpt-4o-mini', reuseEmpty: true }]));
  });

  it('chooses all servers, a checklist of servers, or no tools', async () => {
    const { api, conversation } = seeded();
    await open(api);
    let tools = await openTools();
    expect(within(tools).getByRole<HTMLInputElement>('radio', { name: 'All servers' }).checked).toBe(true);
    expect(within(tools).queryByRole('checkbox')).toBeNull();

    fireEvent.click(within(tools).getByRole('radio', { name: 'Selected servers' }));
    // The bar's button says the choice; the popover stays open for the checklist.
    await screen.findByRole('button', { name: 'Tools: Selected servers (0)' });
    tools = screen.getByRole('group', { name: 'Tools' });
    const files = await within(tools).findByRole<HTMLInputElement>('checkbox', { name: 'files' });
    expect(within(tools).getByRole<HTMLInputElement>('checkbox', { name: 'everything' }).checked).toBe(false);
    fireEvent.click(files);
    await waitFor(() => expect(within(tools).getByRole<HTMLInputElement>('checkbox', { name: 'files' }).checked).toBe(true));

    expect(screen.getByRole('button', { name: 'Tools: Selected servers (1)' })).toBeTruthy();
    fireEvent.click(within(tools).getByRole('radio', { name: 'No tools' }));
    await waitFor(() => expect(within(tools).queryByRole('checkbox')).toBeNull());
    expect(screen.getByRole('button', { name: 'Tools: No tools' })).toBeTruthy();
    expect(api.callsTo('chat.conversations.update')).toEqual([
      { id: conversation.id, toolMode: 'manual' },
      { id: conversation.id, selectedServerIds: ['srv-2'] },
      { id: conversation.id, toolMode: 'disabled' },
    ]);
    expect(api.fakeChat.conversations[0]).toMatchObject({ toolMode: 'disabled', selectedServerIds: ['srv-2'] });
  });

  it('points to Settings → Providers when no provider is set up, and does not send', async () => {
    const api = new FakeApi();
    api.settingsValue = { language: 'en' };
    api.fakeChat.createConversation();
    const { onSetUpProviders } = await open(api);
    expect(screen.getByText('No providers are set up yet.')).toBeTruthy();
    type('hello');
    expect(screen.getByRole<HTMLButtonElement>('button', { name: 'Send' }).disabled).toBe(true);
    expect(screen.getByText('Choose a provider and a model to send messages.')).toBeTruthy();
    pressEnter();
    fireEvent.click(screen.getByRole('button', { name: 'Set up a provider' }));
    expect(onSetUpProviders).toHaveBeenCalledTimes(1);
    expect(api.callsTo('chat.send')).toEqual([]);
  });
});

describe('ChatView: a turn', () => {
  it('sends with Enter, adds a line with Shift+Enter, and waits while an input method composes', async () => {
    const { api, conversation } = seeded();
    await open(api);
    type('line one');
    pressEnter({ shiftKey: true });
    pressEnter({ isComposing: true });
    expect(api.callsTo('chat.send')).toEqual([]);

    type('What is the weather?\nIn Tokyo');
    pressEnter();
    await waitFor(() => expect(api.callsTo('chat.send')).toEqual([{ conversationId: conversation.id, text: 'What is the weather?\nIn Tokyo' }]));
    expect(composer().value).toBe('');
    await waitFor(() => expect(messages()).toHaveLength(1));
    expect(messages()[0]!.getAttribute('data-role')).toBe('user');
    expect(messages()[0]!.textContent).toBe('What is the weather?\nIn Tokyo');
  });

  it('keeps the typed text when sending fails, and says why', async () => {
    const { api } = seeded();
    await open(api);
    api.failures.set('chat.send', new FakeTrpcError({ code: 'TURN_IN_PROGRESS' }));
    type('Please keep this');
    fireEvent.click(screen.getByRole('button', { name: 'Send' }));
    await waitFor(() => expect(composer().value).toBe('Please keep this'));
    expect(screen.getByRole('alert').textContent).toMatch(/^Not sent: /);
    expect(screen.queryAllByTestId('message')).toHaveLength(0);

    // Still usable: the next attempt goes through.
    fireEvent.click(screen.getByRole('button', { name: 'Send' }));
    await waitFor(() => expect(messages()).toHaveLength(1));
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('streams the reply, shows Stop while the turn runs, and Stop asks main to stop', async () => {
    const { api, conversation } = seeded();
    await open(api);
    type('Tell me a story');
    pressEnter();
    const stop = await screen.findByRole('button', { name: 'Stop' });
    expect(screen.queryByRole('button', { name: 'Send' })).toBeNull();
    expect(screen.getByRole('log', { name: 'Messages' }).getAttribute('aria-busy')).toBe('true');

    const reply = assistant(api, conversation.id, { status: 'streaming', text: 'Once' });
    act(() => api.fakeChat.emit(conversation.id, { type: 'message', message: reply }));
    act(() => api.fakeChat.emit(conversation.id, { type: 'message', message: { ...reply, text: 'Once upon a time\n```js\nlet x = 1;\n```' } }));
    const shown = messages()[1]!;
    expect(within(shown).getByText('Once upon a time')).toBeTruthy();
    expect(shown.querySelector('pre code')?.textContent).toBe('let x = 1;');

    // The next message can be drafted meanwhile, but not sent.
    type('And then?');
    pressEnter();
    expect(api.callsTo('chat.send')).toHaveLength(1);

    fireEvent.click(stop);
    await waitFor(() => expect(api.callsTo('chat.stop')).toEqual([{ conversationId: conversation.id }]));
    act(() => api.fakeChat.emit(conversation.id, { type: 'message', message: { ...reply, text: 'Once upon a time', status: 'stopped' } }));
    expect(await screen.findByRole('button', { name: 'Send' })).toBeTruthy();
    expect(within(messages()[1]!).getByText('Stopped.')).toBeTruthy();
    expect(composer().value).toBe('And then?');
  });

  it('shows a provider error translated, and the conversation stays usable', async () => {
    const { api, conversation } = seeded();
    await open(api, vi.fn());
    type('hi');
    pressEnter();
    await screen.findByRole('button', { name: 'Stop' });
    act(() => {
      api.fakeChat.emit(conversation.id, { type: 'message', message: assistant(api, conversation.id, { status: 'error', error: { code: 'PROVIDER_AUTH' } }) });
      api.fakeChat.emit(conversation.id, { type: 'turn', running: false });
    });
    expect(screen.getByTestId('message-error').textContent).toBe('The provider did not accept the API key. Check it in Settings → Providers.');

    type('second try');
    pressEnter();
    await waitFor(() => expect(api.callsTo('chat.send')).toHaveLength(2));
  });

  it('shows notices, such as tools left out, until dismissed', async () => {
    const { api, conversation } = seeded();
    await open(api);
    act(() => api.fakeChat.emit(conversation.id, { type: 'notice', code: 'TOOLS_OMITTED', params: { names: 'everything/echo, files/read', count: 2 } }));
    const notice = screen.getByTestId('notice');
    expect(notice.textContent).toContain('everything/echo, files/read');
    expect(notice.textContent).not.toContain('TOOLS_OMITTED');
    fireEvent.click(within(notice).getByRole('button', { name: 'Dismiss' }));
    expect(screen.queryByTestId('notice')).toBeNull();
  });

  it('asks for approval inside the tool call card and sends the answer', async () => {
    const { api, conversation } = seeded();
    await open(api);
    const call = toolCall({ status: 'awaiting_approval', endedAtMs: undefined });
    act(() => {
      api.fakeChat.emit(conversation.id, { type: 'turn', running: true });
      api.fakeChat.emit(conversation.id, { type: 'message', message: assistant(api, conversation.id, { status: 'streaming', toolCalls: [call] }) });
      api.fakeChat.emit(conversation.id, { type: 'approval', request: approvalRequest({ conversationId: conversation.id }) });
    });
    const card = screen.getByRole('article', { name: 'echo (everything)' });
    const allowOnce = within(card).getByRole('button', { name: 'Allow once' });
    allowOnce.focus();
    fireEvent.click(allowOnce);
    await waitFor(() => expect(api.callsTo('chat.approve')).toEqual([{ callId: 'call-1', decision: 'allow_once' }]));
    await waitFor(() => expect(within(card).queryByRole('group', { name: /to run\?$/ })).toBeNull());
    // The prompt went away with the answer: focus stays at the call instead of falling to <body>.
    expect(document.activeElement).toBe(card);
  });

  it('always-allows a destructive tool only after the second confirmation', async () => {
    const { api, conversation } = seeded();
    await open(api);
    const call = toolCall({ status: 'awaiting_approval', toolName: 'delete_file', endedAtMs: undefined, annotations: { destructiveHint: true } });
    act(() => {
      api.fakeChat.emit(conversation.id, { type: 'message', message: assistant(api, conversation.id, { status: 'streaming', toolCalls: [call] }) });
      api.fakeChat.emit(conversation.id, { type: 'approval', request: approvalRequest({ conversationId: conversation.id, toolName: 'delete_file', destructive: true }) });
    });
    fireEvent.click(screen.getByRole('button', { name: 'Always allow' }));
    fireEvent.click(screen.getByRole('button', { name: 'Yes, always allow' }));
    await waitFor(() => expect(api.callsTo('chat.approve')).toEqual([{ callId: 'call-1', decision: 'always_allow', confirmedDestructive: true }]));
    expect(api.fakeChat.permissions.map((p) => p.toolName)).toEqual(['delete_file']);
  });

  it('shows the history and the approvals still waiting when it opens', async () => {
    const { api, conversation } = seeded();
    api.fakeChat.emit(conversation.id, { type: 'message', message: api.fakeChat.message(conversation.id, { role: 'user', text: 'Read it' }) });
    const call = toolCall({ id: 'call-9', status: 'awaiting_approval', endedAtMs: undefined });
    api.fakeChat.emit(conversation.id, { type: 'message', message: assistant(api, conversation.id, { status: 'streaming', toolCalls: [call] }) });
    api.fakeChat.emit(conversation.id, { type: 'approval', request: approvalRequest({ callId: 'call-9', conversationId: conversation.id }) });
    await open(api);
    expect(messages()).toHaveLength(2);
    expect(screen.getByRole('group', { name: 'Allow echo from everything to run?' })).toBeTruthy();
    // A turn that waits for approval is still running.
    expect(screen.getByRole('button', { name: 'Stop' })).toBeTruthy();
  });
});

describe('ChatView: a stale approval', () => {
  it('drops a prompt that main no longer waits for (answered elsewhere, or the turn stopped)', async () => {
    const { api, conversation } = seeded();
    await open(api);
    act(() => api.fakeChat.emit(conversation.id, { type: 'approval', request: approvalRequest({ conversationId: conversation.id }) }));
    api.fakeChat.pending.clear();
    fireEvent.click(screen.getByRole('button', { name: 'Deny' }));
    await waitFor(() => expect(screen.queryByRole('group', { name: /to run\?$/ })).toBeNull());
    expect(screen.queryByRole('alert')).toBeNull();
  });
});

describe('ChatView: a large tool result', () => {
  it('shows the bounded copy with its size, and the whole result on request', async () => {
    const { api, conversation } = seeded();
    const whole = 'line of the whole result\n'.repeat(40_000);
    const call = toolCall({
      id: 'call-big',
      result: { text: 'for the model', content: [{ type: 'text', text: whole.slice(0, 5000) }], isError: false, truncatedForModel: true, shortened: { bytes: 12_900_000 } },
    });
    const reply = assistant(api, conversation.id, { toolCalls: [call] });
    api.fakeChat.emit(conversation.id, { type: 'message', message: reply });
    api.fakeChat.fullResults.set(`${reply.id}/call-big`, { text: 'for the model', content: [{ type: 'text', text: whole }], isError: false, truncatedForModel: true });
    await open(api);

    const note = screen.getByTestId('tool-result-shortened');
    expect(note.textContent).toContain('This result is 12.9 MB');
    // Not "all of it is shown here": it is not, yet.
    expect(screen.getByTestId('tool-truncated').textContent).toBe('The model saw a shortened version of this result.');
    const showWhole = within(note).getByRole('button', { name: 'Show the whole result' });
    showWhole.focus();
    fireEvent.click(showWhole);
    await waitFor(() => expect(screen.queryByTestId('tool-result-shortened')).toBeNull());
    // The button went away with its note: focus moves to the result it revealed, not to <body>.
    expect(document.activeElement).toBe(screen.getByTestId('tool-result'));
    expect(api.callsTo('chat.toolResult')).toEqual([{ conversationId: conversation.id, messageId: reply.id, callId: 'call-big' }]);
    expect(screen.getByTestId('tool-truncated').textContent).toBe('The model saw a shortened version of this result. All of it is shown here.');
    // The whole text is there now (collapsed to a preview, as any long text is).
    expect(screen.getByRole('button', { name: `Show all (${new Intl.NumberFormat('en').format(whole.length)} characters)` })).toBeTruthy();
  });

  it('says why the whole result cannot be loaded', async () => {
    const { api, conversation } = seeded();
    const call = toolCall({ id: 'call-gone', result: { text: '', content: [{ type: 'text', text: 'part' }], isError: false, shortened: { bytes: 900_000 } } });
    api.fakeChat.emit(conversation.id, { type: 'message', message: assistant(api, conversation.id, { toolCalls: [call] }) });
    await open(api);
    expect(screen.getByTestId('tool-result-shortened').textContent).toContain('900 kB');
    fireEvent.click(screen.getByRole('button', { name: 'Show the whole result' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Could not load the whole result. This tool result is no longer stored.');
    expect(screen.getByRole('button', { name: 'Show the whole result' })).toBeTruthy();
  });
});
