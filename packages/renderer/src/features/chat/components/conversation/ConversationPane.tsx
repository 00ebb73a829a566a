import { type KeyboardEvent, useEffect, useId, useLayoutEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ConversationRecord } from '@elftia/desktop/shared/contracts/chat.ts';
import type { ProviderRecord } from '@elftia/desktop/shared/contracts/providers.ts';
import { useApi } from '../../../../lib/api';
import { type DisplayError, errorMessageKey, toDisplayError } from '../../../../lib/appError';
import { useApiSubscription } from '../../../../lib/useApiSubscription';
import type { ConversationPatch } from '../../model/useConversations';
import { useConversationStream } from '../../model/useConversationStream';
import { type AttachToComposer, ComposerAttachContext } from '../../model/composerAttach';
import { useConversationTitle } from '../conversation-list/useConversationTitle';
import { ModelPicker } from '../model-picker/ModelPicker';
import { SystemPromptButton } from '../system-prompt/SystemPromptButton';
import { Composer, type ComposerHandle } from './Composer';
import type { FirstMessage } from './WelcomePane';
import { MessageList } from './MessageList';
import { NoticeList } from './NoticeList';
import { InteractionsBanner } from '../interactions/InteractionsBanner';
import { ToolsSelector } from './ToolsSelector';
import { type AppHost, AppHostContext } from '../apps/appHost';

export interface ConversationPaneProps {
  conversation: ConversationRecord;
  providers: ProviderRecord[];
  onUpdate: (patch: ConversationPatch) => Promise<unknown>;
  onSetUpProviders: () => void;
  /** Changes after New conversation (or a first message) is answered: focus, and the first message, are asked for again. */
  focusRequest?: number;
  /**
   * Whether this conversation's composer was asked to take focus (after New conversation): the text
   * typed meanwhile ('' for none) if it was, false if not; consumes the ask.
   */
  takeFocusRequest?: (conversationId: string) => string | false;
  /** The first message typed before this conversation existed (WelcomePane), sent once on mount; consumes it. */
  takeFirstMessage?: (conversationId: string) => FirstMessage | undefined;
}

function nothingFocused(): boolean {
  return document.activeElement === null || document.activeElement === document.body;
}

/**
 * One open conversation: its title, the transcript filling the height, notices, and the composer
 * pinned at the bottom with the model and tool choices in its bar. Mount with key={id}.
 */
export function ConversationPane({ conversation, providers, onUpdate, onSetUpProviders, focusRequest = 0, takeFocusRequest, takeFirstMessage }: ConversationPaneProps) {
  const { t } = useTranslation();
  const api = useApi();
  const headingId = useId();
  const titleOf = useConversationTitle();
  const composer = useRef<ComposerHandle>(null);
  const messagesRef = useRef<HTMLDivElement>(null);
  const { state, loadError, streamError, answer, dismissNotice } = useConversationStream(conversation.id);
  const servers = useApiSubscription((a) => a.mcp.onServersChanged);
  const [updateFailure, setUpdateFailure] = useState<DisplayError>();
  // Stable: the messages' cards read it from context and must not re-render for it.
  const attachToComposer = useRef<AttachToComposer>((items, problems) => composer.current?.attach(items, problems)).current;
  // What the MCP Apps in the cards may reach: their conversation, and the composer for `ui/message`.
  const appHost = useMemo<AppHost>(() => ({ conversationId: conversation.id, putInComposer: (text) => composer.current?.focus(text) }), [conversation.id]);

  // A layout effect: it runs in the commit that swaps the boxes, before the browser handles another
  // key, so a letter typed right after New conversation cannot fall between the old box and this one.
  useLayoutEffect(() => {
    // At start (nothing has focus yet) and after New conversation, typing goes straight to the box.
    const typed = takeFocusRequest?.(conversation.id) ?? false;
    if (typed !== false || nothingFocused()) composer.current?.focus(typed || undefined);
  }, [focusRequest, takeFocusRequest, conversation.id]);

  useEffect(() => {
    // Sent through the composer, so a failure puts the text back in the box with the reason; once
    // the history has loaded, so the stream that shows the message is already listening. Asked
    // again on focusRequest: the list's event may open the pane before the creation has answered.
    if (!state.loaded) return;
    const first = takeFirstMessage?.(conversation.id);
    if (first !== undefined) composer.current?.send(first.text, first.attachments);
  }, [state.loaded, focusRequest, takeFirstMessage, conversation.id]);

  // Regenerate, Retry and Save and send replace the message whose button had focus: focus would fall
  // back to the page, so the cursor goes to the message box instead and the keyboard carries on.
  const lastFocusedInMessages = useRef<Element>(undefined);
  useEffect(() => {
    const lost = lastFocusedInMessages.current;
    if (lost && !lost.isConnected && nothingFocused()) {
      lastFocusedInMessages.current = undefined;
      composer.current?.focus();
    }
  }, [state.messages, state.running]);

  const firstApproval = state.approvals[0]?.callId;
  useEffect(() => {
    // A prompt that arrives while the user waits in an empty composer (having just sent) takes focus,
    // so it is answered from the keyboard; the prompt's question, not a button, so Enter decides nothing.
    if (!firstApproval || !composer.current?.isIdle()) return;
    messagesRef.current?.querySelector<HTMLElement>('[data-testid="approval-prompt"] [tabindex="-1"]')?.focus();
  }, [firstApproval]);

  async function update(patch: ConversationPatch) {
    setUpdateFailure(undefined);
    try {
      await onUpdate(patch);
    } catch (error) {
      setUpdateFailure(toDisplayError(error));
    }
  }

  function onKeyDown(event: KeyboardEvent<HTMLElement>) {
    // Esc stops a running turn while focus is in the messages or the composer — not in a menu or
    // dialog opened from them (those are portalled outside this element's DOM and close on Esc).
    if (event.key !== 'Escape' || !state.running || event.defaultPrevented || event.nativeEvent.isComposing) return;
    if (!(event.target instanceof Element) || !event.target.closest('.message-list, .composer')) return;
    event.preventDefault();
    composer.current?.stop();
  }

  const provider = providers.find((p) => p.id === conversation.providerId);
  const blockedReason = provider && conversation.model ? undefined : t('chat/conversations:composer.needsProvider');
  const liveError = loadError ?? streamError;

  return (
    <section className="conversation" aria-labelledby={headingId} onKeyDown={onKeyDown}>
      <header className="conversation__header">
        <h2 id={headingId} className="conversation__title">
          {titleOf(conversation)}
        </h2>
      </header>
      {(updateFailure || liveError !== undefined) && (
        <div className="conversation__alerts">
          {updateFailure && (
            <p className="form__failure" role="alert">
              {t('chat/conversations:updateFailed', { reason: t(errorMessageKey(updateFailure.code), updateFailure.params ?? {}) })}
            </p>
          )}
          {liveError !== undefined && (
            <p className="form__failure" role="alert">
              {t(loadError !== undefined ? 'chat/conversations:messages.loadFailed' : 'chat/conversations:messages.streamFailed', {
                reason: t(errorMessageKey(toDisplayError(liveError).code)),
              })}
            </p>
          )}
        </div>
      )}
      <div ref={messagesRef} className="conversation__messages" onFocus={(event) => (lastFocusedInMessages.current = event.target)}>
        {state.loaded || liveError !== undefined ? (
          <ComposerAttachContext.Provider value={attachToComposer}>
            <AppHostContext.Provider value={appHost}>
              <MessageList messages={state.messages} approvals={state.approvals} running={state.running} onAnswer={answer} />
            </AppHostContext.Provider>
          </ComposerAttachContext.Provider>
        ) : (
          <p className="conversation__loading">{t('chat/conversations:messages.loading')}</p>
        )}
      </div>
      <div className="conversation__bottom">
        <InteractionsBanner conversationId={conversation.id} messages={state.messages} />
        <NoticeList notices={state.notices} onDismiss={dismissNotice} />
        <Composer
          ref={composer}
          running={state.running}
          blockedReason={blockedReason}
          onSend={(text, attachments) => api.chat.send.mutate({ conversationId: conversation.id, text, ...(attachments.length > 0 ? { attachments } : {}) })}
          onStop={() => api.chat.stop.mutate({ conversationId: conversation.id })}
          resourceServers={{ servers: servers.data }}
          controls={
            <>
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
            </>
          }
        />
      </div>
    </section>
  );
}
