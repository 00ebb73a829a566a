import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ToolMode } from '@elftia/desktop/shared/contracts/chat.ts';
import type { ProviderRecord } from '@elftia/desktop/shared/contracts/providers.ts';
import { useApiSubscription } from '../../../../lib/useApiSubscription';
import { SHORTCUTS, shortcutLabel } from '../../../../lib/shortcuts';
import { Composer, type ComposerHandle } from './Composer';
import { ProviderPicker } from './ProviderPicker';
import { ToolsSelector } from './ToolsSelector';

/** What the first message starts its conversation with: the choices made in the bar. */
export interface ConversationStart {
  providerId?: string;
  model?: string;
  toolMode: ToolMode;
  selectedServerIds: string[];
}

export interface WelcomePaneProps {
  providers: ProviderRecord[];
  /** Creates the conversation and sends `text` as its first message; rejects to keep the text. */
  onStart: (start: ConversationStart, text: string) => Promise<unknown>;
  onSetUpProviders: () => void;
}

/**
 * The chat with no conversation yet: a composer that is there at once (focused on load, so the user
 * types straight away), whose first message starts a conversation with the choices in its bar.
 */
export function WelcomePane({ providers, onStart, onSetUpProviders }: WelcomePaneProps) {
  const { t } = useTranslation();
  const composer = useRef<ComposerHandle>(null);
  const servers = useApiSubscription((a) => a.mcp.onServersChanged);
  const [choice, setChoice] = useState<{ providerId: string; model: string | undefined }>();
  const [tools, setTools] = useState<{ toolMode: ToolMode; selectedServerIds: string[] }>({ toolMode: 'auto', selectedServerIds: [] });
  // Until the user picks, the first provider and its first model (as New conversation does).
  const first = providers[0];
  const providerId = choice?.providerId ?? first?.id;
  const model = choice ? choice.model : first?.models[0];
  const provider = providers.find((p) => p.id === providerId);
  const blockedReason = provider && model ? undefined : t('chat/conversations:composer.needsProvider');

  useEffect(() => {
    if (document.activeElement === null || document.activeElement === document.body) composer.current?.focus();
  }, []);

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
          onSend={(text) => onStart({ providerId, model, ...tools }, text)}
          onStop={async () => undefined}
          controls={
            <>
              <ProviderPicker providers={providers} providerId={providerId} model={model} onChange={setChoice} onSetUpProviders={onSetUpProviders} />
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
