import type { ReactNode } from 'react';
import type { ValidatedFormState } from '../lib/useValidatedForm';
import { useRevealOnShow } from '../lib/useRevealOnShow';
import { Dialog } from './Dialog';
import { FailureAlert } from './FailureAlert';

export interface FormDialogProps {
  title: string;
  /** The form's state (useValidatedForm): its ref, submit, saving flag and failure. */
  form: Pick<ValidatedFormState<unknown, string, unknown>, 'formRef' | 'submit' | 'saving' | 'failure'>;
  /** The translated error that belongs to the form as a whole (its `form` key), if any. */
  formError: string | undefined;
  saveLabel: string;
  cancelLabel: string;
  onClose: () => void;
  /** See Dialog's returnFocus. */
  returnFocus?: HTMLElement | null;
  children: ReactNode;
}

/**
 * The frame of an add/edit dialog: title, the failure and form-level error summary, the fields,
 * then Cancel and Save. While saving, Save is aria-disabled rather than disabled: Chromium moves
 * focus from a control that becomes disabled to <body> (e2e/focus.spec.ts), and useValidatedForm
 * ignores a second submit anyway.
 */
export function FormDialog({ title, form, formError, saveLabel, cancelLabel, onClose, returnFocus, children }: FormDialogProps) {
  const formErrorRef = useRevealOnShow<HTMLParagraphElement>(formError);
  return (
    <Dialog title={title} onClose={onClose} className="dialog--wide" returnFocus={returnFocus}>
      <form ref={form.formRef} className="form" noValidate onSubmit={(event) => void form.submit(event)} aria-busy={form.saving}>
        <FailureAlert error={form.failure} />
        {formError && (
          <p ref={formErrorRef} className="form__failure" role="alert">
            {formError}
          </p>
        )}
        {children}
        <div className="dialog__actions">
          <button type="button" className="button" onClick={onClose}>
            {cancelLabel}
          </button>
          <button type="submit" className="button button--primary" aria-disabled={form.saving || undefined}>
            {saveLabel}
          </button>
        </div>
      </form>
    </Dialog>
  );
}
