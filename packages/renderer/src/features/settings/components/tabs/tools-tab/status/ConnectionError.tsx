import { useTranslation } from 'react-i18next';
import type { McpServiceErrorData } from '@elftia/desktop/shared/contracts/mcp-connection.ts';
import { errorText } from '../../../../../../lib/errorText';
import { splitErrorParams } from './serverStatus';

export interface ConnectionErrorProps {
  error: McpServiceErrorData;
  /** Announce it (role="alert"): true for a live failure, false for history in the details panel. */
  alert: boolean;
}

/**
 * A connection failure: the translated reason (with what happened, when known), and the technical detail McpService attached (the
 * server's last stderr lines, secrets redacted) in a monospace disclosure. The detail is the
 * server's own words, so it is shown as is, never translated.
 */
export function ConnectionError({ error, alert }: ConnectionErrorProps) {
  const { t } = useTranslation();
  const { params, detail } = splitErrorParams(error);
  return (
    <div className={alert ? 'connection-error' : 'connection-error connection-error--past'} data-testid="mcp-server-error" data-code={error.code}>
      <p className="connection-error__message" role={alert ? 'alert' : undefined}>
        {t('settings/tools:connection.lastError', { reason: errorText(t, error.code, params) })}
      </p>
      {detail && (
        <details className="disclosure">
          <summary className="disclosure__summary">{t('settings/tools:connection.detail')}</summary>
          <pre className="mono disclosure__body">{detail}</pre>
        </details>
      )}
    </div>
  );
}
