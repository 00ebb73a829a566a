/**
 * search_tools: in "many tools" mode the model sees no per-tool definitions, so it looks tools up by
 * keyword and then calls them with use_mcp_tool. Reads only the turn's own tool list, so it runs
 * without approval.
 */
import type { MCPTool } from '../../../shared/contracts/mcp-tool';
import type { JsonSchema, ToolExecutionResult } from '../ITool';
import type { PreparableTool, Preparation } from '../preparedCall';
import { toolErrorResult } from './flattenContent';
import { type McpTurnScope, requiredField } from './mcpScope';
import { summarizeSchema } from './schemaSummary';

export const SEARCH_TOOLS = 'search_tools';

/** Results when the model gives no limit, and the most it may ask for. */
export const DEFAULT_SEARCH_LIMIT = 8;
export const MAX_SEARCH_LIMIT = 25;

/** Lower-case words of the query; CJK text has no spaces, so a run of it counts as one word. */
function terms(text: string): string[] {
  return [...new Set(text.toLowerCase().split(/[^\p{L}\p{N}]+/u).filter((t) => t.length > 0))];
}

/** Weighted term hits: the tool's name counts most, then its server, then its description. */
export function scoreTool(tool: MCPTool, queryTerms: readonly string[]): number {
  const name = tool.name.toLowerCase();
  const server = tool.serverName.toLowerCase();
  const text = `${tool.description} ${String(tool.annotations?.title ?? '')}`.toLowerCase();
  let score = 0;
  for (const term of queryTerms) {
    if (name === term) score += 10;
    else if (name.includes(term)) score += 4;
    if (server.includes(term)) score += 2;
    if (text.includes(term)) score += 1;
  }
  return score;
}

/** The best `limit` matches, best first; ties keep the servers' order. Nothing matches an empty query. */
export function rankTools(tools: readonly MCPTool[], query: string, limit: number): MCPTool[] {
  const queryTerms = terms(query);
  return tools
    .map((tool, index) => ({ tool, index, score: scoreTool(tool, queryTerms) }))
    .filter((entry) => entry.score > 0)
    .sort((a, b) => b.score - a.score || a.index - b.index)
    .slice(0, limit)
    .map((entry) => entry.tool);
}

function describe(tool: MCPTool): string {
  const description = tool.description.replace(/\s+/g, ' ').trim() || '(no description)';
  return [`server_name: ${tool.serverName}`, `tool_name: ${tool.name}`, `description: ${description}`, 'arguments:', summarizeSchema(tool.inputSchema)].join('\n');
}

export class SearchToolsTool implements PreparableTool {
  readonly name = SEARCH_TOOLS;
  readonly description = 'Searches the available MCP tools by keywords; returns each match with its server, name, description and arguments, for use_mcp_tool.';
  readonly parameters: JsonSchema = {
    type: 'object',
    properties: {
      query: { type: 'string', description: 'Keywords describing what the tool should do' },
      limit: { type: 'integer', minimum: 1, maximum: MAX_SEARCH_LIMIT, description: `How many matches to return (default ${DEFAULT_SEARCH_LIMIT})` },
    },
    required: ['query'],
  };

  constructor(private readonly scope: McpTurnScope) {}

  async prepare(args: Record<string, unknown>): Promise<Preparation> {
    const target = { toolName: this.name, arguments: args, needsApproval: false };
    return { ok: true, target, run: async () => this.search(args) };
  }

  async execute(params: Record<string, unknown>): Promise<ToolExecutionResult> {
    return this.search(params);
  }

  private search(args: Record<string, unknown>): ToolExecutionResult {
    const query = typeof args.query === 'string' ? args.query.trim() : '';
    if (query === '') return toolErrorResult('INVALID_ARGUMENTS', '"query" is required: keywords describing the tool you need.', requiredField('query'));
    const requested = typeof args.limit === 'number' && Number.isFinite(args.limit) ? Math.floor(args.limit) : DEFAULT_SEARCH_LIMIT;
    const limit = Math.min(MAX_SEARCH_LIMIT, Math.max(1, requested));
    const matches = rankTools(this.scope.tools, query, limit);
    const text =
      matches.length === 0
        ? `No tool matches "${query}" among ${this.scope.tools.length} tools. Try other or fewer keywords.`
        : `${matches.length} tool(s) matching "${query}" (of ${this.scope.tools.length}). Call one with use_mcp_tool.\n\n${matches.map(describe).join('\n\n')}`;
    return { text, content: [{ type: 'text', text }], isError: false };
  }
}
