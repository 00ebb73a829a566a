import type { InputHTMLAttributes } from 'react';
import { describedBy, FieldErrorText, FieldHint } from './FieldMessage';

export interface TextFieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'id' | 'value' | 'onChange' | 'className'> {
  id: string;
  label: string;
  value: string;
  onValueChange: (value: string) => void;
  hint?: string;
  /** The translated error; the input is marked invalid while it is set. */
  error?: string;
}

/** A labelled input with its hint and inline error, wired for screen readers. */
export function TextField({ id, label, value, onValueChange, hint, error, ...inputProps }: TextFieldProps) {
  const hintId = hint ? `${id}-hint` : undefined;
  const errorId = error ? `${id}-error` : undefined;
  return (
    <div className="field">
      <label htmlFor={id} className="field__label">
        {label}
      </label>
      <input
        {...inputProps}
        id={id}
        className="input"
        value={value}
        onChange={(event) => onValueChange(event.target.value)}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(errorId, hintId)}
      />
      {hint && hintId && <FieldHint id={hintId}>{hint}</FieldHint>}
      {errorId && <FieldErrorText id={errorId} message={error} />}
    </div>
  );
}
