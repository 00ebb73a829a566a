import { type FormEvent, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { conversationUpdateSchema } from '@elftia/desktop/shared/contracts/chat.ts';
import { Dialog, type FocusTarget } from '../../../../components/Dialog';
import { TextField } from '../../../../components/TextField';
import { type DisplayError, readAppError, toDisplayError } from '../../../../lib/appError';
import { FailureAlert } from '../../../../components/FailureAlert';

// The schema's own limit, so the field cannot drift from what the router accepts.
const TITLE_MAX = conversationUpdateSchema.shape.title.unwrap().maxLength ?? undefined;

export interface RenameConversationDialogProps {
  initialTitle: string;
  /** Saves; a rejection keeps the dialog open with what was typed. */
  onSave: (title: string) => Promise<unknown>;
  onClose: () => void;
  /** See Dialog's returnFocus. */
  returnFocus?: FocusTarget;
}

export function RenameConversationDialog({ initialTitle, onSave, onClose, returnFocus }: RenameConversationDialogProps) {
  const { t } = useTranslation();
  const id = useId();
  const [title, setTitle] = useState(initialTitle);
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<DisplayError>();
  const [fieldError, setFieldError] = useState<string>();

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (busy) return;
    setBusy(true);
    setFailure(undefined);
    setFieldError(undefined);
    try {
      await onSave(title.trim());
      onClose();
    } catch (error) {
      const field = readAppError(error)?.fieldErrors?.find((e) => e.field === 'title');
      // The title's own limit wins over the router's generic tooLong parameter (the MCP name limit).
      if (field) setFieldError(t(`common/errors:validation.${field.code}`, { ...field.params, max: TITLE_MAX }));
      else setFailure(toDisplayError(error));
      setBusy(false);
    }
  }

  return (
    <Dialog title={t('chat/conversations:rename.title')} onClose={onClose} returnFocus={returnFocus}>
      <form className="form" noValidate onSubmit={(event) => void submit(event)}>
        <FailureAlert error={failure} />
        <TextField
          id={`${id}-title`}
          label={t('chat/conversations:rename.field')}
          value={title}
          onValueChange={setTitle}
          maxLength={TITLE_MAX}
          error={fieldError}
          autoComplete="off"
          data-autofocus
        />
        <div className="dialog__actions">
          <button type="button" className="button" onClick={onClose}>
            {t('chat/conversations:rename.cancel')}
          </button>
          <button type="submit" className="button button--primary" aria-disabled={busy || undefined}>
            {t('chat/conversations:rename.save')}
          </button>
        </div>
      </form>
    </Dialog>
  );
}
