import { Paperclip } from 'lucide-react';
import { useId, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { ACCEPTED_FILES } from '../../model/attachmentFiles';

export interface AttachButtonProps {
  disabled?: boolean;
  onFiles: (files: File[]) => void;
}

/** The composer's paperclip: the system's file chooser for images and text files. */
export function AttachButton({ disabled, onFiles }: AttachButtonProps) {
  const { t } = useTranslation();
  const input = useRef<HTMLInputElement>(null);
  const hintId = useId();
  return (
    <>
      <button type="button" className="attach-button" disabled={disabled} aria-label={t('chat/attachments:attach')} aria-describedby={hintId} title={t('chat/attachments:attachHint')} onClick={() => input.current?.click()}>
        <Paperclip aria-hidden="true" size={16} />
      </button>
      <span id={hintId} className="visually-hidden">
        {t('chat/attachments:attachHint')}
      </span>
      <input
        ref={input}
        type="file"
        multiple
        accept={ACCEPTED_FILES}
        hidden
        data-testid="attach-input"
        onChange={(event) => {
          const files = [...(event.target.files ?? [])];
          // Cleared, so choosing the same file again (after removing it) still reports a change.
          event.target.value = '';
          if (files.length > 0) onFiles(files);
        }}
      />
    </>
  );
}
