import { type FocusEvent, type FormEvent, useEffect, useMemo, useRef, useState } from 'react';
import type { ProviderInputParsed } from '@elftia/desktop/shared/contracts/providers.ts';
import { type DisplayError, readAppError, toDisplayError } from '../../../../../lib/appError';
import { mapProviderFieldErrors, type ProviderFieldKey, type ProviderFormErrors, type ProviderFormValues, validateProviderForm } from './providerFormModel';

export interface ProviderFormState {
  values: ProviderFormValues;
  errors: ProviderFormErrors;
  failure: DisplayError | undefined;
  saving: boolean;
  change(update: (values: ProviderFormValues) => ProviderFormValues, field?: ProviderFieldKey): void;
  /** Marks a field visited: its errors show from then on (not when focus moved to a button; see McpServerForm). */
  blur(field: ProviderFieldKey, event: FocusEvent): void;
  submit(event: FormEvent<HTMLFormElement>): Promise<void>;
  formRef: React.RefObject<HTMLFormElement | null>;
}

/**
 * The provider form's state, following McpServerForm's rules: the schema runs on every change but
 * speaks only for visited fields until the first submit; the router's errors are shown where they
 * belong; nothing typed is reset on failure, and the first invalid field takes focus.
 */
export function useProviderForm(initial: ProviderFormValues, onSubmit: (input: ProviderInputParsed) => Promise<unknown>, onDone: () => void): ProviderFormState {
  const [values, setValues] = useState(initial);
  const [visited, setVisited] = useState<ReadonlySet<ProviderFieldKey>>(() => new Set());
  const [submitted, setSubmitted] = useState(false);
  const [serverErrors, setServerErrors] = useState<ProviderFormErrors>({});
  const [failure, setFailure] = useState<DisplayError>();
  const [saving, setSaving] = useState(false);
  const [focusRequest, setFocusRequest] = useState(0);
  const formRef = useRef<HTMLFormElement>(null);
  const validation = useMemo(() => validateProviderForm(values), [values]);

  const errors = useMemo(() => {
    const shown: ProviderFormErrors = { ...serverErrors };
    if (!validation.ok) {
      for (const [key, error] of Object.entries(validation.errors) as Array<[ProviderFieldKey, NonNullable<ProviderFormErrors[ProviderFieldKey]>]>) {
        if (submitted || visited.has(key)) shown[key] = error;
      }
    }
    return shown;
  }, [validation, serverErrors, submitted, visited]);

  useEffect(() => {
    if (focusRequest === 0) return;
    formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
  }, [focusRequest]);

  function change(update: (previous: ProviderFormValues) => ProviderFormValues, field?: ProviderFieldKey) {
    setValues(update);
    if (field && field in serverErrors) {
      setServerErrors(({ [field]: _cleared, ...rest }) => rest);
    }
  }

  function blur(field: ProviderFieldKey, event: FocusEvent) {
    // An error appearing on mousedown would move the button away from under the pointer.
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
        setServerErrors(mapProviderFieldErrors(values, app.fieldErrors));
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
