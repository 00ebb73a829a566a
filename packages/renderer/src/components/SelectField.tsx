import { describedBy, FieldErrorText, FieldHint } from './FieldMessage';

export interface SelectFieldProps<V extends string> {
  id: string;
  label: string;
  value: V;
  options: readonly { value: V; label: string }[];
  onValueChange: (value: V) => void;
  hint?: string;
  /** The translated error; the select is marked invalid while it is set. */
  error?: string;
}

/** A labelled select with its inline error, wired for screen readers (TextField's sibling). */
export function SelectField<V extends string>({ id, label, value, options, onValueChange, hint, error }: SelectFieldProps<V>) {
  const errorId = error ? `${id}-error` : undefined;
  const hintId = hint ? `${id}-hint` : undefined;
  return (
    <div className="field">
      <label htmlFor={id} className="field__label">
        {label}
      </label>
      <select
        id={id}
        className="input"
        value={value}
        // The options are exactly the values of V, so the browser can only hand one of them back.
        onChange={(event) => onValueChange(event.target.value as V)}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(errorId, hintId)}
      >
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
      {hint && hintId && <FieldHint id={hintId}>{hint}</FieldHint>}
      <FieldErrorText id={`${id}-error`} message={error} />
    </div>
  );
}
