import type { MCPTool } from '../../shared/contracts/mcp-tool';
import { visibleToModel } from '../apps/toolApp';
import type { McpLogger } from '../mcp/ConnectionPool';
import type { McpService } from '../mcp/McpService';
import { errorText } from '../mcp/McpServiceError';
import { enabledTools, NO_TOOL_SWITCHES, type ToolSwitches } from '../mcp/toolSwitches';
import { formatToolsFor } from './formatTools';
import { emitJsonSchema } from './schema/jsonSchema';
import { normalizeRootSchema } from './schema/normalize';
import {
  type AnthropicTool,
  type DroppedTool,
  type GeminiTools,
  type JsonObject,
  type OpenAITool,
  type ProviderFormat,
  SchemaRepairError,
  type ToolNameMap,
} from './types';

/**
 * ToolsLoader: loads MCP tools and converts them to the tool definitions of OpenAI,
 * Anthropic or Gemini. Beyond the original design, every definition goes through that provider's schema adapter
 * (formatTools.ts and schema/ beside this file), the result carries the name map that routes the model's tool calls back to (server,
 * tool, argument keys), and tools that could not be sent are listed with the reason.
 */

export type { AnthropicTool, GeminiTools, OpenAITool } from './types';
export { formatToolsFor, resolveProviderToolName } from './formatTools';
export { mapArgumentsBack } from './arguments';

/** What ToolsLoader needs of McpService: the cached tool lists only. */
export type McpToolSource = Pick<McpService, 'listServerTools' | 'listAllActiveServerTools'>;

export interface McpToolsConfig {
  enabled?: boolean;
  mode?: 'auto' | 'manual';
  selectedServers?: string[];
}

export type ApiFormat = ProviderFormat;

export interface ToolsLoaderOptions {
  logger?: Pick<McpLogger, 'info' | 'warn'>;
  /** The servers' per-tool switches: a tool turned off is not fetched. Default: every tool on. */
  switches?: ToolSwitches;
}

export interface SetupMcpToolsResult {
  tools: OpenAITool[] | AnthropicTool[] | GeminiTools;
  /** Every tool fetched, sent or not. */
  mcpTools: MCPTool[];
  /** Provider-facing name → server, tool and argument key map. */
  nameMap: ToolNameMap;
  /** Tools not sent: unrepairable schema or over the provider's tool cap. */
  dropped: DroppedTool[];
  warnings: string[];
}

const SILENT: Pick<McpLogger, 'info' | 'warn'> = { info: () => {}, warn: () => {} };

/**
 * Loads the tools the configuration selects and converts them for `apiFormat` (default 'openai').
 * Undefined when no tool is available.
 */
export async function setupMcpTools(
  mcpService: McpToolSource,
  config?: McpToolsConfig,
  apiFormat: ApiFormat = 'openai',
  options: ToolsLoaderOptions = {},
): Promise<SetupMcpToolsResult | undefined> {
  const logger = options.logger ?? SILENT;
  const mcpTools = await fetchMcpTools(mcpService, config, options);
  if (mcpTools.length === 0) return undefined;
  logToolsByServer(mcpTools, apiFormat, logger);
  const { tools, nameMap, dropped, warnings } = formatToolsFor(mcpTools, apiFormat);
  for (const warning of warnings) logger.warn(warning);
  return { tools: tools as SetupMcpToolsResult['tools'], mcpTools, nameMap, dropped, warnings };
}

/**
 * The seed's strategy table: disabled or unset → none; 'auto' or unset mode → every active server's
 * cached tools; 'manual' → each selected server's tools, where one server's failure is logged and does
 * not affect the others.
 */
export async function fetchMcpTools(mcpService: McpToolSource, config?: McpToolsConfig, options: ToolsLoaderOptions = {}): Promise<MCPTool[]> {
  // MCP Apps: a tool whose visibility lacks `model` is for its app only.
  return enabledTools(await fetchAllMcpTools(mcpService, config, options), options.switches ?? NO_TOOL_SWITCHES).filter(visibleToModel);
}

async function fetchAllMcpTools(mcpService: McpToolSource, config: McpToolsConfig | undefined, options: ToolsLoaderOptions): Promise<MCPTool[]> {
  if (!config?.enabled) return [];
  if (config.mode !== 'manual') return mcpService.listAllActiveServerTools();
  const logger = options.logger ?? SILENT;
  const ids = [...new Set(config.selectedServers ?? [])];
  const results = await Promise.allSettled(ids.map((id) => mcpService.listServerTools(id)));
  return results.flatMap((result, i) => {
    if (result.status === 'fulfilled') return result.value;
    logger.warn(`MCP server ${ids[i]}: tools unavailable (${errorText(result.reason)})`);
    return [];
  });
}

/** One line per server, in first-seen order: `  files (3): read, write, list`. */
function logToolsByServer(tools: MCPTool[], format: ApiFormat, logger: Pick<McpLogger, 'info'>): void {
  const byServer = new Map<string, string[]>();
  for (const tool of tools) byServer.set(tool.serverName, [...(byServer.get(tool.serverName) ?? []), tool.name]);
  logger.info(`MCP tools for ${format}: ${tools.length} from ${byServer.size} server(s)`);
  for (const [server, names] of byServer) logger.info(`  ${server} (${names.length}): ${names.join(', ')}`);
}

export function convertMcpToolsToOpenAI(mcpTools: MCPTool[]): OpenAITool[] {
  return formatToolsFor(mcpTools, 'openai').tools;
}

export function convertMcpToolsToAnthropic(mcpTools: MCPTool[]): AnthropicTool[] {
  return formatToolsFor(mcpTools, 'anthropic').tools;
}

export function convertMcpToolsToGemini(mcpTools: MCPTool[]): GeminiTools {
  return formatToolsFor(mcpTools, 'google').tools;
}

/**
 * Seed 000's provider-neutral schema processing: always `{type:'object', properties, required}`, with
 * the description kept. Deeper than the original design's root-only wrap (refs inlined, unions, type arrays and
 * bounds repaired, see schema/nf.ts); a schema nothing can repair becomes the empty object
 * schema here, while formatToolsFor drops such a tool with a warning instead.
 */
export function processJsonSchema(schema: unknown): JsonObject {
  try {
    const { schema: out } = emitJsonSchema(normalizeRootSchema(schema), { renameKeys: false });
    return { ...out, required: out.required ?? [] };
  } catch (error) {
    if (!(error instanceof SchemaRepairError)) throw error;
    return { type: 'object', properties: {}, required: [] };
  }
}
