import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { filesFolderSchema } from '@elftia/desktop/shared/contracts/settings.ts';
import { toFieldErrors } from '@elftia/desktop/shared/contracts/mcp-types.ts';
import { FailureAlert } from '../../../../../components/FailureAlert';
import { TextField } from '../../../../../components/TextField';
import { useApi } from '../../../../../lib/api';
import { toDisplayError } from '../../../../../lib/appError';
import { fieldErrorMessage, type FieldErrorLike } from '../../../../../lib/fieldErrorMessage';
import { useTRPC } from '../../../../../lib/query';
import { useFolderChooser } from '../../../../../lib/useFolderChooser';
import { type FormValidation, useValidatedForm } from '../../../../../lib/useValidatedForm';

type Values = { folder: string };
type Key = 'folder' | 'form';

const validate = (values: Values): FormValidation<Key, FieldErrorLike, Values> => {
  const parsed = filesFolderSchema.safeParse(values);
  return parsed.success ? { ok: true, value: parsed.data } : { ok: false, errors: { folder: toFieldErrors(parsed.error)[0] } };
};

/**
 * The folder the built-in `files` server may read in chats (read-only: list, read, search). Empty:
 * the server is not offered. Main checks that the folder exists; a change applies from the next turn.
 */
export function FilesFolderSection({ focus = false }: { focus?: boolean }) {
  const { t } = useTranslation();
  const trpc = useTRPC();
  const titleId = useId();
  const { data, error } = useQuery(trpc.settings.filesFolder.queryOptions());

  return (
    <section className="settings-section" aria-labelledby={titleId}>
      <h3 id={titleId}>{t('settings/general:files.title')}</h3>
      <p className="section-header__description">{t('settings/general:files.description')}</p>
      <FailureAlert error={error ? toDisplayError(error) : undefined} />
      {/* Mounted once loaded: the form starts from what is stored and then keeps its own edits. */}
      {data && <FolderForm initial={data.folder} focus={focus} />}
    </section>
  );
}

function FolderForm({ initial, focus }: { initial: string; focus: boolean }) {
  const { t } = useTranslation();
  const api = useApi();
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const id = useId();
  // Sent here from the built-in files server's "Choose folder" in Servers: the field is what it came for.
  const focused = useRef(false);
  useEffect(() => {
    if (!focus || focused.current) return;
    focused.current = true;
    const input = document.getElementById(id);
    input?.scrollIntoView?.({ block: 'center' });
    input?.focus();
  }, [focus, id]);
  const [saved, setSaved] = useState<string>();
  const chooser = useFolderChooser();
  const form = useValidatedForm<Values, Key, FieldErrorLike, Values>({
    initial: { folder: initial },
    validate,
    mapServerErrors: (_values, errors) => ({ folder: errors[0] }),
    onSubmit: async (values) => {
      setSaved(undefined);
      const answer = await api.settings.setFilesFolder.mutate(values);
      queryClient.setQueryData(trpc.settings.filesFolder.queryKey(), answer);
      // Servers lists the built-in files server with its folder.
      void queryClient.invalidateQueries({ queryKey: trpc.mcp.builtins.queryKey() });
    },
    onDone: () => setSaved(t('settings/general:files.saved')),
  });
  const { values, errors, change, blur } = form;
  const label = t('settings/general:files.folder');
  return (
    <form ref={form.formRef} className="form" noValidate onSubmit={(event) => void form.submit(event)} aria-busy={form.saving}>
      <FailureAlert error={form.failure} />
      <div className="field-with-action">
        <TextField
          id={id}
          label={label}
          hint={t('settings/general:files.hint')}
          value={values.folder}
          onValueChange={(folder) => change(() => ({ folder }), 'folder')}
          onBlur={(event) => blur('folder', event)}
          error={fieldErrorMessage(t, errors.folder)}
          autoComplete="off"
          spellCheck={false}
        />
        {chooser.available && (
          <button
            type="button"
            className="button"
            aria-label={t('settings/tools:presets.dialog.chooseFolderFor', { field: label })}
            onClick={() => void chooser.pick(label).then((path) => path && change(() => ({ folder: path }), 'folder'))}
          >
            {t('settings/tools:presets.dialog.chooseFolder')}
          </button>
        )}
      </div>
      <div className="form__actions">
        <button type="submit" className="button button--primary" aria-disabled={form.saving || undefined}>
          {t('settings/general:files.save')}
        </button>
        {saved && <span role="status">{saved}</span>}
      </div>
    </form>
  );
}
