import { ExternalLink } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import type { RegistryServerView } from '@elftia/desktop/shared/contracts/registry.ts';
import { OPTION_KIND_KEYS, STATUS_KEYS, UNSUPPORTED_KEYS } from './registryLabels';

export interface RegistryEntryProps {
  server: RegistryServerView;
  /** True while this record is being checked or added. */
  busy: boolean;
  /** `button` is the Install button, where focus returns when a dialog the install opens closes. */
  onInstall: (server: RegistryServerView, button: HTMLButtonElement) => void;
}

/**
 * One registry record: its title and reverse-DNS name, version, status, what it can be installed
 * from (unsupported options marked with the reason), its repository, and Install.
 */
export function RegistryEntry({ server, busy, onInstall }: RegistryEntryProps) {
  const { t } = useTranslation();
  const headingId = `registry-${server.name}-name`;
  const displayName = server.title ?? server.name;
  // A record its publisher removed is shown (when asked for) but not offered for install.
  const removed = server.status === 'deleted';
  const installable = !removed && server.options.some((option) => option.supported);
  const added = server.addedServerIds.length > 0;
  const statusKey = STATUS_KEYS[server.status];
  return (
    <li className={`registry-entry registry-entry--${server.status}`} data-testid="registry-entry" data-name={server.name} aria-labelledby={headingId}>
      <div className="registry-entry__main">
        <div className="registry-entry__head">
          <h3 id={headingId} className="registry-entry__title">
            {displayName}
          </h3>
          <span className="registry-entry__version">{t('settings/registry:version', { version: server.version })}</span>
          {statusKey && (
            <span className={`badge registry-entry__status registry-entry__status--${server.status}`} data-testid="registry-status">
              {t(statusKey)}
            </span>
          )}
          {added && (
            <span className="badge badge--connected" data-testid="registry-added">
              {t('settings/registry:added')}
            </span>
          )}
        </div>
        {server.title && <p className="registry-entry__name">{server.name}</p>}
        <p className="registry-entry__description">{server.description}</p>
        {statusKey && server.statusMessage && (
          <p className="registry-entry__status-message" data-testid="registry-status-message">
            {t('settings/registry:statusMessage', { status: t(statusKey), message: server.statusMessage })}
          </p>
        )}
        <ul className="registry-entry__options" aria-label={t('settings/registry:optionsLabel', { name: displayName })}>
          {server.options.map((option) => (
            <li
              key={option.id}
              className={option.supported ? 'registry-option' : 'registry-option registry-option--unsupported'}
              title={option.supported ? option.summary : undefined}
              data-testid="registry-option"
            >
              {t(OPTION_KIND_KEYS[option.kind])}
              {!option.supported && option.unsupportedReason && <span className="registry-option__reason"> · {t(UNSUPPORTED_KEYS[option.unsupportedReason])}</span>}
            </li>
          ))}
        </ul>
      </div>
      <div className="registry-entry__actions">
        {server.repositoryUrl && (
          <a className="button button--quiet" href={server.repositoryUrl} target="_blank" rel="noreferrer" aria-label={t('settings/registry:repositoryNamed', { name: displayName })}>
            <ExternalLink size={14} aria-hidden />
            {t('settings/registry:repository')}
          </a>
        )}
        <button
          type="button"
          className={added || !installable ? 'button' : 'button button--primary'}
          aria-disabled={busy || !installable || undefined}
          aria-label={t(added ? 'settings/registry:installAgainNamed' : 'settings/registry:installNamed', { name: displayName })}
          title={installable ? undefined : t(removed ? 'settings/registry:removedNoInstall' : 'settings/registry:noSupportedOption')}
          onClick={(event) => !busy && installable && onInstall(server, event.currentTarget)}
        >
          {busy ? t('settings/registry:installing') : t(added ? 'settings/registry:installAgain' : 'settings/registry:install')}
        </button>
      </div>
    </li>
  );
}
