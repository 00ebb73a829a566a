import { useTranslation } from 'react-i18next';
import type { McpServerView } from '@elftia/desktop/router';
import { useOpenSection } from '../../../SettingsNavigation';
import { McpServerRow, type McpServerRowProps } from './McpServerRow';
import { overriddenByName } from './origin/serverOrigin';

export interface McpServerListProps extends Omit<McpServerRowProps, 'server' | 'toggling' | 'reveal' | 'overriddenBy'> {
  servers: McpServerView[];
  /** The server whose details open by themselves (one just added from a preset). */
  revealId?: string | undefined;
  /** Ids with an enable/disable in flight. */
  toggling: ReadonlySet<string>;
  /** Opens the MCP Registry browser (the header's "Browse the MCP Registry"). */
  onBrowseRegistry: () => void;
}

export function McpServerList({ servers, toggling, revealId, onBrowseRegistry, ...handlers }: McpServerListProps) {
  const { t } = useTranslation();
  const openSection = useOpenSection();
  if (servers.length === 0) {
    // The catalogue is a section away and the registry a page away: a first server is one click from either.
    return (
      <div className="empty-state" data-testid="mcp-server-list-empty">
        <p className="empty-state__text">{t('settings/tools:empty')}</p>
        <div className="empty-state__actions">
          <button type="button" className="button" onClick={() => openSection('presets')}>
            {t('settings/tools:browsePresets')}
          </button>
          <button type="button" className="button" onClick={onBrowseRegistry}>
            {t('settings/registry:open')}
          </button>
        </div>
      </div>
    );
  }
  return (
    <table className="server-list" data-testid="mcp-server-list">
      <caption className="visually-hidden">{t('settings/tools:list.caption')}</caption>
      <thead>
        <tr>
          <th scope="col">{t('settings/tools:list.columns.name')}</th>
          <th scope="col">{t('settings/tools:list.columns.transport')}</th>
          <th scope="col">{t('settings/tools:list.columns.status')}</th>
          <th scope="col">{t('settings/tools:list.columns.enabled')}</th>
          <th scope="col">
            <span className="visually-hidden">{t('settings/tools:list.columns.actions')}</span>
          </th>
        </tr>
      </thead>
      {servers.map((server) => (
        <McpServerRow
          key={server.id}
          server={server}
          toggling={toggling.has(server.id)}
          reveal={server.id === revealId}
          overriddenBy={overriddenByName(server, servers)}
          {...handlers}
        />
      ))}
    </table>
  );
}
