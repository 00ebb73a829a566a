import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { FieldError } from '@elftia/desktop/shared/contracts/mcp-types.ts';
import { hasProtocol } from '@elftia/desktop/shared/contracts/mcp-types.ts';
import { DEFAULT_REGISTRY_URL } from '@elftia/desktop/shared/contracts/registry.ts';
import { FailureAlert } from '../../../../../../components/FailureAlert';
import { TextField } from '../../../../../../components/TextField';
import { useApi } from '../../../../../../lib/api';
import { toDisplayError } from '../../../../../../lib/appError';
import { fieldErrorMessage, type FieldErrorLike } from '../../../../../../lib/fieldErrorMessage';
import { type FieldErrors, type FormValidation, useValidatedForm } from '../../../../../../lib/useValidatedForm';
import { registryHost } from './registryLabels';
import { REGISTRY_QUERY_KEY } from './useRegistrySearch';

export const REGISTRY_URL_QUERY_KEY = ['settings', 'registryUrl'] as const;

type Key = 'url' | 'form';

function byField(errors: readonly FieldError[]): FieldErrors<Key, FieldErrorLike> {
  const out: FieldErrors<Key, FieldErrorLike> = {};
  for (const error of errors) out[error.field === 'url' ? 'url' : 'form'] ??= error;
  return out;
}

const validate = (values: { url: string }): FormValidation<Key, FieldErrorLike, { url: string }> => {
  const url = values.url.trim();
  if (url === '') return { ok: false, errors: { url: { code: 'required' } } };
  return hasProtocol(url, ['http:', 'https:']) ? { ok: true, value: { url } } : { ok: false, errors: { url: { code: 'invalidHttpUrl' } } };
};

/**
 * "Registry: <host> · Change": which MCP Registry the browser reads (the `registry.url` setting), and
 * a small form to point it at a company's subregistry or back at the official one. Saving asks the
 * new registry at once.
 */
export function RegistryUrlLine() {
  const { t } = useTranslation();
  const api = useApi();
  const stored = useQuery({ queryKey: REGISTRY_URL_QUERY_KEY, queryFn: () => api.settings.registryUrl.query() });
  const [editing, setEditing] = useState(false);
  const changeRef = useRef<HTMLButtonElement>(null);
  const refocus = useRef(false);
  const url = stored.data?.url;
  // The Change button comes back where the form was: focus goes to it once it is rendered.
  useEffect(() => {
    if (editing || !refocus.current) return;
    refocus.current = false;
    changeRef.current?.focus();
  }, [editing]);

  function finish() {
    refocus.current = true;
    setEditing(false);
  }

  if (editing && url !== undefined) return <RegistryUrlForm initial={url} onDone={finish} />;
  return (
    <div className="registry-url">
      <FailureAlert error={stored.error ? toDisplayError(stored.error) : undefined} />
      {url !== undefined && (
        <p className="registry-url__line" data-testid="registry-url">
          <span>{t('settings/registry:url.current', { host: registryHost(url) })}</span>
          {url === DEFAULT_REGISTRY_URL && <span className="registry-url__official">{t('settings/registry:url.official')}</span>}
          <button ref={changeRef} type="button" className="button button--quiet" onClick={() => setEditing(true)} aria-label={t('settings/registry:url.changeLabel')}>
            {t('settings/registry:url.change')}
          </button>
        </p>
      )}
    </div>
  );
}

function RegistryUrlForm({ initial, onDone }: { initial: string; onDone: () => void }) {
  const { t } = useTranslation();
  const api = useApi();
  const queryClient = useQueryClient();
  const id = useId();
  const save = useCallback(
    async (value: { url: string }) => {
      queryClient.setQueryData(REGISTRY_URL_QUERY_KEY, await api.settings.setRegistryUrl.mutate(value));
      await queryClient.resetQueries({ queryKey: REGISTRY_QUERY_KEY });
    },
    [api, queryClient],
  );
  const form = useValidatedForm<{ url: string }, Key, FieldErrorLike, { url: string }>({
    initial: { url: initial },
    validate,
    mapServerErrors: (_values, errors) => byField(errors),
    onSubmit: save,
    onDone,
  });
  const { values, errors, change, blur } = form;
  return (
    <form ref={form.formRef} className="form registry-url__form" noValidate onSubmit={(event) => void form.submit(event)} aria-busy={form.saving}>
      <FailureAlert error={form.failure} />
      {errors.form && (
        <p className="form__failure" role="alert">
          {fieldErrorMessage(t, errors.form)}
        </p>
      )}
      <TextField
        id={id}
        type="url"
        label={t('settings/registry:url.label')}
        hint={t('settings/registry:url.hint')}
        value={values.url}
        onValueChange={(url) => change(() => ({ url }), 'url')}
        onBlur={(event) => blur('url', event)}
        error={fieldErrorMessage(t, errors.url)}
        autoComplete="off"
        spellCheck={false}
        autoFocus
      />
      <div className="form__actions">
        <button type="submit" className="button button--primary" aria-disabled={form.saving || undefined}>
          {t('settings/registry:url.save')}
        </button>
        {values.url.trim() !== DEFAULT_REGISTRY_URL && (
          <button type="button" className="button" onClick={() => change(() => ({ url: DEFAULT_REGISTRY_URL }), 'url')}>
            {t('settings/registry:url.useOfficial')}
          </button>
        )}
        <button type="button" className="button" onClick={onDone}>
          {t('settings/tools:form.cancel')}
        </button>
      </div>
    </form>
  );
}
