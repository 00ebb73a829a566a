import { useCallback, useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { McpServerView } from '@elftia/desktop/router';
import type { SecretInputView } from '@elftia/desktop/shared/contracts/secret-inputs.ts';
import { useApi } from '../../../../../../lib/api';
import { type DisplayError, toDisplayError } from '../../../../../../lib/appError';
import { errorText } from '../../../../../../lib/errorText';
import { EnterInputDialog, type InputRequest } from '../status/EnterInputDialog';

/**
 * The `${input:id}` values this server's config references: set or not (never the value), with
 * Enter/Change and Clear. Nothing is shown for a server without such references.
 */
export function SecretInputs({ server }: { server: McpServerView }) {
  const { t } = useTranslation();
  const api = useApi();
  const headingId = useId();
  const [inputs, setInputs] = useState<SecretInputView[]>();
  const [failure, setFailure] = useState<DisplayError>();
  const [asking, setAsking] = useState<InputRequest>();

  const load = useCallback(async () => {
    try {
      const all = await api.mcp.inputs.query();
      setInputs(all.filter((input) => input.servers.includes(server.name)));
      setFailure(undefined);
    } catch (error) {
      setFailure(toDisplayError(error));
    }
  }, [api, server.name]);

  // A status change follows an entered or cleared value (the server restarts): read the list again.
  useEffect(() => {
    void load();
  }, [load, server.status]);

  async function clear(id: string) {
    try {
      await api.mcp.clearInput.mutate({ id });
    } catch (error) {
      setFailure(toDisplayError(error));
    }
    await load();
  }

  if (failure) {
    return (
      <p role="alert" className="panel-note">
        {t('settings/tools:inputs.loadFailed', { reason: errorText(t, failure.code, failure.params) })}
      </p>
    );
  }
  if (!inputs || inputs.length === 0) return null;
  return (
    <section aria-labelledby={headingId} className="server-details__section" data-testid="mcp-server-inputs">
      <h3 id={headingId} className="server-details__heading">
        {t('settings/tools:inputs.title')}
      </h3>
      <p className="panel-note">{t('settings/tools:inputs.description')}</p>
      <ul className="secret-inputs">
        {inputs.map((input) => (
          <li key={input.id} className="secret-inputs__item" data-input-id={input.id} data-set={input.set}>
            <code className="mono">{input.id}</code>
            {input.description && <span className="secret-inputs__description">{input.description}</span>}
            <span className={input.set ? 'badge' : 'badge badge--connecting'}>{t(input.set ? 'settings/tools:inputs.set' : 'settings/tools:inputs.notSet')}</span>
            <button
              type="button"
              className="button"
              aria-label={t('settings/tools:inputs.enterFor', { id: input.id })}
              onClick={() => setAsking({ id: input.id, description: input.description, password: input.password })}
            >
              {t(input.set ? 'settings/tools:inputs.change' : 'settings/tools:inputs.enter')}
            </button>
            {input.set && (
              <button type="button" className="button button--quiet" aria-label={t('settings/tools:inputs.clearFor', { id: input.id })} onClick={() => void clear(input.id)}>
                {t('settings/tools:inputs.clear')}
              </button>
            )}
          </li>
        ))}
      </ul>
      {asking && (
        <EnterInputDialog
          input={asking}
          onClose={() => {
            setAsking(undefined);
            void load();
          }}
        />
      )}
    </section>
  );
}
