import { useTranslation } from 'react-i18next';
import type { McpServerView } from '@elftia/desktop/router';
import type { MCPTool } from '@elftia/desktop/shared/contracts/mcp-tool.ts';
import { errorText } from '../../../../../../lib/errorText';
import { useServerTools } from './useServerTools';

function ToolItem({ tool }: { tool: MCPTool }) {
  const { t } = useTranslation();
  return (
    <li className="tool-list__item" data-testid="mcp-tool">
      <code className="tool-list__name">{tool.name}</code>
      {tool.annotations?.title && <span className="tool-list__title">{tool.annotations.title}</span>}
      <p className="tool-list__description">{tool.description || t('settings/tools:toolList.noDescription')}</p>
      <details className="disclosure">
        <summary className="disclosure__summary">{t('settings/tools:toolList.schema', { tool: tool.name })}</summary>
        <pre className="mono disclosure__body">{JSON.stringify(tool.inputSchema, null, 2)}</pre>
      </details>
    </li>
  );
}

/** The tools the server offers, each with its description and input schema. Every state says what it is. */
export function ToolList({ server }: { server: McpServerView }) {
  const { t } = useTranslation();
  const { state, retry } = useServerTools(server);

  if (state.kind === 'notConnected') return <p className="panel-note">{t('settings/tools:toolList.notConnected')}</p>;

  const tools = state.tools;
  return (
    <div aria-busy={state.kind === 'loading'}>
      {state.kind === 'failed' && (
        <div className="form__failure">
          <p role="alert" className="panel-note">
            {t('settings/tools:toolList.loadFailed', { reason: errorText(t, state.error.code, state.error.params) })}
          </p>
          <button type="button" className="button" onClick={retry}>
            {t('settings/tools:toolList.retry')}
          </button>
        </div>
      )}
      {tools === undefined ? (
        state.kind === 'loading' && (
          <p className="panel-note" role="status">
            {t('settings/tools:toolList.loading')}
          </p>
        )
      ) : tools.length === 0 ? (
        <p className="panel-note">{t('settings/tools:toolList.empty')}</p>
      ) : (
        <ul className="tool-list">
          {tools.map((tool) => (
            <ToolItem key={tool.name} tool={tool} />
          ))}
        </ul>
      )}
    </div>
  );
}
