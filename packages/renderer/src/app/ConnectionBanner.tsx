import { Trans, useTranslation } from 'react-i18next';
import { type BridgeState, type BridgeStatus, useBridgeState } from '../lib/bridgeStatus';

const MESSAGE_KEYS: Partial<Record<BridgeState, string>> = {
  missingToken: 'app/shell:banner.missingToken',
  refused: 'app/shell:banner.refused',
  unreachable: 'app/shell:banner.unreachable',
  lost: 'app/shell:banner.lost',
};

/**
 * Says why nothing loads when the bridge to the main process is down, instead of leaving a blank
 * or half-empty page.
 */
export function ConnectionBanner({ status }: { status: BridgeStatus }) {
  const { t } = useTranslation();
  const state = useBridgeState(status);
  const key = MESSAGE_KEYS[state];
  if (!key) return null;
  return (
    <div className="banner" role="alert" data-testid="connection-banner" data-state={state}>
      <p className="banner__text">
        {/* The command to run is set as code (<code>…</code> in the message), not in literal backticks. */}
        <Trans i18nKey={key} components={{ code: <code className="mono" /> }} />
      </p>
      {state === 'missingToken' && (
        <button type="button" className="button" onClick={() => window.location.reload()}>
          {t('app/shell:banner.reload')}
        </button>
      )}
    </div>
  );
}
