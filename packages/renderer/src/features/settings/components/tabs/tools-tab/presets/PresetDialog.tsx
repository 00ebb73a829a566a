import { useCallback, useId } from 'react';
import { useTranslation } from 'react-i18next';
import type { McpPresetView, McpServerView } from '@elftia/desktop/router';
import type { FieldError } from '@elftia/desktop/shared/contracts/mcp-types.ts';
import { type PresetAnswers, checkPresetAnswers } from '@elftia/desktop/shared/mcp-presets.ts';
import { FormDialog } from '../../../../../../components/FormDialog';
import { SelectField } from '../../../../../../components/SelectField';
import { TextField } from '../../../../../../components/TextField';
import { fieldErrorMessage, type FieldErrorLike } from '../../../../../../lib/fieldErrorMessage';
import { useFolderChooser } from '../../../../../../lib/useFolderChooser';
import { type FieldErrors, type FormValidation, useValidatedForm } from '../../../../../../lib/useValidatedForm';

interface Values {
  apiKey: string;
  inputs: Record<string, string>;
}

/** `apiKey`, `inputs.<key>`, or `form` for an error no field owns. */
type Key = string;

function toErrors(problems: readonly { field: string; code: string }[]): FieldErrors<Key, FieldErrorLike> {
  const errors: FieldErrors<Key, FieldErrorLike> = {};
  for (const problem of problems) errors[problem.field] ??= { code: problem.code };
  return errors;
}

export interface PresetDialogProps {
  view: McpPresetView;
  onSubmit: (answers: PresetAnswers) => Promise<McpServerView>;
  onClose: () => void;
  /** See Dialog's returnFocus. */
  returnFocus?: HTMLElement | null;
}

/**
 * What a preset needs before it can be added: its API key (unless a configured provider lends one)
 * and its inputs, such as the folder a filesystem server may read. Checked by the same function the
 * router runs, so the dialog and main agree on every field.
 */
export function PresetDialog({ view, onSubmit, onClose, returnFocus }: PresetDialogProps) {
  const { t } = useTranslation();
  const idPrefix = useId();
  const { preset, keyProvider } = view;
  const askKey = preset.requiresApiKey;
  const validate = useCallback(
    (values: Values): FormValidation<Key, FieldErrorLike, PresetAnswers> => {
      const answers: PresetAnswers = { inputs: values.inputs, ...(values.apiKey.trim() ? { apiKey: values.apiKey } : {}) };
      const problems = checkPresetAnswers(preset, answers, keyProvider !== undefined);
      return problems.length === 0 ? { ok: true, value: answers } : { ok: false, errors: toErrors(problems) };
    },
    [preset, keyProvider],
  );
  const form = useValidatedForm<Values, Key, FieldErrorLike, PresetAnswers>({
    initial: { apiKey: '', inputs: Object.fromEntries((preset.inputs ?? []).map((input) => [input.key, input.kind === 'choice' ? input.default : ''])) },
    validate,
    mapServerErrors: (_values, fieldErrors: readonly FieldError[]) => toErrors(fieldErrors),
    onSubmit,
    onDone: onClose,
  });
  const { values, errors, change, blur } = form;
  const folderChooser = useFolderChooser();
  const envVar = preset.transportType === 'stdio' ? preset.apiKeyEnvVar : preset.apiKeyHeader?.name;
  const keyHint = keyProvider
    ? t('settings/tools:presets.dialog.keyFromProvider', { provider: keyProvider.name })
    : preset.apiKeyUrl
      ? t('settings/tools:presets.dialog.keyWhere', { url: preset.apiKeyUrl })
      : t('settings/tools:presets.dialog.keyStored');

  return (
    <FormDialog
      title={t('settings/tools:presets.dialog.title', { name: preset.name })}
      form={form}
      formError={fieldErrorMessage(t, errors.form)}
      saveLabel={t('settings/tools:presets.dialog.add')}
      cancelLabel={t('settings/tools:form.cancel')}
      onClose={onClose}
      returnFocus={returnFocus}
    >
      <p className="form__intro">{t(`settings/presets:descriptions.${preset.id}`, { defaultValue: preset.description })}</p>
      {askKey && (
        <TextField
          id={`${idPrefix}-apiKey`}
          type="password"
          label={envVar ? t('settings/tools:presets.dialog.apiKeyNamed', { name: envVar }) : t('settings/tools:presets.dialog.apiKey')}
          hint={keyHint}
          value={values.apiKey}
          onValueChange={(apiKey) => change((v) => ({ ...v, apiKey }), 'apiKey')}
          onBlur={(event) => blur('apiKey', event)}
          error={fieldErrorMessage(t, errors.apiKey)}
          autoComplete="off"
          spellCheck={false}
          data-autofocus
        />
      )}
      {(preset.inputs ?? []).map((input, index) => {
        const field = `inputs.${input.key}`;
        const label = t(`settings/presets:inputs.${input.key}.label`, { defaultValue: input.key });
        const hint = t(`settings/presets:inputs.${input.key}.hint`, { defaultValue: '' }) || undefined;
        const setValue = (value: string) => change((v) => ({ ...v, inputs: { ...v.inputs, [input.key]: value } }), field);
        if (input.kind === 'choice') {
          return (
            <SelectField
              key={input.key}
              id={`${idPrefix}-${input.key}`}
              label={label}
              value={values.inputs[input.key] ?? input.default}
              options={input.options.map((option) => ({
                value: option.id,
                label: t(`settings/presets:inputs.${input.key}.options.${option.id}`, { defaultValue: option.id }),
              }))}
              onValueChange={setValue}
              hint={hint}
              error={fieldErrorMessage(t, errors[field])}
            />
          );
        }
        return (
          <div key={input.key} className="field-with-action">
            <TextField
              id={`${idPrefix}-${input.key}`}
              label={label}
              hint={hint}
              value={values.inputs[input.key] ?? ''}
              onValueChange={setValue}
              onBlur={(event) => blur(field, event)}
              error={fieldErrorMessage(t, errors[field])}
              autoComplete="off"
              spellCheck={false}
              {...(!askKey && index === 0 ? { 'data-autofocus': true } : {})}
            />
            {input.kind === 'directory' && folderChooser.available && (
              <button
                type="button"
                className="button"
                aria-label={t('settings/tools:presets.dialog.chooseFolderFor', { field: label })}
                onClick={() => void folderChooser.pick(label).then((path) => path && setValue(path))}
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
