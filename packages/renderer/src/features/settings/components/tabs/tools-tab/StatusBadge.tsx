import { useTranslation } from 'react-i18next';
import type { McpServerStatus } from '@elftia/desktop/shared/contracts/mcp-types.ts';

const STATUS_KEYS: Record<McpServerStatus, string> = {
  disabled: 'settings/tools:status.disabled',
  disconnected: 'settings/tools:status.disconnected',
  connecting: 'settings/tools:status.connecting',
  connected: 'settings/tools:status.connected',
  error: 'settings/tools:status.error',
};

/** The connection state as text (never colour alone), tinted by `badge--<status>`. */
export function StatusBadge({ status }: { status: McpServerStatus }) {
  const { t } = useTranslation();
  return (
    <span className={`badge badge--${status}`} data-testid="mcp-server-status" data-status={status}>
      {t(STATUS_KEYS[status])}
    </span>
  );
}
