import { type FormEvent, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { CompleteInput } from '@elftia/desktop/shared/contracts/mcp-resources.ts';
import { useCompletion } from './useCompletion';

export interface ArgumentField {
  name: string;
  label?: string;
  description?: string;
  required: boolean;
}

export interface ArgumentFormProps {
  serverId: string;
  /** What the values complete against: the prompt, or the template's URI template. */
  completeRef: CompleteInput['ref'];
  /** Whether the server answers completion/complete. */
  canComplete: boolean;
  fields: ArgumentField[];
  submitLabel: string;
  busy: boolean;
  onSubmit: (values: Record<string, string>) => void;
  onCancel: () => void;
}

/**
 * The values of a prompt's arguments or a template's variables: one field each (required ones marked
 * and checked), with the server's suggestions for the field being typed in, narrowed by the others.
 */
export function ArgumentForm({ serverId, completeRef, canComplete, fields, submitLabel, busy, onSubmit, onCancel }: ArgumentFormProps) {
  const { t } = useTranslation();
  const id = useId();
  const [values, setValues] = useState<Record<string, string>>({});
  const [active, setActive] = useState<string>();
  const [missing, setMissing] = useState<string[]>([]);
  const others = Object.fromEntries(Object.entries(values).filter(([name, value]) => name !== active && value !== ''));
  const suggestions = useCompletion(
    canComplete && active !== undefined
      ? { id: serverId, ref: completeRef, argument: { name: active, value: values[active] ?? '' }, ...(Object.keys(others).length > 0 ? { context: others } : {}) }
      : undefined,
  );
  const shown = suggestions.filter((value) => value !== (active ? values[active] : undefined));

  function set(name: string, value: string) {
    setValues((current) => ({ ...current, [name]: value }));
    setMissing((current) => current.filter((field) => field !== name));
  }

  function submit(event: FormEvent) {
    event.preventDefault();
    event.stopPropagation();
    const empty = fields.filter((field) => field.required && (values[field.name] ?? '').trim() === '').map((field) => field.name);
    setMissing(empty);
    if (empty.length > 0) return;
    onSubmit(Object.fromEntries(Object.entries(values).filter(([, value]) => value !== '')));
  }

  return (
    <form className="argument-form" onSubmit={submit} noValidate aria-busy={busy}>
      {fields.length === 0 && <p className="field__hint">{t('chat/resources:noArguments')}</p>}
      {fields.map((field) => {
        const inputId = `${id}-${field.name}`;
        const hintId = `${inputId}-hint`;
        const errorId = `${inputId}-error`;
        const isMissing = missing.includes(field.name);
        return (
          <div key={field.name} className="field argument-form__field">
            <label htmlFor={inputId} className="field__label">
              {field.label ?? field.name}
              {field.required && (
                <span className="argument-form__required" aria-hidden>
                  {' *'}
                </span>
              )}
              {field.required && <span className="visually-hidden">{t('chat/resources:required')}</span>}
            </label>
            <input
              id={inputId}
              className="input"
              value={values[field.name] ?? ''}
              autoComplete="off"
              aria-required={field.required}
              aria-invalid={isMissing || undefined}
              aria-describedby={[field.description ? hintId : '', isMissing ? errorId : ''].filter(Boolean).join(' ') || undefined}
              onFocus={() => setActive(field.name)}
              onChange={(event) => set(field.name, event.target.value)}
            />
            {field.description && (
              <p id={hintId} className="field__hint">
                {field.description}
              </p>
            )}
            {isMissing && (
              <p id={errorId} className="field__error" role="alert">
                {t('chat/resources:requiredMissing')}
              </p>
            )}
            {active === field.name && shown.length > 0 && (
              <ul className="argument-form__suggestions" aria-label={t('chat/resources:suggestions', { name: field.label ?? field.name })}>
                {shown.slice(0, 8).map((value) => (
                  <li key={value}>
                    <button type="button" className="argument-form__suggestion" onClick={() => set(field.name, value)}>
                      {value}
                    </button>
                  </li>
                ))}
              </ul>
            )}
          </div>
        );
      })}
      <div className="argument-form__actions">
        <button type="button" className="button button--quiet" onClick={onCancel}>
          {t('chat/resources:back')}
        </button>
        <button type="submit" className="button button--primary" disabled={busy}>
          {submitLabel}
        </button>
      </div>
    </form>
  );
}
