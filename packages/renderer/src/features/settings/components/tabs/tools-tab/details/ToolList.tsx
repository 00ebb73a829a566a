import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { McpServerView } from '@elftia/desktop/router';
import type { MCPTool } from '@elftia/desktop/shared/contracts/mcp-tool.ts';
import { McpIcon } from '../../../../../../components/McpIcon';
import { useApi } from '../../../../../../lib/api';
import { type DisplayError, toDisplayError } from '../../../../../../lib/appError';
import { errorText } from '../../../../../../lib/errorText';
import { useServerTools } from './useServerTools';

type ToolSwitch = 'enabled' | 'alwaysAllow';

interface ToolSwitchesProps {
  server: McpServerView;
  tool: MCPTool;
  /** The switch of this tool in flight, if any. */
  busy: ToolSwitch | undefined;
  onSwitch: (tool: string, which: ToolSwitch, on: boolean) => void;
}

/** "Use" (the tool is offered to chats) and "Always allow" (it runs without asking). Built-in servers have neither. */
function ToolSwitches({ server, tool, busy, onSwitch }: ToolSwitchesProps) {
  const { t } = useTranslation();
  if (server.builtin) return null;
  const enabled = !server.disabledTools.includes(tool.name);
  const allowed = server.alwaysAllow.includes(tool.name);
  return (
    <span className="tool-list__switches">
      <label className="tool-list__switch">
        <input
          type="checkbox"
          role="switch"
          className="switch"
          data-testid="mcp-tool-enabled"
          checked={enabled}
          aria-disabled={busy !== undefined || undefined}
          aria-label={t('settings/tools:toolList.useTool', { tool: tool.name })}
          onChange={(event) => busy === undefined && onSwitch(tool.name, 'enabled', event.target.checked)}
        />
        <span aria-hidden>{t('settings/tools:toolList.use')}</span>
      </label>
      <label className="tool-list__switch">
        <input
          type="checkbox"
          data-testid="mcp-tool-always-allow"
          checked={allowed}
          aria-disabled={busy !== undefined || undefined}
          aria-label={t('settings/tools:toolList.alwaysAllowTool', { tool: tool.name })}
          onChange={(event) => busy === undefined && onSwitch(tool.name, 'alwaysAllow', event.target.checked)}
        />
        <span aria-hidden>{t('settings/tools:toolList.alwaysAllow')}</span>
      </label>
    </span>
  );
}

function ToolItem({ tool, ...switches }: ToolSwitchesProps) {
  const { t } = useTranslation();
  const off = switches.server.disabledTools.includes(tool.name);
  return (
    <li className={off ? 'tool-list__item tool-list__item--off' : 'tool-list__item'} data-testid="mcp-tool" data-tool={tool.name} data-off={off || undefined}>
      <div className="tool-list__head">
        <McpIcon src={tool.icon} />
        <code className="tool-list__name">{tool.name}</code>
        {tool.annotations?.title && <span className="tool-list__title">{tool.annotations.title}</span>}
        {off && <span className="badge tool-list__off">{t('settings/tools:toolList.off')}</span>}
        <ToolSwitches tool={tool} {...switches} />
      </div>
      <p className="tool-list__description">{tool.description || t('settings/tools:toolList.noDescription')}</p>
      <details className="disclosure">
        <summary className="disclosure__summary">{t('settings/tools:toolList.schema', { tool: tool.name })}</summary>
        <pre className="mono disclosure__body">{JSON.stringify(tool.inputSchema, null, 2)}</pre>
      </details>
    </li>
  );
}

/** One switch in flight per tool; the list arrives anew from onServersChanged once it is stored. */
function useToolSwitching(server: McpServerView) {
  const api = useApi();
  const [busy, setBusy] = useState<ReadonlyMap<string, ToolSwitch>>(() => new Map());
  const [failure, setFailure] = useState<DisplayError>();
  async function onSwitch(tool: string, which: ToolSwitch, on: boolean) {
    setFailure(undefined);
    setBusy((current) => new Map(current).set(tool, which));
    try {
      if (which === 'enabled') await api.mcp.setToolEnabled.mutate({ id: server.id, tool, enabled: on });
      else await api.mcp.setToolAlwaysAllow.mutate({ id: server.id, tool, alwaysAllow: on });
    } catch (error) {
      setFailure(toDisplayError(error));
    } finally {
      setBusy((current) => {
        const next = new Map(current);
        next.delete(tool);
        return next;
      });
    }
  }
  return { busy, failure, onSwitch };
}

/**
 * The tools the server offers, each with its description and input schema, and (for a configured
 * server) its switches: a tool turned off is greyed and no chat sees it. Every state says what it is.
 */
export function ToolList({ server }: { server: McpServerView }) {
  const { t } = useTranslation();
  const { state, retry } = useServerTools(server);
  const { busy, failure, onSwitch } = useToolSwitching(server);

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
      {failure && (
        <p role="alert" className="panel-note">
          {t('settings/tools:toolList.switchFailed', { reason: errorText(t, failure.code, failure.params) })}
        </p>
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
            <ToolItem key={tool.name} tool={tool} server={server} busy={busy.get(tool.name)} onSwitch={(...args) => void onSwitch(...args)} />
          ))}
        </ul>
      )}
    </div>
  );
}
