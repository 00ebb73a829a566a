import { useTranslation } from 'react-i18next';
import type { McpServerView } from '@elftia/desktop/router';
import { useNow } from '../../../../../../lib/useNow';
import { scheduledReconnect } from './serverStatus';

/**
 * When a scheduled reconnect tries again. The backoff grows to 30 s, and "Reconnecting (attempt 7)…"
 * alone reads as if something were happening meanwhile.
 */
export function NextAttempt({ server }: { server: McpServerView }) {
  const { t } = useTranslation();
  const reconnect = scheduledReconnect(server);
  const tick = useNow(reconnect !== undefined);
  if (!reconnect) return null;
  // The tick re-renders once a second; a new schedule renders at once, so it reads the clock itself
  // rather than a tick up to a second old (which would announce a try that is already due).
  const seconds = Math.ceil((reconnect.nextAtMs - Math.max(tick, Date.now())) / 1000);
  return (
    <p className="connection-facts" data-testid="mcp-server-next-attempt">
      {seconds > 0 ? t('settings/tools:connection.nextAttempt', { seconds }) : t('settings/tools:connection.attemptNow')}
    </p>
  );
}
