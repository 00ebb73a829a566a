import { type FormEvent, type KeyboardEvent, useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { chatEditSchema } from '@elftia/desktop/shared/contracts/chat.ts';
import { type DisplayError, errorMessageKey, toDisplayError } from '../../../../lib/appError';

const MESSAGE_MAX = chatEditSchema.shape.text.maxLength ?? undefined;

export interface MessageEditorProps {
  initialText: string;
  onSubmit: (text: string) => Promise<unknown>;
  onCancel: () => void;
}

/**
 * Edits one of the user's messages in place. Sending replaces it and every later message (the
 * conversation does not branch), as the note says. Keys as in the composer: Enter sends, Shift+Enter
 * starts a line (not while an input method composes), Esc cancels.
 */
export function MessageEditor({ initialText, onSubmit, onCancel }: MessageEditorProps) {
  const { t } = useTranslation();
  const id = useId();
  const [text, setText] = useState(initialText);
  const [sending, setSending] = useState(false);
  const [failure, setFailure] = useState<DisplayError>();
  const canSend = !sending && text.trim() !== '';
  const form = useRef<HTMLFormElement>(null);
  // The editor is taller than the bubble it replaces: bring its buttons into the transcript's view.
  useEffect(() => {
    form.current?.scrollIntoView?.({ block: 'nearest' });
  }, []);

  async function send() {
    if (!canSend) return;
    setSending(true);
    setFailure(undefined);
    try {
      await onSubmit(text);
    } catch (error) {
      setFailure(toDisplayError(error));
      setSending(false);
    }
  }

  function onKeyDown(event: KeyboardEvent<HTMLTextAreaElement>) {
    if (event.key === 'Escape') {
      event.preventDefault();
      onCancel();
      return;
    }
    if (event.key !== 'Enter' || event.shiftKey || event.nativeEvent.isComposing || event.keyCode === 229) return;
    event.preventDefault();
    void send();
  }

  function onFormSubmit(event: FormEvent) {
    event.preventDefault();
    void send();
  }

  const noteId = `${id}-note`;
  return (
    <form ref={form} className="message-editor" onSubmit={onFormSubmit} aria-busy={sending}>
      <label htmlFor={id} className="visually-hidden">
        {t('chat/conversations:edit.label')}
      </label>
      <textarea
        id={id}
        className="input message-editor__input"
        rows={Math.min(8, Math.max(2, text.split('\n').length))}
        value={text}
        maxLength={MESSAGE_MAX}
        autoFocus
        onChange={(event) => setText(event.target.value)}
        onKeyDown={onKeyDown}
        aria-describedby={noteId}
      />
      <p id={noteId} className="message-editor__note">
        {t('chat/conversations:edit.replaces')}
      </p>
      {failure && (
        <p className="form__failure" role="alert">
          {t('chat/conversations:edit.failed', { reason: t(errorMessageKey(failure.code), failure.params ?? {}) })}
        </p>
      )}
      <div className="message-editor__buttons">
        <button type="button" className="button" onClick={onCancel}>
          {t('chat/conversations:edit.cancel')}
        </button>
        <button type="submit" className="button button--primary" disabled={!canSend}>
          {t('chat/conversations:edit.send')}
        </button>
      </div>
    </form>
  );
}
