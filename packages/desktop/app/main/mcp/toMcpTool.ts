import type { Tool } from '@modelcontextprotocol/client';
import { pickIcon } from '../../shared/contracts/icons';
import { type MCPTool, mcpToolId } from '../../shared/contracts/mcp-tool';
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
  return out;
}
