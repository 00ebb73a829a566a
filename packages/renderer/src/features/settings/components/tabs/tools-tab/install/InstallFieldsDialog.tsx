import { type ReactNode, useCallback, useId } from 'react';
import { useTranslation } from 'react-i18next';
import type { FieldError } from '@elftia/desktop/shared/contracts/mcp-types.ts';
import { FormDialog } from '../../../../../../components/FormDialog';
import { SelectField } from '../../../../../../components/SelectField';
import { TextField } from '../../../../../../components/TextField';
import { fieldErrorMessage, type FieldErrorLike } from '../../../../../../lib/fieldErrorMessage';
import { useFolderChooser } from '../../../../../../lib/useFolderChooser';
import { type FieldErrors, type FormValidation, useValidatedForm } from '../../../../../../lib/useValidatedForm';

/** One value asked before a server is added (a preset's key or folder, a registry record's variable or header). */
export interface InstallField {
  /** The form's key, and the field the router's VALIDATION errors name: `apiKey`, `inputs.<key>`. */
  name: string;
  label: string;
  hint?: string | undefined;
  /** Marked as required next to its label (the check itself is `check`'s). */
  required?: boolean | undefined;
  /** `secret` is a password field; `directory` offers the system folder chooser where there is one. */
  kind: 'text' | 'secret' | 'choice' | 'directory';
  /** A `choice`'s options. */
  options?: readonly { value: string; label: string }[] | undefined;
  initial?: string | undefined;
}

/** A problem `check` found: a `validation.<code>` of common/errors on one field (or `form`). */
export interface InstallProblem {
  field: string;
  code: string;
  params?: Record<string, string | number>;
}

export type InstallCheck<Parsed> = (values: Readonly<Record<string, string>>) => { ok: true; value: Parsed } | { ok: false; problems: readonly InstallProblem[] };

export interface InstallFieldsDialogProps<Parsed> {
  title: string;
  /** What is being added, above the fields. */
  intro: ReactNode;
  saveLabel: string;
  fields: readonly InstallField[];
  /** The same check main runs, so the dialog and the router agree on every field. */
  check: InstallCheck<Parsed>;
  onSubmit: (value: Parsed) => Promise<unknown>;
  onClose: () => void;
  /** See Dialog's returnFocus. */
  returnFocus?: HTMLElement | null | undefined;
}

function toErrors(problems: readonly InstallProblem[]): FieldErrors<string, FieldErrorLike> {
  const errors: FieldErrors<string, FieldErrorLike> = {};
  for (const problem of problems) errors[problem.field] ??= problem.params ? { code: problem.code, params: problem.params } : { code: problem.code };
  return errors;
}

/**
 * The dialog that asks what a server needs before it is added — a preset's API key and inputs, a
 * registry record's environment variables, headers and arguments — and adds it. Secrets are password
 * fields, choices selects, defaults filled in; the router's VALIDATION errors land on their fields.
 */
export function InstallFieldsDialog<Parsed>({ title, intro, saveLabel, fields, check, onSubmit, onClose, returnFocus }: InstallFieldsDialogProps<Parsed>) {
  const { t } = useTranslation();
  const idPrefix = useId();
  const validate = useCallback(
    (values: Record<string, string>): FormValidation<string, FieldErrorLike, Parsed> => {
      const result = check(values);
      return result.ok ? { ok: true, value: result.value } : { ok: false, errors: toErrors(result.problems) };
    },
    [check],
  );
  const form = useValidatedForm<Record<string, string>, string, FieldErrorLike, Parsed>({
    initial: Object.fromEntries(fields.map((field) => [field.name, field.initial ?? ''])),
    validate,
    mapServerErrors: (_values, fieldErrors: readonly FieldError[]) => toErrors(fieldErrors),
    onSubmit,
    onDone: onClose,
  });
  const { values, errors, change, blur } = form;
  const folderChooser = useFolderChooser();

  return (
    <FormDialog
      title={title}
      form={form}
      formError={fieldErrorMessage(t, errors.form)}
      saveLabel={saveLabel}
      cancelLabel={t('settings/tools:form.cancel')}
      onClose={onClose}
      returnFocus={returnFocus}
    >
      {intro}
      {fields.map((field, index) => {
        const id = `${idPrefix}-${index}`;
        const value = values[field.name] ?? '';
        const setValue = (next: string) => change((v) => ({ ...v, [field.name]: next }), field.name);
        const error = fieldErrorMessage(t, errors[field.name]);
        const label = field.required ? t('settings/tools:install.requiredLabel', { label: field.label }) : field.label;
        if (field.kind === 'choice') {
          return (
            <SelectField key={field.name} id={id} label={label} value={value} options={field.options ?? []} onValueChange={setValue} hint={field.hint} error={error} />
          );
        }
        return (
          <div key={field.name} className="field-with-action">
            <TextField
              id={id}
              type={field.kind === 'secret' ? 'password' : 'text'}
              label={label}
              hint={field.hint}
              value={value}
              onValueChange={setValue}
              onBlur={(event) => blur(field.name, event)}
              error={error}
              aria-required={field.required || undefined}
              autoComplete="off"
              spellCheck={false}
              {...(index === 0 ? { 'data-autofocus': true } : {})}
            />
            {field.kind === 'directory' && folderChooser.available && (
              <button
                type="button"
                className="button"
                aria-label={t('settings/tools:presets.dialog.chooseFolderFor', { field: field.label })}
                onClick={() => void folderChooser.pick(field.label).then((path) => path && setValue(path))}
              >
                {t('settings/tools:presets.dialog.chooseFolder')}
              </button>
            )}
          </div>
        );
      })}
    </FormDialog>
  );
}
