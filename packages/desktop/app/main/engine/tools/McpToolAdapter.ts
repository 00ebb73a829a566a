/**
 * A user-configured server's MCP tool as a TinyElf ITool. Connections, per-server
 * timeouts, argument validation and cancellation on the wire belong to McpService; this adapter adds
 * the engine's outer time bound and turns the result into text for the model plus content for the UI.
 */
import { randomUUID } from 'node:crypto';
import type { MCPTool } from '../../../shared/contracts/mcp-tool';
import type { Clock } from '../../lib/clock';
import type { McpService } from '../../mcp/McpService';
import { isMcpServiceError } from '../../mcp/McpServiceError';
import type { ITool, JsonSchema, ToolExecutionContext, ToolExecutionResult } from '../ITool';
import { DEFAULT_TOOL_TIMEOUT_MS, boundedCall } from './boundedCall';
import { type FlattenOptions, toToolExecutionResult, toolErrorResult } from './flattenContent';

export { flattenContent } from './flattenContent';

/** What the adapter needs of McpService (its public methods only: the engine never reaches inside). */
export type McpToolService = Pick<McpService, 'callTool' | 'listServerTools'>;

export interface McpToolAdapterOptions {
  /**
   * The server's own call timeout in milliseconds (its timeoutSec × 1000), if known. When longer
   * than `timeoutMs`, it is the bound instead: a user who gave a slow server 10 minutes meant it.
   */
  serverTimeoutMs?: (serverId: string) => number | undefined | Promise<number | undefined>;
  /** The engine's bound on one call, in milliseconds. Default 120 000. */
  timeoutMs?: number;
  /** Default crypto.randomUUID. */
  newCallId?: () => string;
  flatten?: FlattenOptions;
  /** Runs the time bound. Default systemClock. */
  clock?: Clock;
}

export class McpToolAdapter implements ITool {
  /** MCPTool.id (`mcp__<server>__<tool>`); provider-safe renaming happens in the provider adapters. */
  readonly name: string;
  readonly description: string;
  readonly parameters: JsonSchema;

  constructor(
    readonly mcpTool: MCPTool,
    private readonly mcpService: McpToolService,
    private readonly options: McpToolAdapterOptions = {},
  ) {
    this.name = mcpTool.id;
    this.description = mcpTool.description;
    this.parameters = mcpTool.inputSchema;
  }

  async execute(params: Record<string, unknown>, context: ToolExecutionContext = {}): Promise<ToolExecutionResult> {
    const callId = context.callId ?? (this.options.newCallId ?? randomUUID)();
    const { serverId, name } = this.mcpTool;
    const timeoutMs = await this.timeoutMs();
    return boundedCall(
      // In a chat the result is shown whatever it holds; a mismatch is a warning on it, not a failed call.
      (signal) => this.mcpService.callTool(serverId, name, params, callId, { signal, onProgress: context.onProgress, structuredOutput: 'report' }),
      { timeoutMs, signal: context.signal, clock: this.options.clock },
      (result) => toToolExecutionResult(result, this.options.flatten),
      (error) => describeFailure(error),
    );
  }

  private async timeoutMs(): Promise<number> {
    const floor = this.options.timeoutMs ?? DEFAULT_TOOL_TIMEOUT_MS;
    // A failing lookup must not fail the call: the default bound still holds.
    const own = await Promise.resolve()
      .then(() => this.options.serverTimeoutMs?.(this.mcpTool.serverId))
      .catch(() => undefined);
    return typeof own === 'number' && Number.isFinite(own) && own > floor ? own : floor;
  }
}

/**
 * McpServiceError keeps its code, parameters and field errors for the UI; its message, already
 * redacted and one line long, is the model's. The stderr `detail` stays in the server's log.
 */
export function describeFailure(error: unknown): ToolExecutionResult {
  if (isMcpServiceError(error)) {
    if (error.code === 'CANCELLED') return toolErrorResult('CANCELLED', 'Tool call cancelled.');
    // The detail (redacted, often the server's last stderr lines) is the card's "Technical details".
    return toolErrorResult(error.code, `Tool call failed: ${error.message}`, { errorParams: error.params, ...(error.fieldErrors ? { fieldErrors: error.fieldErrors } : {}) });
  }
  return toolErrorResult('REQUEST_FAILED', `Tool call failed: ${error instanceof Error ? error.message : String(error)}`);
}

export interface McpToolLoadFailure {
  serverId: string;
  error: unknown;
}

export interface LoadMcpToolsResult {
  tools: McpToolAdapter[];
  /** Servers whose tools could not be listed; the others' tools are in `tools`. */
  failures: McpToolLoadFailure[];
}

/**
 * Every tool of the given servers, wrapped. Servers are listed in parallel; one that fails
 * (not found, cannot connect) is reported in `failures` and does not affect the others. Tools keep
 * the order of `serverIds`, then each server's own order.
 */
export async function loadMcpTools(
  mcpService: McpToolService,
  serverIds: readonly string[],
  options: McpToolAdapterOptions = {},
): Promise<LoadMcpToolsResult> {
  const outcomes = await Promise.allSettled(serverIds.map((id) => mcpService.listServerTools(id)));
  const tools: McpToolAdapter[] = [];
  const failures: McpToolLoadFailure[] = [];
  outcomes.forEach((outcome, index) => {
    const serverId = serverIds[index] as string;
    if (outcome.status === 'rejected') failures.push({ serverId, error: outcome.reason });
    else for (const tool of outcome.value) tools.push(new McpToolAdapter(tool, mcpService, options));
  });
  return { tools, failures };
}
