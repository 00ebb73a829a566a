import { type FormEvent, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useApi } from '../../../../../../lib/api';
import { type DisplayError, toDisplayError } from '../../../../../../lib/appError';
import { errorText } from '../../../../../../lib/errorText';

/**
 * A client id (and secret) the user registered with the server's authorization server, for servers
 * that do not allow dynamic registration. The secret is write-only: stored sealed, never shown again.
 */
export function OAuthClientFields({ serverId, clientId }: { serverId: string; clientId: string | null }) {
  const { t } = useTranslation();
  const api = useApi();
  const idField = useId();
  const secretField = useId();
  const hintId = useId();
  const [open, setOpen] = useState(false);
  const [id, setId] = useState(clientId ?? '');
  const [secret, setSecret] = useState('');
  const [failure, setFailure] = useState<DisplayError>();

  async function save(event: FormEvent) {
    event.preventDefault();
    setFailure(undefined);
    try {
      const trimmed = id.trim();
      await api.mcp.auth.setClient.mutate({ serverId, clientId: trimmed === '' ? null : trimmed, ...(secret ? { clientSecret: secret } : {}) });
      setSecret('');
      setOpen(false);
    } catch (error) {
      setFailure(toDisplayError(error));
    }
  }

  return (
    <div className="sign-in__client">
      <p className="panel-note">
        {clientId ? t('settings/tools:oauth.clientInUse', { clientId }) : t('settings/tools:oauth.clientDynamic')}{' '}
        <button type="button" className="button button--quiet" aria-expanded={open} onClick={() => setOpen((value) => !value)}>
          {t('settings/tools:oauth.clientChange')}
        </button>
      </p>
      {open && (
        <form className="form" noValidate onSubmit={(event) => void save(event)}>
          <div className="field">
            <label htmlFor={idField}>{t('settings/tools:oauth.clientId')}</label>
            <input id={idField} className="input mono" autoComplete="off" spellCheck={false} value={id} aria-describedby={hintId} onChange={(event) => setId(event.target.value)} />
          </div>
          <div className="field">
            <label htmlFor={secretField}>{t('settings/tools:oauth.clientSecret')}</label>
            <input id={secretField} className="input mono" type="password" autoComplete="off" spellCheck={false} value={secret} aria-describedby={hintId} onChange={(event) => setSecret(event.target.value)} />
            <p id={hintId} className="field__hint">
              {t('settings/tools:oauth.clientHint')}
            </p>
          </div>
          {failure && (
            <p className="form__failure" role="alert">
              {errorText(t, failure.code, failure.params)}
            </p>
          )}
          <button type="submit" className="button">
            {t('settings/tools:oauth.clientSave')}
          </button>
        </form>
      )}
    </div>
  );
}
