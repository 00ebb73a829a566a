/**
 * A conversation on the scripted provider (test/support/scriptedProvider) through the app's router,
 * for end-to-end tests of the composition root: the provider added, a conversation created, its event
 * stream subscribed, and `turn` sending one message and answering every approval with allow_once until
 * the turn ends.
 */
import type { ApprovalRequest, ChatStreamEvent } from '../../app/shared/contracts/chat';
import type { AppServices } from '../../app/main/index';
import { createAppCaller } from '../../app/main/routers/appRouter';
import { API_KEY, baseUrlFor } from '../completion/helpers';

type Caller = ReturnType<typeof createAppCaller>;

export async function openScriptedConversation(services: AppServices, caller: Caller, providerUrl: string) {
  const record = await caller.providers.add({ name: 'Scripted', kind: 'openai', baseUrl: baseUrlFor('openai', providerUrl), apiKey: API_KEY, models: ['scripted-model'] });
  const controller = new AbortController();
  const subscriber = createAppCaller({ services }, { signal: controller.signal });
  const conversation = await caller.chat.conversations.create({ providerId: record.id });
  const iterator = (await subscriber.chat.onConversation({ conversationId: conversation.id }))[Symbol.asyncIterator]();
  await iterator.next();
  /** Every event read so far, in order. */
  const events: ChatStreamEvent[] = [];
  const nextEvent = async (): Promise<ChatStreamEvent> => {
    const next = await iterator.next();
    if (next.done) throw new Error('the stream ended');
    events.push(next.value);
    return next.value;
  };
  /** Sends `text` and reads the stream until the turn ends, allowing each call once; returns the turn's events. */
  const turn = async (text: string): Promise<ChatStreamEvent[]> => {
    await caller.chat.send({ conversationId: conversation.id, text });
    const seen: ChatStreamEvent[] = [];
    for (;;) {
      const event = await nextEvent();
      seen.push(event);
      if (event.type === 'approval') await caller.chat.approve({ callId: event.request.callId, decision: 'allow_once' });
      if (event.type === 'turn' && !event.running) return seen;
    }
  };
  /** The next approval prompt on the stream (left unanswered). */
  const nextApproval = async (): Promise<ApprovalRequest> => {
    for (;;) {
      const event = await nextEvent();
      if (event.type === 'approval') return event.request;
    }
  };
  const stop = async () => {
    controller.abort();
    await iterator.return?.(undefined);
  };
  return { conversation, events, nextEvent, turn, nextApproval, stop };
}
