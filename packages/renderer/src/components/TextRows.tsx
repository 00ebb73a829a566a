import type { FocusEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { type FieldErrorLike, fieldErrorMessage } from '../lib/fieldErrorMessage';
import { useFocusAfterRender } from '../lib/useFocusAfterRender';
import { describedBy, FieldErrorText, FieldHint } from './FieldMessage';

/** One row of a single-value list. */
export interface TextRow {
  /** Stable React key; rows are added and removed in the middle. */
  id: string;
  value: string;
}

/** The i18n keys for one list of single values; `{{index}}` is the 1-based row number. */
export interface TextRowLabels {
  legend: string;
  hint: string;
  item: string;
  add: string;
  /** The remove button's accessible name. */
  remove: string;
  /** The remove button's visible text. */
  removeRow: string;
}

export interface TextRowsProps<Key extends string> {
  /** Names the ids (`<idPrefix>-<list>-…`) and each row's field key (`<list>:<row id>`). */
  list: string;
  idPrefix: string;
  labels: TextRowLabels;
  rows: TextRow[];
  errors: Partial<Record<Key, FieldErrorLike>>;
  newRowId: () => string;
  /**
   * The list's own field, when the schema also judges the list as a whole (e.g. "at least one"): its
   * error shows under the rows and marks the first input, adding a row clears it, and leaving any
   * row marks it visited. Without it, each row is its own field.
   */
  listField?: Key;
  onChange: (rows: TextRow[], field?: Key) => void;
  onBlur: (field: Key, event: FocusEvent) => void;
}

/**
 * A list of single values, one per row (a stdio command's arguments or watch paths, a provider's
 * models), so values with spaces need no quoting.
 */
export function TextRows<Key extends string>({ list, idPrefix, labels, rows, errors, newRowId, listField, onChange, onBlur }: TextRowsProps<Key>) {
  const { t } = useTranslation();
  const focusLater = useFocusAfterRender();
  const hintId = `${idPrefix}-${list}-hint`;
  const listErrorId = `${idPrefix}-${list}-error`;
  const addId = `${idPrefix}-${list}-add`;
  const listError = listField && fieldErrorMessage(t, errors[listField]);
  const rowKey = (id: string) => `${list}:${id}` as Key;

  function add() {
    const row = { id: newRowId(), value: '' };
    onChange([...rows, row], listField);
    focusLater(`${idPrefix}-${list}-${row.id}`);
  }

  function remove(id: string) {
    onChange(rows.filter((row) => row.id !== id), rowKey(id));
    focusLater(addId);
  }

  return (
    <fieldset className="rows">
      <legend className="field__label">{t(labels.legend)}</legend>
      <FieldHint id={hintId}>{t(labels.hint)}</FieldHint>
      {rows.map((row, index) => {
        const key = rowKey(row.id);
        const inputId = `${idPrefix}-${list}-${row.id}`;
        const errorId = `${inputId}-error`;
        const error = fieldErrorMessage(t, errors[key]);
        const firstWithListError = index === 0 && listError;
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
              onBlur={(event) => onBlur(listField ?? key, event)}
              aria-invalid={error || firstWithListError ? true : undefined}
              aria-describedby={describedBy(error && errorId, firstWithListError && listErrorId, hintId)}
              spellCheck={false}
              autoComplete="off"
            />
            <button type="button" className="button button--quiet" aria-label={t(labels.remove, position)} onClick={() => remove(row.id)}>
              {t(labels.removeRow)}
            </button>
            <FieldErrorText id={errorId} message={error} />
          </div>
        );
      })}
      {listField && <FieldErrorText id={listErrorId} message={listError} />}
      <button id={addId} type="button" className="button" onClick={add}>
        {t(labels.add)}
      </button>
    </fieldset>
  );
}
