import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessageKey } from '../lib/appError';
import type { ValidatedFormState } from '../lib/useValidatedForm';
import { Dialog } from './Dialog';

export interface FormDialogProps {
  title: string;
  /** The form's state (useValidatedForm): its ref, submit, saving flag and failure. */
  form: Pick<ValidatedFormState<unknown, string, unknown>, 'formRef' | 'submit' | 'saving' | 'failure'>;
  /** The translated error that belongs to the form as a whole (its `form` key), if any. */
  formError: string | undefined;
  saveLabel: string;
  cancelLabel: string;
  onClose: () => void;
  children: ReactNode;
}

/**
 * The frame of an add/edit dialog: title, the failure and form-level error summary, the fields,
 * then Cancel and Save (disabled while saving).
 */
export function FormDialog({ title, form, formError, saveLabel, cancelLabel, onClose, children }: FormDialogProps) {
  const { t } = useTranslation();
  return (
    <Dialog title={title} onClose={onClose} className="dialog--wide">
      <form ref={form.formRef} className="form" noValidate onSubmit={(event) => void form.submit(event)} aria-busy={form.saving}>
        {form.failure && (
          <p className="form__failure" role="alert">
            {t(errorMessageKey(form.failure.code), form.failure.params ?? {})}
          </p>
        )}
        {formError && (
          <p className="form__failure" role="alert">
            {formError}
          </p>
        )}
        {children}
        <div className="dialog__actions">
          <button type="button" className="button" onClick={onClose}>
            {cancelLabel}
          </button>
          <button type="submit" className="button button--primary" disabled={form.saving}>
            {saveLabel}
          </button>
        </div>
      </form>
    </Dialog>
  );
}
