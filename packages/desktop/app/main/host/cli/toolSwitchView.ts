/**
 * The per-tool switches as `elftia mcp tools` shows them: which listed tools their server turned off
 * or always allows. The servers' views carry the lists (McpServerRecord.disabledTools, alwaysAllow).
 */
import type { McpServerRecord } from '../../../shared/contracts/mcp-types';
import type { MCPTool } from '../../../shared/contracts/mcp-tool';

export type ToolSwitchMark = 'off' | 'alwaysAllowed';

/** Server id → its switches. */
export type ToolSwitchView = ReadonlyMap<string, Pick<McpServerRecord, 'disabledTools' | 'alwaysAllow'>>;

export const NO_SWITCH_VIEW: ToolSwitchView = new Map();

export function switchViewOf(servers: readonly Pick<McpServerRecord, 'id' | 'disabledTools' | 'alwaysAllow'>[]): ToolSwitchView {
  return new Map(servers.map((server) => [server.id, server]));
}

export function switchesOf(tool: Pick<MCPTool, 'serverId' | 'name'>, view: ToolSwitchView): ToolSwitchMark[] {
  const server = view.get(tool.serverId);
  if (!server) return [];
  return [...(server.disabledTools.includes(tool.name) ? (['off'] as const) : []), ...(server.alwaysAllow.includes(tool.name) ? (['alwaysAllowed'] as const) : [])];
}

/** The tool as `--json` prints it: `disabled` and `alwaysAllow` only when set, so other tools print as before. */
export function withSwitches(tool: MCPTool, view: ToolSwitchView): MCPTool & { disabled?: true; alwaysAllow?: true } {
  const marks = switchesOf(tool, view);
  return { ...tool, ...(marks.includes('off') ? { disabled: true as const } : {}), ...(marks.includes('alwaysAllowed') ? { alwaysAllow: true as const } : {}) };
}
