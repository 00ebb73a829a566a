import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ChatView } from '../features/chat/ChatView';
import type { SettingsSectionId } from '../features/settings/sections';
import { SettingsView } from '../features/settings/SettingsView';
import type { BridgeStatus } from '../lib/bridgeStatus';
import { ConnectionBanner } from './ConnectionBanner';

type View = { id: 'chat' } | { id: 'settings'; section: SettingsSectionId };

export interface AppShellProps {
  status: BridgeStatus;
  /** Default: the chat. */
  initialView?: View['id'];
}

/**
 * The window's frame and its navigation between the chat and Settings. Features never import each
 * other, so the chat reaches Settings → Providers through the callback passed here.
 */
export function AppShell({ status, initialView = 'chat' }: AppShellProps) {
  const { t } = useTranslation();
  const [view, setView] = useState<View>(initialView === 'chat' ? { id: 'chat' } : { id: 'settings', section: 'servers' });
  const nav: Array<{ id: View['id']; labelKey: string; open: () => void }> = [
    { id: 'chat', labelKey: 'app/shell:nav.chat', open: () => setView({ id: 'chat' }) },
    { id: 'settings', labelKey: 'app/shell:nav.settings', open: () => setView({ id: 'settings', section: 'servers' }) },
  ];
  return (
    <div className="shell">
      <header className="shell__header">
        <span className="shell__brand">{t('app/shell:appName')}</span>
        <nav aria-label={t('app/shell:nav.label')} className="shell__nav">
          {nav.map((item) => (
            <button
              key={item.id}
              type="button"
              className="shell__nav-item"
              aria-current={view.id === item.id ? 'page' : undefined}
              onClick={item.open}
            >
              {t(item.labelKey)}
            </button>
          ))}
        </nav>
      </header>
      <ConnectionBanner status={status} />
      <main className="shell__main">
        {view.id === 'chat' ? (
          <ChatView onSetUpProviders={() => setView({ id: 'settings', section: 'providers' })} />
        ) : (
          // Keyed by section so "Set up a provider" opens Providers even when Settings is already shown.
          <SettingsView key={view.section} initialSection={view.section} />
        )}
      </main>
    </div>
  );
}
