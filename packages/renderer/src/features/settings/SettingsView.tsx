import { Blocks, Bot, type LucideIcon, Server, ShieldCheck, SlidersHorizontal, SquareTerminal } from 'lucide-react';
import { Tabs } from 'radix-ui';
import { type ReactNode, useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApprovalSettings } from './components/tabs/tools-tab/approvals/ApprovalSettings';
import { GeneralTab } from './components/tabs/general-tab/GeneralTab';
import { PresetsSection } from './components/tabs/tools-tab/presets/PresetsSection';
import { ProvidersTab } from './components/tabs/providers-tab/ProvidersTab';
import { RuntimePanel } from './components/tabs/tools-tab/runtime/RuntimePanel';
import { ServersSection } from './components/tabs/tools-tab/ServersSection';
import { type OpenSectionOptions, SettingsNavigationProvider } from './SettingsNavigation';
import { isSettingsSection, SETTINGS_SECTIONS, type SettingsSectionId } from './sections';
import './settings.css';

const SECTIONS: Record<SettingsSectionId, { labelKey: string; icon: LucideIcon; render: (options: OpenSectionOptions) => ReactNode }> = {
  servers: { labelKey: 'settings/common:sections.servers', icon: Server, render: ({ revealServerId }) => <ServersSection revealId={revealServerId} /> },
  presets: { labelKey: 'settings/common:sections.presets', icon: Blocks, render: () => <PresetsSection /> },
  runtimes: { labelKey: 'settings/common:sections.runtimes', icon: SquareTerminal, render: () => <RuntimePanel /> },
  approvals: { labelKey: 'settings/common:sections.approvals', icon: ShieldCheck, render: () => <ApprovalSettings /> },
  providers: { labelKey: 'settings/common:sections.providers', icon: Bot, render: () => <ProvidersTab /> },
  general: { labelKey: 'settings/common:sections.general', icon: SlidersHorizontal, render: ({ target }) => <GeneralTab focusFilesFolder={target === 'filesFolder'} /> },
};

export interface SettingsViewProps {
  /** The section shown first (a deep link from the shell). Default: Servers. */
  initialSection?: SettingsSectionId;
}

/**
 * Settings: a navigation of sections on the left (vertical WAI-ARIA tabs from Radix: arrow keys,
 * Home and End move, only the current one is in the Tab order) and one section on the right, which
 * scrolls on its own. A section can send the user to another (useOpenSection).
 */
export function SettingsView({ initialSection = 'servers' }: SettingsViewProps) {
  const { t } = useTranslation();
  const [current, setCurrent] = useState<{ section: SettingsSectionId; options: OpenSectionOptions }>({ section: initialSection, options: {} });
  const open = useCallback((section: SettingsSectionId, options: OpenSectionOptions = {}) => setCurrent({ section, options }), []);
  const rootRef = useRef<HTMLDivElement>(null);
  useEffect(() => {
    // Opened from the chat, the button pressed is hidden with it: focus goes to the current section's
    // tab (arrow keys move between sections from there), unless a section already took it.
    const root = rootRef.current;
    if (!root || root.contains(document.activeElement)) return;
    root.querySelector<HTMLElement>('[role="tab"][data-state="active"]')?.focus();
  }, []);

  return (
    <SettingsNavigationProvider open={open}>
      <Tabs.Root
        ref={rootRef}
        className="settings-view"
        orientation="vertical"
        value={current.section}
        onValueChange={(value) => isSettingsSection(value) && open(value)}
      >
        <div className="settings-view__nav">
          <h1 className="settings-view__title">{t('settings/common:title')}</h1>
          <Tabs.List className="settings-nav" aria-label={t('settings/common:sectionsLabel')}>
            {SETTINGS_SECTIONS.map((id) => {
              const { labelKey, icon: Icon } = SECTIONS[id];
              return (
                <Tabs.Trigger key={id} value={id} className="settings-nav__item" data-section={id}>
                  <Icon className="settings-nav__icon" aria-hidden size={16} />
                  <span className="settings-nav__label">{t(labelKey)}</span>
                </Tabs.Trigger>
              );
            })}
          </Tabs.List>
        </div>
        {/* Radix mounts only the current section's content, so a hidden section holds no subscription. */}
        {SETTINGS_SECTIONS.map((id) => (
          <Tabs.Content key={id} value={id} className="settings-view__section" data-section={id}>
            {SECTIONS[id].render(current.options)}
          </Tabs.Content>
        ))}
      </Tabs.Root>
    </SettingsNavigationProvider>
  );
}
