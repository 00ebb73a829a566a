import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { RegistryInstallOption, RegistryServerView } from '@elftia/desktop/shared/contracts/registry.ts';
import { Dialog } from '../../../../../../components/Dialog';
import { OPTION_KIND_KEYS, UNSUPPORTED_KEYS } from './registryLabels';

export interface RegistryOptionDialogProps {
  server: RegistryServerView;
  onChoose: (option: RegistryInstallOption) => void;
  onClose: () => void;
  returnFocus?: HTMLElement | null | undefined;
}

/**
 * A record with several packages or remotes: which one to install. Options that cannot run here
 * stay listed, disabled, with the reason.
 */
export function RegistryOptionDialog({ server, onChoose, onClose, returnFocus }: RegistryOptionDialogProps) {
  const { t } = useTranslation();
  const groupId = useId();
  const first = server.options.find((option) => option.supported);
  const [chosen, setChosen] = useState(first?.id);
  const option = server.options.find((o) => o.id === chosen && o.supported);
  return (
    <Dialog title={t('settings/registry:choose.title', { name: server.title ?? server.name })} onClose={onClose} className="dialog--wide" returnFocus={returnFocus}>
      <form
        className="form"
        onSubmit={(event) => {
          event.preventDefault();
          if (option) onChoose(option);
        }}
      >
        <fieldset className="registry-choose" aria-describedby={`${groupId}-hint`}>
          <legend className="field__label">{t('settings/registry:choose.legend')}</legend>
          <p id={`${groupId}-hint`} className="field__hint">
            {t('settings/registry:choose.hint')}
          </p>
          {server.options.map((candidate) => (
            <label key={candidate.id} className={candidate.supported ? 'registry-choose__option' : 'registry-choose__option registry-choose__option--unsupported'}>
              <input
                type="radio"
                name={groupId}
                value={candidate.id}
                checked={chosen === candidate.id}
                disabled={!candidate.supported}
                onChange={() => setChosen(candidate.id)}
                {...(candidate.id === first?.id ? { 'data-autofocus': true } : {})}
              />
              <span className="registry-choose__text">
                <span className="registry-choose__kind">{t(OPTION_KIND_KEYS[candidate.kind])}</span>
                <code className="registry-choose__summary">{candidate.summary}</code>
                {!candidate.supported && candidate.unsupportedReason && <span className="registry-choose__reason">{t(UNSUPPORTED_KEYS[candidate.unsupportedReason])}</span>}
              </span>
            </label>
          ))}
        </fieldset>
        <div className="dialog__actions">
          <button type="button" className="button" onClick={onClose}>
            {t('settings/tools:form.cancel')}
          </button>
          <button type="submit" className="button button--primary" aria-disabled={!option || undefined}>
            {t('settings/registry:choose.next')}
          </button>
        </div>
      </form>
    </Dialog>
  );
}
