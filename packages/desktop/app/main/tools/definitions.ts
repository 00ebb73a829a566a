import type { MCPTool } from '../../shared/contracts/mcp-tool';
import { MAX_DESCRIPTION_LENGTH, OPENAI_MAX_DESCRIPTION_LENGTH, truncateText } from './limits';
import type { ConvertedSchema } from './schema/convertedSchemas';
import type { AnthropicTool, ArgumentMap, GeminiFunctionDeclaration, OpenAITool, ProviderFormat } from './types';

/** One tool as one provider receives it. Throws SchemaRepairError when its schema cannot be made valid. */
export type ProviderDefinition = OpenAITool | AnthropicTool | GeminiFunctionDeclaration;

/** `converted` comes from convertedSchemas' cache: only the name and description are new per turn. */
export function toProviderDefinition(tool: MCPTool, name: string, format: ProviderFormat, { schema, map }: ConvertedSchema): { definition: ProviderDefinition; map?: ArgumentMap } {
  const description = truncateText(typeof tool.description === 'string' ? tool.description : '', MAX_DESCRIPTION_LENGTH);
  if (format === 'openai') {
    // `strict` always explicit: omitted, the Responses API defaults it to true and silently applies
    // strict semantics to loose MCP schemas; MCP tools are never strict-ready.
    const fn = { name, description: truncateText(description, OPENAI_MAX_DESCRIPTION_LENGTH), parameters: schema!, strict: false as const };
    return { definition: { type: 'function', function: fn }, map };
  }
  if (format === 'anthropic') return { definition: { name, description, input_schema: schema! }, map };
  return { definition: schema ? { name, description, parameters: schema } : { name, description }, map };
}
