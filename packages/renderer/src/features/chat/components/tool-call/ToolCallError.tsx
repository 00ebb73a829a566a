import { useTranslation } from 'react-i18next';
import type { ToolCallView } from '@elftia/desktop/shared/contracts/chat.ts';
import { errorText } from '../../../../lib/errorText';
import { fieldErrorMessage } from '../../../../lib/fieldErrorMessage';

/**
 * Why a call produced no result, in the user's language: the error's message with the call's own
 * tool and server filled in (the engine adds what else the message names, and what happened: an exit
 * code, a reset), for invalid arguments every problem with its path, and the raw cause one click away.
 */
export function ToolCallError({ call, code }: { call: ToolCallView; code: string }) {
  const { t } = useTranslation();
  const { detail, ...errorParams } = call.errorParams ?? {};
  const params = { tool: call.toolName, server: call.serverName ?? call.serverId ?? '', ...errorParams };
  const technical = detail === undefined ? '' : String(detail).trim();
  const problems = call.fieldErrors ?? [];
  return (
    <div className="tool-call__error">
      <p className="tool-call__error-message" data-testid="tool-call-error">
        {errorText(t, code, params)}
      </p>
      {problems.length > 0 && (
        <ul className="tool-call__problems" data-testid="tool-call-problems">
          {problems.map((problem, index) => (
            // A path may repeat (two problems of one field), so the position is part of the key.
            <li key={`${index}:${problem.field}`}>
              {problem.field === '' ? t('common/errors:toolArguments.root') : <code>{problem.field}</code>}: {fieldErrorMessage(t, problem)}
            </li>
          ))}
        </ul>
      )}
      {technical !== '' && (
        <details className="disclosure">
          <summary className="disclosure__summary">{t('chat/tool-calls:technicalDetails')}</summary>
          <pre className="mono disclosure__body">{technical}</pre>
        </details>
      )}
    </div>
  );
}
