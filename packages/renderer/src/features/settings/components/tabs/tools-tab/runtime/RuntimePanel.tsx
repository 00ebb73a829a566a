import { useQuery } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DEPENDENCY_RUNTIME, type DependencyCommand } from '@elftia/desktop/shared/contracts/dependencies.ts';
import { toDisplayError } from '../../../../../../lib/appError';
import { useTRPC } from '../../../../../../lib/query';
import { RUNTIME_NAMES, RuntimeInstallDialog } from './RuntimeInstallDialog';
import { FailureAlert } from '../../../../../../components/FailureAlert';

/**
 * Settings → Runtimes: what stdio servers can run on this machine — node, npm, npx, uv and uvx, each
 * found or missing, with its version and path, looked up the way a server start does. A missing one
 * can be installed from here. Looked up again on every visit: the user may have installed one in a
 * terminal meanwhile.
 */
export function RuntimePanel() {
  const { t } = useTranslation();
  const trpc = useTRPC();
  const titleId = useId();
  const check = useQuery({ ...trpc.mcp.dependencies.checkAll.queryOptions(), staleTime: 0 });
  const statuses = check.data;
  const failure = check.error ? toDisplayError(check.error) : undefined;
  const checking = check.isFetching;
  const [installing, setInstalling] = useState<DependencyCommand>();
  const refresh = () => void check.refetch();

  const missing = statuses?.filter((s) => !s.found) ?? [];
  // One install offer per runtime (npx missing and node missing are both Node.js), for its first
  // missing command in the list's order: node before npx, uv before uvx.
  const offers: DependencyCommand[] = [];
  for (const { command } of missing) {
    if (!offers.some((offered) => DEPENDENCY_RUNTIME[offered] === DEPENDENCY_RUNTIME[command])) offers.push(command);
  }

  return (
    <section className="settings-section-page" aria-labelledby={titleId}>
      <div className="section-title-row">
        <h2 id={titleId}>
          {t('settings/tools:runtimes.title')}
        </h2>
        <span className={missing.length > 0 ? 'badge badge--error' : 'badge badge--connected'} data-testid="runtimes-summary">
          {statuses === undefined
            ? t('settings/tools:runtimes.checking')
            : missing.length > 0
              ? t('settings/tools:runtimes.missingCount', { missing: missing.length })
              : t('settings/tools:runtimes.allFound')}
        </span>
      </div>
      <p className="section-header__description">{t('settings/tools:runtimes.description')}</p>
      <FailureAlert error={failure} />
      {statuses && (
        <table className="server-list runtimes__table">
          <caption className="visually-hidden">{t('settings/tools:runtimes.title')}</caption>
          <thead>
            <tr>
              <th scope="col">{t('settings/tools:runtimes.columns.command')}</th>
              <th scope="col">{t('settings/tools:runtimes.columns.status')}</th>
              <th scope="col">{t('settings/tools:runtimes.columns.version')}</th>
              <th scope="col">{t('settings/tools:runtimes.columns.path')}</th>
            </tr>
          </thead>
          <tbody>
            {statuses.map((status) => (
              <tr key={status.command} data-testid="runtime-row" data-command={status.command} data-found={status.found}>
                <th scope="row" className="mono">
                  {status.command}
                </th>
                <td>
                  <span className={status.found ? 'badge badge--connected' : 'badge badge--error'}>
                    {t(status.found ? 'settings/tools:runtimes.found' : 'settings/tools:runtimes.missing')}
                  </span>
                </td>
                <td>{status.version ?? '—'}</td>
                <td className="mono runtimes__path" title={status.error}>
                  {status.path ?? t('settings/tools:runtimes.searched', { entries: status.searched })}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      <div className="runtimes__actions">
        {offers.map((command) => (
          <button key={command} type="button" className="button button--primary" onClick={() => setInstalling(command)}>
            {t('settings/tools:runtime.install', { runtime: RUNTIME_NAMES[DEPENDENCY_RUNTIME[command]] })}
          </button>
        ))}
        <button type="button" className="button" aria-disabled={checking || undefined} onClick={() => !checking && refresh()}>
          {t('settings/tools:runtime.checkAgain')}
        </button>
      </div>
      {installing && (
        <RuntimeInstallDialog
          command={installing}
          status={statuses?.find((s) => s.command === installing)}
          onClose={() => setInstalling(undefined)}
          onReady={() => setInstalling(undefined)}
        />
      )}
    </section>
  );
}
