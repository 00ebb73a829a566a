import { useTranslation } from 'react-i18next';
import type { McpServerView } from '@elftia/desktop/router';
import { degradedErrorCount } from './serverStatus';

/** Seed 004's error counter made visible: a server that keeps failing says so before it is fixed. */
export function DegradedMarker({ server }: { server: McpServerView }) {
  const { t } = useTranslation();
  const errors = degradedErrorCount(server);
  if (errors === undefined) return null;
  return (
    <span className="badge badge--degraded" data-testid="mcp-server-degraded">
      {t('settings/tools:status.degraded', { errors })}
    </span>
  );
}
