import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { McpServerView } from '@elftia/desktop/router';
import { MCP_SERVER_LOG_LEVELS, type McpServerLogLevel } from '@elftia/desktop/shared/contracts/mcp-connection.ts';
import { useApi } from '../../../../../../lib/api';
import { type DisplayError, toDisplayError } from '../../../../../../lib/appError';
import { errorText } from '../../../../../../lib/errorText';
import { useTRPC } from '../../../../../../lib/query';

/**
 * How much the server itself logs (MCP `logging/setLevel`): kept per server, sent at once to a
 * connected server that supports logging, and on every later connect.
 */
export function ServerLogLevel({ server }: { server: McpServerView }) {
  const { t } = useTranslation();
  const api = useApi();
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const selectId = useId();
  const hintId = useId();
  const query = useQuery(trpc.mcp.logLevel.queryOptions({ id: server.id }));
  const [failure, setFailure] = useState<DisplayError>();

  async function choose(level: McpServerLogLevel) {
    setFailure(undefined);
    try {
      const saved = await api.mcp.setLogLevel.mutate({ id: server.id, level });
      queryClient.setQueryData(trpc.mcp.logLevel.queryKey({ id: server.id }), saved);
    } catch (error) {
      setFailure(toDisplayError(error));
    }
  }

  if (!query.data) return null;
  return (
    <div className="field server-log-level">
      <label className="field__label" htmlFor={selectId}>
        {t('settings/tools:log.serverLevel')}
      </label>
      <select id={selectId} className="input input--narrow" aria-describedby={hintId} value={query.data.level} onChange={(event) => void choose(event.target.value as McpServerLogLevel)}>
        {MCP_SERVER_LOG_LEVELS.map((level) => (
          <option key={level} value={level}>
            {t(`settings/tools:log.serverLevels.${level}`)}
          </option>
        ))}
      </select>
      <p id={hintId} className="field__hint">
        {t('settings/tools:log.serverLevelHint')}
      </p>
      {failure && (
        <p className="form__failure" role="alert">
          {t('settings/tools:log.serverLevelFailed', { reason: errorText(t, failure.code, failure.params) })}
        </p>
      )}
    </div>
  );
}
