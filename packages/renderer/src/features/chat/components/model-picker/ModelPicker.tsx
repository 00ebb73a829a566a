import { Command } from 'cmdk';
import { Check, ChevronDown, RefreshCw } from 'lucide-react';
import { Popover } from 'radix-ui';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ProviderRecord } from '@elftia/desktop/shared/contracts/providers.ts';
import { toDisplayError } from '../../../../lib/appError';
import { errorText } from '../../../../lib/errorText';
import { choicesFor, matching, type ModelChoice } from '../../model/modelChoices';
import { type ModelListState, useProviderModels } from '../../model/useProviderModels';
import './model-picker.css';

export interface ModelPickerProps {
  providers: ProviderRecord[];
  providerId: string | undefined;
  model: string | undefined;
  disabled?: boolean;
  onChange: (choice: { providerId: string; model: string }) => void;
  onSetUpProviders: () => void;
}

/**
 * Which provider and model answer in this conversation: a compact button opening a searchable list
 * of every provider's models — those set up in Settings first, then those the provider lists (read
 * when the picker opens, cached, refreshable) — and, for a name the lists do not show, "Use …"
 * with the conversation's provider. The list and its keyboard handling are cmdk's (a maintained
 * command-menu library); the popover is Radix's.
 */
export function ModelPicker({ providers, providerId, model, disabled, onChange, onSetUpProviders }: ModelPickerProps) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const [search, setSearch] = useState('');
  const models = useProviderModels(providers, open);
  if (providers.length === 0) {
    return (
      <div className="model-picker model-picker--empty">
        <p>{t('chat/conversations:provider.none')}</p>
        <button type="button" className="button" onClick={onSetUpProviders}>
          {t('chat/conversations:provider.setUp')}
        </button>
      </div>
    );
  }
  const current = providers.find((p) => p.id === providerId);
  const providerLabel = current?.name ?? (providerId ? t('chat/models:removedProvider') : '');
  const triggerLabel = model ? t('chat/models:trigger', { model, provider: providerLabel }) : t('chat/models:triggerNone');
  // A typed name goes to the conversation's provider (the first one when it has none yet).
  const typedTarget = current ?? providers[0];
  const typed = search.trim();

  function choose(next: { providerId: string; model: string }) {
    setOpen(false);
    setSearch('');
    onChange(next);
  }

  const groups = providers.map((provider) => {
    const list = models.lists.get(provider.id);
    const listed = list?.kind === 'done' && list.result.ok ? list.result.models : undefined;
    const choices = matching(choicesFor(provider, listed, provider.id === providerId ? model : undefined), provider.name, typed);
    return { provider, list, choices };
  });
  const typedIsListed = typedTarget !== undefined && groups.some((group) => group.provider.id === typedTarget.id && group.choices.some((c) => c.id === typed));

  return (
    <Popover.Root
      open={open}
      onOpenChange={(next) => {
        setOpen(next);
        if (!next) setSearch('');
      }}
    >
      <Popover.Trigger asChild>
        <button type="button" className="model-picker__trigger" disabled={disabled} aria-label={triggerLabel} data-testid="model-picker">
          <span className="model-picker__model">{model ?? t('chat/models:choose')}</span>
          {providerLabel !== '' && <span className="model-picker__provider">{providerLabel}</span>}
          <ChevronDown aria-hidden="true" size={14} />
        </button>
      </Popover.Trigger>
      <Popover.Portal>
        <Popover.Content className="model-picker__popover" align="start" sideOffset={6} collisionPadding={8}>
          {/* cmdk names its input by the root's label. */}
          <Command label={t('chat/models:search')} shouldFilter={false} loop>
            <Command.Input className="input model-picker__search" value={search} onValueChange={setSearch} placeholder={t('chat/models:searchPlaceholder')} />
            <Command.List className="model-picker__list" label={t('chat/models:list')}>
              {typed !== '' && typedTarget && !typedIsListed && (
                <Command.Group heading={t('chat/models:typedGroup')}>
                  <Command.Item value={`typed\u0000${typed}`} onSelect={() => choose({ providerId: typedTarget.id, model: typed })} className="model-picker__item">
                    {t('chat/models:useTyped', { model: typed, provider: typedTarget.name })}
                  </Command.Item>
                </Command.Group>
              )}
              {groups.map(({ provider, list, choices }) => (
                <Command.Group key={provider.id} heading={provider.name}>
                  {choices.map((choice) => (
                    <ChoiceItem key={choice.id} choice={choice} selected={provider.id === providerId && choice.id === model} onSelect={() => choose({ providerId: provider.id, model: choice.id })} />
                  ))}
                  <ListStatus state={list} onRetry={() => void models.refresh(provider.id)} />
                </Command.Group>
              ))}
              <Command.Empty>{t('chat/models:noMatch')}</Command.Empty>
            </Command.List>
          </Command>
          <div className="model-picker__footer">
            <button type="button" className="button button--quiet" onClick={() => void models.refresh()} aria-disabled={models.refreshing || undefined}>
              <RefreshCw aria-hidden="true" size={14} />
              {t(models.refreshing ? 'chat/models:refreshing' : 'chat/models:refresh')}
            </button>
          </div>
        </Popover.Content>
      </Popover.Portal>
    </Popover.Root>
  );
}

function ChoiceItem({ choice, selected, onSelect }: { choice: ModelChoice; selected: boolean; onSelect: () => void }) {
  const { t } = useTranslation();
  return (
    <Command.Item value={`${choice.providerId}\u0000${choice.id}`} onSelect={onSelect} className="model-picker__item" data-selected-model={selected || undefined}>
      <Check aria-hidden="true" size={14} className="model-picker__check" />
      {/* Wraps as a whole: a long id takes the line and its display name goes under it. */}
      <span className="model-picker__label">
        <span className="model-picker__id">{choice.id}</span>
        {choice.name && <span className="model-picker__name">{choice.name}</span>}
      </span>
      {choice.isDefault && <span className="model-picker__badge">{t('chat/models:default')}</span>}
      {selected && <span className="visually-hidden">{t('chat/models:current')}</span>}
    </Command.Item>
  );
}

/** Under a provider's models: that its list is loading, or why it could not be read (with a retry). */
function ListStatus({ state, onRetry }: { state: ModelListState | undefined; onRetry: () => void }) {
  const { t } = useTranslation();
  if (state === undefined || state.kind === 'loading') return <p className="model-picker__status">{t('chat/models:loading')}</p>;
  let reason: string | undefined;
  if (state.kind === 'failed') {
    const shown = toDisplayError(state.error);
    reason = errorText(t, shown.code, shown.params);
  }
  else if (!state.result.ok) {
    const { code, status, detail } = state.result;
    reason = errorText(t, code, { detail: detail ?? '', status: status ?? '' });
  }
  if (reason === undefined) return null;
  return (
    <p className="model-picker__status model-picker__status--error">
      {t('chat/models:listFailed', { reason })}{' '}
      <button type="button" className="button button--quiet" onClick={onRetry}>
        {t('chat/models:retry')}
      </button>
    </p>
  );
}
