import { useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  MCP_NAME_MAX_LENGTH,
  MCP_SERVER_TRANSPORTS,
  MCP_TIMEOUT_MAX_SEC,
  MCP_TIMEOUT_MIN_SEC,
  type McpServerInput,
  type McpServerTransport,
} from '@elftia/desktop/shared/contracts/mcp-types.ts';
import { FormDialog } from '../../../../../components/FormDialog';
import { describedBy, FieldErrorText } from '../../../../../components/FieldMessage';
import { SelectField } from '../../../../../components/SelectField';
import { TextField } from '../../../../../components/TextField';
import { fieldErrorMessage } from '../../../../../lib/fieldErrorMessage';
import { emptyFormValues, hasStoredSecrets, oauthClientOf, rowIdGenerator, toFormValues } from './formModel';
import { TransportFields } from './TransportFields';
import type { McpServerFormMode, McpServerFormSubmit } from './types';
import { useMcpServerForm } from './useMcpServerForm';

export interface McpServerFormProps {
  mode: McpServerFormMode;
  /** The server being edited, in input shape (toInput(record)); omitted when adding. */
  initial?: McpServerInput;
  /** Adds or updates; a rejection keeps the dialog open and shows why. */
  onSubmit: McpServerFormSubmit;
  onClose: () => void;
}

const TRANSPORT_OPTION_KEYS: Record<McpServerTransport, string> = {
  stdio: 'settings/tools:transportOption.stdio',
  sse: 'settings/tools:transportOption.sse',
  http: 'settings/tools:transportOption.http',
  websocket: 'settings/tools:transportOption.websocket',
};

/** Add or edit one MCP server, in a dialog. Validated inline by the same schema as the router. */
export function McpServerForm({ mode, initial, onSubmit, onClose }: McpServerFormProps) {
  const { t } = useTranslation();
  const idPrefix = useId();
  const [newRowId] = useState(rowIdGenerator);
  // Read once: a live list update while the dialog is open must not overwrite what the user typed.
  const [initialValues] = useState(() => (initial ? toFormValues(initial, newRowId) : emptyFormValues()));
  // The OAuth client fields are not part of the server's input: read at submit time, saved after it.
  const latest = useRef(initialValues);
  const form = useMcpServerForm(
    initialValues,
    (input) => {
      const client = oauthClientOf(latest.current);
      return client ? onSubmit(input, client) : onSubmit(input);
    },
    onClose,
  );
  const { values, errors, change, blur } = form;
  latest.current = values;

  const transportId = `${idPrefix}-transport`;
  const transportError = fieldErrorMessage(t, errors.type);
  const enabledId = `${idPrefix}-enabled`;
  const enabledError = fieldErrorMessage(t, errors.enabled);
  const formError = fieldErrorMessage(t, errors.form);

  return (
    <FormDialog
      title={t(mode.kind === 'add' ? 'settings/tools:form.addTitle' : 'settings/tools:form.editTitle')}
      form={form}
      formError={formError}
      saveLabel={t('settings/tools:form.save')}
      cancelLabel={t('settings/tools:form.cancel')}
      onClose={onClose}
    >
      <TextField
        id={`${idPrefix}-name`}
        label={t('settings/tools:form.name')}
        hint={t('settings/tools:form.nameHint', { max: MCP_NAME_MAX_LENGTH })}
        value={values.name}
        onValueChange={(name) => change((v) => ({ ...v, name }), 'name')}
        onBlur={(event) => blur('name', event)}
        error={fieldErrorMessage(t, errors.name)}
        autoComplete="off"
        data-autofocus
      />
      <SelectField
        id={transportId}
        label={t('settings/tools:form.transport')}
        value={values.type}
        options={MCP_SERVER_TRANSPORTS.map((transport) => ({ value: transport, label: t(TRANSPORT_OPTION_KEYS[transport]) }))}
        onValueChange={(type: McpServerTransport) => change((v) => ({ ...v, type }), 'type')}
        error={transportError}
      />
      {hasStoredSecrets(initialValues) && (
        <p className="notice" data-testid="stored-secrets-note">
          <span>{t('settings/tools:form.storedSecretsNote')}</span>
        </p>
      )}
      <TransportFields idPrefix={idPrefix} form={form} newRowId={newRowId} />
      <TextField
        id={`${idPrefix}-timeout`}
        label={t('settings/tools:form.timeout')}
        hint={t('settings/tools:form.timeoutHint', { min: MCP_TIMEOUT_MIN_SEC, max: MCP_TIMEOUT_MAX_SEC })}
        type="number"
        inputMode="numeric"
        min={MCP_TIMEOUT_MIN_SEC}
        max={MCP_TIMEOUT_MAX_SEC}
        step={1}
        value={values.timeoutSec}
        onValueChange={(timeoutSec) => change((v) => ({ ...v, timeoutSec }), 'timeoutSec')}
        onBlur={(event) => blur('timeoutSec', event)}
        error={fieldErrorMessage(t, errors.timeoutSec)}
      />
      <div className="field field--inline">
        <input
          id={enabledId}
          type="checkbox"
          checked={values.enabled}
          onChange={(event) => change((v) => ({ ...v, enabled: event.target.checked }), 'enabled')}
          aria-invalid={enabledError ? true : undefined}
          aria-describedby={describedBy(`${enabledId}-hint`, enabledError && `${enabledId}-error`)}
        />
        <label htmlFor={enabledId}>{t('settings/tools:form.enabled')}</label>
        <p id={`${enabledId}-hint`} className="field__hint">
          {t('settings/tools:form.enabledHint')}
        </p>
        <FieldErrorText id={`${enabledId}-error`} message={enabledError} />
      </div>
    </FormDialog>
  );
}
