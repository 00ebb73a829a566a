/**
 * chat.onConversation's stream: a 'turn' event saying whether a turn runs, the approvals waiting now,
 * then every live event until the client goes away. History is not replayed: the client loads
 * chat.messages, and each 'message' event carries the whole message, so a late one corrects it.
 */
import type { ChatStreamEvent } from '../../shared/contracts/chat';
import type { ChatService } from './ChatService';

/**
 * Queued events for one subscriber. A slow client must not make memory grow with every text delta:
 * a newer snapshot of a message replaces the queued one instead of queueing behind it.
 */
class EventQueue {
  private readonly items: ChatStreamEvent[] = [];
  private wake: (() => void) | undefined;

  push(event: ChatStreamEvent): void {
    const queued = event.type === 'message' ? this.items.findIndex((e) => e.type === 'message' && e.message.id === event.message.id) : -1;
    if (queued >= 0) this.items[queued] = event;
    else this.items.push(event);
    this.wake?.();
  }

  shift(): ChatStreamEvent | undefined {
    return this.items.shift();
  }

  /** Resolves on the next push or when `signal` aborts. */
  wait(signal: AbortSignal | undefined): Promise<void> {
    if (this.items.length > 0 || signal?.aborted) return Promise.resolve();
    return new Promise((resolve) => {
      const done = () => {
        this.wake = undefined;
        signal?.removeEventListener('abort', done);
        resolve();
      };
      this.wake = done;
      signal?.addEventListener('abort', done, { once: true });
    });
  }
}

export async function* conversationEvents(chat: ChatService, conversationId: string, signal: AbortSignal | undefined): AsyncGenerator<ChatStreamEvent> {
  chat.get(conversationId);
  const queue = new EventQueue();
  // Subscribed before the state is read, so nothing between the two is missed.
  const unsubscribe = chat.subscribe(conversationId, (event) => queue.push(event));
  // Read at once, not after the first yield: by then the queue may hold newer events.
  const running = chat.isRunning(conversationId);
  const pending = chat.pendingApprovals(conversationId);
  try {
    yield { type: 'turn', running };
    for (const request of pending) yield { type: 'approval', request };
    while (!signal?.aborted) {
      await queue.wait(signal);
      for (let event = queue.shift(); event && !signal?.aborted; event = queue.shift()) yield event;
    }
  } finally {
    unsubscribe();
  }
}
