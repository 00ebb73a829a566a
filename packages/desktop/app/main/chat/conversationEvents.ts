/**
 * chat.onConversation's stream: a 'turn' event saying whether a turn runs, the approvals waiting now,
 * then every live event until the client goes away. History is not replayed: the client loads
 * chat.messages, and each 'message' event carries the whole message, so a late one corrects it.
 */
import type { ChatStreamEvent } from '../../shared/contracts/chat';
import { pushIterator, replaceMatching } from '../lib/pushIterator';
import type { ChatService } from './ChatService';

/**
 * A slow client must not make memory grow with every text delta: a newer snapshot of a message
 * replaces the queued one instead of queueing behind it.
 */
const newerSnapshot = replaceMatching<ChatStreamEvent>(
  (waiting, event) => waiting.type === 'message' && event.type === 'message' && waiting.message.id === event.message.id,
);

export async function* conversationEvents(chat: ChatService, conversationId: string, signal: AbortSignal | undefined): AsyncGenerator<ChatStreamEvent> {
  chat.get(conversationId);
  // Subscribed before the state is read, so nothing between the two is missed.
  const events = pushIterator<ChatStreamEvent>((sink) => chat.subscribe(conversationId, (event) => sink.push(event)), { signal, buffer: newerSnapshot });
  // Read at once, not after the first yield: by then the queue may hold newer events.
  const running = chat.isRunning(conversationId);
  const pending = chat.pendingApprovals(conversationId);
  try {
    yield { type: 'turn', running };
    for (const request of pending) yield { type: 'approval', request };
    yield* events;
  } finally {
    await events.return?.();
  }
}
