import { useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ConversationRecord } from '@elftia/desktop/shared/contracts/chat.ts';
import { ConfirmDialog } from '../../../../components/ConfirmDialog';
import type { GroupId } from '../../model/conversationGroups';
import { groupByDate } from '../../model/conversationGroups';
import { ConversationMenu } from './ConversationMenu';
import { RenameConversationDialog } from './RenameConversationDialog';
import { useConversationTitle } from './useConversationTitle';

const GROUP_KEYS: Record<GroupId, string> = {
  today: 'chat/conversations:list.groups.today',
  yesterday: 'chat/conversations:list.groups.yesterday',
  previous7: 'chat/conversations:list.groups.previous7',
  previous30: 'chat/conversations:list.groups.previous30',
  older: 'chat/conversations:list.groups.older',
};

export interface ConversationListProps {
  /** Already filtered by the search. */
  conversations: ConversationRecord[];
  selectedId: string | undefined;
  /** Decides the date groups (Today, Yesterday, …). */
  now: Date;
  onSelect: (id: string) => void;
  onRename: (id: string, title: string) => Promise<unknown>;
  onDelete: (id: string) => Promise<unknown>;
  /** Where focus goes after the last conversation was deleted (the New conversation button). */
  fallbackFocus: () => HTMLElement | null | undefined;
}

type OpenDialog = { kind: 'none' } | { kind: 'rename' | 'delete'; conversation: ConversationRecord; trigger: HTMLButtonElement | null };

/** The conversations grouped by last activity, newest first; the open one is marked aria-current. */
export function ConversationList({ conversations, selectedId, now, onSelect, onRename, onDelete, fallbackFocus }: ConversationListProps) {
  const { t } = useTranslation();
  const idPrefix = useId();
  const titleOf = useConversationTitle();
  const listRef = useRef<HTMLDivElement>(null);
  const deleted = useRef(false);
  const [dialog, setDialog] = useState<OpenDialog>({ kind: 'none' });
  const close = () => setDialog({ kind: 'none' });
  // After a deletion its row is gone: focus moves to the conversation opened in its place.
  const afterDelete = () => listRef.current?.querySelector<HTMLElement>('[aria-current="page"]') ?? fallbackFocus();

  return (
    <div ref={listRef} className="conversation-groups">
      {groupByDate(conversations, now).map((group) => {
        const headingId = `${idPrefix}-${group.id}`;
        return (
          <div key={group.id} className="conversation-group">
            <h3 id={headingId} className="conversation-group__title">
              {t(GROUP_KEYS[group.id])}
            </h3>
            <ul className="conversation-list" aria-labelledby={headingId}>
              {group.conversations.map((conversation) => {
                const title = titleOf(conversation);
                return (
                  <li key={conversation.id} className="conversation-item">
                    <button
                      type="button"
                      className="conversation-item__open"
                      aria-current={conversation.id === selectedId ? 'page' : undefined}
                      onClick={() => onSelect(conversation.id)}
                      title={title}
                    >
                      {title}
                    </button>
                    <ConversationMenu
                      title={title}
                      onRename={(trigger) => setDialog({ kind: 'rename', conversation, trigger })}
                      onDelete={(trigger) => {
                        deleted.current = false;
                        setDialog({ kind: 'delete', conversation, trigger });
                      }}
                    />
                  </li>
                );
              })}
            </ul>
          </div>
        );
      })}
      {dialog.kind === 'rename' && (
        <RenameConversationDialog
          initialTitle={dialog.conversation.title}
          onSave={(title) => onRename(dialog.conversation.id, title)}
          onClose={close}
          returnFocus={dialog.trigger}
        />
      )}
      {dialog.kind === 'delete' && (
        <ConfirmDialog
          title={t('chat/conversations:delete.title', { title: titleOf(dialog.conversation) })}
          body={t('chat/conversations:delete.body')}
          confirmLabel={t('chat/conversations:delete.confirm')}
          cancelLabel={t('chat/conversations:delete.cancel')}
          onConfirm={async () => {
            await onDelete(dialog.conversation.id);
            deleted.current = true;
          }}
          onClose={close}
          returnFocus={() => (deleted.current ? afterDelete() : dialog.trigger)}
        />
      )}
    </div>
  );
}
