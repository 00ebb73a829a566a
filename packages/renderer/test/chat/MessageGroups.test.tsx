/**
 * How much of a long conversation React even looks at per streamed token, counted: the messages sit
 * in fixed groups, so a token compares the props of the growing message's group (at most 25
 * messages) and not of all 301; and adding or mounting messages keeps every shown one in its group.
 * Each group is one element that the browser skips off screen (styles.css), so a token or a mounting
 * step lays out and paints what is on screen, not the whole conversation.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { screen, waitFor } from '@testing-library/react';
import { memo } from 'react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { ChatMessage } from '@elftia/desktop/shared/contracts/chat.ts';
import { GROUP_SIZE } from '../../src/features/chat/components/conversation/MessageGroups';
import { chatMessage, renderMessageList } from './messageListHarness';

const counts = vi.hoisted(() => ({ compared: [] as string[], mounted: [] as string[] }));

vi.mock('../../src/features/chat/components/conversation/MessageItem', async () => {
  const { useEffect } = await import('react');
  function Row({ message }: { message: ChatMessage }) {
    useEffect(() => {
      counts.mounted.push(message.id);
    }, [message.id]);
    return <article data-testid="message">{message.text}</article>;
  }
  return {
    MessageItem: memo(Row, (a, b) => {
      counts.compared.push(b.message.id);
      return a.message === b.message;
    }),
  };
});

const PAIRS = 150;

function conversation(): ChatMessage[] {
  return Array.from({ length: PAIRS }, (_, n) => [chatMessage(`q${n}`, 'user', { text: `Question ${n}` }), chatMessage(`a${n}`, 'assistant', { text: `Answer ${n}` })]).flat();
}

describe('the messages of a long conversation in groups', () => {
  beforeEach(() => {
    counts.compared.length = 0;
    counts.mounted.length = 0;
  });

  it('compares only the growing message’s group for each streamed token, and mounts each message once', async () => {
    const list = renderMessageList({ messages: conversation(), running: true });
    await waitFor(() => expect(screen.getAllByTestId('message')).toHaveLength(PAIRS * 2), { timeout: 20_000 });
    list.stream('a-new', 'The');
    counts.compared.length = 0;
    let text = 'The';
    const tokens = [' answer', ' grows', ' token', ' by', ' token.'];
    for (const token of tokens) list.stream('a-new', (text += token));

    expect(counts.compared.length).toBeLessThanOrEqual(tokens.length * GROUP_SIZE);
    expect(counts.compared).not.toContain('q0');
    expect(new Set(counts.mounted).size).toBe(counts.mounted.length);
    expect(counts.mounted).toHaveLength(PAIRS * 2 + 1);
  }, 30_000);

  it('puts each group’s messages in one element, which the browser skips while it is off screen', async () => {
    renderMessageList({ messages: conversation() });
    await waitFor(() => expect(screen.getAllByTestId('message')).toHaveLength(PAIRS * 2), { timeout: 20_000 });
    const groups = [...document.querySelectorAll('[role="log"] .message-list__group')];
    expect(groups.map((group) => group.querySelectorAll('[data-testid="message"]').length)).toEqual(Array.from({ length: (PAIRS * 2) / GROUP_SIZE }, () => GROUP_SIZE));

    const css = readFileSync(join(import.meta.dirname, '../../src/styles.css'), 'utf8');
    const rule = /\.message-list__group\s*\{([^}]*)\}/.exec(css)?.[1] ?? '';
    expect(rule).toMatch(/content-visibility:\s*auto;/);
    // `auto`: a group keeps the size it had when last shown, so scrolling back does not jump.
    expect(rule).toMatch(/contain-intrinsic-size:\s*auto \d+px;/);
  }, 30_000);
});
