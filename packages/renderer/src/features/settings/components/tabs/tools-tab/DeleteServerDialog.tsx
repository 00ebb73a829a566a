import { useTranslation } from 'react-i18next';
import type { McpServerView } from '@elftia/desktop/router';
import { ConfirmDialog } from '../../../../../components/ConfirmDialog';

export interface DeleteServerDialogProps {
  server: McpServerView;
  onConfirm: (server: McpServerView) => Promise<unknown>;
  onClose: () => void;
}

/** Asks before deleting a server (ConfirmDialog: Cancel has focus first, so Enter deletes nothing). */
export function DeleteServerDialog({ server, onConfirm, onClose }: DeleteServerDialogProps) {
  const { t } = useTranslation();
  return (
    <ConfirmDialog
      title={t('settings/tools:delete.title', { name: server.name })}
      body={t('settings/tools:delete.body')}
      confirmLabel={t('settings/tools:delete.confirm')}
      cancelLabel={t('settings/tools:delete.cancel')}
      onConfirm={() => onConfirm(server)}
      onClose={onClose}
    />
  );
}
