import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { McpServerView } from '@elftia/desktop/router';
import type { OAuthStatus } from '@elftia/desktop/shared/contracts/oauth.ts';
import { useApi } from '../../../../../../lib/api';
import { useBusyAction } from '../../../../../../lib/useBusyAction';
import { errorText } from '../../../../../../lib/errorText';
import { useApiSubscription } from '../../../../../../lib/useApiSubscription';
import { OAuthClientFields } from './OAuthClientFields';

/**
 * OAuth sign-in of an HTTP/SSE server (mcp.auth): Needs sign-in / Sign in; while signing in, the
 * link the browser was sent to (to open or copy: a browser window of the headless host has no
 * system browser of its own); once signed in, who, the scopes granted and Sign out. Tokens never
 * reach this side.
 */
export function SignInSection({ server, headingId }: { server: McpServerView; headingId: string }) {
  const { t } = useTranslation();
  const api = useApi();
  const { data: status } = useApiSubscription((a) => a.mcp.auth.onStatus, { serverId: server.id });
  const { busy, failure, run } = useBusyAction({ exclusive: true });
  const [copied, setCopied] = useState(false);


  async function copy(url: string) {
    try {
      await navigator.clipboard.writeText(url);
      setCopied(true);
    } catch {
      setCopied(false);
    }
  }

  if (server.type !== 'http' && server.type !== 'sse') return null;
  if (status?.supported === false) return null;
  // A server that never asked for a sign-in (no OAuth, or a bearer header) shows none; one that
  // does answers 401 first and then reads "Needs sign-in" here.
  if (status?.state === 'signed_out' && !status.preRegisteredClientId) return null;
  // The heading is there from the first render: a row's "Sign in" moves focus to it at once.
  return (
    <section aria-labelledby={headingId} className="server-details__section sign-in" data-testid="mcp-server-sign-in" data-state={status?.state}>
      <h3 id={headingId} className="server-details__heading" tabIndex={-1}>
        {t('settings/tools:oauth.heading')}
      </h3>
      <p className="panel-note" role="status" data-testid="mcp-server-sign-in-state">
        {status && <StateText status={status} />}
      </p>
      {status && body(status)}
    </section>
  );

  /** A plain function, not a component: the client form inside keeps its state across renders. */
  function body(status: OAuthStatus) {
    return (
      <>
      {status.state === 'signing_in' && status.authorizationUrl && (
        <p className="sign-in__link">
          <a href={status.authorizationUrl} target="_blank" rel="noreferrer noopener" data-testid="mcp-server-sign-in-link">
            {t('settings/tools:oauth.openLink')}
          </a>{' '}
          <button type="button" className="button" onClick={() => void copy(status.authorizationUrl ?? '')}>
            {copied ? t('settings/tools:oauth.copied') : t('settings/tools:oauth.copyLink')}
          </button>
        </p>
      )}
      <div className="sign-in__actions">
        {(status.state === 'signed_out' || status.state === 'needs_sign_in') && (
          <button
            type="button"
            className="button button--primary"
            aria-disabled={busy || undefined}
            aria-label={t('settings/tools:oauth.signInTo', { name: server.name })}
            onClick={() => void run(() => api.mcp.auth.signIn.mutate({ serverId: server.id }))}
          >
            {t('settings/tools:oauth.signIn')}
          </button>
        )}
        {status.state === 'signing_in' && (
          <button type="button" className="button" onClick={() => void run(() => api.mcp.auth.cancelSignIn.mutate({ serverId: server.id }))}>
            {t('settings/tools:oauth.cancel')}
          </button>
        )}
        {status.state === 'signed_in' && (
          <button
            type="button"
            className="button"
            aria-label={t('settings/tools:oauth.signOutOf', { name: server.name })}
            onClick={() => void run(() => api.mcp.auth.signOut.mutate({ serverId: server.id }))}
          >
            {t('settings/tools:oauth.signOut')}
          </button>
        )}
      </div>
      {failure && (
        <p className="form__failure" role="alert">
          {errorText(t, failure.code, failure.params)}
        </p>
      )}
      {status.state !== 'signing_in' && <OAuthClientFields serverId={server.id} clientId={status.preRegisteredClientId} />}
      </>
    );
  }
}

function StateText({ status }: { status: OAuthStatus }) {
  const { t, i18n } = useTranslation();
  const scopesId = useId();
  switch (status.state) {
    case 'signed_out':
      return <>{t('settings/tools:oauth.signedOut')}</>;
    case 'needs_sign_in':
      return <>{t('settings/tools:oauth.needsSignIn')}</>;
    case 'signing_in':
      return <>{t('settings/tools:oauth.waiting')}</>;
    case 'signed_in': {
      const expires = status.expiresAt ? new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium', timeStyle: 'short' }).format(new Date(status.expiresAt)) : undefined;
      return (
        <>
          {status.account ? t('settings/tools:oauth.signedInAs', { account: status.account }) : t('settings/tools:oauth.signedIn')}
          {status.scopes.length > 0 && (
            <span id={scopesId} className="sign-in__scopes">
              {' '}
              {t('settings/tools:oauth.scopes', { scopes: status.scopes.join(' ') })}
            </span>
          )}
          {expires && <span className="sign-in__expiry"> {t('settings/tools:oauth.expires', { time: expires })}</span>}
        </>
      );
    }
  }
}
