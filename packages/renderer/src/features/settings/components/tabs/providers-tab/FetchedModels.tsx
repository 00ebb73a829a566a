import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ProviderDraftModelsInput, ProviderModelsResult } from '@elftia/desktop/shared/contracts/providers.ts';
import { useApi } from '../../../../../lib/api';
import { readAppError, toDisplayError } from '../../../../../lib/appError';
import { errorText } from '../../../../../lib/errorText';
import { fieldErrorMessage } from '../../../../../lib/fieldErrorMessage';
import './provider-models.css';

type FetchState = { kind: 'idle' } | { kind: 'fetching' } | { kind: 'done'; result: ProviderModelsResult } | { kind: 'failed'; reason: string };

/** The form fields a draft-models failure can name, with their labels. */
const FIELD_LABELS: Record<string, string> = {
  kind: 'settings/providers:form.kind',
  baseUrl: 'settings/providers:form.baseUrl',
  apiKey: 'settings/providers:form.apiKey',
};

export interface FetchedModelsProps {
  /** The address and key as typed (and the provider's id when editing, for its stored key). */
  draft: ProviderDraftModelsInput;
  /** The models the form holds now; their boxes are ticked. */
  chosen: readonly string[];
  onToggle: (model: string, add: boolean) => void;
}

/**
 * The provider form's "Fetch models": asks the provider for its list with what is typed (nothing is
 * saved), then lists the answer with a search; ticking a model adds it to the form's models, so
 * nobody copies names by hand. A failure reads like "Test connection"'s, or names the field to fix.
 */
export function FetchedModels({ draft, chosen, onToggle }: FetchedModelsProps) {
  const { t } = useTranslation();
  const api = useApi();
  const idPrefix = useId();
  const [state, setState] = useState<FetchState>({ kind: 'idle' });
  const [search, setSearch] = useState('');

  async function fetchModels() {
    if (state.kind === 'fetching') return;
    setState({ kind: 'fetching' });
    try {
      setState({ kind: 'done', result: await api.providers.draftModels.mutate(draft) });
    } catch (error) {
      setState({ kind: 'failed', reason: failureText(error) });
    }
  }

  function failureText(error: unknown): string {
    const first = readAppError(error)?.fieldErrors?.[0];
    if (first) {
      const label = FIELD_LABELS[first.field];
      const message = fieldErrorMessage(t, first) ?? '';
      return label ? t('settings/providers:fetch.fieldError', { field: t(label), message }) : message;
    }
    const shown = toDisplayError(error);
    return errorText(t, shown.code, shown.params);
  }

  let status: string | undefined;
  let failed = false;
  if (state.kind === 'fetching') status = t('settings/providers:fetch.fetching');
  else if (state.kind === 'failed') {
    failed = true;
    status = t('settings/providers:fetch.failed', { reason: state.reason });
  } else if (state.kind === 'done' && !state.result.ok) {
    failed = true;
    const { code, status: http, detail } = state.result;
    let reason = errorText(t, code, { detail: detail ?? '', status: http ?? '' });
    if (http !== undefined) reason = `${reason} ${t('settings/providers:test.httpStatus', { status: http })}`;
    status = t('settings/providers:fetch.failed', { reason });
  } else if (state.kind === 'done' && state.result.ok) status = t('settings/providers:fetch.found', { count: state.result.models.length });

  const listed = state.kind === 'done' && state.result.ok ? state.result.models : [];
  const words = search.toLowerCase().split(/\s+/).filter((word) => word !== '');
  const shown = listed.filter((model) => words.every((word) => `${model.id} ${model.name ?? ''}`.toLowerCase().includes(word)));
  const searchId = `${idPrefix}-search`;

  return (
    <div className="fetched-models">
      <div className="fetched-models__bar">
        <button type="button" className="button" onClick={() => void fetchModels()} aria-disabled={state.kind === 'fetching' || undefined}>
          {t(state.kind === 'idle' ? 'settings/providers:fetch.button' : 'settings/providers:fetch.again')}
        </button>
        {/* Always rendered, so the live region exists before its text changes and the outcome is announced. */}
        <p role="status" className={failed ? 'fetched-models__status fetched-models__status--error' : 'fetched-models__status'} data-testid="fetched-models-status">
          {status}
        </p>
      </div>
      {listed.length > 0 && (
        <fieldset className="fetched-models__list">
          <legend className="visually-hidden">{t('settings/providers:fetch.listLegend')}</legend>
          <label htmlFor={searchId} className="visually-hidden">
            {t('settings/providers:fetch.search')}
          </label>
          <input
            id={searchId}
            type="search"
            className="input fetched-models__search"
            value={search}
            onChange={(event) => setSearch(event.target.value)}
            placeholder={t('settings/providers:fetch.searchPlaceholder')}
            autoComplete="off"
            spellCheck={false}
          />
          <ul className="fetched-models__items">
            {shown.map((model) => {
              const boxId = `${idPrefix}-m-${encodeURIComponent(model.id)}`;
              const checked = chosen.includes(model.id);
              return (
                <li key={model.id} className="fetched-models__item">
                  <input id={boxId} type="checkbox" checked={checked} onChange={(event) => onToggle(model.id, event.target.checked)} />
                  <label htmlFor={boxId}>
                    <span className="fetched-models__id">{model.id}</span>
                    {model.name && <span className="fetched-models__name">{model.name}</span>}
                  </label>
                </li>
              );
            })}
          </ul>
          {shown.length === 0 && <p className="fetched-models__empty">{t('settings/providers:fetch.noMatch')}</p>}
        </fieldset>
      )}
    </div>
  );
}
