import type { FocusEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { describedBy, FieldErrorText, FieldHint } from '../../../../../components/FieldMessage';
import { fieldErrorMessage } from './fieldErrorMessage';
import type { ArgumentRow, FieldKey, FormErrors, TextRowListName } from './types';
import { useFocusAfterRender } from './useFocusAfterRender';

/** The i18n keys for one list of single values; `{{index}}` is the 1-based row number. */
export interface TextRowLabels {
  legend: string;
  hint: string;
  item: string;
  add: string;
  remove: string;
}

export interface TextRowsProps {
  list: TextRowListName;
  idPrefix: string;
  labels: TextRowLabels;
  rows: ArgumentRow[];
  errors: FormErrors;
  newRowId: () => string;
  onChange: (rows: ArgumentRow[], field?: FieldKey) => void;
  onBlur: (field: FieldKey, event: FocusEvent) => void;
}

/**
 * A list of single values, one per row (the stdio command's arguments, its watch paths), so values
 * with spaces need no quoting.
 */
export function TextRows({ list, idPrefix, labels, rows, errors, newRowId, onChange, onBlur }: TextRowsProps) {
  const { t } = useTranslation();
  const focusLater = useFocusAfterRender();
  const hintId = `${idPrefix}-${list}-hint`;
  const addId = `${idPrefix}-${list}-add`;

  function add() {
    const row = { id: newRowId(), value: '' };
    onChange([...rows, row]);
    focusLater(`${idPrefix}-${list}-${row.id}`);
  }

  function remove(id: string) {
    onChange(rows.filter((row) => row.id !== id), `${list}:${id}`);
    focusLater(addId);
  }

  return (
    <fieldset className="rows">
      <legend className="field__label">{t(labels.legend)}</legend>
      <FieldHint id={hintId}>{t(labels.hint)}</FieldHint>
      {rows.map((row, index) => {
        const key: FieldKey = `${list}:${row.id}`;
        const inputId = `${idPrefix}-${list}-${row.id}`;
        const errorId = `${inputId}-error`;
        const error = fieldErrorMessage(t, errors[key]);
        const position = { index: index + 1 };
        return (
          <div key={row.id} className="rows__row">
            <label htmlFor={inputId} className="visually-hidden">
              {t(labels.item, position)}
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
            <button type="button" className="button button--quiet" aria-label={t(labels.remove, position)} onClick={() => remove(row.id)}>
              {t('settings/tools:form.removeRow')}
            </button>
            <FieldErrorText id={errorId} message={error} />
          </div>
        );
      })}
      <button id={addId} type="button" className="button" onClick={add}>
        {t(labels.add)}
      </button>
    </fieldset>
  );
}
