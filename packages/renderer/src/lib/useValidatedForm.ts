import { type FocusEvent, type FormEvent, type RefObject, useEffect, useMemo, useRef, useState } from 'react';
import type { FieldError } from '@elftia/desktop/shared/contracts/mcp-types.ts';
import { type DisplayError, readAppError, toDisplayError } from './appError';

/** Where each field's error shows; `Key` includes `'form'` for errors no field owns. */
export type FieldErrors<Key extends string, Err> = Partial<Record<Key, Err>>;

export type FormValidation<Key extends string, Err, Parsed> = { ok: true; value: Parsed } | { ok: false; errors: FieldErrors<Key, Err> };

export interface ValidatedFormOptions<Values, Key extends string, Err, Parsed> {
  initial: Values;
  /** The shared schema, run on every change (it is cheap). */
  validate: (values: Values) => FormValidation<Key, Err, Parsed>;
  /** Places the router's VALIDATION field errors on the form's fields. */
  mapServerErrors: (values: Values, fieldErrors: readonly FieldError[]) => FieldErrors<Key, Err>;
  /** Adds or updates through the router; a rejection keeps the form as typed and shows why. */
  onSubmit: (input: Parsed) => Promise<unknown>;
  onDone: () => void;
}

export interface ValidatedFormState<Values, Key extends string, Err> {
  values: Values;
  /** The errors to show now: the schema's for fields the user has left (or all, once submitted), and the router's. */
  errors: FieldErrors<Key, Err>;
  /** A failure that belongs to no field (not found, connection lost, …). */
  failure: DisplayError | undefined;
  saving: boolean;
  /** Applies a change; `field` clears that field's error from the router (it no longer applies). */
  change(update: (values: Values) => Values, field?: Key): void;
  /** Marks a field as visited, which shows its errors from then on (see the note on buttons). */
  blur(field: Key, event: FocusEvent): void;
  submit(event: FormEvent<HTMLFormElement>): Promise<void>;
  /** Attach to the <form>: the first invalid field receives focus after a failed submit. */
  formRef: RefObject<HTMLFormElement | null>;
}

/**
 * The state machine of a form backed by a shared zod schema and a router mutation. Validation runs
 * on every change but is shown only for visited fields until the first submit, so nobody is scolded
 * while still typing; the router's field errors are shown where they belong; nothing is reset on
 * failure (the dialog stays open with what the user typed), and the first invalid field takes focus.
 */
export function useValidatedForm<Values, Key extends string, Err, Parsed>({
  initial,
  validate,
  mapServerErrors,
  onSubmit,
  onDone,
}: ValidatedFormOptions<Values, Key, Err, Parsed>): ValidatedFormState<Values, Key, Err> {
  const [values, setValues] = useState(initial);
  const [visited, setVisited] = useState<ReadonlySet<Key>>(() => new Set());
  const [submitted, setSubmitted] = useState(false);
  const [serverErrors, setServerErrors] = useState<FieldErrors<Key, Err>>({});
  const [failure, setFailure] = useState<DisplayError>();
  const [saving, setSaving] = useState(false);
  const [focusRequest, setFocusRequest] = useState(0);
  const formRef = useRef<HTMLFormElement>(null);

  const validation = useMemo(() => validate(values), [validate, values]);

  const errors = useMemo(() => {
    const shown: FieldErrors<Key, Err> = { ...serverErrors };
    if (!validation.ok) {
      for (const [key, error] of Object.entries(validation.errors) as Array<[Key, Err]>) {
        if (submitted || visited.has(key)) shown[key] = error;
      }
    }
    return shown;
  }, [validation, serverErrors, submitted, visited]);

  useEffect(() => {
    if (focusRequest === 0) return;
    formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
  }, [focusRequest]);

  function change(update: (previous: Values) => Values, field?: Key) {
    setValues(update);
    if (field) {
      setServerErrors((previous) => {
        if (!(field in previous)) return previous;
        const { [field]: _cleared, ...rest } = previous;
        return rest as FieldErrors<Key, Err>;
      });
    }
  }

  function blur(field: Key, event: FocusEvent) {
    // Leaving a field for one of the form's buttons (Save, Add row, Cancel) reveals nothing yet: an
    // error appearing on mousedown would push the button away from under the pointer, and the click
    // would be lost. Save validates every field anyway.
    if (event.relatedTarget instanceof HTMLButtonElement) return;
    setVisited((previous) => (previous.has(field) ? previous : new Set(previous).add(field)));
  }

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (saving) return;
    setSubmitted(true);
    setFailure(undefined);
    if (!validation.ok) {
      setFocusRequest((n) => n + 1);
      return;
    }
    setSaving(true);
    try {
      await onSubmit(validation.value);
      onDone();
    } catch (error) {
      const app = readAppError(error);
      if (app?.code === 'VALIDATION' && app.fieldErrors?.length) {
        setServerErrors(mapServerErrors(values, app.fieldErrors));
        setFocusRequest((n) => n + 1);
      } else {
        setFailure(toDisplayError(error));
      }
    } finally {
      setSaving(false);
    }
  }

  return { values, errors, failure, saving, change, blur, submit, formRef };
}
