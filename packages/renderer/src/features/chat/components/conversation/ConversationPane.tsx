import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ConversationRecord } from '@elftia/desktop/shared/contracts/chat.ts';
import type { ProviderRecord } from '@elftia/desktop/shared/contracts/providers.ts';
import { useApi } from '../../../../lib/api';
import { type DisplayError, errorMessageKey, toDisplayError } from '../../../../lib/appError';
import { useApiSubscription } from '../../../../lib/useApiSubscription';
import type { ConversationPatch } from '../../model/useConversations';
import { useConversationStream } from '../../model/useConversationStream';
import { useConversationTitle } from '../conversation-list/useConversationTitle';
import { ModelPicker } from '../model-picker/ModelPicker';
import { SystemPromptButton } from '../system-prompt/SystemPromptButton';
import { Composer } from './Composer';
import { MessageList } from './MessageList';
import { NoticeList } from './NoticeList';
import { ToolsSelector } from './ToolsSelector';

export interface ConversationPaneProps {
  conversation: ConversationRecord;
  providers: ProviderRecord[];
  onUpdate: (patch: ConversationPatch) => Promise<unknown>;
  onSetUpProviders: () => void;
}

/** One open conversation: its settings, the transcript, notices and the composer. Mount with key={id}. */
export function ConversationPane({ conversation, providers, onUpdate, onSetUpProviders }: ConversationPaneProps) {
  const { t } = useTranslation();
  const api = useApi();
  const headingId = useId();
  const titleOf = useConversationTitle();
  const { state, loadError, streamError, answer, dismissNotice } = useConversationStream(conversation.id);
  const servers = useApiSubscription((a) => a.mcp.onServersChanged);
  const [updateFailure, setUpdateFailure] = useState<DisplayError>();

  async function update(patch: ConversationPatch) {
    setUpdateFailure(undefined);
    try {
      await onUpdate(patch);
    } catch (error) {
      setUpdateFailure(toDisplayError(error));
    }
  }

  const provider = providers.find((p) => p.id === conversation.providerId);
  const blockedReason = provider && conversation.model ? undefined : t('chat/conversations:composer.needsProvider');
  const liveError = loadError ?? streamError;

  return (
    <section className="conversation" aria-labelledby={headingId}>
      <header className="conversation__header">
        <h2 id={headingId} className="conversation__title">
          {titleOf(conversation)}
        </h2>
        <div className="conversation__settings">
          <ModelPicker
            providers={providers}
            providerId={conversation.providerId}
            model={conversation.model}
            disabled={state.running}
            onChange={(choice) => void update(choice)}
            onSetUpProviders={onSetUpProviders}
          />
          <SystemPromptButton systemPrompt={conversation.systemPrompt} onSave={(systemPrompt) => onUpdate({ systemPrompt })} />
          <ToolsSelector
            toolMode={conversation.toolMode}
            selectedServerIds={conversation.selectedServerIds}
            servers={servers.data}
            disabled={state.running}
            onChange={(change) => void update(change)}
          />
        </div>
        {updateFailure && (
          <p className="form__failure" role="alert">
            {t('chat/conversations:updateFailed', { reason: t(errorMessageKey(updateFailure.code), updateFailure.params ?? {}) })}
          </p>
        )}
      </header>
      {liveError !== undefined && (
        <p className="form__failure" role="alert">
          {t(loadError !== undefined ? 'chat/conversations:messages.loadFailed' : 'chat/conversations:messages.streamFailed', {
            reason: t(errorMessageKey(toDisplayError(liveError).code)),
          })}
        </p>
      )}
      {state.loaded || liveError !== undefined ? (
        <MessageList messages={state.messages} approvals={state.approvals} running={state.running} onAnswer={answer} />
      ) : (
        <p className="empty-state">{t('chat/conversations:messages.loading')}</p>
      )}
      <NoticeList notices={state.notices} onDismiss={dismissNotice} />
      <Composer
        running={state.running}
        blockedReason={blockedReason}
        onSend={(text, attachments) => api.chat.send.mutate({ conversationId: conversation.id, text, ...(attachments.length > 0 ? { attachments } : {}) })}
        onStop={() => api.chat.stop.mutate({ conversationId: conversation.id })}
      />
    </section>
  );
}
