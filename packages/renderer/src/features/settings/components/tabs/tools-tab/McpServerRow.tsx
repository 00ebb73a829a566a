import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { McpServerView } from '@elftia/desktop/router';
import type { McpServerTransport } from '@elftia/desktop/shared/contracts/mcp-types.ts';
import { ServerDetails } from './details/ServerDetails';
import { ConnectionError } from './status/ConnectionError';
import { ConnectionFacts } from './status/ConnectionFacts';
import { DegradedMarker } from './status/DegradedMarker';
import { NextAttempt } from './status/NextAttempt';
import { RuntimeInstallDialog } from './runtime/RuntimeInstallDialog';
import { currentError, missingRuntime } from './status/serverStatus';
import { StatusBadge } from './status/StatusBadge';
import { deleteButtonId } from './useFocusAfterDelete';

const TRANSPORT_KEYS: Record<McpServerTransport, string> = {
  stdio: 'settings/tools:transport.stdio',
  sse: 'settings/tools:transport.sse',
  http: 'settings/tools:transport.http',
  websocket: 'settings/tools:transport.websocket',
};

/** McpServerList's columns; the error and details rows span them all. */
const COLUMN_COUNT = 5;

export interface McpServerRowProps {
  server: McpServerView;
  /** True while an enable/disable for this server is in flight. */
  toggling: boolean;
  onToggle: (server: McpServerView, enabled: boolean) => void;
  onEdit: (server: McpServerView) => void;
  onDelete: (server: McpServerView) => void;
  /** Starts the server again (after its missing runtime was installed). */
  onRestart: (server: McpServerView) => void;
  /** Set for a server just added from a preset: its details (status, tools, log) open and scroll into view. */
  reveal?: boolean;
}

/**
 * One server as a row group: the summary row, the current failure (if any) and, when expanded, the
 * details panel. A <tbody> per server keeps the three rows together for assistive technology.
 */
export function McpServerRow({ server, toggling, onToggle, onEdit, onDelete, onRestart, reveal = false }: McpServerRowProps) {
  const { t } = useTranslation();
  const [expanded, setExpanded] = useState(reveal);
  const groupRef = useRef<HTMLTableSectionElement>(null);
  useEffect(() => {
    if (!reveal) return;
    setExpanded(true);
    groupRef.current?.scrollIntoView?.({ block: 'nearest' });
  }, [reveal]);
  const [installing, setInstalling] = useState(false);
  const toggleId = `mcp-server-enabled-${server.id}`;
  const detailsId = `mcp-server-details-${server.id}`;
  const error = currentError(server);
  const runtime = missingRuntime(server, error);
  const download = server.status === 'connecting' ? server.connection?.installing : undefined;
  return (
    <tbody ref={groupRef} className="server-list__group" data-server-id={server.id}>
      <tr data-testid="mcp-server-row" data-server-id={server.id}>
        <th scope="row" className="server-list__name">
          {server.name}
        </th>
        <td>{t(TRANSPORT_KEYS[server.type])}</td>
        <td className="server-list__status">
          <span className="server-list__badges">
            <StatusBadge server={server} />
            <DegradedMarker server={server} />
          </span>
          <NextAttempt server={server} />
          <ConnectionFacts server={server} />
          {download && (
            <p className="connection-facts" data-testid="mcp-server-installing">
              <span className="connection-facts__item">{t('settings/tools:connection.installing', { packages: download.packages.join(' ') })}</span>
              {download.lastLine && <span className="connection-facts__item mono">{download.lastLine}</span>}
            </p>
          )}
        </td>
        <td>
          <input
            id={toggleId}
            type="checkbox"
            role="switch"
            className="switch"
            checked={server.enabled}
            aria-disabled={toggling || undefined}
            aria-label={t('settings/tools:list.enableServer', { name: server.name })}
            onChange={(event) => !toggling && onToggle(server, event.target.checked)}
          />
        </td>
        <td className="server-list__actions">
          <button
            type="button"
            className="button button--quiet"
            aria-expanded={expanded}
            aria-controls={expanded ? detailsId : undefined}
            aria-label={t('settings/tools:list.detailsFor', { name: server.name })}
            onClick={() => setExpanded((open) => !open)}
          >
            {t('settings/tools:list.details')}
          </button>
          <button type="button" className="button button--quiet" aria-label={t('settings/tools:list.editServer', { name: server.name })} onClick={() => onEdit(server)}>
            {t('settings/tools:list.edit')}
          </button>
          <button
            id={deleteButtonId(server.id)}
            type="button"
            className="button button--quiet button--danger"
            aria-label={t('settings/tools:list.deleteServer', { name: server.name })}
            onClick={() => onDelete(server)}
          >
            {t('settings/tools:list.delete')}
          </button>
        </td>
      </tr>
      {error && (
        <tr className="server-list__notice">
          <td colSpan={COLUMN_COUNT}>
            <ConnectionError error={error} alert />
            {runtime && (
              <button type="button" className="button" onClick={() => setInstalling(true)}>
                {t('settings/tools:runtime.offerButton', { command: runtime })}
              </button>
            )}
            {runtime && installing && (
              <RuntimeInstallDialog
                command={runtime}
                onClose={() => setInstalling(false)}
                onReady={() => {
                  setInstalling(false);
                  onRestart(server);
                }}
              />
            )}
          </td>
        </tr>
      )}
      {expanded && (
        <tr className="server-list__details">
          <td colSpan={COLUMN_COUNT}>
            <ServerDetails server={server} id={detailsId} />
          </td>
        </tr>
      )}
    </tbody>
  );
}
