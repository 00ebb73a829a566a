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

/**
 * Every tool of the built-in servers in `states`, connecting one that is idle (on first use, as a
 * one-shot command does). A server that cannot start is left out here; its state says why (Settings
 * → Servers, `elftia mcp status`).
 */
export async function loadBuiltinTools(mcp: McpToolService, states: readonly McpServerState[], options: McpToolAdapterOptions = {}): Promise<McpToolAdapter[]> {
  const ids = states.filter((state) => isBuiltinState(state) && state.status !== 'disabled').map((state) => state.serverId);
  const loaded = await loadMcpTools(mcp, ids, options);
  return loaded.tools.map((tool) => new McpToolAdapter({ ...tool.mcpTool, id: directToolName(tool.mcpTool.serverName, tool.mcpTool.name) }, mcp, options));
}
