import type { MCPTool } from '../../app/shared/contracts/mcp-tool';
import { formatToolsFor } from '../../app/main/tools/formatTools';
import type { NameMapEntry, ProviderFormat } from '../../app/main/tools/types';

export function tool(name: string, inputSchema: unknown, server = 'srv', extra: Partial<MCPTool> = {}): MCPTool {
  return { id: `mcp__${server}__${name}`, serverId: `id-${server}`, serverName: server, name, description: `${name} tool`, inputSchema: inputSchema as Record<string, unknown>, ...extra };
}

/** The parameters one provider receives for one tool, and its name map entry. */
export function convert(inputSchema: unknown, format: ProviderFormat): { params: Record<string, any> | undefined; entry: NameMapEntry } {
  const tools = [tool('t', inputSchema)];
  if (format === 'openai') {
    const result = formatToolsFor(tools, 'openai');
    return { params: result.tools[0]!.function.parameters, entry: [...result.nameMap.values()][0]! };
  }
  if (format === 'anthropic') {
    const result = formatToolsFor(tools, 'anthropic');
    return { params: result.tools[0]!.input_schema, entry: [...result.nameMap.values()][0]! };
  }
  const result = formatToolsFor(tools, 'google');
  return { params: result.tools[0]!.functionDeclarations[0]!.parameters, entry: [...result.nameMap.values()][0]! };
}

export const openai = (schema: unknown) => convert(schema, 'openai').params!;
export const anthropic = (schema: unknown) => convert(schema, 'anthropic').params!;
export const gemini = (schema: unknown) => convert(schema, 'google').params;
/** One property of the converted root. */
export const prop = (params: Record<string, any> | undefined, key: string) => params?.properties?.[key];
