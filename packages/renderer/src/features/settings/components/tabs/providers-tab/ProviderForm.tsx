import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PROVIDER_KINDS, type ProviderInputParsed, type ProviderKind, type ProviderRecord } from '@elftia/desktop/shared/contracts/providers.ts';
import { FormDialog } from '../../../../../components/FormDialog';
import { SelectField } from '../../../../../components/SelectField';
import { TextField } from '../../../../../components/TextField';
import { type TextRowLabels, TextRows } from '../../../../../components/TextRows';
import { fieldErrorMessage } from '../../../../../lib/fieldErrorMessage';
import { emptyProviderValues, mustReenterKey, rowIdGenerator, toProviderValues } from './providerFormModel';
import { useProviderForm } from './useProviderForm';

export const PROVIDER_KIND_KEYS: Record<ProviderKind, string> = {
  openai: 'settings/providers:kind.openai',
  anthropic: 'settings/providers:kind.anthropic',
  google: 'settings/providers:kind.google',
  'openai-compatible': 'settings/providers:kind.openai-compatible',
};

/** The provider's model names, one per row; the first is the default for new conversations. */
const MODEL_LABELS: TextRowLabels = {
  legend: 'settings/providers:form.models',
  hint: 'settings/providers:form.modelsHint',
  item: 'settings/providers:form.model',
  add: 'settings/providers:form.addModel',
  remove: 'settings/providers:form.removeModel',
  removeRow: 'settings/providers:form.removeRow',
};

export interface ProviderFormProps {
  /** The provider being edited; omitted when adding. */
  provider?: ProviderRecord;
  /** Adds or updates; a rejection keeps the dialog open and shows why. */
  onSubmit: (input: ProviderInputParsed) => Promise<unknown>;
  onClose: () => void;
}

/**
 * Add or edit a provider, in a dialog, validated by the router's schema. The API key is a password
 * field that is never prefilled — main never returns it — so on edit an empty field keeps the
 * stored key, and the field says whether one is stored.
 */
export function ProviderForm({ provider, onSubmit, onClose }: ProviderFormProps) {
  const { t } = useTranslation();
  const idPrefix = useId();
  const [newRowId] = useState(rowIdGenerator);
  // Read once, so a refreshed list cannot overwrite what the user is typing.
  const [initial] = useState(() => (provider ? toProviderValues(provider, newRowId) : emptyProviderValues(newRowId)));
  const form = useProviderForm(initial, onSubmit, onClose, provider);
  const { values, errors, change, blur } = form;
  const kindId = `${idPrefix}-kind`;
  const kindError = fieldErrorMessage(t, errors.kind);
  const formError = fieldErrorMessage(t, errors.form);
  const compatible = values.kind === 'openai-compatible';
  // A stored key stays with the address it was entered for: a new kind or base URL asks for it again.
  const reenterKey = mustReenterKey(values, provider);
  const keyStored = provider?.hasApiKey === true && !reenterKey;

  return (
    <FormDialog
      title={t(provider ? 'settings/providers:form.editTitle' : 'settings/providers:form.addTitle')}
      form={form}
      formError={formError}
      saveLabel={t('settings/providers:form.save')}
      cancelLabel={t('settings/providers:form.cancel')}
      onClose={onClose}
    >
      <TextField
        id={`${idPrefix}-name`}
        label={t('settings/providers:form.name')}
        value={values.name}
        onValueChange={(name) => change((v) => ({ ...v, name }), 'name')}
        onBlur={(event) => blur('name', event)}
        error={fieldErrorMessage(t, errors.name)}
        autoComplete="off"
        data-autofocus
      />
      <SelectField
        id={kindId}
        label={t('settings/providers:form.kind')}
        value={values.kind}
        options={PROVIDER_KINDS.map((kind) => ({ value: kind, label: t(PROVIDER_KIND_KEYS[kind]) }))}
        onValueChange={(kind: ProviderKind) => change((v) => ({ ...v, kind }), 'kind')}
        error={kindError}
      />
      <TextField
        id={`${idPrefix}-base-url`}
        label={t(compatible ? 'settings/providers:form.baseUrl' : 'settings/providers:form.baseUrlOptional')}
        hint={t(compatible ? 'settings/providers:form.baseUrlHintCompatible' : 'settings/providers:form.baseUrlHint')}
        type="url"
        inputMode="url"
        value={values.baseUrl}
        onValueChange={(baseUrl) => change((v) => ({ ...v, baseUrl }), 'baseUrl')}
        onBlur={(event) => blur('baseUrl', event)}
        error={fieldErrorMessage(t, errors.baseUrl)}
        autoComplete="off"
        spellCheck={false}
      />
      <TextField
        id={`${idPrefix}-api-key`}
        label={t('settings/providers:form.apiKey')}
        hint={t(reenterKey ? 'settings/providers:form.apiKeyReenterHint' : keyStored ? 'settings/providers:form.apiKeyStoredHint' : 'settings/providers:form.apiKeyHint')}
        type="password"
        value={values.apiKey}
        onValueChange={(apiKey) => change((v) => ({ ...v, apiKey }), 'apiKey')}
        onBlur={(event) => blur('apiKey', event)}
        error={fieldErrorMessage(t, errors.apiKey)}
        // "new-password" keeps the browser's password manager from filling in a saved login.
        autoComplete="new-password"
        spellCheck={false}
        placeholder={keyStored ? t('settings/providers:form.apiKeyStoredPlaceholder') : undefined}
      />
      <TextRows
        list="models"
        idPrefix={idPrefix}
        labels={MODEL_LABELS}
        rows={values.models}
        errors={errors}
        newRowId={newRowId}
        listField="models"
        onChange={(models, field) => change((v) => ({ ...v, models }), field)}
        onBlur={blur}
      />
    </FormDialog>
  );
}
