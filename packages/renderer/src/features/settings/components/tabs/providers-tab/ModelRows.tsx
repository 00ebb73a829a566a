import type { FocusEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { describedBy, FieldErrorText, FieldHint } from '../../../../../components/FieldMessage';
import { fieldErrorMessage } from '../tools-tab/fieldErrorMessage';
import { useFocusAfterRender } from '../tools-tab/useFocusAfterRender';
import type { ModelRow, NewRowId, ProviderFieldKey, ProviderFormErrors } from './providerFormModel';

export interface ModelRowsProps {
  idPrefix: string;
  rows: ModelRow[];
  errors: ProviderFormErrors;
  newRowId: NewRowId;
  onChange: (rows: ModelRow[], field?: ProviderFieldKey) => void;
  onBlur: (field: ProviderFieldKey, event: FocusEvent) => void;
}

/** The provider's model names, one per row; the first is the default for new conversations. */
export function ModelRows({ idPrefix, rows, errors, newRowId, onChange, onBlur }: ModelRowsProps) {
  const { t } = useTranslation();
  const focusLater = useFocusAfterRender();
  const hintId = `${idPrefix}-models-hint`;
  const listErrorId = `${idPrefix}-models-error`;
  const addId = `${idPrefix}-models-add`;
  const listError = fieldErrorMessage(t, errors.models);

  function add() {
    const row = { id: newRowId(), value: '' };
    onChange([...rows, row], 'models');
    focusLater(`${idPrefix}-model-${row.id}`);
  }

  function remove(id: string) {
    onChange(rows.filter((row) => row.id !== id), `models:${id}`);
    focusLater(addId);
  }

  return (
    <fieldset className="rows">
      <legend className="field__label">{t('settings/providers:form.models')}</legend>
      <FieldHint id={hintId}>{t('settings/providers:form.modelsHint')}</FieldHint>
      {rows.map((row, index) => {
        const key: ProviderFieldKey = `models:${row.id}`;
        const inputId = `${idPrefix}-model-${row.id}`;
        const error = fieldErrorMessage(t, errors[key]);
        const position = { index: index + 1 };
        return (
          <div key={row.id} className="rows__row">
            <label htmlFor={inputId} className="visually-hidden">
              {t('settings/providers:form.model', position)}
            </label>
            <input
              id={inputId}
              className="input rows__input"
              value={row.value}
              onChange={(event) => onChange(rows.map((r) => (r.id === row.id ? { ...r, value: event.target.value } : r)), key)}
              onBlur={(event) => onBlur('models', event)}
              aria-invalid={error || (index === 0 && listError) ? true : undefined}
              aria-describedby={describedBy(error && `${inputId}-error`, index === 0 && listError && listErrorId, hintId)}
              spellCheck={false}
              autoComplete="off"
            />
            <button type="button" className="button button--quiet" aria-label={t('settings/providers:form.removeModel', position)} onClick={() => remove(row.id)}>
              {t('settings/providers:form.removeRow')}
            </button>
            <FieldErrorText id={`${inputId}-error`} message={error} />
          </div>
        );
      })}
      <FieldErrorText id={listErrorId} message={listError} />
      <button id={addId} type="button" className="button" onClick={add}>
        {t('settings/providers:form.addModel')}
      </button>
    </fieldset>
  );
}
