import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { defaultModelOf } from '@elftia/desktop/shared/contracts/providers.ts';
import { type DisplayError, errorMessageKey, toDisplayError } from '../../lib/appError';
import { ConversationList } from './components/conversation-list/ConversationList';
import { ConversationPane } from './components/conversation/ConversationPane';
import { useConversations } from './model/useConversations';
import { useProviders } from './model/useProviders';

export interface ChatViewProps {
  /** Opens Settings → Providers (the shell owns navigation; features do not import each other). */
  onSetUpProviders: () => void;
}

/** The chat: the conversation list beside the open conversation. */
export function ChatView({ onSetUpProviders }: ChatViewProps) {
  const { t } = useTranslation();
  const listHeadingId = useId();
  const conversations = useConversations();
  const { providers, error: providersError } = useProviders();
  const selected = conversations.list?.find((c) => c.id === conversations.selectedId);
  const [createFailure, setCreateFailure] = useState<DisplayError>();

  async function createConversation() {
    setCreateFailure(undefined);
    // A new conversation starts with the first provider and its default model, so it can be used right away.
    const provider = providers?.[0];
    const model = provider && defaultModelOf(provider);
    try {
      await conversations.create(provider && model ? { providerId: provider.id, model } : {});
    } catch (error) {
      setCreateFailure(toDisplayError(error));
    }
  }

  const loadError = conversations.loadError ?? providersError;
  return (
    <div className="chat">
      <nav className="chat__sidebar" aria-labelledby={listHeadingId}>
        <h2 id={listHeadingId} className="chat__sidebar-title">
          {t('chat/conversations:list.label')}
        </h2>
        <button type="button" className="button button--primary" onClick={() => void createConversation()} disabled={conversations.list === undefined}>
          {t('chat/conversations:list.new')}
        </button>
        {createFailure && (
          <p className="form__failure" role="alert">
            {t('chat/conversations:list.createFailed', { reason: t(errorMessageKey(createFailure.code), createFailure.params ?? {}) })}
          </p>
        )}
        {conversations.list === undefined ? (
          conversations.loadError === undefined && <p className="empty-state">{t('chat/conversations:list.loading')}</p>
        ) : (
          <ConversationList
            conversations={conversations.list}
            selectedId={conversations.selectedId}
            onSelect={conversations.select}
            onRename={(id, title) => conversations.update(id, { title })}
            onDelete={conversations.remove}
          />
        )}
      </nav>
      <div className="chat__main">
        {loadError !== undefined && (
          <p className="form__failure" role="alert">
            {t('chat/conversations:list.loadFailed', { reason: t(errorMessageKey(toDisplayError(loadError).code)) })}
          </p>
        )}
        {selected && providers ? (
          <ConversationPane
            key={selected.id}
            conversation={selected}
            providers={providers}
            onUpdate={(patch) => conversations.update(selected.id, patch)}
            onSetUpProviders={onSetUpProviders}
          />
        ) : (
          conversations.list !== undefined && <p className="empty-state">{t('chat/conversations:empty')}</p>
        )}
      </div>
    </div>
  );
}
