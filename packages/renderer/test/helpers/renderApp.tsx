import { render, type RenderResult } from '@testing-library/react';
import { createTRPCClient } from '@trpc/client';
import type { ReactNode } from 'react';
import type { i18n } from 'i18next';
import type { Language } from '@elftia/desktop/shared/contracts/settings.ts';
import { AppProviders } from '../../src/app/AppProviders';
import { createI18n } from '../../src/lib/i18n';
import type { AppRouter } from '@elftia/desktop/router';
import { FakeApi } from '../fakes/FakeApi';
import { fakeLink } from '../fakes/fakeLink';

export interface RenderedApp extends RenderResult {
  api: FakeApi;
  i18n: i18n;
}

/** Renders `ui` with the real providers over a fake API, in the given language (English by default). */
export function renderApp(ui: ReactNode, options: { api?: FakeApi; language?: Language } = {}): RenderedApp {
  const api = options.api ?? new FakeApi();
  const language = options.language ?? 'en';
  // The fake's stored preference matches the language the test asked for, so SettingsProvider
  // does not switch it back when the first settings event arrives.
  if (!options.api) api.settingsValue = { language };
  const i18n = createI18n(language);
  const result = render(
    <AppProviders api={api} trpcClient={createTRPCClient<AppRouter>({ links: [fakeLink(api)] })} i18n={i18n}>
      {ui}
    </AppProviders>,
  );
  return { ...result, api, i18n };
}
