import { useTranslation } from 'react-i18next';
import type { ConversationRecord } from '@elftia/desktop/shared/contracts/chat.ts';

/** A conversation's title, or "New conversation" while it has none. */
export function useConversationTitle(): (conversation: Pick<ConversationRecord, 'title'>) => string {
  const { t } = useTranslation();
  return (conversation) => (conversation.title.trim() === '' ? t('chat/conversations:list.untitled') : conversation.title);
}
