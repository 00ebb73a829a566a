/**
 * What the engine knows about a call before it runs: which server tool it reaches (for the approval
 * prompt, the always-allow key and the ToolCallView) and whether its arguments fit. Engine tools
 * (use_mcp_tool, …) resolve their target themselves; MCP adapters are described here.
 */
import type { McpToolAnnotations } from '../../../../../shared/contracts/mcp-tool';
import { ArgumentValidator } from '../../../capabilities/tools/mcp-users/ArgumentValidator';
import { isMcpServiceError } from '../../../capabilities/tools/mcp-users/McpServiceError';
import type { ITool, JsonSchema, ToolExecutionContext, ToolExecutionResult } from './ITool';
import { DirectMcpToolAdapter } from './tools/DirectMcpToolAdapter';
import { toolErrorResult } from './tools/flattenContent';
import { McpToolAdapter } from './tools/McpToolAdapter';
import { summarizeSchema } from './tools/schemaSummary';

/** Server id under which built-in (direct) servers' grants are stored: they have no McpService id. */
export function builtinServerId(serverName: string): string {
  return `builtin:${serverName}`;
}

export interface CallTarget {
  /** Absent for tools that reach no server. */
  serverId?: string;
  serverName?: string;
  toolName: string;
  annotations?: McpToolAnnotations;
  /** The arguments as the server receives them. */
  arguments: Record<string, unknown>;
  /** False only for tools that read nothing but the engine's own state (search_tools). */
  needsApproval: boolean;
}

export type Preparation =
  | { ok: true; target: CallTarget; run(context: ToolExecutionContext): Promise<ToolExecutionResult> }
  /** The call cannot run; `result` tells the model why. */
  | { ok: false; target: CallTarget; result: ToolExecutionResult };

/** An engine tool that resolves its own target. */
export interface PreparableTool extends ITool {
  prepare(args: Record<string, unknown>, signal: AbortSignal): Promise<Preparation>;
}

function isPreparable(tool: ITool): tool is PreparableTool {
  return typeof (tool as Partial<PreparableTool>).prepare === 'function';
}

/**
 * Checks arguments against a tool's inputSchema before the user is asked, so a malformed call costs
 * no approval prompt. McpService checks again when the call is sent (the list may have changed).
 */
export class ArgumentCheck {
  constructor(private readonly validator = new ArgumentValidator()) {}

  /** Undefined when the arguments fit (or the schema cannot be compiled); else the model's message. */
  problem(label: string, toolName: string, schema: JsonSchema, args: Record<string, unknown>): string | undefined {
    try {
      this.validator.validate(toolName, schema, args);
      return undefined;
    } catch (error) {
      if (!isMcpServiceError(error) || error.code !== 'INVALID_ARGUMENTS') throw error;
      return invalidArgumentsMessage(label, String(error.params.field ?? ''), String(error.params.reason ?? 'invalid'), schema);
    }
  }
}

export function invalidArgumentsMessage(label: string, field: string, reason: string, schema: JsonSchema): string {
  const where = field === '' ? 'The arguments object' : `Argument "${field}"`;
  return `Invalid arguments for ${label}: ${where} ${reason}. Expected arguments:\n${summarizeSchema(schema)}`;
}

/** Describes and checks one call of any registered tool. */
export async function prepareCall(tool: ITool, args: Record<string, unknown>, check: ArgumentCheck, signal: AbortSignal): Promise<Preparation> {
  if (isPreparable(tool)) return tool.prepare(args, signal);
  const target = describeTarget(tool, args);
  const label = target.serverName ? `"${target.toolName}" on server "${target.serverName}"` : `"${target.toolName}"`;
  const problem = tool instanceof McpToolAdapter || tool instanceof DirectMcpToolAdapter ? check.problem(label, target.toolName, tool.parameters, args) : undefined;
  if (problem !== undefined) return { ok: false, target, result: toolErrorResult('INVALID_ARGUMENTS', problem) };
  return { ok: true, target, run: (context) => tool.execute(args, context) };
}

function describeTarget(tool: ITool, args: Record<string, unknown>): CallTarget {
  if (tool instanceof McpToolAdapter) {
    const { serverId, serverName, name, annotations } = tool.mcpTool;
    return { serverId, serverName, toolName: name, arguments: args, needsApproval: true, ...(annotations ? { annotations } : {}) };
  }
  if (tool instanceof DirectMcpToolAdapter) {
    const annotations = tool.tool.annotations as McpToolAnnotations | undefined;
    return { serverId: builtinServerId(tool.serverName), serverName: tool.serverName, toolName: tool.tool.name, arguments: args, needsApproval: true, ...(annotations ? { annotations } : {}) };
  }
  return { toolName: tool.name, arguments: args, needsApproval: true };
}
