import type { MCPTool } from '../../shared/contracts/mcp-tool';
import { type ProviderDefinition, toProviderDefinition } from './definitions';
import { MAX_TOOLS } from './limits';
import { convertedFrom, repairErrorOf, schemaEntry } from './schema/convertedSchemas';
import { namedList } from './namedList';
import {
  type AnthropicTool,
  type DroppedTool,
  type FormattedTools,
  type GeminiFunctionDeclaration,
  type NameMapEntry,
  type OpenAITool,
  type ProviderFormat,
  type ToolDefinitions,
  type ToolFormat,
  type ToolNameMap,
} from './types';

const PROVIDER_LABEL: Record<ProviderFormat, string> = { openai: 'OpenAI', anthropic: 'Anthropic', google: 'Gemini' };

interface Omitted {
  tool: MCPTool;
  name: string;
}

/**
 * Exactly the tool definitions that would be sent in `format`, with the name map back to (server,
 * tool, argument keys), the tools left out and why, and one warning line per problem. 'mcp' is the
 * servers' own definitions under their provider-facing names. Pure: same tools in, same output out.
 */
export function formatToolsFor<F extends ToolFormat>(mcpTools: MCPTool[], format: F): FormattedTools<F> {
  const { unique, names, warnings } = namedList(mcpTools);
  if (format === 'mcp') return formatMcp(unique, names, warnings) as FormattedTools<F>;
  const provider = format as ProviderFormat;
  const dropped: DroppedTool[] = [];
  // Built as the loop goes, in list order: no intermediate record per tool.
  const nameMap = new Map<string, NameMapEntry>();
  const definitions: ProviderDefinition[] = [];
  const omitted: Omitted[] = [];
  const cap = MAX_TOOLS[provider];
  for (let i = 0; i < unique.length; i += 1) {
    const tool = unique[i]!;
    const name = names[i]!;
    const schema = schemaEntry(tool.inputSchema);
    const unrepairable = repairErrorOf(schema);
    if (unrepairable) {
      dropped.push(droppedTool(tool, name, 'unrepairable-schema', unrepairable.message));
      warnings.push(`Tool "${tool.id}" was not sent to ${PROVIDER_LABEL[provider]}: ${unrepairable.message}.`);
      continue;
    }
    // Past the provider's cap a tool is only listed as left out: its schema is not projected at all.
    // No map entry is built for it either: only kept tools are in the name map.
    if (definitions.length >= cap) {
      omitted.push({ tool, name });
      continue;
    }
    const { definition, map } = toProviderDefinition(tool, name, provider, convertedFrom(schema, provider));
    nameMap.set(name, map ? { ...baseEntry(tool, name), argKeyMap: map } : baseEntry(tool, name));
    definitions.push(definition);
  }
  if (omitted.length > 0) {
    const detail = `${PROVIDER_LABEL[provider]} accepts at most ${cap} tools per request`;
    for (const c of omitted) dropped.push(droppedTool(c.tool, c.name, 'over-tool-limit', detail));
    warnings.push(`${detail}; left out ${omitted.length}: ${omitted.map((c) => c.name).join(', ')}.`);
  }
  const tools = packDefinitions(provider, definitions);
  return { format, tools: tools as ToolDefinitions[F], nameMap, dropped, warnings };
}

/** The map entry for a name the model returned; also accepts the raw MCPTool.id. */
export function resolveProviderToolName(map: ToolNameMap, name: string): NameMapEntry | undefined {
  const exact = map.get(name);
  if (exact) return exact;
  for (const entry of map.values()) if (entry.id === name) return entry;
  return undefined;
}

function baseEntry(tool: MCPTool, name: string): NameMapEntry {
  return { name, id: tool.id, serverId: tool.serverId, serverName: tool.serverName, toolName: tool.name };
}

/** Built in one literal (no spread): a list past the cap drops hundreds of these per format. */
function droppedTool(tool: MCPTool, name: string, reason: DroppedTool['reason'], detail: string): DroppedTool {
  return { id: tool.id, serverName: tool.serverName, toolName: tool.name, name, reason, detail };
}

function formatMcp(tools: MCPTool[], names: string[], warnings: string[]): FormattedTools<'mcp'> {
  const entries = tools.map((tool, i) => baseEntry(tool, names[i]!));
  const definitions = tools.map((tool, i) => ({ name: names[i]!, id: tool.id, server: tool.serverName, description: tool.description, inputSchema: tool.inputSchema }));
  return { format: 'mcp', tools: definitions, nameMap: new Map(entries.map((e) => [e.name, e])), dropped: [], warnings };
}

/** Gemini wraps every declaration in one `functionDeclarations` array inside an outer array. */
function packDefinitions(format: ProviderFormat, definitions: ProviderDefinition[]): ToolDefinitions[ProviderFormat] {
  if (format === 'openai') return definitions as OpenAITool[];
  if (format === 'anthropic') return definitions as AnthropicTool[];
  const declarations = definitions as GeminiFunctionDeclaration[];
  return declarations.length > 0 ? [{ functionDeclarations: declarations }] : [];
}
