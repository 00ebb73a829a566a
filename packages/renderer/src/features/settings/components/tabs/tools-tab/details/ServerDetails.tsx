import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import type { McpServerView } from '@elftia/desktop/router';
import { ConnectionError } from '../status/ConnectionError';
import { EnvironmentNames } from './EnvironmentNames';
import { LogView } from './LogView';
import { RestartButton } from './RestartButton';
import { SecretInputs } from './SecretInputs';
import { ServerCatalog } from './ServerCatalog';
import { SignInSection } from './SignInSection';
import { ServerLogLevel } from './ServerLogLevel';
import { SkippedItems } from './SkippedItems';
import { ToolList } from './ToolList';

/** The element a row's "Show log" or "Show details" moves focus to (a heading, focusable from script). */
export function detailsTargetId(detailsId: string, target: 'log' | 'skipped' | 'signin'): string {
  return `${detailsId}-${target}`;
}

/**
 * One server's diagnostics: its error history, Restart, its sign-in (HTTP/SSE), its live log, the
 * environment variable names a stdio server gets, the tools it offers, and its resources and prompts.
 * Mounted only while expanded, so closed panels hold no log subscription.
 */
export function ServerDetails({ server, id }: { server: McpServerView; id: string }) {
  const { t } = useTranslation();
  const toolsHeadingId = useId();
  const logHeadingId = detailsTargetId(id, 'log');
  const envHeadingId = useId();
  const catalogHeadingId = useId();
  const connection = server.connection;
  // While failing, the row already shows the error as an alert; here it is the history after a recovery.
  const pastError = server.status !== 'error' ? connection?.lastError : undefined;

  return (
    <section id={id} className="server-details" aria-label={t('settings/tools:details.label', { name: server.name })}>
      <div className="server-details__summary">
        <div className="server-details__history">
          <p className="panel-note" data-testid="mcp-server-consecutive-errors">
            {t('settings/tools:details.consecutiveErrors', { errors: connection?.consecutiveErrors ?? 0 })}
          </p>
          {pastError && <ConnectionError error={pastError} alert={false} />}
        </div>
        <RestartButton server={server} />
      </div>
      <SignInSection server={server} headingId={detailsTargetId(id, 'signin')} />
      <SkippedItems server={server} headingId={detailsTargetId(id, 'skipped')} />
      {/* The log first: it is height-bounded, while a server may offer dozens of tools. */}
      <section aria-labelledby={logHeadingId} className="server-details__section">
        <h3 id={logHeadingId} className="server-details__heading" tabIndex={-1}>
          {t('settings/tools:log.heading')}
        </h3>
        <ServerLogLevel server={server} />
        <LogView server={server} />
      </section>
      <SecretInputs server={server} />
      {server.type === 'stdio' && (
        <section aria-labelledby={envHeadingId} className="server-details__section">
          <h3 id={envHeadingId} className="server-details__heading">
            {t('settings/tools:envNames.heading')}
          </h3>
          <EnvironmentNames server={server} />
        </section>
      )}
      <section aria-labelledby={toolsHeadingId} className="server-details__section">
        <h3 id={toolsHeadingId} className="server-details__heading">
          {t('settings/tools:toolList.heading')}
        </h3>
        <ToolList server={server} />
      </section>
      <ServerCatalog server={server} headingId={catalogHeadingId} />
    </section>
  );
}
