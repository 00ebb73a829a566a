import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ChatView } from '../features/chat/ChatView';
import type { SettingsSectionId } from '../features/settings/sections';
import { SettingsView } from '../features/settings/SettingsView';
import type { BridgeStatus } from '../lib/bridgeStatus';
import { ConnectionBanner } from './ConnectionBanner';
import { MainNav } from './MainNav';

type View = { id: 'chat' } | { id: 'settings'; section: SettingsSectionId };

export interface AppShellProps {
  status: BridgeStatus;
  /** Default: the chat. */
  initialView?: View['id'];
}

/**
 * The window: app-shaped, 100% of its height, with only its regions scrolling (styles.css). The
 * chat (its sidebar beside the open conversation) or Settings fills it. Features never import each
 * other, so the chat reaches Settings through the navigation and callbacks passed here. The chat
 * stays mounted while Settings shows, so coming back finds the conversation as it was left.
 */
export function AppShell({ status, initialView = 'chat' }: AppShellProps) {
  const { t } = useTranslation();
  const [view, setView] = useState<View>(initialView === 'chat' ? { id: 'chat' } : { id: 'settings', section: 'servers' });
  const showChat = () => setView({ id: 'chat' });
  const showSettings = () => setView({ id: 'settings', section: 'servers' });
  return (
    <div className="app">
      <ConnectionBanner status={status} />
      <div className="app__body">
        <ChatView
          hidden={view.id !== 'chat'}
          onShow={showChat}
          brand={t('app/shell:appName')}
          sidebarFooter={(compact) => <MainNav current="chat" compact={compact} onChat={showChat} onSettings={showSettings} />}
          onSetUpProviders={() => setView({ id: 'settings', section: 'providers' })}
        />
        {view.id === 'settings' && (
          <div className="settings-frame">
            <div className="settings-frame__bar">
              <MainNav current="settings" onChat={showChat} onSettings={showSettings} />
            </div>
            <main className="settings-frame__body">
              {/* Keyed by section so "Set up a provider" opens Providers even when Settings is already shown. */}
              <SettingsView key={view.section} initialSection={view.section} />
            </main>
          </div>
        )}
      </div>
    </div>
  );
}
