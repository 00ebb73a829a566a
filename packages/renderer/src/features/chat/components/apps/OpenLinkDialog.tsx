import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Dialog } from '../../../../components/Dialog';
import { useCopy } from '../conversation/useCopy';

export interface OpenLinkDialogProps {
  url: URL;
  serverName: string;
  /** The user's answer: true when the link was opened. */
  onDone(opened: boolean): void;
}

/**
 * An app asks to open a link (`ui/open-link`). Nothing opens without the user's consent; the host
 * the link goes to is shown first and large, the whole address below it. Open is a real link to a
 * new window: Electron hands every new window to the system browser, a browser tab opens it itself;
 * Copy leaves the address for the user to open wherever they like (the app is told it was not opened).
 */
export function OpenLinkDialog({ url, serverName, onDone }: OpenLinkDialogProps) {
  const { t } = useTranslation();
  const bodyId = useId();
  const { state, copy } = useCopy();
  const host = url.protocol === 'mailto:' ? url.pathname : url.host;
  return (
    <Dialog title={t('chat/apps:openLink.title', { server: serverName })} onClose={() => onDone(false)} describedBy={bodyId}>
      <p id={bodyId}>{t('chat/apps:openLink.body')}</p>
      <p className="app-frame__link-host" data-testid="app-open-link-host">
        {host}
      </p>
      <p className="app-frame__link-url">{url.href}</p>
      <div className="dialog__actions">
        <button type="button" className="button" onClick={() => onDone(false)} data-autofocus>
          {t('chat/apps:openLink.cancel')}
        </button>
        <button type="button" className="button" onClick={() => void copy(url.href)} aria-live="polite">
          {state === 'copied' ? t('chat/apps:openLink.copied') : state === 'failed' ? t('chat/apps:openLink.copyFailed') : t('chat/apps:openLink.copy')}
        </button>
        <a className="button button--primary" href={url.href} target="_blank" rel="noopener noreferrer" onClick={() => onDone(true)}>
          {t('chat/apps:openLink.open')}
        </a>
      </div>
    </Dialog>
  );
}
