/**
 * App settings, followed live from the main process, and the language and theme they select.
 * Shared through lib/ because the shell applies them while the settings feature edits them.
 */
import { createContext, type ReactNode, useCallback, useContext, useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { AppSettings, LanguagePreference, ThemePreference } from '@elftia/desktop/shared/contracts/settings.ts';
import { useApi } from './api';
import { resolveLanguage } from './i18n';
import { useAppliedTheme } from './theme';

export interface SettingsContextValue {
  /** Undefined until the main process has answered. */
  settings: AppSettings | undefined;
  /** Persists the preference and switches the UI language; rejects with the router's error. */
  setLanguage(language: LanguagePreference): Promise<void>;
  /** Persists the theme and applies it at once; rejects with the router's error. */
  setTheme(theme: ThemePreference): Promise<void>;
}

const SettingsContext = createContext<SettingsContextValue | undefined>(undefined);

export function SettingsProvider({ children }: { children: ReactNode }) {
  const api = useApi();
  const { i18n } = useTranslation();
  // Both the subscription (changes from anywhere, the CLI included) and the mutation's own answer
  // write here, so a switch shows at once, without waiting for the change event.
  const [settings, setSettings] = useState<AppSettings>();
  useEffect(() => {
    const subscription = api.settings.onChanged.subscribe(undefined, {
      onData: setSettings,
      // Nothing to show: the connection banner already explains a broken bridge, and the UI keeps
      // the language it has.
      onError: () => undefined,
    });
    return () => subscription.unsubscribe();
  }, [api]);

  useEffect(() => {
    if (settings) void i18n.changeLanguage(resolveLanguage(settings.language));
  }, [settings, i18n]);

  useAppliedTheme(settings?.theme);

  const setLanguage = useCallback(
    async (language: LanguagePreference) => setSettings(await api.settings.setLanguage.mutate({ language })),
    [api],
  );
  const setTheme = useCallback(async (theme: ThemePreference) => setSettings(await api.settings.setTheme.mutate({ theme })), [api]);
  const value = useMemo(() => ({ settings, setLanguage, setTheme }), [settings, setLanguage, setTheme]);
  return <SettingsContext.Provider value={value}>{children}</SettingsContext.Provider>;
}

export function useSettings(): SettingsContextValue {
  const value = useContext(SettingsContext);
  if (!value) throw new Error('useSettings() needs a <SettingsProvider> above it');
  return value;
}
