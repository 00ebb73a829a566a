/**
 * The light or dark theme: styles.css keys every colour token on `<html data-theme>`, so switching
 * is one attribute. 'system' is resolved here (prefers-color-scheme) rather than in CSS, so each
 * theme's tokens are written once.
 */
import { useEffect } from 'react';
import type { Theme, ThemePreference } from '@elftia/desktop/shared/contracts/settings.ts';

const DARK_QUERY = '(prefers-color-scheme: dark)';
/** The theme last applied, read at start so the first frame does not flash the other theme. */
const STORAGE_KEY = 'elftia.theme';

function systemTheme(): Theme {
  return globalThis.matchMedia?.(DARK_QUERY).matches ? 'dark' : 'light';
}

export function resolveTheme(preference: ThemePreference, system: Theme = systemTheme()): Theme {
  return preference === 'system' ? system : preference;
}

export function applyTheme(theme: Theme, root: HTMLElement = document.documentElement): void {
  root.dataset.theme = theme;
  try {
    globalThis.localStorage?.setItem(STORAGE_KEY, theme);
  } catch {
    // Storage can be unavailable (a locked-down profile); the stored setting still applies on arrival.
  }
}

/** The theme to paint before the settings arrive: the last one applied here, else the system's. */
export function initialTheme(): Theme {
  let stored: string | null | undefined;
  try {
    stored = globalThis.localStorage?.getItem(STORAGE_KEY);
  } catch {
    stored = undefined;
  }
  return stored === 'light' || stored === 'dark' ? stored : systemTheme();
}

/** Applies the preference, and while it is 'system', follows the operating system as it changes. */
export function useAppliedTheme(preference: ThemePreference | undefined): void {
  useEffect(() => {
    if (preference === undefined) return;
    applyTheme(resolveTheme(preference));
    if (preference !== 'system') return;
    const query = globalThis.matchMedia?.(DARK_QUERY);
    if (!query) return;
    const follow = () => applyTheme(resolveTheme('system'));
    query.addEventListener('change', follow);
    return () => query.removeEventListener('change', follow);
  }, [preference]);
}
