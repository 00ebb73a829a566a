import { ScrollText } from 'lucide-react';
import { Dialog } from 'radix-ui';
import { type FormEvent, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { SYSTEM_PROMPT_MAX_LENGTH } from '@elftia/desktop/shared/contracts/limits.ts';
import { readAppError, toDisplayError } from '../../../../lib/appError';
import { errorText } from '../../../../lib/errorText';
import { fieldErrorMessage } from '../../../../lib/fieldErrorMessage';
import './system-prompt.css';

export interface SystemPromptButtonProps {
  /** The conversation's prompt; absent or '' when none is sent. */
  systemPrompt: string | undefined;
  disabled?: boolean;
  /** Stores the prompt ('' clears it); a rejection keeps the dialog open and says why. */
  onSave: (systemPrompt: string) => Promise<unknown>;
}

/**
 * The conversation's system prompt: a compact button (marked when a prompt is set) opening a
 * dialog to edit it. The dialog is Radix's: focus moves in, stays in, and returns to the button.
 */
export function SystemPromptButton({ systemPrompt, disabled, onSave }: SystemPromptButtonProps) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const set = (systemPrompt ?? '') !== '';
  return (
    <Dialog.Root open={open} onOpenChange={setOpen}>
      <Dialog.Trigger asChild>
        <button
          type="button"
          className="system-prompt__trigger"
          disabled={disabled}
          data-set={set || undefined}
          // The name starts with the visible label, and says when a prompt is set (the dot's meaning).
          aria-label={set ? t('chat/system-prompt:buttonSet') : undefined}
          title={set ? systemPrompt : undefined}
        >
          <ScrollText aria-hidden="true" size={16} />
          <span>{t('chat/system-prompt:button')}</span>
          {set && <span className="system-prompt__dot" aria-hidden="true" />}
        </button>
      </Dialog.Trigger>
      <Dialog.Portal>
        {/* Not Radix's Overlay: its scroll lock injects a <style> element, which the page's
            Content-Security-Policy (index.html, style-src 'self') refuses; the window does not scroll. */}
        {open && <div className="dialog-backdrop" />}
        {/* Mounted only while open, so each opening starts from what is stored. */}
        {open && <SystemPromptDialog initial={systemPrompt ?? ''} onSave={onSave} onDone={() => setOpen(false)} />}
      </Dialog.Portal>
    </Dialog.Root>
  );
}

function SystemPromptDialog({ initial, onSave, onDone }: { initial: string; onSave: (systemPrompt: string) => Promise<unknown>; onDone: () => void }) {
  const { t } = useTranslation();
  const id = useId();
  const [text, setText] = useState(initial);
  const [saving, setSaving] = useState(false);
  const [failure, setFailure] = useState<string>();

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (saving) return;
    setSaving(true);
    setFailure(undefined);
    try {
      await onSave(text.trim());
      onDone();
    } catch (error) {
      const field = readAppError(error)?.fieldErrors?.find((e) => e.field === 'systemPrompt');
      const shown = toDisplayError(error);
      setFailure(field ? fieldErrorMessage(t, field) : t('chat/system-prompt:saveFailed', { reason: errorText(t, shown.code, shown.params) }));
    } finally {
      setSaving(false);
    }
  }

  const describedBy = `${id}-description ${id}-count${failure ? ` ${id}-failure` : ''}`;
  return (
    <Dialog.Content className="dialog dialog--wide system-prompt__dialog" aria-describedby={`${id}-description`}>
      <Dialog.Title className="dialog__title">{t('chat/system-prompt:title')}</Dialog.Title>
      <Dialog.Description id={`${id}-description`} className="field__hint">
        {t('chat/system-prompt:description')}
      </Dialog.Description>
      <form className="form" onSubmit={(event) => void submit(event)} aria-busy={saving}>
        <label htmlFor={`${id}-text`} className="visually-hidden">
          {t('chat/system-prompt:label')}
        </label>
        <textarea
          id={`${id}-text`}
          className="input system-prompt__text"
          rows={8}
          value={text}
          maxLength={SYSTEM_PROMPT_MAX_LENGTH}
          placeholder={t('chat/system-prompt:placeholder')}
          onChange={(event) => setText(event.target.value)}
          aria-invalid={failure ? true : undefined}
          aria-describedby={describedBy}
        />
        <p id={`${id}-count`} className="field__hint system-prompt__count">
          {t('chat/system-prompt:count', { count: text.length, max: SYSTEM_PROMPT_MAX_LENGTH })}
        </p>
        {failure && (
          <p id={`${id}-failure`} className="field__error" role="alert">
            {failure}
          </p>
        )}
        <div className="dialog__actions">
          <button type="button" className="button button--quiet system-prompt__clear" onClick={() => setText('')} disabled={text === ''}>
            {t('chat/system-prompt:clear')}
          </button>
          <Dialog.Close asChild>
            <button type="button" className="button">
              {t('chat/system-prompt:cancel')}
            </button>
          </Dialog.Close>
          <button type="submit" className="button button--primary" aria-disabled={saving || undefined}>
            {t('chat/system-prompt:save')}
          </button>
        </div>
      </form>
    </Dialog.Content>
  );
}
