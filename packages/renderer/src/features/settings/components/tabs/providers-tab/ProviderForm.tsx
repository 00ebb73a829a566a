import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type ProviderDraftModelsInput, PROVIDER_KINDS, type ProviderInputParsed, type ProviderKind, type ProviderRecord } from '@elftia/desktop/shared/contracts/providers.ts';
import { FormDialog } from '../../../../../components/FormDialog';
import { SelectField } from '../../../../../components/SelectField';
import { TextField } from '../../../../../components/TextField';
import { type TextRowLabels, TextRows } from '../../../../../components/TextRows';
import { fieldErrorMessage } from '../../../../../lib/fieldErrorMessage';
import { FetchedModels } from './FetchedModels';
import { emptyProviderValues, filledModelNames, mustReenterKey, type ProviderFormValues, rowIdGenerator, toggleModel, toProviderValues } from './providerFormModel';
import { useProviderForm } from './useProviderForm';

export const PROVIDER_KIND_KEYS: Record<ProviderKind, string> = {
  openai: 'settings/providers:kind.openai',
  anthropic: 'settings/providers:kind.anthropic',
  google: 'settings/providers:kind.google',
  'openai-compatible': 'settings/providers:kind.openai-compatible',
};

/** The provider's model names, one per row, typed or ticked from the provider's own list. */
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
      <FetchedModels
        draft={draftOf(values, provider)}
        chosen={filledModelNames(values)}
        onToggle={(model, add) => change((v) => toggleModel(v, model, add, newRowId), 'models')}
      />
      <DefaultModelField id={`${idPrefix}-default-model`} values={values} error={fieldErrorMessage(t, errors.defaultModel)} onChange={(defaultModel) => change((v) => ({ ...v, defaultModel }), 'defaultModel')} />
    </FormDialog>
  );
}

/** What "Fetch models" sends: the address and key as typed; the id lets main use the stored key. */
function draftOf(values: ProviderFormValues, provider: ProviderRecord | undefined): ProviderDraftModelsInput {
  return {
    ...(provider ? { id: provider.id } : {}),
    kind: values.kind,
    ...(values.baseUrl.trim() !== '' ? { baseUrl: values.baseUrl } : {}),
    ...(values.apiKey !== '' ? { apiKey: values.apiKey } : {}),
  };
}

interface DefaultModelFieldProps {
  id: string;
  values: ProviderFormValues;
  error: string | undefined;
  onChange: (model: string) => void;
}

/**
 * Which of the models new conversations start with (the first when none is chosen). A chosen model
 * whose row was since edited or removed stays selected, with the schema's error, until another is picked.
 */
function DefaultModelField({ id, values, error, onChange }: DefaultModelFieldProps) {
  const { t } = useTranslation();
  const models = filledModelNames(values);
  const chosen = values.defaultModel.trim();
  const options = chosen !== '' && !models.includes(chosen) ? [...models, chosen] : models;
  if (options.length === 0) return null;
  return (
    <SelectField
      id={id}
      label={t('settings/providers:form.defaultModel')}
      hint={t('settings/providers:form.defaultModelHint')}
      value={chosen || options[0]!}
      options={options.map((model) => ({ value: model, label: model }))}
      onValueChange={onChange}
      error={error}
    />
  );
}
