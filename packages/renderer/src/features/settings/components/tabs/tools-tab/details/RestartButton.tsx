import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { McpServerView } from '@elftia/desktop/router';
import { useApi } from '../../../../../../lib/api';
import { type DisplayError, toDisplayError } from '../../../../../../lib/appError';
import { errorText } from '../../../../../../lib/errorText';

/**
 * Stops the server and connects it again. The row's badge follows the restart live (Connecting…,
 * then Connected or Error); this only reports whether the request itself failed.
 */
export function RestartButton({ server }: { server: McpServerView }) {
  const { t } = useTranslation();
  const api = useApi();
  const hintId = useId();
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<DisplayError>();
  // McpService refuses to start a disabled server (SERVER_DISABLED); say why instead of failing.
  const needsEnabling = !server.enabled;

  async function restart() {
    if (busy) return;
    setBusy(true);
    setFailure(undefined);
    try {
      await api.mcp.restart.mutate({ id: server.id });
    } catch (error) {
      setFailure(toDisplayError(error));
    } finally {
      setBusy(false);
    }
  }

  // The stderr tail of a failed connect is already under the row; the alert keeps to the reason.
  const { detail: _detail, ...params } = failure?.params ?? {};
  return (
    <div className="restart">
      <button
        type="button"
        className="button"
        disabled={needsEnabling}
        aria-disabled={busy || undefined}
        aria-label={t('settings/tools:details.restartServer', { name: server.name })}
        aria-describedby={needsEnabling ? hintId : undefined}
        onClick={() => void restart()}
      >
        {t('settings/tools:details.restart')}
      </button>
      <span className="panel-note" role="status">
        {busy ? t('settings/tools:details.restarting') : ''}
      </span>
      {needsEnabling && (
        <p id={hintId} className="field__hint">
          {t('settings/tools:details.restartNeedsEnabled')}
        </p>
      )}
      {failure && (
        <p className="form__failure" role="alert">
          {t('settings/tools:details.restartFailed', { reason: errorText(t, failure.code, params) })}
        </p>
      )}
    </div>
  );
}
