import type { Tool } from '@modelcontextprotocol/client';
import { pickIcon } from '../../shared/contracts/icons';
import { type MCPTool, type McpToolUiMeta, mcpToolId } from '../../shared/contracts/mcp-tool';
import type { McpServerRecord } from '../../shared/contracts/mcp-types';

/** The SDK's tool as the app's MCPTool, named after the server's current name. */
export function toMcpTool(server: Pick<McpServerRecord, 'id' | 'name'>, tool: Tool): MCPTool {
  const out: MCPTool = {
    id: mcpToolId(server.name, tool.name),
    serverId: server.id,
    serverName: server.name,
    name: tool.name,
    description: tool.description ?? '',
    inputSchema: tool.inputSchema,
  };
  if (tool.annotations) out.annotations = tool.annotations;
  if (tool.outputSchema) out.outputSchema = tool.outputSchema;
  const icon = pickIcon((tool as { icons?: unknown }).icons);
  if (icon) out.icon = icon;
  const ui = uiMetaOf(tool._meta);
  if (ui) out._meta = ui;
  return out;
}

/** Only the MCP Apps keys travel on: the rest of `_meta` is the server's own business. */
function uiMetaOf(meta: Record<string, unknown> | undefined): McpToolUiMeta | undefined {
  if (!meta) return undefined;
  const out: McpToolUiMeta = {};
  if (meta.ui !== undefined) out.ui = meta.ui;
  if (meta['ui/resourceUri'] !== undefined) out['ui/resourceUri'] = meta['ui/resourceUri'];
  return Object.keys(out).length > 0 ? out : undefined;
}
