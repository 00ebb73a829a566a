/**
 * A turn starting reaches older message groups a step at a time (useStaggeredRunning), so an older
 * question's Edit can still be on screen for a few frames. Clicking it then opens nothing: the turn
 * would refuse the edit's Save. Frames are held by the test, so the lagging button stays.
 */
import { act, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { GROUP_SIZE } from '../../src/features/chat/components/conversation/MessageGroups';
import { chatMessage, renderMessageList } from './messageListHarness';

let frames: FrameRequestCallback[] = [];
beforeEach(() => {
  frames = [];
  vi.stubGlobal('requestAnimationFrame', (callback: FrameRequestCallback) => frames.push(callback));
  vi.stubGlobal('cancelAnimationFrame', () => {});
});
afterEach(() => vi.unstubAllGlobals());

/** Three groups of questions and answers. */
const conversation = () =>
  Array.from({ length: GROUP_SIZE * 3 }, (_, i) => (i % 2 === 0 ? chatMessage(`u${i}`, 'user', { text: `question ${i}` }) : chatMessage(`a${i}`, 'assistant', { text: `answer ${i}` })));

/** The oldest question on screen: in a group before the last question's, which learns of a turn last. */
const firstQuestion = () => screen.getAllByTestId('message').find((article) => article.dataset.role === 'user')!;

describe('Edit on an older question as a turn starts', () => {
  it('opens no editor while the button is still on screen, and opens one when no turn runs', async () => {
    const list = renderMessageList({ messages: conversation() });
    list.setRunning(true);
    const lagging = within(firstQuestion()).getByRole('button', { name: 'Edit' });
    fireEvent.click(lagging);
    expect(screen.queryByRole('textbox', { name: 'Edit your message' })).toBeNull();

    list.setRunning(false);
    await act(async () => {});
    fireEvent.click(within(firstQuestion()).getByRole('button', { name: 'Edit' }));
    expect(screen.getByRole('textbox', { name: 'Edit your message' })).toBeTruthy();
  });
});
