import { describe, expect, it } from 'vitest';
import type { ChatMessage, ChatStreamEvent } from '@elftia/desktop/shared/contracts/chat.ts';
import { type ConversationAction, conversationReducer, initialConversationState } from '../../src/features/chat/model/conversationState';
import { approvalRequest } from './toolCalls';

const message = (id: string, fields: Partial<ChatMessage> = {}): ChatMessage => ({
  id,
  conversationId: 'conv-1',
  role: 'assistant',
  text: '',
  toolCalls: [],
  status: 'done',
  createdAt: '2026-01-01T00:00:00.000Z',
  ...fields,
});

const event = (e: ChatStreamEvent): ConversationAction => ({ type: 'event', event: e });
const run = (...actions: ConversationAction[]) => actions.reduce(conversationReducer, initialConversationState);

describe('conversationReducer', () => {
  it('replaces a message by id with each snapshot and appends new ones in order', () => {
    const state = run(
      { type: 'loaded', messages: [message('u1', { role: 'user', text: 'hi' })], approvals: [] },
      event({ type: 'message', message: message('a1', { text: 'Hel', status: 'streaming' }) }),
      event({ type: 'message', message: message('a1', { text: 'Hello', status: 'done' }) }),
    );
    expect(state.messages.map((m) => [m.id, m.text, m.status])).toEqual([
      ['u1', 'hi', 'done'],
      ['a1', 'Hello', 'done'],
    ]);
  });

  it('keeps what the stream delivered before a slower initial load answered', () => {
    const state = run(
      event({ type: 'turn', running: false }),
      event({ type: 'message', message: message('a1', { text: 'newer', status: 'done' }) }),
      event({ type: 'approval_resolved', callId: 'call-1', decision: 'deny' }),
      { type: 'loaded', messages: [message('u1'), message('a1', { text: 'older', status: 'streaming' })], approvals: [approvalRequest()] },
    );
    expect(state.messages.map((m) => m.text)).toEqual(['', 'newer']);
    expect(state.approvals).toEqual([]);
    expect(state.running).toBe(false);
  });

  it('drops messages an edit or regenerate replaced, also when a slower initial load still lists them', () => {
    const state = run(
      event({ type: 'messages_removed', ids: ['a1', 'u2'] }),
      event({ type: 'message', message: message('u3', { role: 'user', text: 'edited' }) }),
      { type: 'loaded', messages: [message('u1', { role: 'user' }), message('a1'), message('u2', { role: 'user' })], approvals: [] },
    );
    expect(state.messages.map((m) => m.id)).toEqual(['u1', 'u3']);
    const after = conversationReducer(state, event({ type: 'messages_removed', ids: ['u3'] }));
    expect(after.messages.map((m) => m.id)).toEqual(['u1']);
  });

  it('infers a running turn from the load when no turn event said otherwise', () => {
    expect(run({ type: 'loaded', messages: [message('a1', { status: 'streaming' })], approvals: [] }).running).toBe(true);
    expect(run({ type: 'loaded', messages: [message('a1')], approvals: [] }).running).toBe(false);
  });

  it('adds an approval once, and drops it when resolved or answered', () => {
    const request = approvalRequest();
    let state = run(event({ type: 'approval', request }), event({ type: 'approval', request }), { type: 'loaded', messages: [], approvals: [request] });
    expect(state.approvals).toHaveLength(1);
    state = conversationReducer(state, { type: 'answered', callId: 'call-1' });
    expect(state.approvals).toEqual([]);
    state = conversationReducer(state, event({ type: 'approval', request: approvalRequest({ callId: 'call-2' }) }));
    state = conversationReducer(state, event({ type: 'approval_resolved', callId: 'call-2', decision: 'cancelled' }));
    expect(state.approvals).toEqual([]);
  });

  it('collects notices with ids and dismisses one', () => {
    let state = run(event({ type: 'notice', code: 'TOOLS_OMITTED', params: { names: 'a' } }), event({ type: 'notice', code: 'X' }));
    expect(state.notices.map((n) => n.id)).toEqual([1, 2]);
    state = conversationReducer(state, { type: 'dismissNotice', id: 1 });
    expect(state.notices).toEqual([{ id: 2, code: 'X' }]);
  });
});
