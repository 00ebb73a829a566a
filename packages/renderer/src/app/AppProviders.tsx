import { type ReactNode, useEffect } from 'react';
import type { i18n } from 'i18next';
import { I18nextProvider } from 'react-i18next';
import { ApiProvider, type ElftiaApi } from '../lib/api';
import { SettingsProvider } from '../lib/settings';

export interface AppProvidersProps {
  api: ElftiaApi;
  i18n: i18n;
  children: ReactNode;
}

/** Everything a screen needs from above: the API, translations, and the live settings. */
export function AppProviders({ api, i18n, children }: AppProvidersProps) {
  useEffect(() => {
    // Screen readers and the browser's font choice (CJK glyph variants) follow <html lang>.
    const apply = (language: string) => document.documentElement.setAttribute('lang', language);
    apply(i18n.language);
    i18n.on('languageChanged', apply);
    return () => i18n.off('languageChanged', apply);
  }, [i18n]);

  return (
    <I18nextProvider i18n={i18n}>
      <ApiProvider api={api}>
        <SettingsProvider>{children}</SettingsProvider>
      </ApiProvider>
    </I18nextProvider>
  );
}
