/**
 * A server's per-tool switches as the engine, ToolsLoader and the approval gate read them: a tool
 * turned off is hidden from the model (its definition, use_mcp_tool, search_tools), a tool listed in
 * `alwaysAllow` runs without asking. Tools are named as their server names them.
 */
import type { McpServerRecord } from '../../shared/contracts/mcp-types';

export interface ToolSwitches {
  isDisabled(serverId: string, toolName: string): boolean;
  isAlwaysAllowed(serverId: string, toolName: string): boolean;
}

/** Every tool on and asking (a server with no switches, the built-in servers). */
export const NO_TOOL_SWITCHES: ToolSwitches = { isDisabled: () => false, isAlwaysAllowed: () => false };

/** The switches of the configured servers, read at each question (the config service caches its records). */
export function toolSwitchesOf(servers: { find(id: string): Pick<McpServerRecord, 'disabledTools' | 'alwaysAllow'> | undefined }): ToolSwitches {
  return {
    isDisabled: (serverId, toolName) => servers.find(serverId)?.disabledTools.includes(toolName) ?? false,
    isAlwaysAllowed: (serverId, toolName) => servers.find(serverId)?.alwaysAllow.includes(toolName) ?? false,
  };
}

/** The tools of a list the switches leave on. */
export function enabledTools<T extends { serverId: string; name: string }>(tools: readonly T[], switches: ToolSwitches): T[] {
  return tools.filter((tool) => !switches.isDisabled(tool.serverId, tool.name));
}
