/**
 * What the engine knows about a call before it runs: which server tool it reaches (for the approval
 * prompt, the always-allow key and the ToolCallView) and whether its arguments fit. Engine tools
 * (use_mcp_tool, …) resolve their target themselves; MCP adapters are described here.
 */
import type { ToolCallAppRef } from '../../shared/contracts/apps';
import type { McpToolAnnotations } from '../../shared/contracts/mcp-tool';
import { appRefOf } from '../apps/toolApp';
import { ArgumentValidator, invalidArguments } from '../mcp/ArgumentValidator';
import { type ArgumentProblem, MAX_ARGUMENT_PROBLEMS } from '../mcp/argumentProblems';
import type { ITool, JsonSchema, ToolExecutionContext, ToolExecutionResult } from './ITool';
import { DirectMcpToolAdapter } from './tools/DirectMcpToolAdapter';
import { toolErrorResult } from './tools/flattenContent';
import { McpToolAdapter } from './tools/McpToolAdapter';
import { summarizeSchema } from './tools/schemaSummary';
import { builtinServerId } from '../../shared/contracts/builtin-servers';

/**
 * Server id under which the grants of direct tools (loadDirectMcpTools) are stored: the id the
 * built-in servers run under in McpService, so a grant is the same whichever path a tool came by.
 */
export { builtinServerId } from '../../shared/contracts/builtin-servers';

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
  /** The MCP App the tool declares (`_meta.ui.resourceUri`): its card shows it. */
  app?: ToolCallAppRef;
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

  /**
   * Undefined when the arguments fit (or the schema cannot be compiled); else the INVALID_ARGUMENTS
   * result: every problem for the model, and as field errors for the tool card.
   */
  failure(label: string, toolName: string, schema: JsonSchema, args: Record<string, unknown>): ToolExecutionResult | undefined {
    const problems = this.validator.problems(schema, args);
    if (problems.length === 0) return undefined;
    const error = invalidArguments(toolName, problems);
    return toolErrorResult('INVALID_ARGUMENTS', invalidArgumentsMessage(label, problems, schema), { errorParams: error.params, fieldErrors: error.fieldErrors });
  }
}

export function invalidArgumentsMessage(label: string, problems: readonly ArgumentProblem[], schema: JsonSchema): string {
  const listed = problems.slice(0, MAX_ARGUMENT_PROBLEMS).map((p) => `${p.field === '' ? 'The arguments object' : `Argument "${p.field}"`} ${p.reason}`);
  if (problems.length > listed.length) listed.push(`and ${problems.length - listed.length} more`);
  return `Invalid arguments for ${label}: ${listed.join('; ')}. Expected arguments:\n${summarizeSchema(schema)}`;
}

/** Describes and checks one call of any registered tool. */
export async function prepareCall(tool: ITool, args: Record<string, unknown>, check: ArgumentCheck, signal: AbortSignal): Promise<Preparation> {
  if (isPreparable(tool)) return tool.prepare(args, signal);
  const target = describeTarget(tool, args);
  const label = target.serverName ? `"${target.toolName}" on server "${target.serverName}"` : `"${target.toolName}"`;
  const failure = tool instanceof McpToolAdapter || tool instanceof DirectMcpToolAdapter ? check.failure(label, target.toolName, tool.parameters, args) : undefined;
  if (failure !== undefined) return { ok: false, target, result: failure };
  return { ok: true, target, run: (context) => tool.execute(args, context) };
}

function describeTarget(tool: ITool, args: Record<string, unknown>): CallTarget {
  if (tool instanceof McpToolAdapter) {
    const { serverId, serverName, name, annotations } = tool.mcpTool;
    const app = appRefOf(tool.mcpTool);
    return { serverId, serverName, toolName: name, arguments: args, needsApproval: true, ...(annotations ? { annotations } : {}), ...(app ? { app } : {}) };
  }
  if (tool instanceof DirectMcpToolAdapter) {
    const annotations = tool.tool.annotations as McpToolAnnotations | undefined;
    return { serverId: builtinServerId(tool.serverName), serverName: tool.serverName, toolName: tool.tool.name, arguments: args, needsApproval: true, ...(annotations ? { annotations } : {}) };
  }
  return { toolName: tool.name, arguments: args, needsApproval: true };
}
