import { type ReactNode, useEffect } from 'react';
import type { TRPCClient } from '@trpc/client';
import type { i18n } from 'i18next';
import { I18nextProvider } from 'react-i18next';
import type { AppRouter } from '@elftia/desktop/router';
import { TooltipProvider } from '../components/Tooltip';
import { ApiProvider, type ElftiaApi } from '../lib/api';
import { QueryProvider } from '../lib/query';
import { SettingsProvider } from '../lib/settings';

export interface AppProvidersProps {
  /** The typed calls of the router the renderer makes directly (subscriptions, mutations). */
  api: ElftiaApi;
  /** The tRPC client behind TanStack Query's hooks; in the app, the same client as `api`. */
  trpcClient: TRPCClient<AppRouter>;
  i18n: i18n;
  children: ReactNode;
}

/** Everything a screen needs from above: the API, the query cache, translations, the live settings, and tooltips' shared delay. */
export function AppProviders({ api, trpcClient, i18n, children }: AppProvidersProps) {
  useEffect(() => {
    // Screen readers and the browser's font choice (CJK glyph variants) follow <html lang>.
    const apply = (language: string) => document.documentElement.setAttribute('lang', language);
    apply(i18n.language);
    i18n.on('languageChanged', apply);
    return () => i18n.off('languageChanged', apply);
  }, [i18n]);

  return (
    <I18nextProvider i18n={i18n}>
      <QueryProvider client={trpcClient}>
        <ApiProvider api={api}>
          <SettingsProvider>
            <TooltipProvider>{children}</TooltipProvider>
          </SettingsProvider>
        </ApiProvider>
      </QueryProvider>
    </I18nextProvider>
  );
}
