/**
 * What a tool's definition says about MCP Apps (`_meta.ui`, spec 2026-01-26 "Resource Discovery"):
 * the `ui://` resource that shows its results, and who may call it. Pure functions.
 */
import { MCP_TOOL_VISIBILITIES, type McpToolVisibility, type ToolCallAppRef } from '../../shared/contracts/apps';
import type { MCPTool } from '../../shared/contracts/mcp-tool';

type ToolDefinition = Pick<MCPTool, '_meta'>;

/** The spec's default when `visibility` is absent (or unreadable): both. */
const DEFAULT_VISIBILITY: readonly McpToolVisibility[] = ['model', 'app'];

/** The `ui://` resource the tool names (`_meta.ui.resourceUri`, else the deprecated flat `_meta["ui/resourceUri"]`). */
export function appResourceUriOf(tool: ToolDefinition): string | undefined {
  const ui = uiOf(tool);
  const nested = ui?.resourceUri;
  const uri = typeof nested === 'string' ? nested : tool._meta?.['ui/resourceUri'];
  return typeof uri === 'string' && uri.startsWith('ui://') ? uri : undefined;
}

/** The card's app reference for a call of this tool, when the tool declares an app. */
export function appRefOf(tool: ToolDefinition & Pick<MCPTool, 'serverId'>): ToolCallAppRef | undefined {
  const resourceUri = appResourceUriOf(tool);
  return resourceUri ? { serverId: tool.serverId, resourceUri } : undefined;
}

/** `_meta.ui.visibility`, the known entries only; the default when absent or not a list. */
export function toolVisibility(tool: ToolDefinition): readonly McpToolVisibility[] {
  const visibility = uiOf(tool)?.visibility;
  if (!Array.isArray(visibility)) return DEFAULT_VISIBILITY;
  return MCP_TOOL_VISIBILITIES.filter((entry) => visibility.includes(entry));
}

/** The model sees the tool (its definition, use_mcp_tool, search_tools) only when its visibility includes `model`. */
export function visibleToModel(tool: ToolDefinition): boolean {
  return toolVisibility(tool).includes('model');
}

/** An app of the tool's own server may call it only when its visibility includes `app`. */
export function callableByApp(tool: ToolDefinition): boolean {
  return toolVisibility(tool).includes('app');
}

function uiOf(tool: ToolDefinition): Record<string, unknown> | undefined {
  const ui = tool._meta?.ui;
  return typeof ui === 'object' && ui !== null && !Array.isArray(ui) ? (ui as Record<string, unknown>) : undefined;
}
