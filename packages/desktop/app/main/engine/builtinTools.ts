/**
 * The built-in servers' tools for a turn. The servers run in McpService as system servers (ids
 * `builtin:<name>`); their tools keep the names the model has always seen, `<server>__<tool>`
 * (directToolName), without the `mcp__` of the user's servers, so the two can never collide.
 */
import type { McpServerState } from '../../shared/contracts/mcp-connection';
import { isBuiltinServerId } from '../../shared/contracts/builtin-servers';
import { directToolName } from './tools/DirectMcpToolAdapter';
import { McpToolAdapter, type McpToolAdapterOptions, type McpToolService, loadMcpTools } from './tools/McpToolAdapter';

/** The built-in servers among the pool's states; the user's servers are the others. */
export function isBuiltinState(state: Pick<McpServerState, 'serverId'>): boolean {
  return isBuiltinServerId(state.serverId);
}

export interface LoadedBuiltinTools {
  tools: McpToolAdapter[];
  /** Built-in servers that could not start or list their tools, by name, with the reason. */
  failures: { serverName: string; error: unknown }[];
}

/**
 * Every tool of the built-in servers in `states`, connecting one that is idle (on first use, as a
 * one-shot command does). A server that cannot start is left out of the turn and reported, so the
 * conversation says which tools are missing and why (its state says it too: Settings → Servers,
 * `elftia mcp status`).
 */
export async function loadBuiltinTools(mcp: McpToolService, states: readonly McpServerState[], options: McpToolAdapterOptions = {}): Promise<LoadedBuiltinTools> {
  const builtins = states.filter((state) => isBuiltinState(state) && state.status !== 'disabled');
  const loaded = await loadMcpTools(mcp, builtins.map((state) => state.serverId), options);
  return {
    tools: loaded.tools.map((tool) => new McpToolAdapter({ ...tool.mcpTool, id: directToolName(tool.mcpTool.serverName, tool.mcpTool.name) }, mcp, options)),
    failures: loaded.failures.map((failure) => ({
      serverName: builtins.find((state) => state.serverId === failure.serverId)?.serverName ?? failure.serverId,
      error: failure.error,
    })),
  };
}
