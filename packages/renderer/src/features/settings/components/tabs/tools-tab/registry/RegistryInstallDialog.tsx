import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { RegistryInstallOption, RegistryServerView } from '@elftia/desktop/shared/contracts/registry.ts';
import { InstallFieldsDialog } from '../install/InstallFieldsDialog';
import { registryCheck, toInstallField } from './registryFields';

export interface RegistryInstallDialogProps {
  server: RegistryServerView;
  option: RegistryInstallOption;
  /** The answers by RegistryInputField.key; rejects with the router's VALIDATION, shown on the fields. */
  onSubmit: (inputs: Record<string, string>) => Promise<unknown>;
  onClose: () => void;
  returnFocus?: HTMLElement | null | undefined;
}

/** A registry record's inputs in the dialog the presets use, with what the server will run. */
export function RegistryInstallDialog({ server, option, onSubmit, onClose, returnFocus }: RegistryInstallDialogProps) {
  const { t } = useTranslation();
  const fields = useMemo(() => option.fields.map((field) => toInstallField(field, t)), [option, t]);
  const check = useMemo(() => registryCheck(option), [option]);
  return (
    <InstallFieldsDialog
      title={t('settings/registry:dialog.title', { name: server.title ?? server.name })}
      intro={
        <div className="form__intro registry-install__intro">
          <p>{server.description}</p>
          <p className="registry-install__runs">
            {t('settings/registry:dialog.runs')} <code data-testid="registry-install-summary">{option.summary}</code>
          </p>
          {option.fields.some((field) => field.secret) && <p className="field__hint">{t('settings/registry:dialog.secretsStored')}</p>}
        </div>
      }
      saveLabel={t('settings/registry:dialog.submit')}
      fields={fields}
      check={check}
      onSubmit={onSubmit}
      onClose={onClose}
      returnFocus={returnFocus}
    />
  );
}
