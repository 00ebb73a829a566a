import { useTranslation } from 'react-i18next';
import type { McpServerView } from '@elftia/desktop/router';
import { McpIcon } from '../../../../../../components/McpIcon';

/**
 * What the connected server reported: its name and version, the negotiated protocol and how many
 * tools it offers (and how many of them are on, when some are turned off). McpService reports these
 * only while connected, so nothing shows otherwise.
 */
export function ConnectionFacts({ server }: { server: McpServerView }) {
  const { t } = useTranslation();
  const connection = server.connection;
  if (server.status !== 'connected' || !connection) return null;
  return (
    <>
      <p className="connection-facts" data-testid="mcp-server-facts">
        {connection.serverInfo && (
          <span className="connection-facts__item">
            <McpIcon src={connection.serverInfo.icon} size={14} />
            {connection.serverInfo.name} {connection.serverInfo.version}
          </span>
        )}
        {connection.protocolVersion && (
          <span className="connection-facts__item">{t('settings/tools:connection.protocol', { version: connection.protocolVersion })}</span>
        )}
        <span className="connection-facts__item" data-testid="mcp-server-tool-count">
          {server.enabledToolCount === undefined
            ? t('settings/tools:connection.toolCount', { tools: connection.toolCount })
            : t('settings/tools:connection.toolCountOn', { on: server.enabledToolCount, tools: connection.toolCount })}
        </span>
      </p>
      {/* "Connected" with nothing to use is a failure users otherwise discover only in a chat. */}
      {connection.toolCount === 0 && <p className="connection-facts connection-facts--warning">{t('settings/tools:connection.noTools')}</p>}
    </>
  );
}
