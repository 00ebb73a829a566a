import { type FocusEvent, type FormEvent, useEffect, useMemo, useRef, useState } from 'react';
import { readAppError, toDisplayError } from '../../../../../lib/appError';
import { mapFieldErrors, validateForm } from './formModel';
import type { FieldKey, FormErrors, FormFailure, McpServerFormSubmit, McpServerFormValues } from './types';

export interface McpServerFormState {
  values: McpServerFormValues;
  /** The errors to show now: the schema's for fields the user has left (or all, once submitted), and the router's. */
  errors: FormErrors;
  failure: FormFailure | undefined;
  saving: boolean;
  /** Applies a change; `field` clears that field's error from the router (it no longer applies). */
  change(update: (values: McpServerFormValues) => McpServerFormValues, field?: FieldKey): void;
  /** Marks a field as visited, which shows its errors from then on (see the hook's note on buttons). */
  blur(field: FieldKey, event: FocusEvent): void;
  submit(event: FormEvent<HTMLFormElement>): Promise<void>;
  /** Attach to the <form>: the first invalid field receives focus after a failed submit. */
  formRef: React.RefObject<HTMLFormElement | null>;
}

/**
 * The form's state machine. Validation is the shared schema, run on every change (it is cheap) but
 * shown only for visited fields until the first submit, so nobody is scolded while still typing.
 * Nothing is reset on failure: the dialog stays open with what the user typed.
 */
export function useMcpServerForm(initial: McpServerFormValues, onSubmit: McpServerFormSubmit, onDone: () => void): McpServerFormState {
  const [values, setValues] = useState(initial);
  const [touched, setTouched] = useState<ReadonlySet<FieldKey>>(() => new Set());
  const [submitted, setSubmitted] = useState(false);
  const [serverErrors, setServerErrors] = useState<FormErrors>({});
  const [failure, setFailure] = useState<FormFailure>();
  const [saving, setSaving] = useState(false);
  const [focusRequest, setFocusRequest] = useState(0);
  const formRef = useRef<HTMLFormElement>(null);

  const validation = useMemo(() => validateForm(values), [values]);

  const errors = useMemo(() => {
    const shown: FormErrors = { ...serverErrors };
    if (!validation.ok) {
      for (const [key, error] of Object.entries(validation.errors) as Array<[FieldKey, NonNullable<FormErrors[FieldKey]>]>) {
        if (submitted || touched.has(key)) shown[key] = error;
      }
    }
    return shown;
  }, [validation, serverErrors, submitted, touched]);

  useEffect(() => {
    if (focusRequest === 0) return;
    formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
  }, [focusRequest]);

  function change(update: (previous: McpServerFormValues) => McpServerFormValues, field?: FieldKey) {
    setValues(update);
    if (field) {
      setServerErrors((previous) => {
        if (!(field in previous)) return previous;
        const { [field]: _cleared, ...rest } = previous;
        return rest;
      });
    }
  }

  function blur(field: FieldKey, event: FocusEvent) {
    // Leaving a field for one of the form's buttons (Save, Add row, Cancel) reveals nothing yet: an
    // error appearing on mousedown would push the button away from under the pointer, and the click
    // would be lost. Save validates every field anyway.
    if (event.relatedTarget instanceof HTMLButtonElement) return;
    setTouched((previous) => (previous.has(field) ? previous : new Set(previous).add(field)));
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
        setServerErrors(mapFieldErrors(values, app.fieldErrors));
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
