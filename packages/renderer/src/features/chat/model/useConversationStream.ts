import { useCallback, useEffect, useReducer, useState } from 'react';
import { useApi } from '../../../lib/api';
import { readAppError } from '../../../lib/appError';
import type { ApprovalAnswer } from '../components/tool-call/ApprovalPrompt';
import { type ConversationState, conversationReducer, initialConversationState } from './conversationState';

export interface ConversationStream {
  state: ConversationState;
  /** The initial load failed (chat.messages or chat.pendingApprovals). */
  loadError: unknown;
  /** The live stream failed; cleared by the next event. */
  streamError: unknown;
  answer(callId: string, answer: ApprovalAnswer): Promise<void>;
  dismissNotice(id: number): void;
}

/**
 * One conversation, live: subscribes to chat.onConversation first and then loads the stored state,
 * so nothing that happens in between is missed (the reducer merges the two). Mount it under a key
 * per conversation: a different conversation is a fresh state. The one load that is not a TanStack
 * query: it must start after the subscription and merge with its events in one reducer, and a cached
 * copy of a live conversation would be stale the moment it was read.
 */
export function useConversationStream(conversationId: string): ConversationStream {
  const api = useApi();
  const [state, dispatch] = useReducer(conversationReducer, initialConversationState);
  const [loadError, setLoadError] = useState<unknown>();
  const [streamError, setStreamError] = useState<unknown>();

  useEffect(() => {
    let live = true;
    const subscription = api.chat.onConversation.subscribe(
      { conversationId },
      {
        onData: (event) => {
          setStreamError(undefined);
          dispatch({ type: 'event', event });
        },
        onError: (error) => setStreamError(error),
      },
    );
    Promise.all([api.chat.messages.query({ conversationId }), api.chat.pendingApprovals.query({ conversationId })]).then(
      ([messages, approvals]) => live && dispatch({ type: 'loaded', messages, approvals }),
      (error: unknown) => live && setLoadError(error),
    );
    return () => {
      live = false;
      subscription.unsubscribe();
    };
  }, [api, conversationId]);

  const answer = useCallback(
    async (callId: string, value: ApprovalAnswer) => {
      try {
        await api.chat.approve.mutate({ callId, ...value });
      } catch (error) {
        // NOT_FOUND: nothing waits under this id any more (answered in another window, or the turn
        // stopped), so the prompt is stale rather than failed.
        if (readAppError(error)?.code !== 'NOT_FOUND') throw error;
      }
      dispatch({ type: 'answered', callId });
    },
    [api],
  );
  const dismissNotice = useCallback((id: number) => dispatch({ type: 'dismissNotice', id }), []);

  return { state, loadError, streamError, answer, dismissNotice };
}
