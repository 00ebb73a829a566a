import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { parseElicitSchema } from '@elftia/desktop/shared/contracts/elicitation.ts';
import type { PendingInteraction } from '@elftia/desktop/shared/contracts/interactions.ts';
import type { Language } from '@elftia/desktop/shared/contracts/settings.ts';
import { ChatView } from '../../src/features/chat/ChatView';
import { FakeApi } from '../fakes/FakeApi';
import { renderApp } from '../helpers/renderApp';
import { toolCall } from './toolCalls';

const SCHEMA = {
  type: 'object',
  properties: {
    name: { type: 'string', title: 'Your name', minLength: 2, default: 'Ada' },
    email: { type: 'string', title: 'Email', format: 'email', description: 'Where to send the receipt' },
    age: { type: 'integer', title: 'Age', minimum: 0 },
    subscribe: { type: 'boolean', title: 'Subscribe', default: true },
    size: { type: 'string', title: 'Size', oneOf: [{ const: 's', title: 'Small' }, { const: 'l', title: 'Large' }], default: 's' },
    color: { type: 'string', title: 'Color', enum: ['red', 'green', 'blue', 'black', 'white'] },
    tags: { type: 'array', title: 'Tags', items: { anyOf: [{ const: 'a', title: 'Alpha' }, { const: 'b', title: 'Beta' }] } },
  },
  required: ['name', 'email'],
};

function fields() {
  const parsed = parseElicitSchema(SCHEMA);
  if (!parsed.ok) throw new Error(parsed.problem);
  return parsed.fields;
}

function formInteraction(fields_: Partial<PendingInteraction> = {}): PendingInteraction {
  return { id: 'i1', kind: 'form', serverId: 'srv-1', serverName: 'everything', callId: 'call-1', conversationId: 'conv-1', message: 'Tell us about you', fields: fields(), ...fields_ } as PendingInteraction;
}

/** A conversation whose assistant message has one running tool call (call-1). */
async function openWithRunningCall(language: Language = 'en') {
  const api = new FakeApi();
  api.settingsValue = { language };
  const provider = api.fakeProviders.add({ name: 'OpenAI', kind: 'openai', apiKey: 'sk-test', models: ['gpt-4o'] });
  const conversation = api.fakeChat.createConversation({ title: 'Signup', providerId: provider.id, model: 'gpt-4o' });
  api.fakeChat.emit(conversation.id, { type: 'message', message: api.fakeChat.message(conversation.id, { role: 'assistant', status: 'streaming', toolCalls: [toolCall({ status: 'running', endedAtMs: undefined })] }) });
  renderApp(<ChatView onSetUpProviders={vi.fn()} />, { api, language });
  await screen.findAllByTestId('tool-call');
  return { api, conversation };
}

describe('interactions in the chat', () => {
  it('renders a server form inline in the card of the call that caused it, with defaults, formats and required marks', async () => {
    const { api, conversation } = await openWithRunningCall();
    act(() => api.fakeInteractions.request(formInteraction({ conversationId: conversation.id })));
    const card = screen.getByTestId('tool-call');
    const form = await within(card).findByTestId('interaction-form');
    expect(within(form).getByText('everything asks for some information')).toBeTruthy();
    expect(within(form).getByText('Tell us about you')).toBeTruthy();
    expect(within(form).getByLabelText<HTMLInputElement>(/Your name/).value).toBe('Ada');
    expect(within(form).getByLabelText<HTMLInputElement>(/Email/).type).toBe('email');
    expect(within(form).getByLabelText<HTMLInputElement>(/Email/).getAttribute('aria-required')).toBe('true');
    expect(within(form).getByLabelText<HTMLInputElement>(/Age/).type).toBe('number');
    expect(within(form).getByLabelText<HTMLInputElement>(/Subscribe/).checked).toBe(true);
    expect(within(form).getByRole<HTMLInputElement>('radio', { name: 'Small' }).checked).toBe(true);
    expect(within(form).getByRole('combobox', { name: 'Color' })).toBeTruthy();
    expect(within(form).getByRole('checkbox', { name: 'Beta' })).toBeTruthy();
    expect(within(form).getByText('Where to send the receipt')).toBeTruthy();
    expect(screen.queryByTestId('interactions-banner')).toBeNull();
  });

  it('shows translated field errors before sending, then accepts the entered values', async () => {
    const { api, conversation } = await openWithRunningCall();
    act(() => api.fakeInteractions.request(formInteraction({ conversationId: conversation.id })));
    const form = await screen.findByTestId('interaction-form');
    fireEvent.change(within(form).getByLabelText(/Email/), { target: { value: 'nope' } });
    fireEvent.change(within(form).getByLabelText(/Age/), { target: { value: '-3' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Accept' }));
    expect(await within(form).findByText('Must be a valid email.')).toBeTruthy();
    expect(within(form).getByText('Must be >= 0.')).toBeTruthy();
    expect(within(form).getByLabelText(/Email/).getAttribute('aria-invalid')).toBe('true');
    expect(api.callsTo('interactions.answer')).toEqual([]);

    fireEvent.change(within(form).getByLabelText(/Email/), { target: { value: 'ada@example.com' } });
    fireEvent.change(within(form).getByLabelText(/Age/), { target: { value: '36' } });
    fireEvent.click(within(form).getByRole('radio', { name: 'Large' }));
    fireEvent.change(within(form).getByRole('combobox', { name: 'Color' }), { target: { value: 'blue' } });
    fireEvent.click(within(form).getByRole('checkbox', { name: 'Beta' }));
    fireEvent.click(within(form).getByRole('button', { name: 'Accept' }));
    await waitFor(() => expect(screen.queryByTestId('interaction-form')).toBeNull());
    expect(api.callsTo('interactions.answer')).toEqual([
      { id: 'i1', answer: { action: 'accept', content: { name: 'Ada', email: 'ada@example.com', age: 36, subscribe: true, size: 'l', color: 'blue', tags: ['b'] } } },
    ]);
  });

  it('shows the field errors main answers with', async () => {
    const { api, conversation } = await openWithRunningCall();
    act(() => api.fakeInteractions.request(formInteraction({ conversationId: conversation.id })));
    const form = await screen.findByTestId('interaction-form');
    // Main refuses what the form let through (the rules are the same; a stale form is not).
    api.failures.set('interactions.answer', { name: 'TRPCClientError', data: { app: { code: 'VALIDATION', fieldErrors: [{ field: 'name', code: 'tooLong', params: { max: 5 } }] } } });
    fireEvent.change(within(form).getByLabelText(/Email/), { target: { value: 'ada@example.com' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Accept' }));
    expect(await within(form).findByText('Use at most 5 characters.')).toBeTruthy();
  });

  it('declines and cancels without sending values', async () => {
    const { api, conversation } = await openWithRunningCall();
    act(() => api.fakeInteractions.request(formInteraction({ conversationId: conversation.id })));
    fireEvent.click(within(await screen.findByTestId('interaction-form')).getByRole('button', { name: 'Decline' }));
    await waitFor(() => expect(screen.queryByTestId('interaction-form')).toBeNull());
    act(() => api.fakeInteractions.request(formInteraction({ id: 'i2', conversationId: conversation.id })));
    fireEvent.click(within(await screen.findByTestId('interaction-form')).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByTestId('interaction-form')).toBeNull());
    expect(api.callsTo('interactions.answer')).toEqual([
      { id: 'i1', answer: { action: 'decline' } },
      { id: 'i2', answer: { action: 'cancel' } },
    ]);
  });

  it('asks before opening a page, showing the server and the host; opens it here when main has no browser', async () => {
    const { api, conversation } = await openWithRunningCall();
    const opened = vi.spyOn(window, 'open').mockImplementation(() => null);
    api.fakeInteractions.opensUrls = false;
    act(() =>
      api.fakeInteractions.request({ id: 'u1', kind: 'url', serverId: 'srv-1', serverName: 'everything', callId: 'call-1', conversationId: conversation.id, message: 'Link your account', url: 'https://auth.example.com/connect?x=1', host: 'auth.example.com' }),
    );
    const card = within(await screen.findByTestId('interaction-url'));
    expect(card.getByText('everything asks you to open a web page')).toBeTruthy();
    expect(card.getByTestId('interaction-url-host').textContent).toBe('auth.example.com');
    expect(opened).not.toHaveBeenCalled();
    fireEvent.click(card.getByRole('button', { name: 'Open in browser' }));
    await waitFor(() => expect(opened).toHaveBeenCalledWith('https://auth.example.com/connect?x=1', '_blank', 'noopener,noreferrer'));
    expect(api.callsTo('interactions.answer')).toEqual([{ id: 'u1', answer: { action: 'accept' } }]);
    opened.mockRestore();
  });

  it('shows a sampling request, sends the edited text on approve, and records the answer in the card', async () => {
    const { api, conversation } = await openWithRunningCall();
    act(() =>
      api.fakeInteractions.request({
        id: 's1',
        kind: 'sampling',
        serverId: 'srv-1',
        serverName: 'everything',
        callId: 'call-1',
        conversationId: conversation.id,
        messages: [
          { role: 'assistant', text: 'Earlier answer', media: [] },
          { role: 'user', text: 'Summarise this', media: ['image'] },
        ],
        systemPrompt: 'Be brief',
        maxTokens: 50,
        editableText: 'Summarise this',
      }),
    );
    const card = within(await screen.findByTestId('interaction-sampling'));
    expect(card.getByText('everything asks your model for a reply')).toBeTruthy();
    expect(card.getByText('Be brief')).toBeTruthy();
    expect(card.getByText('Earlier answer')).toBeTruthy();
    expect(card.getByText('Reply limit: 50 tokens.')).toBeTruthy();
    fireEvent.change(card.getByLabelText('Message to the model (you may change it)'), { target: { value: 'Summarise this in French' } });
    fireEvent.click(card.getByRole('button', { name: 'Approve' }));
    await waitFor(() => expect(screen.queryByTestId('interaction-sampling')).toBeNull());
    expect(api.callsTo('interactions.answer')).toEqual([{ id: 's1', answer: { action: 'approve', text: 'Summarise this in French' } }]);
    act(() => api.fakeInteractions.sample({ id: 'r1', serverName: 'everything', callId: 'call-1', conversationId: conversation.id, model: 'gpt-4o', text: 'Résumé bref' }));
    const sampled = within(await screen.findByTestId('interaction-sampled'));
    expect(sampled.getByText('gpt-4o answered everything:')).toBeTruthy();
    expect(sampled.getByText('Résumé bref')).toBeTruthy();
  });

  it('rejects a sampling request', async () => {
    const { api, conversation } = await openWithRunningCall();
    act(() => api.fakeInteractions.request({ id: 's1', kind: 'sampling', serverId: 'srv-1', serverName: 'everything', callId: 'call-1', conversationId: conversation.id, messages: [{ role: 'user', text: 'hi', media: [] }], maxTokens: 5, editableText: 'hi' }));
    fireEvent.click(within(await screen.findByTestId('interaction-sampling')).getByRole('button', { name: 'Reject' }));
    await waitFor(() => expect(api.callsTo('interactions.answer')).toEqual([{ id: 's1', answer: { action: 'reject' } }]));
  });

  it('shows a request no chat caused as a banner above the composer', async () => {
    const { api } = await openWithRunningCall();
    act(() => api.fakeInteractions.request(formInteraction({ id: 'b1', callId: undefined, conversationId: undefined })));
    const banner = await screen.findByTestId('interactions-banner');
    expect(within(banner).getByTestId('interaction-form')).toBeTruthy();
    expect(within(screen.getByTestId('tool-call')).queryByTestId('interaction-form')).toBeNull();
  });

  it.each([
    ['zh', '提交', 'everything 需要您提供一些信息'],
    ['ja', '送信', 'everything が情報の入力を求めています'],
  ] as const)('is translated (%s)', async (language, accept, title) => {
    const { api, conversation } = await openWithRunningCall(language);
    act(() => api.fakeInteractions.request(formInteraction({ conversationId: conversation.id })));
    const form = within(await screen.findByTestId('interaction-form'));
    expect(form.getByText(title)).toBeTruthy();
    expect(form.getByRole('button', { name: accept })).toBeTruthy();
  });
});
