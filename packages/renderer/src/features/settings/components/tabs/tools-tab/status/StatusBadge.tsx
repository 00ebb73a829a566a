import { useTranslation } from 'react-i18next';
import type { McpServerView } from '@elftia/desktop/router';
import { statusText } from './serverStatus';

/** The connection state as text (never colour alone), tinted by `badge--<tone>`. */
export function StatusBadge({ server }: { server: McpServerView }) {
  const { t } = useTranslation();
  const { key, params, tone } = statusText(server);
  return (
    <span className={`badge badge--${tone}`} data-testid="mcp-server-status" data-status={server.status} data-tone={tone}>
      {t(key, params ?? {})}
    </span>
  );
}
