/**
 * use_mcp_tool: calls any tool of the turn's MCP servers by server and tool name. Offered
 * in "many tools" mode instead of one definition per tool. Each check — the server exists in this
 * conversation and is connected, the tool exists, the arguments fit its schema — fails with a message
 * the model can act on; a call that passes goes through approval as the target tool itself, so an
 * always-allow of that tool covers it and the prompt shows what really runs.
 */
import { appRefOf } from '../../apps/toolApp';
import type { JsonSchema, ToolErrorCode, ToolExecutionContext, ToolExecutionResult } from '../ITool';
import type { ArgumentCheck, CallTarget, PreparableTool, Preparation } from '../preparedCall';
import { type ToolErrorDetails, toolErrorResult } from './flattenContent';
import { McpToolAdapter, type McpToolAdapterOptions } from './McpToolAdapter';
import { type McpTurnScope, objectArgument } from './mcpScope';

export const USE_MCP_TOOL = 'use_mcp_tool';

export class UseMcpTool implements PreparableTool {
  readonly name = USE_MCP_TOOL;
  readonly description =
    'Calls a tool of a connected MCP server. Find tools, their servers and their arguments with search_tools first. ' +
    'The user may be asked to approve the call.';
  readonly parameters: JsonSchema = {
    type: 'object',
    properties: {
      server_name: { type: 'string', description: 'The MCP server that provides the tool' },
      tool_name: { type: 'string', description: 'The tool to call, as named on its server' },
      arguments: { type: 'object', description: "The tool's arguments, following its input schema; {} when it takes none" },
    },
    required: ['server_name', 'tool_name'],
  };

  constructor(
    private readonly scope: McpTurnScope,
    private readonly check: ArgumentCheck,
    private readonly adapterOptions: McpToolAdapterOptions = {},
  ) {}

  async prepare(args: Record<string, unknown>): Promise<Preparation> {
    const fallback: CallTarget = { toolName: this.name, arguments: args, needsApproval: true };
    const fail = (lookup: { code: ToolErrorCode; message: string; details?: ToolErrorDetails }): Preparation => ({
      ok: false,
      target: fallback,
      result: toolErrorResult(lookup.code, lookup.message, lookup.details),
    });
    const server = await this.scope.connectedServer(args.server_name);
    if (!server.ok) return fail(server);
    const tool = await this.scope.serverTool(server.value, args.tool_name);
    if (!tool.ok) return fail(tool);
    const toolArgs = objectArgument(args.arguments, 'arguments');
    if (!toolArgs.ok) return fail(toolArgs);
    const mcpTool = tool.value;
    const app = appRefOf(mcpTool);
    const target: CallTarget = {
      serverId: mcpTool.serverId,
      serverName: mcpTool.serverName,
      toolName: mcpTool.name,
      arguments: toolArgs.value,
      needsApproval: true,
      ...(mcpTool.annotations ? { annotations: mcpTool.annotations } : {}),
      ...(app ? { app } : {}),
    };
    const failure = this.check.failure(`"${mcpTool.name}" on server "${mcpTool.serverName}"`, mcpTool.name, mcpTool.inputSchema, toolArgs.value);
    if (failure !== undefined) return { ok: false, target, result: failure };
    const adapter = new McpToolAdapter(mcpTool, this.scope.mcp, this.adapterOptions);
    return { ok: true, target, run: (context) => adapter.execute(toolArgs.value, context) };
  }

  /** Outside the engine (no approval step): prepares and runs in one go. */
  async execute(params: Record<string, unknown>, context: ToolExecutionContext = {}): Promise<ToolExecutionResult> {
    const prepared = await this.prepare(params);
    return prepared.ok ? prepared.run(context) : prepared.result;
  }
}
