/**
 * A long conversation while an answer streams, counted rather than timed: each streamed snapshot
 * must render the message that grew and not the hundreds before it, an approval only the message
 * whose call it asks about, and a turn starting or ending only the bars that hide buttons for it —
 * the last question's group in the same commit, the older groups one per step after it.
 */
import { waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { ChatMessage } from '@elftia/desktop/shared/contracts/chat.ts';
import { GROUP_SIZE } from '../../src/features/chat/components/conversation/MessageGroups';
import { CONVERSATION, chatMessage, renderMessageList } from './messageListHarness';
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

const TURNS = 100;

/** 100 turns (question, a step with a tool call, the answer): 300 messages, then the last question. */
function longConversation(): ChatMessage[] {
  const messages: ChatMessage[] = [];
  for (let turn = 0; turn < TURNS; turn++) {
    messages.push(chatMessage(`q${turn}`, 'user', { text: `Question ${turn}` }));
    messages.push(chatMessage(`s${turn}`, 'assistant', { text: `Looking ${turn}`, toolCalls: [toolCall({ id: `call-${turn}` })] }));
    messages.push(chatMessage(`a${turn}`, 'assistant', { text: `Answer ${turn}` }));
  }
  messages.push(chatMessage('q-last', 'user', { text: 'Question last' }));
  return messages;
}

const reset = () => {
  renders.texts.length = 0;
  renders.calls.length = 0;
  renders.bars.length = 0;
};

/** The list with every message mounted (older ones mount a slice at a time after the first paint). */
async function setUp() {
  const list = renderMessageList({ messages: longConversation(), running: true });
  await waitFor(() => expect(list.app.getAllByTestId('message')).toHaveLength(TURNS * 3 + 1), { timeout: 20_000 });
  return { ...list, stream: (text: string, status?: ChatMessage['status']) => list.stream('a-last', text, status) };
}

describe('a long conversation while an answer streams', () => {
  beforeEach(reset);

  it('renders only the growing message for each streamed token, not the 301 before it', async () => {
    const { stream } = await setUp();
    stream('The');
    reset();
    const tokens = [' answer', ' grows', ' one', ' token', ' at', ' a', ' time', '.'];
    let text = 'The';
    for (const token of tokens) stream((text += token));
    expect(renders.texts).toEqual(tokens.map((_, i) => `The${tokens.slice(0, i + 1).join('')}`));
    expect(renders.calls).toEqual([]);
    expect(renders.bars).toEqual([]);
  }, 30_000);

  it('renders only the message whose call an approval asks about', async () => {
    const { ask } = await setUp();
    reset();
    ask(approvalRequest({ callId: 'call-42', conversationId: CONVERSATION }));
    expect(renders.calls).toEqual(['call-42']);
    expect(renders.texts).toEqual(['Looking 42']);
  }, 30_000);

  it('renders only the bars that hide buttons when the turn ends — the last question’s group at once, the older groups a step each — each once', async () => {
    const { stream, setRunning } = await setUp();
    stream('Done.', 'done');
    reset();
    setRunning(false);
    // The last question's Retry/Edit and the last answer's Regenerate, in the commit that ends the turn.
    expect(renders.bars).toEqual(['Question last', 'Done.']);
    // The older questions' Edit comes back after that, a group per paint; earlier answers' bars stay.
    await waitFor(() => expect(renders.bars).toHaveLength(TURNS + 2), { timeout: 20_000 });
    expect(new Set(renders.bars).size).toBe(renders.bars.length);
    expect(renders.calls).toEqual([]);
    expect(renders.texts.filter((text) => text.startsWith('Answer') || text.startsWith('Looking'))).toEqual([]);
    // Nearest the end first: the questions' groups (3 messages a turn) never go back up.
    const groups = renders.bars.slice(2).map((text) => Math.floor((Number(text.replace('Question ', '')) * 3) / GROUP_SIZE));
    expect(groups).toEqual([...groups].sort((a, b) => b - a));
  }, 30_000);

  it('renders only the last question’s group when a turn starts, then the older groups a step each', async () => {
    const { stream, setRunning } = await setUp();
    stream('Done.', 'done');
    reset();
    setRunning(false);
    await waitFor(() => expect(renders.bars).toHaveLength(TURNS + 2), { timeout: 20_000 });
    reset();
    setRunning(true);
    expect(renders.bars).toEqual(['Question last', 'Done.']);
    await waitFor(() => expect(renders.bars).toHaveLength(TURNS + 2), { timeout: 20_000 });
    expect(new Set(renders.bars).size).toBe(renders.bars.length);
  }, 30_000);
});
