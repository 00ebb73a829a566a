import { useQuery, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { SYSTEM_PROMPT_MAX_LENGTH } from '@elftia/desktop/shared/contracts/limits.ts';
import { FailureAlert } from '../../../../../components/FailureAlert';
import { useApi } from '../../../../../lib/api';
import { type DisplayError, errorMessageKey, readAppError, toDisplayError } from '../../../../../lib/appError';
import { fieldErrorMessage } from '../../../../../lib/fieldErrorMessage';
import { useTRPC } from '../../../../../lib/query';

/**
 * Settings → General: the system prompt new conversations start with. Each conversation keeps its
 * own copy (edited from the conversation), so a change here applies to conversations created later.
 */
export function SystemPromptSection() {
  const { t } = useTranslation();
  const trpc = useTRPC();
  const titleId = useId();
  const { data, error } = useQuery(trpc.settings.systemPrompt.queryOptions());
  return (
    <section className="settings-section" aria-labelledby={titleId}>
      <h3 id={titleId}>{t('settings/system-prompt:title')}</h3>
      <p className="section-header__description">{t('settings/system-prompt:description')}</p>
      {error && (
        <p className="form__failure" role="alert">
          {t('settings/system-prompt:loadFailed', { reason: t(errorMessageKey(toDisplayError(error).code)) })}
        </p>
      )}
      {/* Mounted once loaded: the form starts from what is stored and then keeps its own edits. */}
      {data && <SystemPromptForm initial={data.systemPrompt} />}
    </section>
  );
}

function SystemPromptForm({ initial }: { initial: string }) {
  const { t } = useTranslation();
  const api = useApi();
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const id = useId();
  const [text, setText] = useState(initial);
  const [saving, setSaving] = useState(false);
  const [saved, setSaved] = useState(false);
  const [fieldError, setFieldError] = useState<string>();
  const [failure, setFailure] = useState<DisplayError>();

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (saving) return;
    setSaving(true);
    setSaved(false);
    setFieldError(undefined);
    setFailure(undefined);
    try {
      const stored = await api.settings.setSystemPrompt.mutate({ systemPrompt: text });
      queryClient.setQueryData(trpc.settings.systemPrompt.queryKey(), stored);
      setText(stored.systemPrompt);
      setSaved(true);
    } catch (error) {
      const field = readAppError(error)?.fieldErrors?.find((e) => e.field === 'systemPrompt');
      if (field) setFieldError(fieldErrorMessage(t, field));
      else setFailure(toDisplayError(error));
    } finally {
      setSaving(false);
    }
  }

  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  return (
    <form className="form" noValidate onSubmit={(event) => void submit(event)} aria-busy={saving}>
      <FailureAlert error={failure} />
      <div className="field">
        {/* The section's heading above says the same, so the label is for screen readers only. */}
        <label htmlFor={`${id}-text`} className="visually-hidden">
          {t('settings/system-prompt:label')}
        </label>
        <textarea
          id={`${id}-text`}
          className="input"
          rows={5}
          value={text}
          maxLength={SYSTEM_PROMPT_MAX_LENGTH}
          placeholder={t('settings/system-prompt:placeholder')}
          onChange={(event) => {
            setText(event.target.value);
            setSaved(false);
          }}
          aria-invalid={fieldError ? true : undefined}
          aria-describedby={fieldError ? `${errorId} ${hintId}` : hintId}
        />
        <p id={hintId} className="field__hint">
          {t('chat/system-prompt:count', { count: text.length, max: SYSTEM_PROMPT_MAX_LENGTH })}
        </p>
        {fieldError && (
          <p id={errorId} className="field__error" role="alert">
            {fieldError}
          </p>
        )}
      </div>
      <div className="form__actions">
        <button type="submit" className="button button--primary" aria-disabled={saving || undefined}>
          {t('settings/system-prompt:save')}
        </button>
        {saved && <span role="status">{t('settings/system-prompt:saved')}</span>}
      </div>
    </form>
  );
}
