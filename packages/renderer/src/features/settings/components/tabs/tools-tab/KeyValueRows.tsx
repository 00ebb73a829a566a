import type { FocusEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { describedBy, FieldErrorText } from '../../../../../components/FieldMessage';
import { fieldErrorMessage } from '../../../../../lib/fieldErrorMessage';
import type { FieldKey, FormErrors, FormFieldError, KeyValueRow } from './types';
import { SECRET_SET } from '@elftia/desktop/shared/contracts/secrets.ts';
import { valueKind } from './secretValue';
import { useFocusAfterRender } from '../../../../../lib/useFocusAfterRender';

/** The i18n keys for one kind of name/value list; `{{index}}` is the 1-based row number. */
export interface KeyValueLabels {
  legend: string;
  name: string;
  value: string;
  namePlaceholder: string;
  valuePlaceholder: string;
  add: string;
  remove: string;
}

/**
 * Rows whose value main copies from the app's environment when the form is saved (environment
 * variables only): the row holds a name, offered from `names`, and never a value.
 */
export interface CopyRows {
  labels: { add: string; name: string; note: string };
  /** The names of the app's environment variables. */
  names: readonly string[];
}

export interface KeyValueRowsProps {
  list: 'env' | 'headers';
  idPrefix: string;
  labels: KeyValueLabels;
  rows: KeyValueRow[];
  errors: FormErrors;
  newRowId: () => string;
  onChange: (rows: KeyValueRow[], field?: FieldKey) => void;
  onBlur: (field: FieldKey, event: FocusEvent) => void;
  copy?: CopyRows;
}

// Codes about the value; every other row error is about the name.
const VALUE_CODES = new Set<FormFieldError['code']>(['invalidHeaderValue', 'nulCharacter', 'invalidType', 'invalidSecretRef']);

/**
 * Environment variables or HTTP headers as name/value rows, each row's error under it; with `copy`,
 * also rows that name a variable to copy from the app's environment.
 */
export function KeyValueRows({ list, idPrefix, labels, rows, errors, newRowId, onChange, onBlur, copy }: KeyValueRowsProps) {
  const { t } = useTranslation();
  const focusLater = useFocusAfterRender();
  const addId = `${idPrefix}-${list}-add`;
  const namesId = `${idPrefix}-${list}-names`;

  function add(copied: boolean) {
    const row: KeyValueRow = copied ? { id: newRowId(), key: '', value: '', copied } : { id: newRowId(), key: '', value: '' };
    onChange([...rows, row]);
    focusLater(`${idPrefix}-${list}-${row.id}-key`);
  }

  function remove(id: string) {
    onChange(rows.filter((row) => row.id !== id), `${list}:${id}`);
    focusLater(addId);
  }

  function edit(id: string, patch: Partial<KeyValueRow>) {
    onChange(rows.map((row) => (row.id === id ? { ...row, ...patch } : row)), `${list}:${id}`);
  }

  // A stored secret is never shown: its field starts empty, typing replaces it, emptying keeps it.
  function editValue(row: KeyValueRow, typed: string) {
    edit(row.id, { value: row.stored && typed === '' ? SECRET_SET : typed });
  }

  const storedHintId = `${idPrefix}-${list}-stored-hint`;

  return (
    <fieldset className="rows">
      <legend className="field__label">{t(labels.legend)}</legend>
      {rows.map((row, index) => {
        const field: FieldKey = `${list}:${row.id}`;
        const rowId = `${idPrefix}-${list}-${row.id}`;
        const errorId = `${rowId}-error`;
        const error = errors[field];
        const message = fieldErrorMessage(t, error);
        const onValue = error !== undefined && VALUE_CODES.has(error.code);
        const position = { index: index + 1 };
        const copied = row.copied === true && copy !== undefined;
        const kind = valueKind(row.key, row.value);
        const refHintId = `${rowId}-ref`;
        return (
          <div key={row.id} className="rows__row rows__row--pair">
            <label htmlFor={`${rowId}-key`} className="visually-hidden">
              {t(copied ? copy.labels.name : labels.name, position)}
            </label>
            <input
              id={`${rowId}-key`}
              className="input rows__input"
              value={row.key}
              placeholder={t(labels.namePlaceholder)}
              onChange={(event) => edit(row.id, { key: event.target.value })}
              onBlur={(event) => onBlur(field, event)}
              aria-invalid={message && !onValue ? true : undefined}
              aria-describedby={describedBy(copied && `${rowId}-note`, !onValue && message && errorId)}
              list={copied ? namesId : undefined}
              spellCheck={false}
              autoComplete="off"
            />
            {copied ? (
              <p id={`${rowId}-note`} className="rows__note">
                {t(copy.labels.note)}
              </p>
            ) : (
              <>
                <label htmlFor={`${rowId}-value`} className="visually-hidden">
                  {t(labels.value, position)}
                </label>
                <input
                  id={`${rowId}-value`}
                  className="input rows__input"
                  value={row.value === SECRET_SET && row.stored ? '' : row.value}
                  placeholder={t(row.stored && row.value === SECRET_SET ? 'settings/tools:form.storedValuePlaceholder' : labels.valuePlaceholder)}
                  onChange={(event) => editValue(row, event.target.value)}
                  onBlur={(event) => onBlur(field, event)}
                  aria-invalid={message && onValue ? true : undefined}
                  aria-describedby={describedBy(row.stored && row.value === SECRET_SET && storedHintId, kind === 'reference' && refHintId, onValue && message && errorId)}
                  data-stored={row.stored && row.value === SECRET_SET ? true : undefined}
                  data-kind={kind}
                  type={kind === 'secret' ? 'password' : 'text'}
                  spellCheck={false}
                  autoComplete="off"
                />
              </>
            )}
            <button type="button" className="button button--quiet" aria-label={t(labels.remove, position)} onClick={() => remove(row.id)}>
              {t('settings/tools:form.removeRow')}
            </button>
            {kind === 'reference' && (
              <p id={refHintId} className="rows__note rows__ref-hint" data-testid="secret-ref-hint">
                {t('settings/tools:form.referenceHint')}
              </p>
            )}
            <FieldErrorText id={errorId} message={message} />
          </div>
        );
      })}
      {rows.some((row) => row.stored) && (
        <p id={storedHintId} className="field__hint">
          {t('settings/tools:form.storedValuesHint')}
        </p>
      )}
      <div className="rows__actions">
        <button id={addId} type="button" className="button" onClick={() => add(false)}>
          {t(labels.add)}
        </button>
        {copy && (
          <button type="button" className="button" onClick={() => add(true)}>
            {t(copy.labels.add)}
          </button>
        )}
      </div>
      {copy && (
        <datalist id={namesId}>
          {copy.names.map((name) => (
            <option key={name} value={name} />
          ))}
        </datalist>
      )}
    </fieldset>
  );
}
