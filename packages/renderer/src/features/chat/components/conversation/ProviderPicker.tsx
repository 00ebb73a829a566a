import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import type { ProviderRecord } from '@elftia/desktop/shared/contracts/providers.ts';

export interface ProviderPickerProps {
  providers: ProviderRecord[];
  providerId: string | undefined;
  model: string | undefined;
  disabled?: boolean;
  onChange: (choice: { providerId: string; model: string | undefined }) => void;
  onSetUpProviders: () => void;
}

/** Which provider and model answer in this conversation; switching provider picks its first model. */
export function ProviderPicker({ providers, providerId, model, disabled, onChange, onSetUpProviders }: ProviderPickerProps) {
  const { t } = useTranslation();
  const id = useId();
  if (providers.length === 0) {
    return (
      <div className="provider-picker provider-picker--empty">
        <p>{t('chat/conversations:provider.none')}</p>
        <button type="button" className="button" onClick={onSetUpProviders}>
          {t('chat/conversations:provider.setUp')}
        </button>
      </div>
    );
  }
  const provider = providers.find((p) => p.id === providerId);
  // A model typed into an older provider config stays selectable rather than silently switching.
  const models = provider ? (model && !provider.models.includes(model) ? [...provider.models, model] : provider.models) : [];
  return (
    <div className="provider-picker">
      <div className="field field--compact">
        <label htmlFor={`${id}-provider`} className="field__label">
          {t('chat/conversations:provider.label')}
        </label>
        <select
          id={`${id}-provider`}
          className="input"
          value={provider ? provider.id : ''}
          disabled={disabled}
          onChange={(event) => {
            const next = providers.find((p) => p.id === event.target.value);
            if (next) onChange({ providerId: next.id, model: next.models[0] });
          }}
        >
          {!provider && (
            <option value="" disabled>
              {providerId ? t('chat/conversations:provider.missing') : t('chat/conversations:provider.choose')}
            </option>
          )}
          {providers.map((p) => (
            <option key={p.id} value={p.id}>
              {p.name}
            </option>
          ))}
        </select>
      </div>
      <div className="field field--compact">
        <label htmlFor={`${id}-model`} className="field__label">
          {t('chat/conversations:provider.model')}
        </label>
        <select
          id={`${id}-model`}
          className="input"
          value={model ?? ''}
          disabled={disabled || !provider}
          onChange={(event) => provider && onChange({ providerId: provider.id, model: event.target.value })}
        >
          {!model && (
            <option value="" disabled>
              {t('chat/conversations:provider.chooseModel')}
            </option>
          )}
          {models.map((m) => (
            <option key={m} value={m}>
              {m}
            </option>
          ))}
        </select>
      </div>
    </div>
  );
}
