import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ChatView } from '../../../src/features/chat/ChatView';
import { FakeApi } from '../../fakes/FakeApi';
import { renderApp } from '../../helpers/renderApp';
import { approvalRequest, toolCall } from '../toolCalls';
import { SandboxPeer, giveFramesAWindow } from './sandboxPeer';

const SERVER = 'srv-apps';
const URI = 'ui://get-time/mcp-app.html';

/** One conversation whose assistant step called a tool with an app; a second, empty one. */
function seeded() {
  const api = new FakeApi();
  api.settingsValue = { language: 'en' };
  const provider = api.fakeProviders.add({ name: 'OpenAI', kind: 'openai', apiKey: 'sk-test', models: ['gpt-4o'] });
  api.fakeApps.addResource(SERVER, URI, '<p>app</p>');
  const other = api.fakeChat.createConversation({ title: 'Other', providerId: provider.id, model: 'gpt-4o' });
  const conversation = api.fakeChat.createConversation({ title: 'Clock', providerId: provider.id, model: 'gpt-4o' });
  const call = toolCall({ id: 'call-app', serverId: SERVER, serverName: 'basic', toolName: 'get-time', app: { serverId: SERVER, resourceUri: URI } });
  api.fakeChat.emit(conversation.id, { type: 'message', message: api.fakeChat.message(conversation.id, { role: 'assistant', toolCalls: [call] }) });
  return { api, conversation, other };
}

async function open(api: FakeApi) {
  renderApp(<ChatView onSetUpProviders={vi.fn()} />, { api });
  await screen.findByRole('log', { name: 'Messages' });
  const frame = await screen.findByTestId<HTMLIFrameElement>('app-frame-iframe');
  return new SandboxPeer(frame, api.fakeApps.sandbox.origin);
}

let restoreFrames: () => void;
beforeEach(() => {
  restoreFrames = giveFramesAWindow();
});
afterEach(() => {
  restoreFrames();
  vi.restoreAllMocks();
});

describe('MCP Apps in a conversation', () => {
  it('asks about a call the app made in the card that shows the app, not on its own, and answers it under its own id', async () => {
    const { api, conversation } = seeded();
    await open(api);
    act(() => {
      api.fakeChat.emit(conversation.id, {
        type: 'approval',
        request: approvalRequest({ callId: 'app-call-1', conversationId: conversation.id, serverId: SERVER, serverName: 'basic', toolName: 'get-time', appHostCallId: 'call-app' }),
      });
    });
    const card = screen.getByRole('article', { name: 'get-time (basic)' });
    const prompt = within(card).getByTestId('approval-prompt');
    expect(within(card).getByTestId('app-frame').contains(prompt)).toBe(true);
    expect(screen.getAllByTestId('approval-prompt')).toHaveLength(1);
    fireEvent.click(within(prompt).getByRole('button', { name: 'Allow once' }));
    await waitFor(() => expect(api.callsTo('chat.approve')).toEqual([{ callId: 'app-call-1', decision: 'allow_once' }]));
    await waitFor(() => expect(within(card).queryByTestId('approval-prompt')).toBeNull());
  });

  it('asks about two calls the app made together one after the other, the older first', async () => {
    const { api, conversation } = seeded();
    await open(api);
    act(() => {
      for (const [callId, zone] of [
        ['app-call-1', 'UTC'],
        ['app-call-2', 'CET'],
      ] as const) {
        api.fakeChat.emit(conversation.id, {
          type: 'approval',
          request: approvalRequest({ callId, conversationId: conversation.id, serverId: SERVER, serverName: 'basic', toolName: 'get-time', arguments: { zone }, appHostCallId: 'call-app' }),
        });
      }
    });
    const card = screen.getByRole('article', { name: 'get-time (basic)' });
    const asked = () => within(card).getByTestId('approval-prompt');
    expect(screen.getAllByTestId('approval-prompt')).toHaveLength(1);
    expect(asked().textContent).toContain('UTC');
    fireEvent.click(within(asked()).getByRole('button', { name: 'Deny' }));
    await waitFor(() => expect(asked().textContent).toContain('CET'));
    fireEvent.click(within(asked()).getByRole('button', { name: 'Allow once' }));
    await waitFor(() => expect(within(card).queryByTestId('approval-prompt')).toBeNull());
    expect(api.callsTo('chat.approve')).toEqual([
      { callId: 'app-call-1', decision: 'deny' },
      { callId: 'app-call-2', decision: 'allow_once' },
    ]);
  });

  it('puts the app’s ui/message into this conversation’s composer, unsent', async () => {
    const { api } = seeded();
    const peer = await open(api);
    await peer.start();
    await peer.request('ui/message', { role: 'user', content: [{ type: 'text', text: 'Explain this chart' }] });
    expect(screen.getByRole<HTMLTextAreaElement>('textbox', { name: 'Message' }).value).toBe('Explain this chart');
    expect(api.callsTo('chat.send')).toEqual([]);
  });

  it('tears the app down before switching conversations, and the frame goes once it answered', async () => {
    const { api } = seeded();
    const peer = await open(api);
    await peer.start();
    fireEvent.click(screen.getByRole('button', { name: 'Other' }));
    const teardown = await vi.waitFor(() => {
      const sent = peer.sent('ui/resource-teardown')[0];
      if (!sent) throw new Error('no teardown yet');
      return sent;
    });
    // Still shown while the app answers.
    expect(screen.getByTestId('app-frame')).toBeTruthy();
    peer.answer(teardown.id ?? 0);
    await waitFor(() => expect(screen.getByRole('heading', { name: 'Other' })).toBeTruthy());
    expect(screen.queryByTestId('app-frame')).toBeNull();
  });

  it('tears the app down before its conversation is deleted', async () => {
    const { api, conversation } = seeded();
    const peer = await open(api);
    await peer.start();
    const trigger = screen.getByRole('button', { name: 'Actions for Clock' });
    trigger.focus();
    fireEvent.keyDown(trigger, { key: 'Enter' });
    fireEvent.click(await screen.findByRole('menuitem', { name: 'Delete' }));
    fireEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Delete' }));
    const teardown = await vi.waitFor(() => {
      const sent = peer.sent('ui/resource-teardown')[0];
      if (!sent) throw new Error('no teardown yet');
      return sent;
    });
    expect(api.callsTo('chat.conversations.remove')).toEqual([]);
    peer.answer(teardown.id ?? 0);
    await waitFor(() => expect(api.callsTo('chat.conversations.remove')).toEqual([{ id: conversation.id }]));
  });
});
