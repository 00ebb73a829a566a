import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toFieldErrors, type FieldError } from '@elftia/desktop/shared/contracts/mcp-types.ts';
import { type PackageMirrors, packageMirrorsSchema } from '@elftia/desktop/shared/contracts/settings.ts';
import { FailureAlert } from '../../../../../components/FailureAlert';
import { TextField } from '../../../../../components/TextField';
import { useApi } from '../../../../../lib/api';
import { toDisplayError } from '../../../../../lib/appError';
import { fieldErrorMessage, type FieldErrorLike } from '../../../../../lib/fieldErrorMessage';
import { useTRPC } from '../../../../../lib/query';
import { type FieldErrors, type FormValidation, useValidatedForm } from '../../../../../lib/useValidatedForm';

type Key = keyof PackageMirrors | 'form';

function byField(errors: readonly FieldError[]): FieldErrors<Key, FieldErrorLike> {
  const out: FieldErrors<Key, FieldErrorLike> = {};
  for (const error of errors) out[(error.field === 'npmRegistry' || error.field === 'pythonIndex' ? error.field : 'form') as Key] ??= error;
  return out;
}

const validate = (values: PackageMirrors): FormValidation<Key, FieldErrorLike, PackageMirrors> => {
  const parsed = packageMirrorsSchema.safeParse(values);
  return parsed.success ? { ok: true, value: parsed.data } : { ok: false, errors: byField(toFieldErrors(parsed.error)) };
};

/**
 * Where stdio servers download packages from: an npm registry mirror (npx) and a Python package
 * index (uvx). Loaded from main, then edited here; saving applies to the next server start.
 */
export function PackageMirrorsSection() {
  const { t } = useTranslation();
  const trpc = useTRPC();
  const titleId = useId();
  const { data: stored, error } = useQuery(trpc.settings.packageMirrors.queryOptions());

  return (
    <section className="settings-section" aria-labelledby={titleId}>
      <h3 id={titleId}>{t('settings/general:mirrors.title')}</h3>
      <p className="section-header__description">{t('settings/general:mirrors.description')}</p>
      <FailureAlert error={error ? toDisplayError(error) : undefined} />
      {/* Mounted once loaded: the form starts from what is stored and then keeps its own edits. */}
      {stored && <MirrorsForm initial={stored} />}
    </section>
  );
}

function MirrorsForm({ initial }: { initial: PackageMirrors }) {
  const { t } = useTranslation();
  const api = useApi();
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const idPrefix = useId();
  const [saved, setSaved] = useState(false);
  const save = useCallback(
    async (mirrors: PackageMirrors) => {
      setSaved(false);
      queryClient.setQueryData(trpc.settings.packageMirrors.queryKey(), await api.settings.setPackageMirrors.mutate(mirrors));
      // A stdio server's environment names the mirror variables (Servers → details).
      void queryClient.invalidateQueries({ queryKey: trpc.mcp.envNames.queryKey() });
    },
    [api, trpc, queryClient],
  );
  const form = useValidatedForm<PackageMirrors, Key, FieldErrorLike, PackageMirrors>({
    initial,
    validate,
    mapServerErrors: (_values, errors) => byField(errors),
    onSubmit: save,
    onDone: () => setSaved(true),
  });
  const { values, errors, change, blur } = form;
  return (
    <form ref={form.formRef} className="form" noValidate onSubmit={(event) => void form.submit(event)} aria-busy={form.saving}>
      <FailureAlert error={form.failure} />
      <TextField
        id={`${idPrefix}-npm`}
        label={t('settings/general:mirrors.npmRegistry')}
        hint={t('settings/general:mirrors.npmRegistryHint')}
        value={values.npmRegistry}
        placeholder="https://registry.npmmirror.com"
        onValueChange={(npmRegistry) => change((v) => ({ ...v, npmRegistry }), 'npmRegistry')}
        onBlur={(event) => blur('npmRegistry', event)}
        error={fieldErrorMessage(t, errors.npmRegistry)}
        autoComplete="off"
        spellCheck={false}
      />
      <TextField
        id={`${idPrefix}-python`}
        label={t('settings/general:mirrors.pythonIndex')}
        hint={t('settings/general:mirrors.pythonIndexHint')}
        value={values.pythonIndex}
        placeholder="https://pypi.tuna.tsinghua.edu.cn/simple"
        onValueChange={(pythonIndex) => change((v) => ({ ...v, pythonIndex }), 'pythonIndex')}
        onBlur={(event) => blur('pythonIndex', event)}
        error={fieldErrorMessage(t, errors.pythonIndex)}
        autoComplete="off"
        spellCheck={false}
      />
      <div className="form__actions">
        <button type="submit" className="button button--primary" aria-disabled={form.saving || undefined}>
          {t('settings/general:mirrors.save')}
        </button>
        {saved && <span role="status">{t('settings/general:mirrors.saved')}</span>}
      </div>
    </form>
  );
}
