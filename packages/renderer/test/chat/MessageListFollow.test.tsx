/**
 * The transcript follows an answer while the user is at its end, and stops once they scroll up to
 * read. A test DOM lays nothing out, so the log's geometry is played here: a content height the test
 * grows, a window of 500 px, and a scroll position the browser would clamp. Scroll events are fired
 * as the browser fires them, a frame after the scroll, when the content may have grown again.
 */
import { fireEvent, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { chatMessage, renderMessageList } from './messageListHarness';

const WINDOW = 500;

/** The log's played geometry; only `.message-list` elements get it. */
const geometry = { contentHeight: 2000, scrollTop: 0 };
const maxTop = () => Math.max(0, geometry.contentHeight - WINDOW);
const saved = new Map<string, PropertyDescriptor | undefined>();

function play(name: 'scrollHeight' | 'clientHeight' | 'scrollTop', descriptor: { get(this: HTMLElement): number; set?(this: HTMLElement, value: number): void }) {
  const original = Object.getOwnPropertyDescriptor(Element.prototype, name) ?? Object.getOwnPropertyDescriptor(HTMLElement.prototype, name);
  saved.set(name, original);
  Object.defineProperty(HTMLElement.prototype, name, {
    configurable: true,
    get(this: HTMLElement) {
      return this.classList.contains('message-list') ? descriptor.get.call(this) : (original?.get?.call(this) ?? 0);
    },
    set(this: HTMLElement, value: number) {
      if (this.classList.contains('message-list')) descriptor.set?.call(this, value);
      else original?.set?.call(this, value);
    },
  });
}

beforeEach(() => {
  geometry.contentHeight = 2000;
  geometry.scrollTop = 0;
  play('scrollHeight', { get: () => geometry.contentHeight });
  play('clientHeight', { get: () => WINDOW });
  play('scrollTop', {
    get: () => geometry.scrollTop,
    set: (value) => {
      geometry.scrollTop = Math.min(Math.max(0, value), maxTop());
    },
  });
});

afterEach(() => {
  for (const name of saved.keys()) delete (HTMLElement.prototype as unknown as Record<string, unknown>)[name];
  saved.clear();
});

function conversation() {
  return [chatMessage('q1', 'user', { text: 'Tell me a lot' }), chatMessage('a1', 'assistant', { text: 'Para 1', status: 'streaming' })];
}

/** The user (or the browser's clamping) moved the log to `top`; its scroll event follows. */
function scrollTo(top: number) {
  geometry.scrollTop = Math.min(Math.max(0, top), maxTop());
  fireEvent.scroll(screen.getByRole('log'));
}

describe('following the end of the transcript', () => {
  it('opens at the end and stays there as the answer grows', () => {
    const list = renderMessageList({ messages: conversation(), running: true });
    expect(geometry.scrollTop).toBe(maxTop());
    geometry.contentHeight += 300;
    list.stream('a1', 'Para 1\n\nPara 2');
    expect(geometry.scrollTop).toBe(maxTop());
  });

  it('keeps following when the answer grew more than the threshold between a scroll and its event', () => {
    const list = renderMessageList({ messages: conversation(), running: true });
    const followed = geometry.scrollTop;
    // A paragraph (and a code block) laid out before the scroll event of the last follow arrives.
    geometry.contentHeight += 120;
    scrollTo(followed);
    geometry.contentHeight += 40;
    list.stream('a1', 'Para 1\n\nPara 2\n\nPara 3');
    expect(geometry.scrollTop).toBe(maxTop());
  });

  it('stops following once the user scrolls up, and follows again once they come back to the end', () => {
    const list = renderMessageList({ messages: conversation(), running: true });
    scrollTo(geometry.scrollTop - 300);
    const reading = geometry.scrollTop;
    geometry.contentHeight += 200;
    list.stream('a1', 'Para 1\n\nPara 2');
    expect(geometry.scrollTop).toBe(reading);

    scrollTo(maxTop() - 10);
    geometry.contentHeight += 200;
    list.stream('a1', 'Para 1\n\nPara 2\n\nPara 3');
    expect(geometry.scrollTop).toBe(maxTop());
  });

  it('after scrolling up, a scroll down that stops short of the end does not follow', () => {
    const list = renderMessageList({ messages: conversation(), running: true });
    const end = geometry.scrollTop;
    scrollTo(end - 600);
    geometry.contentHeight += 400;
    scrollTo(end + 100); // below where it last followed, but 300 px above the new end
    list.stream('a1', 'Para 1\n\nPara 2');
    expect(geometry.scrollTop).toBe(end + 100);
  });

  it('the browser clamping the position as the content shrinks keeps the end', () => {
    const list = renderMessageList({ messages: conversation(), running: true });
    geometry.contentHeight -= 250; // an estimated height replaced by the real, smaller one
    scrollTo(geometry.scrollTop);
    geometry.contentHeight += 100;
    list.stream('a1', 'Para 1\n\nPara 2');
    expect(geometry.scrollTop).toBe(maxTop());
  });
});
