import { TriangleExclamationPoint } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { DEPENDENCY_RUNTIME } from '@elftia/desktop/shared/contracts/dependencies.ts';
import type { McpServerView } from '@elftia/desktop/router';
import type { McpServiceErrorData } from '@elftia/desktop/shared/contracts/mcp-connection.ts';
import { errorText } from '../../../../../../lib/errorText';
import { RUNTIME_NAMES } from '../runtime/RuntimeInstallDialog';
import { failureSummary, type RemedyAction } from './failureRemedy';
import { splitErrorParams } from './serverStatus';
import './failure.css';

export interface FailureNoticeProps {
  server: McpServerView;
  error: McpServiceErrorData;
  onAction: (action: RemedyAction) => void;
}

function ActionLabel({ action }: { action: RemedyAction }) {
  const { t } = useTranslation();
  switch (action.kind) {
    case 'installRuntime':
      return <>{t('settings/tools:runtime.install', { runtime: RUNTIME_NAMES[DEPENDENCY_RUNTIME[action.command]] })}</>;
    case 'checkKey':
      return <>{t('settings/tools:failure.actions.checkKey')}</>;
    case 'enterInput':
      return <>{t('settings/tools:failure.actions.enterInput')}</>;
    case 'edit':
      return <>{t('settings/tools:failure.actions.edit')}</>;
    case 'showLog':
      return <>{t('settings/tools:failure.actions.showLog')}</>;
    case 'retry':
      return <>{t('settings/tools:failure.actions.retry')}</>;
    case 'signIn':
      return <>{t('settings/tools:failure.actions.signIn')}</>;
  }
}

/**
 * A failing server's row: what went wrong in a few translated words, the buttons that fix it (the
 * first is the likely one), and one click away the full message with the server's own words (its
 * last stderr lines, secrets redacted), which are shown as written.
 */
export function FailureNotice({ server, error, onAction }: FailureNoticeProps) {
  const { t } = useTranslation();
  const summary = failureSummary(server, error);
  const { params, detail } = splitErrorParams(error);
  return (
    <div className="failure-notice" data-testid="mcp-server-error" data-code={error.code}>
      <p className="failure-notice__headline" role="alert">
        <TriangleExclamationPoint className="failure-notice__icon" aria-hidden size={16} />
        <span>{t(summary.key, summary.params)}</span>
      </p>
      <div className="failure-notice__actions">
        {summary.actions.map((action, index) => (
          <button
            key={action.kind}
            type="button"
            className={index === 0 ? 'button button--primary' : 'button'}
            data-action={action.kind}
            onClick={() => onAction(action)}
          >
            <ActionLabel action={action} />
          </button>
        ))}
      </div>
      {detail && (
        <details className="disclosure failure-notice__detail">
          <summary className="disclosure__summary">{t('settings/tools:connection.detail')}</summary>
          <p className="failure-notice__message">{errorText(t, error.code, params)}</p>
          <pre className="mono disclosure__body">{detail}</pre>
        </details>
      )}
    </div>
  );
}
