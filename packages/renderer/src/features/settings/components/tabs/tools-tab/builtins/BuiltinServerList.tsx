import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { McpServerView } from '@elftia/desktop/router';
import { BUILTIN_SERVER_NAMES, type BuiltinServerName, builtinServerId } from '@elftia/desktop/shared/contracts/builtin-servers.ts';
import { useApi } from '../../../../../../lib/api';
import { type DisplayError, errorMessageKey, toDisplayError } from '../../../../../../lib/appError';
import { useApiSubscription } from '../../../../../../lib/useApiSubscription';
import { FailureAlert } from '../../../../../../components/FailureAlert';
import { useOpenSection } from '../../../../SettingsNavigation';
import { McpServerRow } from '../McpServerRow';
import './builtins.css';

const DESCRIPTION_KEYS: Record<BuiltinServerName, string> = {
  'clock-math': 'settings/tools:builtins.description.clock-math',
  files: 'settings/tools:builtins.description.files',
};

function isBuiltinName(name: string): name is BuiltinServerName {
  return (BUILTIN_SERVER_NAMES as readonly string[]).includes(name);
}

/** The folder `files` reads: the last argument it is started with. */
function filesFolder(server: McpServerView | undefined): string {
  return server?.config.args?.at(-1) ?? '';
}

/**
 * Elftia's own servers (main/builtin-servers), run by main like any other server: each a server row
 * with its live status, failure, tools, log and Restart, but nothing to switch off, edit or delete.
 * `files` runs only once a folder is chosen in General; its line leads there.
 */
export function BuiltinServerList() {
  const { t } = useTranslation();
  const api = useApi();
  const openSection = useOpenSection();
  const titleId = useId();
  const servers = useApiSubscription((a) => a.mcp.onBuiltinsChanged);
  const [actionFailure, setActionFailure] = useState<DisplayError>();
  const files = servers.data?.find((server) => server.id === builtinServerId('files'));
  const folder = filesFolder(files);
  const chooseFolder = () => openSection('general', { target: 'filesFolder' });

  async function restart(server: McpServerView) {
    setActionFailure(undefined);
    try {
      await api.mcp.restart.mutate({ id: server.id });
    } catch (error) {
      setActionFailure(toDisplayError(error));
    }
  }

  return (
    <section className="builtin-servers" aria-labelledby={titleId}>
      <h3 id={titleId}>{t('settings/tools:builtins.title')}</h3>
      <p className="section-header__description">{t('settings/tools:builtins.description.intro')}</p>
      <FailureAlert error={actionFailure} />
      {servers.error !== undefined && (
        <p className="form__failure" role="alert">
          {t('settings/tools:builtins.loadFailed', { reason: t(errorMessageKey(toDisplayError(servers.error).code)) })}
        </p>
      )}
      {servers.data && (
        <table className="server-list" data-testid="builtin-server-list">
          <caption className="visually-hidden">{t('settings/tools:builtins.title')}</caption>
          <thead>
            <tr>
              <th scope="col">{t('settings/tools:list.columns.name')}</th>
              <th scope="col">{t('settings/tools:list.columns.transport')}</th>
              <th scope="col">{t('settings/tools:list.columns.status')}</th>
              <th scope="col">
                <span className="visually-hidden">{t('settings/tools:list.columns.enabled')}</span>
              </th>
              <th scope="col">
                <span className="visually-hidden">{t('settings/tools:list.columns.actions')}</span>
              </th>
            </tr>
          </thead>
          {servers.data.map((server) => (
            <McpServerRow
              key={server.id}
              server={server}
              toggling={false}
              description={isBuiltinName(server.name) ? t(DESCRIPTION_KEYS[server.name]) : undefined}
              onToggle={() => {}}
              onDelete={() => {}}
              // What there is to change of a built-in server is the folder files reads.
              onEdit={chooseFolder}
              onRestart={(target) => void restart(target)}
            />
          ))}
        </table>
      )}
      {servers.data && (
        <div className="builtin-server__folder" data-testid="builtin-server-folder">
          {folder ? (
            <span>
              <strong>files</strong> {t('settings/tools:builtins.folder')} <code className="mono">{folder}</code>
            </span>
          ) : (
            <span>
              <strong>files</strong> {t('settings/tools:builtins.folderNotSet')}
            </span>
          )}
          <button type="button" className="button" onClick={chooseFolder}>
            {t(folder ? 'settings/tools:builtins.changeFolder' : 'settings/tools:builtins.chooseFolder')}
          </button>
        </div>
      )}
    </section>
  );
}
