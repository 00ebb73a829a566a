import { useCallback, useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DEPENDENCY_RUNTIME, type DependencyCommand, type DependencyStatus } from '@elftia/desktop/shared/contracts/dependencies.ts';
import { useApi } from '../../../../../../lib/api';
import { type DisplayError, toDisplayError } from '../../../../../../lib/appError';
import { RUNTIME_NAMES, RuntimeInstallDialog } from './RuntimeInstallDialog';
import { FailureAlert } from '../../../../../../components/FailureAlert';

/**
 * What stdio servers can run on this machine: node, npm, npx, uv and uvx, each found or missing,
 * with its version and path, looked up the way a server start does. A missing one can be installed
 * from here. Collapsed by default: it matters when something is missing, and then it opens itself.
 */
export interface RuntimePanelProps {
  /** Changes when a runtime was installed elsewhere on the tab (a preset, a server's row): look again. */
  installs?: number;
}

export function RuntimePanel({ installs = 0 }: RuntimePanelProps) {
  const { t } = useTranslation();
  const api = useApi();
  const titleId = useId();
  const [statuses, setStatuses] = useState<DependencyStatus[]>();
  const [failure, setFailure] = useState<DisplayError>();
  const [checking, setChecking] = useState(false);
  const [installing, setInstalling] = useState<DependencyCommand>();
  const [open, setOpen] = useState(false);

  const refresh = useCallback(async () => {
    setChecking(true);
    try {
      const found = await api.mcp.dependencies.checkAll.query();
      setStatuses(found);
      setFailure(undefined);
      // Opens itself when something is missing; never closes itself under the user.
      if (found.some((s) => !s.found)) setOpen(true);
    } catch (error) {
      setFailure(toDisplayError(error));
    } finally {
      setChecking(false);
    }
  }, [api]);
  useEffect(() => void refresh(), [refresh, installs]);

  const missing = statuses?.filter((s) => !s.found) ?? [];
  // One install offer per runtime (npx missing and node missing are both Node.js), for its first
  // missing command in the list's order: node before npx, uv before uvx.
  const offers: DependencyCommand[] = [];
  for (const { command } of missing) {
    if (!offers.some((offered) => DEPENDENCY_RUNTIME[offered] === DEPENDENCY_RUNTIME[command])) offers.push(command);
  }

  return (
    <details className="runtimes" open={open} onToggle={(event) => setOpen(event.currentTarget.open)} aria-labelledby={titleId}>
      <summary className="runtimes__summary">
        <h3 id={titleId} className="runtimes__title">
          {t('settings/tools:runtimes.title')}
        </h3>
        <span className={missing.length > 0 ? 'badge badge--error' : 'badge badge--connected'} data-testid="runtimes-summary">
          {statuses === undefined
            ? t('settings/tools:runtimes.checking')
            : missing.length > 0
              ? t('settings/tools:runtimes.missingCount', { missing: missing.length })
              : t('settings/tools:runtimes.allFound')}
        </span>
      </summary>
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
        <button type="button" className="button" aria-disabled={checking || undefined} onClick={() => !checking && void refresh()}>
          {t('settings/tools:runtime.checkAgain')}
        </button>
      </div>
      {installing && (
        <RuntimeInstallDialog
          command={installing}
          status={statuses?.find((s) => s.command === installing)}
          onClose={() => {
            setInstalling(undefined);
            void refresh();
          }}
          onReady={() => {
            setInstalling(undefined);
            void refresh();
          }}
        />
      )}
    </details>
  );
}
