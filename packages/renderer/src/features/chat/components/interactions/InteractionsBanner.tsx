import { useMemo } from 'react';
import type { ChatMessage } from '@elftia/desktop/shared/contracts/chat.ts';
import { unplacedInteractions, useInteractions } from '../../model/interactions';
import { InteractionPrompt } from './InteractionPrompt';

/** The questions of servers that have no tool-call card on screen, above the composer. */
export function InteractionsBanner({ conversationId, messages }: { conversationId: string; messages: readonly ChatMessage[] }) {
  const { pending } = useInteractions();
  const shown = useMemo(() => new Set(messages.flatMap((message) => message.toolCalls.map((call) => call.id))), [messages]);
  const unplaced = unplacedInteractions(pending, conversationId, shown);
  if (unplaced.length === 0) return null;
  return (
    <div className="interactions-banner" data-testid="interactions-banner">
      {unplaced.map((interaction) => (
        <InteractionPrompt key={interaction.id} interaction={interaction} />
      ))}
    </div>
  );
}
