import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import type { ElicitField } from '@elftia/desktop/shared/contracts/elicitation.ts';
import { describedBy, FieldErrorText, FieldHint } from '../../../../components/FieldMessage';
import type { InputValue } from './formValues';

/** Radio buttons up to this many options; a list box beyond. */
const RADIO_MAX_OPTIONS = 4;

const INPUT_TYPES = { email: 'email', uri: 'url', date: 'date', 'date-time': 'datetime-local' } as const;

export interface ElicitFieldInputProps {
  field: ElicitField;
  value: InputValue | undefined;
  error: string | undefined;
  onChange(value: InputValue): void;
}

/** One field of a server's form: the input its kind and format call for, its label, hint and error. */
export function ElicitFieldInput({ field, value, error, onChange }: ElicitFieldInputProps) {
  const { t } = useTranslation();
  const id = useId();
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  const label = field.title ?? field.name;
  const describe = describedBy(field.description !== undefined && hintId, error !== undefined && errorId);
  const labelText = (
    <>
      {label}
      {field.required && (
        <span className="interaction__required" aria-hidden="true">
          {' *'}
        </span>
      )}
    </>
  );
  const messages = (
    <>
      {field.description !== undefined && <FieldHint id={hintId}>{field.description}</FieldHint>}
      <FieldErrorText id={errorId} message={error} />
    </>
  );
  const common = { 'aria-invalid': error !== undefined || undefined, 'aria-describedby': describe, 'aria-required': field.required || undefined };

  switch (field.kind) {
    case 'boolean':
      return (
        <div className="field field--inline" data-field={field.name}>
          <input id={id} type="checkbox" checked={value === true} onChange={(event) => onChange(event.target.checked)} {...common} />
          <label htmlFor={id} className="field__label">
            {labelText}
          </label>
          {messages}
        </div>
      );
    case 'choice':
      if (field.options.length <= RADIO_MAX_OPTIONS)
        return (
          <fieldset className="field interaction__choices" data-field={field.name} aria-describedby={describe}>
            <legend className="field__label">{labelText}</legend>
            {field.options.map((option) => (
              <label key={option.value} className="interaction__choice">
                <input type="radio" name={id} value={option.value} checked={value === option.value} onChange={() => onChange(option.value)} />
                {option.title}
              </label>
            ))}
            {messages}
          </fieldset>
        );
      return (
        <div className="field" data-field={field.name}>
          <label htmlFor={id} className="field__label">
            {labelText}
          </label>
          <select id={id} className="input" value={typeof value === 'string' ? value : ''} onChange={(event) => onChange(event.target.value)} {...common}>
            {(!field.required || field.default === undefined) && <option value="">{t('chat/interactions:form.choose')}</option>}
            {field.options.map((option) => (
              <option key={option.value} value={option.value}>
                {option.title}
              </option>
            ))}
          </select>
          {messages}
        </div>
      );
    case 'multi': {
      const selected = Array.isArray(value) ? value : [];
      return (
        <fieldset className="field interaction__choices" data-field={field.name} aria-describedby={describe}>
          <legend className="field__label">{labelText}</legend>
          {field.options.map((option) => (
            <label key={option.value} className="interaction__choice">
              <input
                type="checkbox"
                value={option.value}
                checked={selected.includes(option.value)}
                onChange={(event) => onChange(event.target.checked ? [...selected, option.value] : selected.filter((item) => item !== option.value))}
              />
              {option.title}
            </label>
          ))}
          {messages}
        </fieldset>
      );
    }
    case 'number':
    case 'text': {
      const type = field.kind === 'number' ? 'number' : field.format ? INPUT_TYPES[field.format] : 'text';
      const limits =
        field.kind === 'number'
          ? { min: field.minimum, max: field.maximum, step: field.integer ? 1 : 'any' }
          : { minLength: field.minLength, maxLength: field.maxLength };
      return (
        <div className="field" data-field={field.name}>
          <label htmlFor={id} className="field__label">
            {labelText}
          </label>
          <input id={id} className="input" type={type} value={typeof value === 'string' ? value : ''} onChange={(event) => onChange(event.target.value)} {...limits} {...common} />
          {messages}
        </div>
      );
    }
    default:
      return null;
  }
}
