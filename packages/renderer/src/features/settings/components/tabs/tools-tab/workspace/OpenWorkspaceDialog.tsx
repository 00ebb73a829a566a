import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Dialog, type FocusTarget } from '../../../../../../components/Dialog';
import { FailureAlert } from '../../../../../../components/FailureAlert';
import { TextField } from '../../../../../../components/TextField';
import { type DisplayError, toDisplayError } from '../../../../../../lib/appError';

export interface OpenWorkspaceDialogProps {
  /** Opens the folder (workspace.open); a rejection (a folder that does not exist) keeps the dialog open. */
  onOpen: (path: string) => Promise<unknown>;
  onClose: () => void;
  returnFocus?: FocusTarget;
}

/**
 * "Open folder…" where the window has no system folder chooser (a browser on the headless host):
 * the folder's path, typed, like Settings → General's files folder.
 */
export function OpenWorkspaceDialog({ onOpen, onClose, returnFocus }: OpenWorkspaceDialogProps) {
  const { t } = useTranslation();
  const id = useId();
  const [path, setPath] = useState('');
  const [missing, setMissing] = useState(false);
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<DisplayError>();

  async function submit() {
    if (busy) return;
    if (path.trim() === '') {
      setMissing(true);
      return;
    }
    setBusy(true);
    setFailure(undefined);
    try {
      await onOpen(path.trim());
      onClose();
    } catch (error) {
      setFailure(toDisplayError(error));
      setBusy(false);
    }
  }

  return (
    <Dialog title={t('settings/tools:workspace.openTitle')} onClose={onClose} returnFocus={returnFocus}>
      <form
        className="form"
        noValidate
        aria-busy={busy}
        onSubmit={(event) => {
          event.preventDefault();
          void submit();
        }}
      >
        <TextField
          id={id}
          label={t('settings/tools:workspace.folder')}
          hint={t('settings/tools:workspace.folderHint')}
          value={path}
          onValueChange={(value) => {
            setPath(value);
            setMissing(false);
          }}
          error={missing ? t('common/errors:validation.required') : undefined}
          autoComplete="off"
          spellCheck={false}
          data-autofocus
        />
        <FailureAlert error={failure} />
        <div className="dialog__actions">
          <button type="button" className="button" onClick={onClose}>
            {t('settings/tools:workspace.cancel')}
          </button>
          <button type="submit" className="button button--primary" aria-disabled={busy || undefined}>
            {t('settings/tools:workspace.open')}
          </button>
        </div>
      </form>
    </Dialog>
  );
}
