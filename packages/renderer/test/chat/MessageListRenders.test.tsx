/**
 * A long conversation while an answer streams, counted rather than timed: each streamed snapshot
 * must render the message that grew and not the hundreds before it, an approval only the message
 * whose call it asks about, and a turn starting or ending only the bars that hide buttons for it.
 */
import { act } from '@testing-library/react';
import { useSyncExternalStore } from 'react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { ApprovalRequest, ChatMessage } from '@elftia/desktop/shared/contracts/chat.ts';
import { MessageList } from '../../src/features/chat/components/conversation/MessageList';
import { renderApp } from '../helpers/renderApp';
import { approvalRequest, toolCall } from './toolCalls';

const renders = vi.hoisted(() => ({ texts: [] as string[], calls: [] as string[], bars: [] as string[] }));

vi.mock('../../src/features/chat/components/conversation/MessageText', () => ({
  MessageText: ({ text }: { text: string }) => {
    renders.texts.push(text);
    return <p>{text}</p>;
  },
}));
vi.mock('../../src/features/chat/components/ToolCallDisplay', () => ({
  ToolCallDisplay: ({ call }: { call: { id: string } }) => {
    renders.calls.push(call.id);
    return <div data-testid="tool-call">{call.id}</div>;
  },
}));
vi.mock('../../src/features/chat/components/conversation/MessageActions', () => ({
  MessageActions: ({ text }: { text: string }) => {
    renders.bars.push(text);
    return null;
  },
}));

const CONVERSATION = 'c';
const TURNS = 100;

function message(id: string, role: ChatMessage['role'], fields: Partial<ChatMessage> = {}): ChatMessage {
  return { id, conversationId: CONVERSATION, role, text: '', toolCalls: [], status: 'done', createdAt: '2026-01-01T00:00:00.000Z', ...fields };
}

/** 100 turns (question, a step with a tool call, the answer): 300 messages, then the streaming answer. */
function longConversation(): ChatMessage[] {
  const messages: ChatMessage[] = [];
  for (let turn = 0; turn < TURNS; turn++) {
    messages.push(message(`q${turn}`, 'user', { text: `Question ${turn}` }));
    messages.push(message(`s${turn}`, 'assistant', { text: `Looking ${turn}`, toolCalls: [toolCall({ id: `call-${turn}` })] }));
    messages.push(message(`a${turn}`, 'assistant', { text: `Answer ${turn}` }));
  }
  messages.push(message('q-last', 'user', { text: 'Question last' }));
  return messages;
}

const reset = () => {
  renders.texts.length = 0;
  renders.calls.length = 0;
  renders.bars.length = 0;
};

interface ListProps {
  messages: ChatMessage[];
  approvals: ApprovalRequest[];
  running: boolean;
}

/** MessageList under the app's providers, its props changed from the test as ConversationPane changes them. */
function setUp() {
  let props: ListProps = { messages: longConversation(), approvals: [], running: true };
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
  /** The streaming answer grows, arriving as a new snapshot (a new object in a new array), as the reducer makes it. */
  const stream = (text: string, status: ChatMessage['status'] = 'streaming') => {
    const answer = message('a-last', 'assistant', { text, status });
    const index = props.messages.findIndex((m) => m.id === 'a-last');
    update({ messages: index === -1 ? [...props.messages, answer] : props.messages.map((m, i) => (i === index ? answer : m)) });
  };
  return {
    app,
    stream,
    ask: (request: ApprovalRequest) => update({ approvals: [...props.approvals, request] }),
    setRunning: (running: boolean) => update({ running }),
  };
}

describe('a long conversation while an answer streams', () => {
  beforeEach(reset);

  it('renders only the growing message for each streamed token, not the 301 before it', () => {
    const { stream } = setUp();
    stream('The');
    reset();
    const tokens = [' answer', ' grows', ' one', ' token', ' at', ' a', ' time', '.'];
    let text = 'The';
    for (const token of tokens) stream((text += token));
    expect(renders.texts).toEqual(tokens.map((_, i) => `The${tokens.slice(0, i + 1).join('')}`));
    expect(renders.calls).toEqual([]);
    expect(renders.bars).toEqual([]);
  });

  it('renders only the message whose call an approval asks about', () => {
    const { ask } = setUp();
    reset();
    ask(approvalRequest({ callId: 'call-42', conversationId: CONVERSATION }));
    expect(renders.calls).toEqual(['call-42']);
    expect(renders.texts).toEqual(['Looking 42']);
  });

  it('renders only the bars that hide buttons when the turn ends: the questions and the last answer', () => {
    const { stream, setRunning } = setUp();
    stream('Done.', 'done');
    reset();
    setRunning(false);
    expect(renders.calls).toEqual([]);
    // The questions' Edit comes back and the last answer's Regenerate appears; earlier answers' bars stay.
    expect(renders.bars).toHaveLength(TURNS + 2);
    expect(renders.texts.filter((text) => text.startsWith('Answer') || text.startsWith('Looking'))).toEqual([]);
  });
});
