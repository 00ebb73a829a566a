import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ConversationRecord } from '@elftia/desktop/shared/contracts/chat.ts';
import { ConfirmDialog } from '../../../../components/ConfirmDialog';
import { RenameConversationDialog } from './RenameConversationDialog';
import { useConversationTitle } from './useConversationTitle';

export interface ConversationListProps {
  conversations: ConversationRecord[];
  selectedId: string | undefined;
  onSelect: (id: string) => void;
  onRename: (id: string, title: string) => Promise<unknown>;
  onDelete: (id: string) => Promise<unknown>;
}

type OpenDialog = { kind: 'none' } | { kind: 'rename' | 'delete'; conversation: ConversationRecord };

/** The conversations, newest first; the open one is marked aria-current. */
export function ConversationList({ conversations, selectedId, onSelect, onRename, onDelete }: ConversationListProps) {
  const { t } = useTranslation();
  const titleOf = useConversationTitle();
  const [dialog, setDialog] = useState<OpenDialog>({ kind: 'none' });
  const close = () => setDialog({ kind: 'none' });

  if (conversations.length === 0) return <p className="empty-state">{t('chat/conversations:list.empty')}</p>;
  return (
    <>
      <ul className="conversation-list" data-testid="conversation-list">
        {conversations.map((conversation) => {
          const title = titleOf(conversation);
          return (
            <li key={conversation.id} className="conversation-list__item">
              <button
                type="button"
                className="conversation-list__open"
                aria-current={conversation.id === selectedId ? 'page' : undefined}
                onClick={() => onSelect(conversation.id)}
              >
                {title}
              </button>
              <button
                type="button"
                className="button button--quiet"
                aria-label={t('chat/conversations:list.renameConversation', { title })}
                onClick={() => setDialog({ kind: 'rename', conversation })}
              >
                {t('chat/conversations:list.rename')}
              </button>
              <button
                type="button"
                className="button button--quiet"
                aria-label={t('chat/conversations:list.deleteConversation', { title })}
                onClick={() => setDialog({ kind: 'delete', conversation })}
              >
                {t('chat/conversations:list.delete')}
              </button>
            </li>
          );
        })}
      </ul>
      {dialog.kind === 'rename' && (
        <RenameConversationDialog initialTitle={dialog.conversation.title} onSave={(title) => onRename(dialog.conversation.id, title)} onClose={close} />
      )}
      {dialog.kind === 'delete' && (
        <ConfirmDialog
          title={t('chat/conversations:delete.title', { title: titleOf(dialog.conversation) })}
          body={t('chat/conversations:delete.body')}
          confirmLabel={t('chat/conversations:delete.confirm')}
          cancelLabel={t('chat/conversations:delete.cancel')}
          onConfirm={() => onDelete(dialog.conversation.id)}
          onClose={close}
        />
      )}
    </>
  );
}
