import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { AttachmentInput } from '@elftia/desktop/shared/contracts/attachments.ts';
import type { ToolMode } from '@elftia/desktop/shared/contracts/chat.ts';
import { defaultModelOf, type ProviderRecord } from '@elftia/desktop/shared/contracts/providers.ts';
import { useApiSubscription } from '../../../../lib/useApiSubscription';
import { SHORTCUTS, shortcutLabel } from '../../../../lib/shortcuts';
import { ModelPicker } from '../model-picker/ModelPicker';
import { SystemPromptButton } from '../system-prompt/SystemPromptButton';
import { Composer, type ComposerHandle } from './Composer';
import { ToolsSelector } from './ToolsSelector';

/** What the first message starts its conversation with: the choices made in the bar. */
export interface ConversationStart {
  providerId?: string;
  model?: string;
  toolMode: ToolMode;
  selectedServerIds: string[];
  /** Set in the bar before the first message; left out, main gives the default from Settings. */
  systemPrompt?: string;
}

/** The first message, typed before its conversation existed. */
export interface FirstMessage {
  text: string;
  attachments: AttachmentInput[];
}

export interface WelcomePaneProps {
  providers: ProviderRecord[];
  /** Creates the conversation, whose pane then sends the first message; rejects to keep the text. */
  onStart: (start: ConversationStart, first: FirstMessage) => Promise<unknown>;
  onSetUpProviders: () => void;
  /** Changes when New conversation is asked for here: the box takes focus. */
  focusRequest?: number;
}

/**
 * The chat with no conversation yet: a composer that is there at once (focused on load, so the user
 * types straight away), whose first message starts a conversation with the choices in its bar.
 */
export function WelcomePane({ providers, onStart, onSetUpProviders, focusRequest = 0 }: WelcomePaneProps) {
  const { t } = useTranslation();
  const composer = useRef<ComposerHandle>(null);
  const servers = useApiSubscription((a) => a.mcp.onServersChanged);
  const [choice, setChoice] = useState<{ providerId: string; model: string }>();
  const [tools, setTools] = useState<{ toolMode: ToolMode; selectedServerIds: string[] }>({ toolMode: 'auto', selectedServerIds: [] });
  const [systemPrompt, setSystemPrompt] = useState<string>();
  // Until the user picks, the first provider and its default model (as New conversation does).
  const first = providers[0];
  const providerId = choice?.providerId ?? first?.id;
  const model = choice ? choice.model : first && defaultModelOf(first);
  const provider = providers.find((p) => p.id === providerId);
  const blockedReason = provider && model ? undefined : t('chat/conversations:composer.needsProvider');

  const [mountedRequest] = useState(focusRequest);
  useEffect(() => {
    // At start (nothing has focus yet) and on New conversation.
    if (focusRequest !== mountedRequest || document.activeElement === null || document.activeElement === document.body) composer.current?.focus();
  }, [focusRequest, mountedRequest]);

  return (
    <section className="conversation" aria-label={t('chat/conversations:empty')}>
      <div className="chat__welcome">
        <p className="chat__welcome-text">{t('chat/conversations:empty')}</p>
        <p className="chat__welcome-hint">{t('chat/conversations:emptyHint', { shortcut: shortcutLabel(SHORTCUTS.newConversation) })}</p>
      </div>
      <div className="conversation__bottom">
        <Composer
          ref={composer}
          running={false}
          blockedReason={blockedReason}
          onSend={(text, attachments) => onStart({ providerId, model, ...tools, ...(systemPrompt === undefined ? {} : { systemPrompt }) }, { text, attachments })}
          onStop={async () => undefined}
          resourceServers={{ servers: servers.data }}
          controls={
            <>
              <ModelPicker providers={providers} providerId={providerId} model={model} onChange={setChoice} onSetUpProviders={onSetUpProviders} />
              <SystemPromptButton systemPrompt={systemPrompt} onSave={async (prompt) => setSystemPrompt(prompt)} />
              <ToolsSelector
                toolMode={tools.toolMode}
                selectedServerIds={tools.selectedServerIds}
                servers={servers.data}
                onChange={(change) => setTools((current) => ({ ...current, ...change }))}
              />
            </>
          }
        />
      </div>
    </section>
  );
}
