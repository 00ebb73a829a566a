/**
 * What servers ask of the user (interactions.onChanged), followed once for the whole chat: each
 * tool-call card picks the ones its call caused, the conversation shows the rest as a banner.
 */
import { createContext, type ReactNode, useContext } from 'react';
import type { InteractionsState, PendingInteraction } from '@elftia/desktop/shared/contracts/interactions.ts';
import { useApiSubscription } from '../../../lib/useApiSubscription';

const NONE: InteractionsState = { pending: [], sampled: [] };
const InteractionsContext = createContext<InteractionsState>(NONE);

export function InteractionsProvider({ children }: { children: ReactNode }) {
  const live = useApiSubscription((api) => api.interactions.onChanged);
  return <InteractionsContext.Provider value={live.data ?? NONE}>{children}</InteractionsContext.Provider>;
}

/** Everything pending and sampled (none outside an InteractionsProvider). */
export function useInteractions(): InteractionsState {
  return useContext(InteractionsContext);
}

/**
 * The ones a conversation shows above its composer: its own whose tool call is not among the
 * shown messages, and those no chat caused (a server asking while it connects, a call from the
 * Tools tab).
 */
export function unplacedInteractions(pending: readonly PendingInteraction[], conversationId: string, shownCallIds: ReadonlySet<string>): PendingInteraction[] {
  return pending.filter((interaction) =>
    interaction.conversationId === undefined ? true : interaction.conversationId === conversationId && (interaction.callId === undefined || !shownCallIds.has(interaction.callId)),
  );
}
