/**
 * Where chat.edit and chat.regenerate cut a conversation, worked out (and refused) before anything
 * changes. Later turns are replaced, not kept as branches: the cut removes every message from its
 * place on, in the messages the user sees and in the history the model is sent alike.
 */
import type { ConversationRepository } from '../db/ConversationRepository';
import { AppError } from '../lib/errors';

export interface Cut {
  /** The first message removed. */
  messageSeq: number;
  /** The first history row removed. */
  historySeq: number;
}

function historySeq(repository: ConversationRepository, conversationId: string, userMessageId: string): number {
  const seq = repository.historySeqOf(conversationId, userMessageId);
  // Only a database whose rows could not be tied by migration 0009 lacks it; a cut by guesswork
  // could send the model a history that differs from what the user sees.
  if (seq === undefined) throw new AppError('INTERNAL', { message: `message ${userMessageId} has no history row to cut at` });
  return seq;
}

/**
 * Running the last turn again: `messageId` is an answer of that turn, or its user message (the one
 * handle left when the turn has no answer: stopped before the model wrote anything, or cut by a
 * crash). Removes the answers and keeps the user message. MESSAGE_NOT_FOUND, NOT_LAST_ANSWER otherwise.
 */
export function regenerateCut(repository: ConversationRepository, conversationId: string, messageId: string): Cut {
  const place = repository.messagePlace(conversationId, messageId);
  if (!place) throw new AppError('MESSAGE_NOT_FOUND', { params: { id: messageId } });
  const lastUser = repository.lastUserMessage(conversationId);
  if (!lastUser || place.seq < lastUser.seq) throw new AppError('NOT_LAST_ANSWER', { params: { id: messageId } });
  return { messageSeq: lastUser.seq + 1, historySeq: historySeq(repository, conversationId, lastUser.id) + 1 };
}

/**
 * Editing one of the user's messages: it and everything after it go. `first` says whether it was the
 * conversation's first message (whose start may name the conversation). MESSAGE_NOT_FOUND,
 * MESSAGE_NOT_EDITABLE (an answer) otherwise.
 */
export function editCut(repository: ConversationRepository, conversationId: string, messageId: string): Cut & { first: boolean } {
  const place = repository.messagePlace(conversationId, messageId);
  if (!place) throw new AppError('MESSAGE_NOT_FOUND', { params: { id: messageId } });
  if (place.role !== 'user') throw new AppError('MESSAGE_NOT_EDITABLE', { params: { id: messageId } });
  const first = repository.firstUserMessage(conversationId)?.id === place.id;
  return { messageSeq: place.seq, historySeq: historySeq(repository, conversationId, place.id), first };
}
