import { ArrowLeft, Settings } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { IconButton } from '../components/IconButton';

export interface MainNavProps {
  /** The view shown: the chat offers Settings, Settings offers the way back. */
  current: 'chat' | 'settings';
  /** On the chat sidebar's folded rail: icons only. */
  compact?: boolean;
  onChat: () => void;
  onSettings: () => void;
}

/**
 * The app's navigation between the chat and Settings: at the foot of the chat's sidebar (as in
 * Claude Desktop and Cherry Studio), and at the top of Settings as the way back.
 */
export function MainNav({ current, compact = false, onChat, onSettings }: MainNavProps) {
  const { t } = useTranslation();
  const settings = t('app/shell:nav.settings');
  return (
    <nav aria-label={t('app/shell:nav.label')} className="main-nav">
      {current === 'settings' ? (
        <button type="button" className="main-nav__item" onClick={onChat}>
          <ArrowLeft size={18} aria-hidden />
          <span>{t('app/shell:nav.back')}</span>
        </button>
      ) : compact ? (
        <IconButton label={settings} icon={Settings} tooltipSide="right" onClick={onSettings} />
      ) : (
        <button type="button" className="main-nav__item" onClick={onSettings}>
          <Settings size={18} aria-hidden />
          <span>{settings}</span>
        </button>
      )}
    </nav>
  );
}
