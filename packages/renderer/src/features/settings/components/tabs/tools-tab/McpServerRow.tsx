import { useTranslation } from 'react-i18next';
import type { McpServerView } from '@elftia/desktop/router';
import type { McpServerTransport } from '@elftia/desktop/shared/contracts/mcp-types.ts';
import { StatusBadge } from './StatusBadge';

const TRANSPORT_KEYS: Record<McpServerTransport, string> = {
  stdio: 'settings/tools:transport.stdio',
  sse: 'settings/tools:transport.sse',
  http: 'settings/tools:transport.http',
  websocket: 'settings/tools:transport.websocket',
};

export interface McpServerRowProps {
  server: McpServerView;
  /** True while an enable/disable for this server is in flight. */
  toggling: boolean;
  onToggle: (server: McpServerView, enabled: boolean) => void;
  onEdit: (server: McpServerView) => void;
  onDelete: (server: McpServerView) => void;
}

export function McpServerRow({ server, toggling, onToggle, onEdit, onDelete }: McpServerRowProps) {
  const { t } = useTranslation();
  const toggleId = `mcp-server-enabled-${server.id}`;
  return (
    <tr data-testid="mcp-server-row" data-server-id={server.id}>
      <th scope="row" className="server-list__name">
        {server.name}
      </th>
      <td>{t(TRANSPORT_KEYS[server.type])}</td>
      <td>
        <StatusBadge status={server.status} />
      </td>
      <td>
        <input
          id={toggleId}
          type="checkbox"
          role="switch"
          className="switch"
          checked={server.enabled}
          disabled={toggling}
          aria-label={t('settings/tools:list.enableServer', { name: server.name })}
          onChange={(event) => onToggle(server, event.target.checked)}
        />
      </td>
      <td className="server-list__actions">
        <button type="button" className="button button--quiet" aria-label={t('settings/tools:list.editServer', { name: server.name })} onClick={() => onEdit(server)}>
          {t('settings/tools:list.edit')}
        </button>
        <button
          type="button"
          className="button button--quiet button--danger"
          aria-label={t('settings/tools:list.deleteServer', { name: server.name })}
          onClick={() => onDelete(server)}
        >
          {t('settings/tools:list.delete')}
        </button>
      </td>
    </tr>
  );
}
