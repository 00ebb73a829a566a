/**
 * MessageList under the app's providers, its props changed from a test the way ConversationPane
 * changes them: each streamed snapshot is a new message object in a new array.
 */
import { act } from '@testing-library/react';
import { useSyncExternalStore } from 'react';
import { vi } from 'vitest';
import type { ApprovalRequest, ChatMessage } from '@elftia/desktop/shared/contracts/chat.ts';
import { MessageList } from '../../src/features/chat/components/conversation/MessageList';
import { renderApp } from '../helpers/renderApp';

export const CONVERSATION = 'c';

export function chatMessage(id: string, role: ChatMessage['role'], fields: Partial<ChatMessage> = {}): ChatMessage {
  return { id, conversationId: CONVERSATION, role, text: '', toolCalls: [], status: 'done', createdAt: '2026-01-01T00:00:00.000Z', ...fields };
}

interface ListProps {
  messages: ChatMessage[];
  approvals: ApprovalRequest[];
  running: boolean;
}

export function renderMessageList(initial: { messages: ChatMessage[]; running?: boolean }) {
  let props: ListProps = { messages: initial.messages, approvals: [], running: initial.running ?? false };
  const listeners = new Set<() => void>();
  const subscribe = (listener: () => void) => {
    listeners.add(listener);
    return () => listeners.delete(listener);
  };
  const onAnswer = vi.fn(async () => {});
  function Harness() {
    const { messages, approvals, running } = useSyncExternalStore(subscribe, () => props);
    return <MessageList messages={messages} approvals={approvals} running={running} onAnswer={onAnswer} />;
  }
  const app = renderApp(<Harness />);
  const update = (change: Partial<ListProps>) => {
    props = { ...props, ...change };
    act(() => listeners.forEach((listener) => listener()));
  };
  /** The message `id` (added at the end when new) as streamed so far. */
  const stream = (id: string, text: string, status: ChatMessage['status'] = 'streaming') => {
    const next = chatMessage(id, 'assistant', { text, status });
    const index = props.messages.findIndex((m) => m.id === id);
    update({ messages: index === -1 ? [...props.messages, next] : props.messages.map((m, i) => (i === index ? next : m)) });
  };
  return {
    app,
    stream,
    ask: (request: ApprovalRequest) => update({ approvals: [...props.approvals, request] }),
    setRunning: (running: boolean) => update({ running }),
  };
}
