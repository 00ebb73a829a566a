import { useTranslation } from 'react-i18next';
import type { McpServerView } from '@elftia/desktop/router';
import './failure.css';

/**
 * A connected server whose lists had entries Elftia left out (McpServerState.skipped): a tool whose
 * schema is invalid is named, several are counted; the details list each with why.
 */
export function SkippedNotice({ server, onShowDetails }: { server: McpServerView; onShowDetails: () => void }) {
  const { t } = useTranslation();
  const connection = server.connection;
  const count = connection?.skippedCount ?? 0;
  if (server.status !== 'connected' || count === 0) return null;
  const only = count === 1 ? connection?.skipped?.[0] : undefined;
  const schema = only?.kind === 'tool' && only.reason === 'invalidField' && (only.field === 'inputSchema' || only.field === 'outputSchema') && only.name !== '';
  return (
    <div className="failure-notice failure-notice--warning" data-testid="mcp-server-skipped-notice">
      <p className="failure-notice__headline" data-testid="mcp-server-skipped">
        {schema && only ? t('settings/tools:failure.invalidToolSchema', { name: only.name }) : t('settings/tools:connection.skipped', { entries: count })}
      </p>
      <div className="failure-notice__actions">
        <button type="button" className="button" onClick={onShowDetails}>
          {t('settings/tools:failure.actions.showDetails')}
        </button>
      </div>
    </div>
  );
}
