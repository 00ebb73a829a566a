import type { FocusEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { describedBy, FieldErrorText, FieldHint } from '../../../../../components/FieldMessage';
import { fieldErrorMessage } from './fieldErrorMessage';
import type { ArgumentRow, FieldKey, FormErrors } from './types';
import { useFocusAfterRender } from './useFocusAfterRender';

export interface ArgumentRowsProps {
  idPrefix: string;
  rows: ArgumentRow[];
  errors: FormErrors;
  newRowId: () => string;
  onChange: (rows: ArgumentRow[], field?: FieldKey) => void;
  onBlur: (field: FieldKey, event: FocusEvent) => void;
}

/** The stdio command's arguments, one per row, so values with spaces need no quoting. */
export function ArgumentRows({ idPrefix, rows, errors, newRowId, onChange, onBlur }: ArgumentRowsProps) {
  const { t } = useTranslation();
  const focusLater = useFocusAfterRender();
  const hintId = `${idPrefix}-args-hint`;
  const addId = `${idPrefix}-args-add`;

  function add() {
    const row = { id: newRowId(), value: '' };
    onChange([...rows, row]);
    focusLater(`${idPrefix}-args-${row.id}`);
  }

  function remove(id: string) {
    onChange(rows.filter((row) => row.id !== id), `args:${id}`);
    focusLater(addId);
  }

  return (
    <fieldset className="rows">
      <legend className="field__label">{t('settings/tools:form.arguments')}</legend>
      <FieldHint id={hintId}>{t('settings/tools:form.argumentsHint')}</FieldHint>
      {rows.map((row, index) => {
        const key: FieldKey = `args:${row.id}`;
        const inputId = `${idPrefix}-args-${row.id}`;
        const errorId = `${inputId}-error`;
        const error = fieldErrorMessage(t, errors[key]);
        const position = index + 1;
        return (
          <div key={row.id} className="rows__row">
            <label htmlFor={inputId} className="visually-hidden">
              {t('settings/tools:form.argument', { index: position })}
            </label>
            <input
              id={inputId}
              className="input rows__input"
              value={row.value}
              onChange={(event) => onChange(rows.map((r) => (r.id === row.id ? { ...r, value: event.target.value } : r)), key)}
              onBlur={(event) => onBlur(key, event)}
              aria-invalid={error ? true : undefined}
              aria-describedby={describedBy(error && errorId, hintId)}
              spellCheck={false}
              autoComplete="off"
            />
            <button
              type="button"
              className="button button--quiet"
              aria-label={t('settings/tools:form.removeArgument', { index: position })}
              onClick={() => remove(row.id)}
            >
              {t('settings/tools:form.removeRow')}
            </button>
            <FieldErrorText id={errorId} message={error} />
          </div>
        );
      })}
      <button id={addId} type="button" className="button" onClick={add}>
        {t('settings/tools:form.addArgument')}
      </button>
    </fieldset>
  );
}
