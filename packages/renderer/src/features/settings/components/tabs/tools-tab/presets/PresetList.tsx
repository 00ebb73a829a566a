import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useId, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { McpPresetView, McpServerView } from '@elftia/desktop/router';
import { type DependencyCommand, type DependencyStatus, dependencyCommandOf } from '@elftia/desktop/shared/contracts/dependencies.ts';
import { PRESET_CATEGORIES, type PresetAnswers } from '@elftia/desktop/shared/mcp-presets.ts';
import { useApi } from '../../../../../../lib/api';
import { type DisplayError, errorMessageKey, toDisplayError } from '../../../../../../lib/appError';
import { useTRPC } from '../../../../../../lib/query';
import { RuntimeInstallDialog } from '../runtime/RuntimeInstallDialog';
import { PresetCard } from './PresetCard';
import { PresetDialog } from './PresetDialog';
import { type CategoryFilter, filterPresets, needsAnswers } from './presetFilter';
import { FailureAlert } from '../../../../../../components/FailureAlert';

type Flow =
  | { kind: 'none' }
  /** Looking for the preset's runtime (npx, uvx) before anything else. */
  | { kind: 'checking'; view: McpPresetView }
  | { kind: 'runtime'; view: McpPresetView; command: DependencyCommand; status: DependencyStatus }
  | { kind: 'answers'; view: McpPresetView }
  | { kind: 'adding'; view: McpPresetView };

const CATEGORY_KEYS: Record<CategoryFilter, string> = {
  all: 'settings/presets:categories.all',
  search: 'settings/presets:categories.search',
  vision: 'settings/presets:categories.vision',
  'web-reading': 'settings/presets:categories.web-reading',
  'code-repo': 'settings/presets:categories.code-repo',
  general: 'settings/presets:categories.general',
};

export interface PresetListProps {
  /** The configured servers; the list is asked again when they change (its "added" badges). */
  servers: readonly McpServerView[] | undefined;
  /** A preset became a server (its row then shows it starting, and its tools). */
  onAdded?: (server: McpServerView) => void;
}

/**
 * What decides the cards' "added" badges: each server's id, transport, command, arguments and URL;
 * undefined until the list first arrives.
 */
function addedKey(servers: readonly McpServerView[] | undefined): string | undefined {
  return servers?.map((s) => [s.id, s.type, s.config.command, ...(s.config.args ?? []), s.config.url].join('\u0000')).join('\u0001');
}

/**
 * The official presets (and a team's own, from the data directory): by category, searchable, each
 * added with one click. A stdio preset whose runtime is missing offers to install it first; a preset
 * that needs a key or a folder asks in a dialog; then the server is added, starts on its own (its
 * first start shows as "installing" in the server list) and its tools appear there.
 */
export function PresetList({ servers, onAdded }: PresetListProps) {
  const { t } = useTranslation();
  const api = useApi();
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const titleId = useId();
  const searchId = useId();
  // Asked again on every visit of the section (staleTime 0): servers added or removed meanwhile, here or
  // by the CLI, change the cards' "added" badges.
  const presets = useQuery({ ...trpc.mcp.presets.list.queryOptions(), staleTime: 0 });
  const views = presets.data;
  const loadError = presets.error ? toDisplayError(presets.error) : undefined;
  const [category, setCategory] = useState<CategoryFilter>('all');
  const [search, setSearch] = useState('');
  const [flow, setFlow] = useState<Flow>({ kind: 'none' });
  const [failure, setFailure] = useState<DisplayError>();
  const [notice, setNotice] = useState<string>();
  // The runtime and answer dialogs open after the button was disabled for the runtime check, which
  // takes focus away from it: they are told where focus belongs when they close.
  const [opener, setOpener] = useState<HTMLElement | null>(null);

  // Asked again only when what decides "added" changes (a server added or removed here, by the CLI
  // or in another window): the list is pushed on every connection state change too, several times a
  // second while a package downloads. Its first arrival is no change.
  const serversKey = addedKey(servers);
  const previousKey = useRef(serversKey);
  useEffect(() => {
    const previous = previousKey.current;
    previousKey.current = serversKey;
    if (previous !== undefined && previous !== serversKey) void queryClient.invalidateQueries({ queryKey: trpc.mcp.presets.list.queryKey() });
  }, [serversKey, queryClient, trpc]);

  const describe = useCallback(
    (view: McpPresetView) => t(`settings/presets:descriptions.${view.preset.id}`, { defaultValue: view.preset.description }),
    [t],
  );
  const shown = useMemo(() => filterPresets(views ?? [], category, search, describe), [views, category, search, describe]);

  async function begin(view: McpPresetView, button: HTMLElement) {
    setOpener(button);
    setFailure(undefined);
    setNotice(undefined);
    const command = view.preset.transportType === 'stdio' ? dependencyCommandOf(view.preset.command) : undefined;
    if (command) {
      setFlow({ kind: 'checking', view });
      try {
        const status = await api.mcp.dependencies.check.query({ command });
        if (!status.found) {
          setFlow({ kind: 'runtime', view, command, status });
          return;
        }
      } catch (error) {
        setFailure(toDisplayError(error));
        setFlow({ kind: 'none' });
        return;
      }
    }
    proceed(view);
  }

  function proceed(view: McpPresetView) {
    if (needsAnswers(view)) setFlow({ kind: 'answers', view });
    else void addNow(view);
  }

  async function add(view: McpPresetView, answers: PresetAnswers): Promise<McpServerView> {
    const server = await api.mcp.presets.add.mutate({ presetId: view.preset.id, ...answers });
    void queryClient.invalidateQueries({ queryKey: trpc.mcp.presets.list.queryKey() });
    setNotice(t('settings/tools:presets.addedNotice', { name: server.name }));
    onAdded?.(server);
    return server;
  }

  async function addNow(view: McpPresetView) {
    setFlow({ kind: 'adding', view });
    try {
      await add(view, {});
    } catch (error) {
      setFailure(toDisplayError(error));
    } finally {
      setFlow({ kind: 'none' });
    }
  }

  const busyId = flow.kind === 'checking' || flow.kind === 'adding' ? flow.view.preset.id : undefined;
  const close = () => setFlow({ kind: 'none' });

  return (
    <section className="presets settings-section-page" aria-labelledby={titleId}>
      <div className="section-header">
        <div>
          <h2 id={titleId}>{t('settings/tools:presets.title')}</h2>
          <p className="section-header__description">{t('settings/tools:presets.description')}</p>
        </div>
      </div>
      <div className="presets__filters">
        <label htmlFor={searchId} className="visually-hidden">
          {t('settings/tools:presets.search')}
        </label>
        <input
          id={searchId}
          type="search"
          className="input presets__search"
          placeholder={t('settings/tools:presets.search')}
          value={search}
          onChange={(event) => setSearch(event.target.value)}
        />
        <div className="presets__categories" role="group" aria-label={t('settings/tools:presets.categories')}>
          {(['all', ...PRESET_CATEGORIES] as const).map((value) => (
            <button
              key={value}
              type="button"
              className={category === value ? 'chip chip--selected' : 'chip'}
              aria-pressed={category === value}
              onClick={() => setCategory(value)}
            >
              {t(CATEGORY_KEYS[value])}
            </button>
          ))}
        </div>
      </div>
      {notice && (
        <p className="presets__notice" role="status">
          {notice}
        </p>
      )}
      <FailureAlert error={failure} />
      {loadError && (
        <p className="form__failure" role="alert">
          {t('settings/tools:presets.loadFailed')} {t(errorMessageKey(loadError.code))}
        </p>
      )}
      {views === undefined ? (
        loadError === undefined && <p className="empty-state">{t('settings/tools:presets.loading')}</p>
      ) : shown.length === 0 ? (
        <p className="empty-state">{t('settings/tools:presets.noMatch')}</p>
      ) : (
        <ul className="presets__grid" aria-label={t('settings/tools:presets.title')}>
          {shown.map((view) => (
            <PresetCard key={view.preset.id} view={view} busy={busyId === view.preset.id} onAdd={(v, button) => void begin(v, button)} />
          ))}
        </ul>
      )}
      {flow.kind === 'runtime' && (
        <RuntimeInstallDialog
          command={flow.command}
          status={flow.status}
          onClose={close}
          returnFocus={opener}
          onReady={() => proceed(flow.view)}
        />
      )}
      {flow.kind === 'answers' && <PresetDialog view={flow.view} onSubmit={(answers) => add(flow.view, answers)} onClose={close} returnFocus={opener} />}
    </section>
  );
}
