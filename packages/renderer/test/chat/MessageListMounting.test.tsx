/**
 * A long conversation opens with its last messages and mounts the older ones after the first paint,
 * a slice at a time; nothing is unmounted on the way, so the last message, a message being edited
 * (its editor, focus and typed text) and the streaming message are the same elements throughout.
 * Counted in the DOM, not timed.
 */
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { ChatMessage } from '@elftia/desktop/shared/contracts/chat.ts';
import { FIRST_SLICE } from '../../src/features/chat/components/conversation/useUnmountedHead';
import { chatMessage, renderMessageList } from './messageListHarness';

const PAIRS = 60;

/** 120 messages (three slices): question n, answer n. */
function conversation(): ChatMessage[] {
  return Array.from({ length: PAIRS }, (_, n) => [chatMessage(`q${n}`, 'user', { text: `Question ${n}` }), chatMessage(`a${n}`, 'assistant', { text: `Answer ${n}` })]).flat();
}

const shown = () => screen.getAllByTestId('message');
/** Every slice mounts after a paint and a render of its messages: slow in a test DOM on a busy machine. */
const allMounted = (count: number) => waitFor(() => expect(shown()).toHaveLength(count), { timeout: 20_000 });
const texts = () => shown().map((element) => element.textContent ?? '');

describe('a long conversation opening', () => {
  it('renders its last 40 messages first, then all 120 in order, keeping the elements already shown', async () => {
    renderMessageList({ messages: conversation() });
    expect(shown()).toHaveLength(FIRST_SLICE);
    expect(texts().at(-1)).toContain(`Answer ${PAIRS - 1}`);
    expect(texts()[0]).toContain(`Question ${PAIRS - FIRST_SLICE / 2}`);
    const last = shown().at(-1);

    await allMounted(PAIRS * 2);
    expect(texts()[0]).toContain('Question 0');
    expect(texts().every((text, i) => text.includes(`${i % 2 === 0 ? 'Question' : 'Answer'} ${Math.floor(i / 2)}`))).toBe(true);
    expect(shown().at(-1)).toBe(last);
  }, 30_000);

  it('mounts the older messages ten at most per commit, so a step is one short frame', async () => {
    renderMessageList({ messages: conversation() });
    const log = screen.getByRole('log');
    // What each commit left in the DOM: the observer sees every commit's mutations, a record per commit.
    const counts: number[] = [shown().length];
    const observer = new MutationObserver(() => counts.push(shown().length));
    observer.observe(log, { childList: true, subtree: true });
    await allMounted(PAIRS * 2);
    observer.disconnect();

    const steps = counts.slice(1).map((count, i) => count - counts[i]!).filter((added) => added !== 0);
    expect(counts[0]).toBe(FIRST_SLICE);
    expect(steps.every((added) => added > 0 && added <= 10)).toBe(true);
    expect(steps.length).toBeGreaterThanOrEqual((PAIRS * 2 - FIRST_SLICE) / 10);
  }, 30_000);

  it('keeps a message being edited — its editor, focus and typed text — while the older ones mount', async () => {
    renderMessageList({ messages: conversation() });
    const question = shown().at(-2)!;
    fireEvent.click(within(question).getByRole('button', { name: 'Edit' }));
    const editor = within(question).getByRole('textbox');
    fireEvent.change(editor, { target: { value: 'The last question, asked better' } });
    editor.focus();

    await allMounted(PAIRS * 2);
    expect(shown().at(-2)).toBe(question);
    expect(document.activeElement).toBe(editor);
    expect((editor as HTMLTextAreaElement).value).toBe('The last question, asked better');
  }, 30_000);

  it('keeps the streaming message while the older ones mount and its tokens arrive', async () => {
    const list = renderMessageList({ messages: conversation(), running: true });
    list.stream('a-new', 'The new answer');
    const streaming = shown().at(-1)!;
    expect(streaming.dataset.status).toBe('streaming');
    let text = 'The new answer';
    for (const token of [' grows', ' while', ' the', ' rest', ' mounts']) {
      list.stream('a-new', (text += token));
      await new Promise((resolve) => setTimeout(resolve, 0));
    }

    await allMounted(PAIRS * 2 + 1);
    expect(shown().at(-1)).toBe(streaming);
    expect(streaming.textContent).toContain('The new answer grows while the rest mounts');
  }, 30_000);
});
