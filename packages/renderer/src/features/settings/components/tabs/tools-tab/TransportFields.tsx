import { useTranslation } from 'react-i18next';
import { TextField } from '../../../../../components/TextField';
import { type TextRowLabels, TextRows } from '../../../../../components/TextRows';
import { fieldErrorMessage } from '../../../../../lib/fieldErrorMessage';
import { describedBy, FieldErrorText } from '../../../../../components/FieldMessage';
import { type CopyRows, type KeyValueLabels, KeyValueRows } from './KeyValueRows';
import { useAppEnvNames } from './useAppEnvNames';
import type { McpServerFormState } from './useMcpServerForm';

export interface TransportFieldsProps {
  idPrefix: string;
  form: McpServerFormState;
  newRowId: () => string;
}

const ARGUMENT_LABELS: TextRowLabels = {
  legend: 'settings/tools:form.arguments',
  hint: 'settings/tools:form.argumentsHint',
  item: 'settings/tools:form.argument',
  add: 'settings/tools:form.addArgument',
  remove: 'settings/tools:form.removeArgument',
  removeRow: 'settings/tools:form.removeRow',
};

const WATCH_PATH_LABELS: TextRowLabels = {
  legend: 'settings/tools:form.watchPaths',
  hint: 'settings/tools:form.watchPathsHint',
  item: 'settings/tools:form.watchPath',
  add: 'settings/tools:form.addWatchPath',
  remove: 'settings/tools:form.removeWatchPath',
  removeRow: 'settings/tools:form.removeRow',
};

const ENV_LABELS: KeyValueLabels = {
  legend: 'settings/tools:form.env',
  name: 'settings/tools:form.envName',
  value: 'settings/tools:form.envValue',
  namePlaceholder: 'settings/tools:form.envNamePlaceholder',
  valuePlaceholder: 'settings/tools:form.valuePlaceholder',
  add: 'settings/tools:form.addEnv',
  remove: 'settings/tools:form.removeEnv',
};

const COPY_LABELS: CopyRows['labels'] = {
  add: 'settings/tools:form.copyEnv',
  name: 'settings/tools:form.copyEnvName',
  note: 'settings/tools:form.copyEnvNote',
};

const HEADER_LABELS: KeyValueLabels = {
  legend: 'settings/tools:form.headers',
  name: 'settings/tools:form.headerName',
  value: 'settings/tools:form.headerValue',
  namePlaceholder: 'settings/tools:form.headerNamePlaceholder',
  valuePlaceholder: 'settings/tools:form.valuePlaceholder',
  add: 'settings/tools:form.addHeader',
  remove: 'settings/tools:form.removeHeader',
};

/** The fields of the selected transport: a command for stdio, a URL for the others. */
export function TransportFields({ idPrefix, form, newRowId }: TransportFieldsProps) {
  const { t } = useTranslation();
  const { values, errors, change, blur } = form;

  if (values.type === 'stdio') {
    return <StdioFields idPrefix={idPrefix} form={form} newRowId={newRowId} />;
  }

  return (
    <>
      <TextField
        id={`${idPrefix}-url`}
        label={t('settings/tools:form.url')}
        hint={t(values.type === 'websocket' ? 'settings/tools:form.urlHintWs' : 'settings/tools:form.urlHintHttp')}
        type="url"
        value={values.url}
        onValueChange={(url) => change((v) => ({ ...v, url }), 'url')}
        onBlur={(event) => blur('url', event)}
        error={fieldErrorMessage(t, errors.url)}
        spellCheck={false}
        autoComplete="off"
      />
      <KeyValueRows
        list="headers"
        idPrefix={idPrefix}
        labels={HEADER_LABELS}
        rows={values.headers}
        errors={errors}
        newRowId={newRowId}
        onChange={(headers, field) => change((v) => ({ ...v, headers }), field)}
        onBlur={blur}
      />
      {values.type !== 'websocket' && (
        <>
          <TextField
            id={`${idPrefix}-oauth-client-id`}
            label={t('settings/tools:form.oauthClientId')}
            hint={t('settings/tools:form.oauthClientIdHint')}
            value={values.oauthClientId}
            onValueChange={(oauthClientId) => change((v) => ({ ...v, oauthClientId }))}
            spellCheck={false}
            autoComplete="off"
          />
          <TextField
            id={`${idPrefix}-oauth-client-secret`}
            label={t('settings/tools:form.oauthClientSecret')}
            type="password"
            value={values.oauthClientSecret}
            onValueChange={(oauthClientSecret) => change((v) => ({ ...v, oauthClientSecret }))}
            spellCheck={false}
            autoComplete="off"
          />
        </>
      )}
    </>
  );
}

/** A stdio server's fields: command, arguments, environment (typed or copied), the switch, watch paths. */
function StdioFields({ idPrefix, form, newRowId }: TransportFieldsProps) {
  const { t } = useTranslation();
  const { values, errors, change, blur } = form;
  const envNames = useAppEnvNames();
  const inheritId = `${idPrefix}-inherit-env`;
  const inheritError = fieldErrorMessage(t, errors.inheritEnv);

  return (
    <>
      <TextField
        id={`${idPrefix}-command`}
        label={t('settings/tools:form.command')}
        hint={t('settings/tools:form.commandHint')}
        value={values.command}
        onValueChange={(command) => change((v) => ({ ...v, command }), 'command')}
        onBlur={(event) => blur('command', event)}
        error={fieldErrorMessage(t, errors.command)}
        spellCheck={false}
        autoComplete="off"
      />
      <TextRows
        list="args"
        idPrefix={idPrefix}
        labels={ARGUMENT_LABELS}
        rows={values.args}
        errors={errors}
        newRowId={newRowId}
        onChange={(args, field) => change((v) => ({ ...v, args }), field)}
        onBlur={blur}
      />
      <KeyValueRows
        list="env"
        idPrefix={idPrefix}
        labels={ENV_LABELS}
        rows={values.env}
        errors={errors}
        newRowId={newRowId}
        onChange={(env, field) => change((v) => ({ ...v, env }), field)}
        onBlur={blur}
        copy={{ labels: COPY_LABELS, names: envNames }}
      />
      <div className="field field--inline">
        <input
          id={inheritId}
          type="checkbox"
          checked={values.inheritEnv}
          onChange={(event) => change((v) => ({ ...v, inheritEnv: event.target.checked }), 'inheritEnv')}
          aria-invalid={inheritError ? true : undefined}
          aria-describedby={describedBy(`${inheritId}-hint`, inheritError && `${inheritId}-error`)}
        />
        <label htmlFor={inheritId}>{t('settings/tools:form.inheritEnv')}</label>
        <p id={`${inheritId}-hint`} className={values.inheritEnv ? 'field__hint field__hint--warning' : 'field__hint'}>
          {t(values.inheritEnv ? 'settings/tools:form.inheritEnvWarning' : 'settings/tools:form.inheritEnvHint')}
        </p>
        <FieldErrorText id={`${inheritId}-error`} message={inheritError} />
      </div>
      <TextRows
        list="watchPaths"
        idPrefix={idPrefix}
        labels={WATCH_PATH_LABELS}
        rows={values.watchPaths}
        errors={errors}
        newRowId={newRowId}
        onChange={(watchPaths, field) => change((v) => ({ ...v, watchPaths }), field)}
        onBlur={blur}
      />
    </>
  );
}
