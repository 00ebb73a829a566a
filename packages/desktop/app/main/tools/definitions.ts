import type { MCPTool } from '../../shared/contracts/mcp-tool';
import { MAX_DESCRIPTION_LENGTH, OPENAI_MAX_DESCRIPTION_LENGTH, truncateText } from './limits';
import { toAnthropicInputSchema } from './schema/anthropic';
import { toGeminiParameters } from './schema/gemini';
import { normalizeRootSchema } from './schema/normalize';
import { toOpenAIParameters } from './schema/openai';
import type { AnthropicTool, ArgumentMap, GeminiFunctionDeclaration, OpenAITool, ProviderFormat } from './types';

/** One tool as one provider receives it. Throws SchemaRepairError when its schema cannot be made valid. */
export type ProviderDefinition = OpenAITool | AnthropicTool | GeminiFunctionDeclaration;

export function toProviderDefinition(tool: MCPTool, name: string, format: ProviderFormat): { definition: ProviderDefinition; map?: ArgumentMap } {
  const root = normalizeRootSchema(tool.inputSchema);
  const description = truncateText(typeof tool.description === 'string' ? tool.description : '', MAX_DESCRIPTION_LENGTH);
  if (format === 'openai') {
    const { parameters, map } = toOpenAIParameters(root);
    // `strict` always explicit: omitted, the Responses API defaults it to true and silently applies
    // strict semantics to loose MCP schemas; MCP tools are never strict-ready.
    const fn = { name, description: truncateText(description, OPENAI_MAX_DESCRIPTION_LENGTH), parameters, strict: false as const };
    return { definition: { type: 'function', function: fn }, map };
  }
  if (format === 'anthropic') {
    const { inputSchema, map } = toAnthropicInputSchema(root);
    return { definition: { name, description, input_schema: inputSchema }, map };
  }
  const { parameters, map } = toGeminiParameters(root);
  return { definition: parameters ? { name, description, parameters } : { name, description }, map };
}
