/**
 * The renderer's entry: the one place that creates the tRPC client and the i18n instance (the only
 * module-level singletons), then hands them down through context.
 */
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { AppProviders } from './app/AppProviders';
import { AppShell } from './app/AppShell';
import { createI18n, resolveLanguage } from './lib/i18n';
import { applyTheme, initialTheme } from './lib/theme';
import { createAppConnection } from './lib/trpc';
import './styles.css';

const connection = createAppConnection(window);
// Painted before the settings arrive: the theme applied last time, else the system's.
applyTheme(initialTheme());
// Until settings arrive, follow the system language, which is also the stored default.
const i18n = createI18n(resolveLanguage('system'));

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root');
createRoot(root).render(
  <StrictMode>
    <AppProviders api={connection.api} trpcClient={connection.client} i18n={i18n}>
      <AppShell status={connection.status} />
    </AppProviders>
  </StrictMode>,
);
