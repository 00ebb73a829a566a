import { useTranslation } from 'react-i18next';
import type { McpServerView } from '@elftia/desktop/router';
import type { McpServerEnvSource } from '@elftia/desktop/shared/contracts/mcp-types.ts';
import { errorMessageKey } from '../../../../../../lib/appError';
import { useServerEnvNames } from './useServerEnvNames';

const SOURCES: readonly McpServerEnvSource[] = ['server', 'settings', 'app', 'elftia'];

const SOURCE_KEYS: Record<McpServerEnvSource, string> = {
  server: 'settings/tools:envNames.source.server',
  settings: 'settings/tools:envNames.source.settings',
  app: 'settings/tools:envNames.source.app',
  elftia: 'settings/tools:envNames.source.elftia',
};

/**
 * The names of the environment variables a stdio server is started with, grouped by where they come
 * from: what a third-party server can read. Values are never shown.
 */
export function EnvironmentNames({ server }: { server: McpServerView }) {
  const { t } = useTranslation();
  const state = useServerEnvNames(server);

  if (state.kind === 'loading') return <p className="panel-note">{t('settings/tools:envNames.loading')}</p>;
  if (state.kind === 'failed') {
    return (
      <p role="alert" className="panel-note">
        {t('settings/tools:envNames.loadFailed', { reason: t(errorMessageKey(state.error.code), state.error.params ?? {}) })}
      </p>
    );
  }
  const { inheritEnv, names } = state.environment;
  return (
    <div data-testid="mcp-server-env-names">
      <p className={inheritEnv ? 'panel-note connection-facts--warning' : 'panel-note'}>
        {t(inheritEnv ? 'settings/tools:envNames.inherits' : 'settings/tools:envNames.allowlist', { total: names.length })}
      </p>
      <dl className="env-names">
        {SOURCES.map((source) => {
          const group = names.filter((entry) => entry.source === source);
          if (group.length === 0) return null;
          return (
            <div key={source} className="env-names__group">
              <dt className="env-names__source">{t(SOURCE_KEYS[source])}</dt>
              <dd className="env-names__names">
                {group.map((entry) => (
                  <code key={entry.name} className="mono env-names__name">
                    {entry.name}
                  </code>
                ))}
              </dd>
            </div>
          );
        })}
      </dl>
    </div>
  );
}
