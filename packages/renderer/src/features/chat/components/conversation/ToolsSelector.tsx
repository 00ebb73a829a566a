import { ChevronDown, Wrench } from 'lucide-react';
import { Popover } from 'radix-ui';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import type { McpServerView } from '@elftia/desktop/router';
import type { ToolMode } from '@elftia/desktop/shared/contracts/chat.ts';

const MODES: Array<{ mode: ToolMode; key: string }> = [
  { mode: 'auto', key: 'chat/conversations:tools.auto' },
  { mode: 'manual', key: 'chat/conversations:tools.manual' },
  { mode: 'disabled', key: 'chat/conversations:tools.disabled' },
];

export interface ToolsSelectorProps {
  toolMode: ToolMode;
  selectedServerIds: string[];
  /** undefined while the server list loads. */
  servers: McpServerView[] | undefined;
  disabled?: boolean;
  onChange: (change: { toolMode: ToolMode } | { selectedServerIds: string[] }) => void;
}

/**
 * Which MCP servers' tools this conversation offers the model:
 * all enabled servers, a checklist, or no tools at all. A compact button in the composer's bar that
 * says the current choice, opening the choices in a popover (Radix UI Popover) above it.
 */
export function ToolsSelector({ toolMode, selectedServerIds, servers, disabled, onChange }: ToolsSelectorProps) {
  const { t } = useTranslation();
  const name = useId();
  const selected = new Set(selectedServerIds);
  const summary =
    toolMode === 'manual'
      ? t('chat/conversations:tools.manualCount', { count: selectedServerIds.length })
      : t(toolMode === 'auto' ? 'chat/conversations:tools.auto' : 'chat/conversations:tools.disabled');
  return (
    <Popover.Root>
      <Popover.Trigger asChild>
        <button type="button" className="bar-button" aria-label={t('chat/conversations:tools.button', { mode: summary })}>
          <Wrench size={16} aria-hidden />
          <span className="bar-button__text">{summary}</span>
          <ChevronDown size={14} aria-hidden />
        </button>
      </Popover.Trigger>
      <Popover.Portal>
        <Popover.Content className="popover tools-popover" side="top" align="start" sideOffset={8} collisionPadding={8}>
          <fieldset className="tools-selector" disabled={disabled}>
            <legend className="field__label">{t('chat/conversations:tools.legend')}</legend>
            <div className="tools-selector__modes">
              {MODES.map(({ mode, key }) => (
                <label key={mode} className="tools-selector__mode">
                  <input type="radio" name={name} value={mode} checked={toolMode === mode} onChange={() => onChange({ toolMode: mode })} />
                  {t(key)}
                </label>
              ))}
            </div>
            {toolMode === 'manual' && (
              <fieldset className="tools-selector__servers">
                <legend className="visually-hidden">{t('chat/conversations:tools.servers')}</legend>
                {servers === undefined ? null : servers.length === 0 ? (
                  <p className="field__hint">{t('chat/conversations:tools.noServers')}</p>
                ) : (
                  servers.map((server) => (
                    <label key={server.id} className="tools-selector__server">
                      <input
                        type="checkbox"
                        checked={selected.has(server.id)}
                        onChange={(event) => {
                          const next = event.target.checked ? [...selectedServerIds, server.id] : selectedServerIds.filter((id) => id !== server.id);
                          onChange({ selectedServerIds: next });
                        }}
                      />
                      {server.enabled ? server.name : t('chat/conversations:tools.serverDisabled', { name: server.name })}
                    </label>
                  ))
                )}
              </fieldset>
            )}
          </fieldset>
        </Popover.Content>
      </Popover.Portal>
    </Popover.Root>
  );
}
