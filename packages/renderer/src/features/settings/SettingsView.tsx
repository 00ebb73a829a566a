import { type KeyboardEvent, type ReactNode, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { GeneralTab } from './components/tabs/general-tab/GeneralTab';
import { ProvidersTab } from './components/tabs/providers-tab/ProvidersTab';
import { ToolsTab } from './components/tabs/tools-tab/ToolsTab';

export type SettingsTabId = 'tools' | 'providers' | 'general';

const TABS: Array<{ id: SettingsTabId; labelKey: string; render: () => ReactNode }> = [
  { id: 'tools', labelKey: 'settings/common:tabs.tools', render: () => <ToolsTab /> },
  { id: 'providers', labelKey: 'settings/common:tabs.providers', render: () => <ProvidersTab /> },
  { id: 'general', labelKey: 'settings/common:tabs.general', render: () => <GeneralTab /> },
];

/** Settings, as WAI-ARIA tabs: arrow keys, Home and End move between tabs; only the active tab is in the Tab order. */
export function SettingsView({ initialTab = 'tools' }: { initialTab?: SettingsTabId }) {
  const { t } = useTranslation();
  const idPrefix = useId();
  const [active, setActive] = useState<SettingsTabId>(initialTab);
  const tabRefs = useRef(new Map<SettingsTabId, HTMLButtonElement>());
  const activeTab = TABS.find((tab) => tab.id === active) ?? TABS[0]!;

  function select(id: SettingsTabId) {
    setActive(id);
    tabRefs.current.get(id)?.focus();
  }

  function onKeyDown(event: KeyboardEvent<HTMLDivElement>) {
    const index = TABS.findIndex((tab) => tab.id === active);
    const target = {
      ArrowRight: TABS[(index + 1) % TABS.length],
      ArrowLeft: TABS[(index - 1 + TABS.length) % TABS.length],
      Home: TABS[0],
      End: TABS[TABS.length - 1],
    }[event.key];
    if (!target) return;
    event.preventDefault();
    select(target.id);
  }

  return (
    <div className="settings">
      <h1 className="settings__title">{t('settings/common:title')}</h1>
      <div role="tablist" aria-label={t('settings/common:tabsLabel')} className="tabs" onKeyDown={onKeyDown}>
        {TABS.map((tab) => (
          <button
            key={tab.id}
            ref={(element) => {
              if (element) tabRefs.current.set(tab.id, element);
              else tabRefs.current.delete(tab.id);
            }}
            type="button"
            role="tab"
            id={`${idPrefix}-tab-${tab.id}`}
            aria-selected={tab.id === active}
            aria-controls={tab.id === active ? `${idPrefix}-panel-${tab.id}` : undefined}
            tabIndex={tab.id === active ? 0 : -1}
            className="tabs__tab"
            onClick={() => select(tab.id)}
          >
            {t(tab.labelKey)}
          </button>
        ))}
      </div>
      <div role="tabpanel" id={`${idPrefix}-panel-${activeTab.id}`} aria-labelledby={`${idPrefix}-tab-${activeTab.id}`} className="tabs__panel">
        {activeTab.render()}
      </div>
    </div>
  );
}
