/**
 * Message actions in the chat over the FakeApi: copy, edit-and-resend, regenerate and retry, the
 * token usage of an answer, the many-tools note, and the mark on calls that ran without asking with
 * its revoke. The rules behind edit and regenerate (idle conversation, last answer only) are main's,
 * tested on the real ChatService and router; here the UI offers what those rules allow.
 */
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ChatMessage } from '@elftia/desktop/shared/contracts/chat.ts';
import type { Language } from '@elftia/desktop/shared/contracts/settings.ts';
import { ChatView } from '../../src/features/chat/ChatView';
import { actionsOf } from '../../src/features/chat/model/messageTurns';
import { FakeApi, FakeTrpcError } from '../fakes/FakeApi';
import { renderApp } from '../helpers/renderApp';
import { toolCall } from './toolCalls';

const msg = (id: string, role: ChatMessage['role'], fields: Partial<ChatMessage> = {}): ChatMessage => ({
  id,
  conversationId: 'c',
  role,
  text: '',
  toolCalls: [],
  status: 'done',
  createdAt: '2026-01-01T00:00:00.000Z',
  ...fields,
});

describe('actionsOf', () => {
  it('gives each user message copy/edit, and each answer one bar on its last step with its whole text and usage', () => {
    const actions = actionsOf([
      msg('u1', 'user', { text: 'first' }),
      msg('a1', 'assistant', { text: 'Let me look.', usage: { inputTokens: 1000, outputTokens: 20 } }),
      msg('a2', 'assistant', { text: '## Found\n\nIt is **here**.', usage: { inputTokens: 1100, outputTokens: 30 } }),
      msg('u2', 'user', { text: 'second' }),
      msg('a3', 'assistant', { status: 'error', error: { code: 'PROVIDER_AUTH' } }),
    ]);
    expect(Object.fromEntries(actions)).toEqual({
      u1: { kind: 'question', retry: false },
      a2: { kind: 'answer', copyText: 'Let me look.\n\n## Found\n\nIt is **here**.', regenerate: false, failed: false, usage: { inputTokens: 2100, outputTokens: 50 } },
      u2: { kind: 'question', retry: false },
      a3: { kind: 'answer', copyText: '', regenerate: true, failed: true },
    });
  });

  it('offers Retry on a last user message nothing answered', () => {
    expect(actionsOf([msg('u1', 'user'), msg('a1', 'assistant'), msg('u2', 'user')]).get('u2')).toEqual({ kind: 'question', retry: true });
  });
});

function seeded(language: Language = 'en') {
  const api = new FakeApi();
  api.settingsValue = { language };
  const provider = api.fakeProviders.add({ name: 'OpenAI', kind: 'openai', apiKey: 'sk-test', models: ['gpt-4o'] });
  const conversation = api.fakeChat.createConversation({ title: 'Trip', providerId: provider.id, model: 'gpt-4o' });
  const say = (role: ChatMessage['role'], fields: Partial<ChatMessage> = {}) => {
    const message = api.fakeChat.message(conversation.id, { role, ...fields });
    api.fakeChat.emit(conversation.id, { type: 'message', message });
    return message;
  };
  return { api, conversation, say };
}

async function open(api: FakeApi, language: Language = 'en') {
  renderApp(<ChatView onSetUpProviders={vi.fn()} />, { api, language });
  return screen.findByRole('log');
}

const articles = () => screen.getAllByTestId('message');

let writeText: ReturnType<typeof vi.fn>;
beforeEach(() => {
  writeText = vi.fn(async () => undefined);
  Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
});
afterEach(() => {
  Reflect.deleteProperty(navigator, 'clipboard');
});

describe('message actions', () => {
  it('copies the answer as Markdown source and a user message as typed, and says so', async () => {
    const { api, say } = seeded();
    say('user', { text: 'Where to?' });
    say('assistant', { text: 'Checking.', toolCalls: [toolCall()] });
    say('assistant', { text: '## Kyoto\n\n- **Fushimi Inari**' });
    await open(api);
    const [question, , answer] = articles();

    fireEvent.click(within(answer!).getByRole('button', { name: 'Copy answer' }));
    await waitFor(() => expect(writeText).toHaveBeenCalledWith('Checking.\n\n## Kyoto\n\n- **Fushimi Inari**'));
    expect(within(answer!).getByRole('button', { name: 'Copied' })).toBeTruthy();
    expect(within(answer!).getByRole('status').textContent).toBe('Copied');
    // The earlier step of the same answer has no bar of its own.
    expect(within(articles()[1]!).queryByRole('group', { name: 'Message actions' })).toBeNull();

    fireEvent.click(within(question!).getByRole('button', { name: 'Copy message' }));
    await waitFor(() => expect(writeText).toHaveBeenLastCalledWith('Where to?'));

    writeText.mockRejectedValueOnce(new Error('denied'));
    // Its label says "Copied" for a moment.
    fireEvent.click(within(question!).getByTestId('copy-message'));
    expect((await within(question!).findByRole('alert')).textContent).toBe('Could not copy to the clipboard.');
  });

  it('regenerates only the last answer, and shows the new one in its place', async () => {
    const { api, conversation, say } = seeded();
    say('user', { text: 'one' });
    say('assistant', { text: 'One.' });
    say('user', { text: 'two' });
    const last = say('assistant', { text: 'Two.', usage: { inputTokens: 1234, outputTokens: 567 } });
    await open(api);
    const [, firstAnswer, , lastAnswer] = articles();
    expect(within(firstAnswer!).queryByRole('button', { name: 'Regenerate' })).toBeNull();
    expect(within(lastAnswer!).getByTestId('message-usage').textContent).toBe('Tokens used: 1,234 in · 567 out');

    fireEvent.click(within(lastAnswer!).getByRole('button', { name: 'Regenerate' }));
    await waitFor(() => expect(api.callsTo('chat.regenerate')).toEqual([{ conversationId: conversation.id, messageId: last.id }]));
    await waitFor(() => expect(articles().map((a) => a.textContent)).not.toContain(lastAnswer!.textContent));
    expect(screen.getByRole('button', { name: 'Stop' })).toBeTruthy();
    // While the turn runs, nothing can be edited or run again.
    expect(screen.queryByRole('button', { name: 'Edit' })).toBeNull();

    act(() => {
      say('assistant', { text: 'Two, again.' });
      api.fakeChat.emit(conversation.id, { type: 'turn', running: false });
    });
    expect(articles().map((a) => a.getAttribute('data-role'))).toEqual(['user', 'assistant', 'user', 'assistant']);
    expect(within(articles()[3]!).getByRole('button', { name: 'Regenerate' })).toBeTruthy();
  });

  it('puts the cursor in the message box when the answer whose Regenerate had focus is replaced', async () => {
    const { api, conversation, say } = seeded();
    say('user', { text: 'one' });
    say('assistant', { text: 'One.' });
    await open(api);
    const regenerate = within(articles()[1]!).getByRole('button', { name: 'Regenerate' });
    regenerate.focus();
    fireEvent.click(regenerate);
    await waitFor(() => expect(articles()).toHaveLength(1));
    act(() => {
      say('assistant', { text: 'One, again.' });
      api.fakeChat.emit(conversation.id, { type: 'turn', running: false });
    });
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole('textbox', { name: 'Message' })));
  });

  it('offers Retry on an answer that failed, and on a question left unanswered', async () => {
    const { api, conversation, say } = seeded();
    const asked = say('user', { text: 'hi' });
    const failed = say('assistant', { status: 'error', error: { code: 'PROVIDER_SERVER', params: { status: 500 } } });
    await open(api);
    fireEvent.click(within(articles()[1]!).getByRole('button', { name: 'Retry' }));
    await waitFor(() => expect(api.callsTo('chat.regenerate')).toEqual([{ conversationId: conversation.id, messageId: failed.id }]));

    act(() => api.fakeChat.emit(conversation.id, { type: 'turn', running: false }));
    const question = articles()[0]!;
    expect(articles()).toHaveLength(1);
    fireEvent.click(within(question).getByRole('button', { name: 'Retry' }));
    await waitFor(() => expect(api.callsTo('chat.regenerate')).toHaveLength(2));
    expect(api.callsTo('chat.regenerate')[1]).toEqual({ conversationId: conversation.id, messageId: asked.id });
  });

  it('says why a regenerate was refused', async () => {
    const { api, say } = seeded();
    say('user', { text: 'hi' });
    say('assistant', { text: 'Hello.' });
    api.failures.set('chat.regenerate', new FakeTrpcError({ code: 'TURN_IN_PROGRESS', params: { id: 'c' } }));
    await open(api);
    fireEvent.click(within(articles()[1]!).getByRole('button', { name: 'Regenerate' }));
    expect((await within(articles()[1]!).findByRole('alert')).textContent).toBe(
      'Not done: A reply is still being written. Wait for it or press Stop, then send again.',
    );
  });

  it('edits a message in place: the note says later messages are replaced, Enter sends, and they go', async () => {
    const { api, conversation, say } = seeded();
    const first = say('user', { text: 'Plan a trip' });
    say('assistant', { text: 'Where to?' });
    say('user', { text: 'Kyoto' });
    say('assistant', { text: 'Kyoto it is.' });
    await open(api);

    fireEvent.click(within(articles()[0]!).getByRole('button', { name: 'Edit' }));
    const box = screen.getByRole<HTMLTextAreaElement>('textbox', { name: 'Edit your message' });
    expect(document.activeElement).toBe(box);
    expect(box.value).toBe('Plan a trip');
    expect(screen.getByText('Sending replaces this message and everything after it.')).toBeTruthy();
    fireEvent.change(box, { target: { value: 'Plan a weekend trip' } });
    fireEvent.keyDown(box, { key: 'Enter', shiftKey: true });
    expect(api.callsTo('chat.edit')).toEqual([]);
    fireEvent.keyDown(box, { key: 'Enter' });

    await waitFor(() => expect(api.callsTo('chat.edit')).toEqual([{ conversationId: conversation.id, messageId: first.id, text: 'Plan a weekend trip' }]));
    await waitFor(() => expect(articles().map((a) => a.textContent)).toEqual([expect.stringContaining('Plan a weekend trip')]));
    expect(screen.queryByRole('textbox', { name: 'Edit your message' })).toBeNull();
  });

  it('cancels an edit with Esc, returning focus to Edit, and keeps the editor with the reason when sending fails', async () => {
    const { api, say } = seeded();
    say('user', { text: 'Plan a trip' });
    say('assistant', { text: 'Where to?' });
    await open(api);
    const edit = within(articles()[0]!).getByRole('button', { name: 'Edit' });
    fireEvent.click(edit);
    fireEvent.keyDown(screen.getByRole('textbox', { name: 'Edit your message' }), { key: 'Escape' });
    expect(screen.queryByRole('textbox', { name: 'Edit your message' })).toBeNull();
    await waitFor(() => expect(document.activeElement).toBe(within(articles()[0]!).getByRole('button', { name: 'Edit' })));
    expect(api.callsTo('chat.edit')).toEqual([]);

    api.failures.set('chat.edit', new FakeTrpcError({ code: 'MESSAGE_NOT_FOUND', params: { id: 'm' } }));
    fireEvent.click(within(articles()[0]!).getByRole('button', { name: 'Edit' }));
    fireEvent.click(screen.getByRole('button', { name: 'Save and send' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Not sent: This message is no longer in the conversation. It may have been edited or replaced meanwhile.');
    expect(screen.getByRole<HTMLTextAreaElement>('textbox', { name: 'Edit your message' }).value).toBe('Plan a trip');
  });

  it('speaks Japanese', async () => {
    const { api, say } = seeded('ja');
    say('user', { text: '京都' });
    say('assistant', { text: 'はい。', usage: { inputTokens: 1234, outputTokens: 5 } });
    await open(api, 'ja');
    const [question, answer] = articles();
    expect(within(question!).getByRole('button', { name: '編集' })).toBeTruthy();
    expect(within(answer!).getByRole('button', { name: '再生成' })).toBeTruthy();
    expect(within(answer!).getByTestId('message-usage').textContent).toBe('使用トークン: 入力 1,234 · 出力 5');
    expect(document.body.textContent).not.toContain('{{');
  });
});

describe('many-tools note', () => {
  it('says at the top of the turn how many tools there were and the threshold', async () => {
    const { api, say } = seeded();
    say('user', { text: 'find a tool' });
    say('assistant', { text: 'Searching.', manyTools: { toolCount: 57, threshold: 40 } });
    await open(api);
    expect(within(articles()[1]!).getByTestId('many-tools-note').textContent).toBe(
      'Many-tools mode: 57 tools are available, more than the limit of 40, so the model searched for the tools it needed instead of seeing them all. The limit is in the approval settings.',
    );
  });
});

describe('calls that ran without asking', () => {
  it('marks an always-allowed call and revokes the grant from the card', async () => {
    const { api, say } = seeded();
    api.fakeChat.permissions = [{ serverId: 'srv-1', serverName: 'everything', toolName: 'echo', createdAt: '2026-01-01T00:00:00.000Z' }];
    say('user', { text: 'echo' });
    say('assistant', { toolCalls: [toolCall({ autoApproved: 'always_allow' })] });
    await open(api);
    const mark = await screen.findByTestId('tool-call-auto-approved');
    expect(mark.textContent).toContain('Ran without asking: you chose Always allow for echo on everything.');
    fireEvent.click(within(mark).getByRole('button', { name: 'Revoke Always allow for echo on everything' }));
    await waitFor(() => expect(api.callsTo('approvals.revoke')).toEqual([{ serverId: 'srv-1', toolName: 'echo' }]));
    await waitFor(() => expect(mark.textContent).toContain('Always allow has since been revoked: the next call asks first.'));
    expect(within(mark).queryByRole('button')).toBeNull();
  });

  it('marks a read-only call the policy let through, and turns the policy off from the card', async () => {
    const { api, say } = seeded();
    api.fakeChat.policy = { autoApproveReadOnly: true, manyToolsThreshold: 40 };
    say('user', { text: 'read' });
    say('assistant', { toolCalls: [toolCall({ autoApproved: 'read_only' }), toolCall({ id: 'call-2' })] });
    await open(api);
    const marks = await screen.findAllByTestId('tool-call-auto-approved');
    expect(marks).toHaveLength(1);
    expect(marks[0]!.textContent).toContain('everything marks echo as read-only, and your approval policy lets read-only tools run.');
    fireEvent.click(await within(marks[0]!).findByRole('button', { name: 'Always ask before read-only tools run' }));
    await waitFor(() => expect(api.callsTo('approvals.setPolicy')).toEqual([{ autoApproveReadOnly: false }]));
    await waitFor(() => expect(marks[0]!.textContent).toContain('Read-only tools now ask first.'));
  });
});
