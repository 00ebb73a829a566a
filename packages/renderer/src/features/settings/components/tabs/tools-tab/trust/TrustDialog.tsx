import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Dialog } from '../../../../../../components/Dialog';
import { FailureAlert } from '../../../../../../components/FailureAlert';
import { type DisplayError, toDisplayError } from '../../../../../../lib/appError';
import { originOf, type OriginView, trustSubject } from '../origin/serverOrigin';
import './trust.css';

export interface TrustDialogProps {
  server: OriginView;
  /** Approves the server as shown (mcp.trust); a rejection keeps the dialog open and says why. */
  onTrust: (server: OriginView) => Promise<unknown>;
  onClose: () => void;
}

/**
 * Workspace trust: before a project file's server runs, the user sees exactly what would run — the
 * command line and the names (never the values) of the variables it sets, or the address of a remote
 * one — and approves it. "Not now" has focus first, so Enter right after opening runs nothing.
 */
export function TrustDialog({ server, onTrust, onClose }: TrustDialogProps) {
  const { t } = useTranslation();
  const bodyId = useId();
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<DisplayError>();
  const subject = trustSubject(server);
  const origin = originOf(server);
  const file = origin.kind === 'project' ? origin.file : '';
  const remote = subject.url !== undefined;

  async function trust() {
    if (busy) return;
    setBusy(true);
    setFailure(undefined);
    try {
      await onTrust(server);
      onClose();
    } catch (error) {
      setFailure(toDisplayError(error));
      setBusy(false);
    }
  }

  return (
    <Dialog title={t('settings/tools:trust.title', { name: server.name })} onClose={onClose} describedBy={bodyId} className="dialog--wide">
      <div className="trust" data-testid="trust-dialog">
        <p id={bodyId}>{t(remote ? 'settings/tools:trust.introRemote' : 'settings/tools:trust.intro', { file })}</p>
        {remote ? (
          <>
            <h3 className="trust__label">{t('settings/tools:trust.url')}</h3>
            <pre className="trust__code mono" data-testid="trust-url">{subject.url}</pre>
          </>
        ) : (
          <>
            <h3 className="trust__label">{t('settings/tools:trust.commandLine')}</h3>
            <pre className="trust__code mono" data-testid="trust-command-line">{subject.commandLine ?? ''}</pre>
            <h3 className="trust__label">{t('settings/tools:trust.envNames')}</h3>
            {subject.envNames && subject.envNames.length > 0 ? (
              <ul className="trust__env" data-testid="trust-env-names">
                {subject.envNames.map((name) => (
                  <li key={name} className="mono">
                    {name}
                  </li>
                ))}
              </ul>
            ) : (
              <p className="trust__none">{t('settings/tools:trust.noEnv')}</p>
            )}
            {subject.cwd && (
              <>
                <h3 className="trust__label">{t('settings/tools:trust.cwd')}</h3>
                <pre className="trust__code mono">{subject.cwd}</pre>
              </>
            )}
          </>
        )}
        <p className="trust__warning">{t('settings/tools:trust.warning')}</p>
      </div>
      <FailureAlert error={failure} />
      <div className="dialog__actions">
        <button type="button" className="button" onClick={onClose} data-autofocus>
          {t('settings/tools:trust.notNow')}
        </button>
        <button type="button" className="button button--primary" aria-disabled={busy || undefined} onClick={() => void trust()}>
          {t('settings/tools:trust.trustAndStart')}
        </button>
      </div>
    </Dialog>
  );
}
