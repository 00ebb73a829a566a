/**
 * The tools of one turn: the conversation's MCP servers (per tool mode), the built-in servers and the
 * engine tools, registered in a ToolRegistry and formatted once for the provider, with the one name map
 * that routes the model's calls back.
 */
import type { ApprovalPolicy, ToolMode } from '../../shared/contracts/chat';
import type { McpServerState } from '../../shared/contracts/mcp-connection';
import type { MCPTool } from '../../shared/contracts/mcp-tool';
import type { ProviderApiFormat } from '../../shared/contracts/providers';
import { errorText } from '../mcp/McpServiceError';
import { NO_TOOL_SWITCHES, type ToolSwitches } from '../mcp/toolSwitches';
import { formatToolsFor } from '../tools/formatTools';
import type { ToolNameMap } from '../tools/types';
import { isBuiltinState, loadBuiltinTools } from './builtinTools';
import type { ITool } from './ITool';
import { type ArgumentCheck, builtinServerId } from './preparedCall';
import { ToolRegistry } from './ToolRegistry';
import { AccessMcpResourceTool } from './tools/AccessMcpResourceTool';
import { DirectMcpToolAdapter, directToolName } from './tools/DirectMcpToolAdapter';
import { McpToolAdapter, type McpToolAdapterOptions, loadMcpTools } from './tools/McpToolAdapter';
import { visibleToModel } from '../apps/toolApp';
import { type EngineMcpService, McpTurnScope, type ScopeServer } from './tools/mcpScope';
import { SearchToolsTool } from './tools/SearchToolsTool';
import { UseMcpTool } from './tools/UseMcpTool';

/** serverId of the engine's own tools in the name map (they belong to no server). */
const ENGINE_SERVER_ID = 'engine';

export interface TurnToolsDeps {
  mcp: EngineMcpService;
  policy: ApprovalPolicy;
  check: ArgumentCheck;
  adapterOptions?: McpToolAdapterOptions;
  /** Tools the user turned off are left out of the turn. Default: every tool on. */
  switches?: ToolSwitches;
}

export interface TurnTools {
  registry: ToolRegistry;
  /** In the provider's format, ready for CompletionRequest.tools. */
  definitions: unknown[];
  /** Provider-facing name → entry whose `id` is the registry name. */
  nameMap: ToolNameMap;
  /** True when use_mcp_tool + search_tools stand in for the MCP tools' own definitions. */
  manyToolsMode: boolean;
  /** The enabled MCP tools of the turn's servers (what manyToolsMode compares with the threshold). */
  mcpToolCount: number;
  /** What was left out and why (provider caps, unrepairable schemas, servers that failed). */
  omitted: { names: string[]; reasons: string[] };
}

interface ActiveServers {
  /** Servers use_mcp_tool and access_mcp_resource may name (a down one gets "not connected"). */
  scope: ScopeServer[];
  /** Servers whose tools are loaded now. */
  load: ScopeServer[];
  /** Selected ids that no longer exist. */
  missing: string[];
  /**
   * Servers still downloading their package on a first start. A turn does not wait for that (it can
   * take minutes); their tools arrive with a later turn.
   */
  installing: ScopeServer[];
}

/**
 * auto: the tools of every connected (or connecting) server, and every enabled server in scope;
 * manual: the selection, in its order; disabled: nothing.
 */
function activeServers(states: readonly McpServerState[], toolMode: ToolMode, selected: readonly string[]): ActiveServers {
  if (toolMode === 'disabled') return { scope: [], load: [], missing: [], installing: [] };
  const server = (s: (typeof states)[number]): ScopeServer => ({ id: s.serverId, name: s.serverName });
  const installing = new Set(states.filter((s) => s.installing).map((s) => s.serverId));
  const split = (servers: ScopeServer[]) => ({
    load: servers.filter((s) => !installing.has(s.id)),
    installing: servers.filter((s) => installing.has(s.id)),
  });
  if (toolMode === 'auto') {
    const live = states.filter((s) => s.status === 'connected' || s.status === 'connecting');
    return { scope: states.filter((s) => s.status !== 'disabled').map(server), ...split(live.map(server)), missing: [] };
  }
  const byId = new Map(states.map((s) => [s.serverId, s]));
  const ids = [...new Set(selected)];
  const chosen = ids.flatMap((id) => {
    const state = byId.get(id);
    return state ? [server(state)] : [];
  });
  return { scope: chosen, ...split(chosen), missing: ids.filter((id) => !byId.has(id)) };
}

async function hasResources(mcp: EngineMcpService, servers: readonly ScopeServer[]): Promise<boolean> {
  const lists = await Promise.allSettled(servers.map((s) => mcp.listResources(s.id)));
  return lists.some((list) => list.status === 'fulfilled' && list.value.length > 0);
}

/** What formatToolsFor needs of any registered tool; `id` is the registry name. */
function asFormattable(tool: ITool): MCPTool {
  if (tool instanceof McpToolAdapter) return tool.mcpTool;
  const [serverId, serverName, name] =
    tool instanceof DirectMcpToolAdapter ? [builtinServerId(tool.serverName), tool.serverName, tool.tool.name] : [ENGINE_SERVER_ID, ENGINE_SERVER_ID, tool.name];
  return { id: tool.name, serverId, serverName, name, description: tool.description, inputSchema: tool.parameters };
}

export async function loadTurnTools(deps: TurnToolsDeps, toolMode: ToolMode, selected: readonly string[], format: ProviderApiFormat): Promise<TurnTools> {
  const reasons: string[] = [];
  const names: string[] = [];
  // The built-in servers are offered in every mode but `disabled`, beside the user's servers: they
  // are neither selectable nor counted toward many-tools mode, nor reachable through use_mcp_tool.
  const states = toolMode === 'disabled' ? [] : await deps.mcp.listStates();
  const userStates = states.filter((state) => !isBuiltinState(state));
  const { scope: scoped, load, missing, installing } = activeServers(userStates, toolMode, selected);
  for (const id of missing) reasons.push(`MCP server ${id} is selected for this conversation but no longer exists.`);
  for (const server of installing) {
    names.push(`mcp__${server.name}__*`);
    reasons.push(`MCP server "${server.name}": still installing its package (first start); its tools come with a later message.`);
  }
  const switches = deps.switches ?? NO_TOOL_SWITCHES;
  const listed = await loadMcpTools(deps.mcp, load.map((s) => s.id), deps.adapterOptions);
  // A tool the user turned off, or one only an app may call (MCP Apps visibility), is neither
  // offered, nor searchable, nor counted toward many-tools mode.
  const loaded = { ...listed, tools: listed.tools.filter((tool) => !switches.isDisabled(tool.mcpTool.serverId, tool.mcpTool.name) && visibleToModel(tool.mcpTool)) };
  const failed = new Set(loaded.failures.map((f) => f.serverId));
  for (const failure of loaded.failures) {
    const name = load.find((s) => s.id === failure.serverId)?.name ?? failure.serverId;
    names.push(`mcp__${name}__*`);
    reasons.push(`MCP server "${name}": tools unavailable (${errorText(failure.error)}).`);
  }
  const reachable = load.filter((s) => !failed.has(s.id));
  const scope = new McpTurnScope(deps.mcp, scoped, loaded.tools.map((t) => t.mcpTool), switches);
  const manyToolsMode = loaded.tools.length > deps.policy.manyToolsThreshold;
  const builtins = await loadBuiltinTools(deps.mcp, states, deps.adapterOptions);
  for (const failure of builtins.failures) {
    names.push(directToolName(failure.serverName, '*'));
    reasons.push(`Built-in server "${failure.serverName}": tools unavailable (${errorText(failure.error)}).`);
  }

  const candidates: ITool[] = [];
  if (manyToolsMode) candidates.push(new UseMcpTool(scope, deps.check, deps.adapterOptions), new SearchToolsTool(scope));
  if (await hasResources(deps.mcp, reachable)) candidates.push(new AccessMcpResourceTool(scope));
  candidates.push(...builtins.tools);
  if (!manyToolsMode) candidates.push(...loaded.tools);

  const registry = new ToolRegistry();
  for (const tool of candidates) {
    if (registry.has(tool.name)) reasons.push(`Two tools are named "${tool.name}"; only the first is offered.`);
    else registry.register(tool);
  }
  const formatted = formatToolsFor(registry.list().map(asFormattable), format);
  names.push(...formatted.dropped.map((d) => d.id));
  reasons.push(...formatted.warnings);
  return { registry, definitions: formatted.tools as unknown[], nameMap: formatted.nameMap, manyToolsMode, mcpToolCount: loaded.tools.length, omitted: { names, reasons } };
}
