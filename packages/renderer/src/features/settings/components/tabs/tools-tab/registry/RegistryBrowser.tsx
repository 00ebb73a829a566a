import { ArrowLeft } from 'lucide-react';
import { useEffect, useId, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { McpServerView } from '@elftia/desktop/router';
import { FailureAlert } from '../../../../../../components/FailureAlert';
import { toDisplayError } from '../../../../../../lib/appError';
import { RuntimeInstallDialog } from '../runtime/RuntimeInstallDialog';
import { RegistryEntry } from './RegistryEntry';
import { RegistryInstallDialog } from './RegistryInstallDialog';
import { RegistryOptionDialog } from './RegistryOptionDialog';
import { RegistryResultsState } from './RegistryResultsState';
import { RegistryUrlLine } from './RegistryUrlLine';
import { useDebouncedValue } from './useDebouncedValue';
import { useRegistryInstall } from './useRegistryInstall';
import { useRegistrySearch } from './useRegistrySearch';
import './registry.css';

/** How long the search box waits for a pause in typing before asking the registry. */
export const SEARCH_DEBOUNCE_MS = 300;

export interface RegistryBrowserProps {
  /** Back to the server list. */
  onBack: () => void;
  /** A record became a server: the list shows it starting (its download, status and tools). */
  onAdded: (server: McpServerView) => void;
}

/**
 * Settings → Servers → Browse the MCP Registry: a page of its own inside Servers. Search (as the user
 * pauses typing), the registry's pages one "Load more" at a time, each record with what it can be
 * installed from; deprecated and removed records only when asked for. When the registry cannot be
 * reached, main answers from its cache and the page says so.
 */
export function RegistryBrowser({ onBack, onAdded }: RegistryBrowserProps) {
  const { t } = useTranslation();
  const titleId = useId();
  const searchId = useId();
  const inactiveId = useId();
  const [text, setText] = useState('');
  const [includeInactive, setIncludeInactive] = useState(false);
  const query = useDebouncedValue(text.trim(), SEARCH_DEBOUNCE_MS);
  const search = useRegistrySearch(query, includeInactive);
  const install = useRegistryInstall(onAdded);
  const { flow } = install;
  const searchRef = useRef<HTMLInputElement>(null);
  useEffect(() => searchRef.current?.focus(), []);

  // Main hides removed records unless asked; a page cached before the switch may still hold one.
  const servers = useMemo(
    () => search.pages.flatMap((page) => page.servers).filter((server) => includeInactive || server.status !== 'deleted'),
    [search.pages, includeInactive],
  );

  return (
    <section className="settings-section-page registry" aria-labelledby={titleId}>
      <div className="section-header">
        <div>
          <button type="button" className="button button--quiet registry__back" onClick={onBack}>
            <ArrowLeft size={16} aria-hidden />
            {t('settings/registry:back')}
          </button>
          <h2 id={titleId}>{t('settings/registry:title')}</h2>
          <p className="section-header__description">{t('settings/registry:description')}</p>
        </div>
      </div>
      <RegistryUrlLine />
      <div className="presets__filters">
        <label htmlFor={searchId} className="visually-hidden">
          {t('settings/registry:search')}
        </label>
        <input
          ref={searchRef}
          id={searchId}
          type="search"
          className="input presets__search"
          placeholder={t('settings/registry:search')}
          value={text}
          onChange={(event) => setText(event.target.value)}
        />
        <label htmlFor={inactiveId} className="registry__filters-check">
          <input id={inactiveId} type="checkbox" checked={includeInactive} onChange={(event) => setIncludeInactive(event.target.checked)} />
          {t('settings/registry:showInactive')}
        </label>
      </div>
      <FailureAlert error={install.failure} />
      <RegistryResultsState search={search} shown={servers.length} />
      {servers.length > 0 && (
        <ul className="registry__list" aria-label={t('settings/registry:resultsLabel')}>
          {servers.map((server) => (
            <RegistryEntry key={`${server.name}@${server.version}`} server={server} busy={install.busyName === server.name} onInstall={install.begin} />
          ))}
        </ul>
      )}
      {search.loadMoreError !== undefined && <FailureAlert error={toDisplayError(search.loadMoreError)} />}
      {search.hasMore && (
        <div className="registry__more">
          <button type="button" className="button" aria-disabled={search.loadingMore || undefined} onClick={() => !search.loadingMore && search.loadMore()}>
            {search.loadingMore ? t('settings/registry:loadingMore') : t('settings/registry:loadMore')}
          </button>
        </div>
      )}

      {flow.kind === 'choose' && (
        <RegistryOptionDialog server={flow.server} onChoose={(option) => void install.choose(flow.server, option)} onClose={install.close} returnFocus={install.opener} />
      )}
      {flow.kind === 'runtime' && (
        <RuntimeInstallDialog
          command={flow.command}
          status={flow.status}
          onClose={install.close}
          returnFocus={install.opener}
          onReady={() => void install.choose(flow.server, flow.option)}
        />
      )}
      {flow.kind === 'answers' && (
        <RegistryInstallDialog
          server={flow.server}
          option={flow.option}
          onSubmit={(inputs) => install.add(flow.server, flow.option, inputs)}
          onClose={install.close}
          returnFocus={install.opener}
        />
      )}
    </section>
  );
}
