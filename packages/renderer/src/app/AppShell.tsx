import { useTranslation } from 'react-i18next';
import { SettingsView } from '../features/settings/SettingsView';
import type { BridgeStatus } from '../lib/bridgeStatus';
import { ConnectionBanner } from './ConnectionBanner';

/** The window's frame. Settings is the only view until the chat feature arrives. */
export function AppShell({ status }: { status: BridgeStatus }) {
  const { t } = useTranslation();
  return (
    <div className="shell">
      <header className="shell__header">
        <span className="shell__brand">{t('app/shell:appName')}</span>
      </header>
      <ConnectionBanner status={status} />
      <main className="shell__main">
        <SettingsView />
      </main>
    </div>
  );
}
