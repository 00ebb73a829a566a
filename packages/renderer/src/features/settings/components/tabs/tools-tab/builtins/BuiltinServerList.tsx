import { useQuery } from '@tanstack/react-query';
import { Lock } from 'lucide-react';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import type { BuiltinServerName, BuiltinServerView } from '@elftia/desktop/shared/contracts/builtin-servers.ts';
import { errorMessageKey, toDisplayError } from '../../../../../../lib/appError';
import { useTRPC } from '../../../../../../lib/query';
import { useOpenSection } from '../../../../SettingsNavigation';
import './builtins.css';

const DESCRIPTION_KEYS: Record<BuiltinServerName, string> = {
  'clock-math': 'settings/tools:builtins.description.clock-math',
  files: 'settings/tools:builtins.description.files',
};

/**
 * Elftia's own servers (main/builtin-servers): listed so users know where the clock and calculator
 * tools come from, but not stored servers — nothing to edit or delete. `files` reads the folder
 * chosen in General, and is not offered until one is.
 */
export function BuiltinServerList() {
  const { t } = useTranslation();
  const trpc = useTRPC();
  const titleId = useId();
  const { data: servers, error } = useQuery(trpc.mcp.builtins.queryOptions());
  return (
    <section className="builtin-servers" aria-labelledby={titleId}>
      <h3 id={titleId}>{t('settings/tools:builtins.title')}</h3>
      <p className="section-header__description">{t('settings/tools:builtins.description.intro')}</p>
      {error && (
        <p className="form__failure" role="alert">
          {t('settings/tools:builtins.loadFailed', { reason: t(errorMessageKey(toDisplayError(error).code)) })}
        </p>
      )}
      {servers && (
        <ul className="builtin-servers__list">
          {servers.map((server) => (
            <BuiltinServerItem key={server.name} server={server} />
          ))}
        </ul>
      )}
    </section>
  );
}

function BuiltinServerItem({ server }: { server: BuiltinServerView }) {
  const { t } = useTranslation();
  const openSection = useOpenSection();
  const nameId = useId();
  return (
    <li className="builtin-server" aria-labelledby={nameId} data-testid="builtin-server" data-name={server.name}>
      <div className="builtin-server__head">
        <strong id={nameId} className="builtin-server__name">
          {server.name}
        </strong>
        <span className="badge builtin-server__badge">
          <Lock aria-hidden size={12} /> {t('settings/tools:builtins.builtIn')}
        </span>
        <span className={server.offered ? 'badge badge--connected' : 'badge badge--disabled'} data-testid="builtin-server-offered">
          {t(server.offered ? 'settings/tools:builtins.offered' : 'settings/tools:builtins.notOffered')}
        </span>
      </div>
      <p className="builtin-server__description">{t(DESCRIPTION_KEYS[server.name])}</p>
      <p className="builtin-server__tools">
        {t('settings/tools:builtins.tools')}{' '}
        {server.tools.map((tool, index) => (
          <span key={tool}>
            {index > 0 && ', '}
            <code className="mono">{tool}</code>
          </span>
        ))}
      </p>
      {server.folder !== undefined && (
        <div className="builtin-server__folder" data-testid="builtin-server-folder">
          {server.folder ? (
            <span>
              {t('settings/tools:builtins.folder')} <code className="mono">{server.folder}</code>
            </span>
          ) : (
            <span>{t('settings/tools:builtins.folderNotSet')}</span>
          )}
          <button type="button" className="button" onClick={() => openSection('general', { target: 'filesFolder' })}>
            {t(server.folder ? 'settings/tools:builtins.changeFolder' : 'settings/tools:builtins.chooseFolder')}
          </button>
        </div>
      )}
    </li>
  );
}
