/**
 * Tools of built-in and preset servers on a connection the pool does not own: the adapter calls the
 * McpConnection (the one client McpService uses too) directly instead of going through McpService,
 * the server lives for one session, and its process is tracked by McpProcessTracker. Names are
 * `<server>__<tool>`, without the `mcp__` of user servers, so the two can never collide. The app's
 * chat gets the built-in servers from McpService instead (engine/builtinTools.ts), under the same names.
 */
import { ProtocolError, ProtocolErrorCode, SdkError, SdkErrorCode, type Tool } from '@modelcontextprotocol/client';
import type { McpConnection } from '../../mcp/McpConnection';
import { repairToolResult } from '../../mcp/lenientResult';
import type { ITool, JsonSchema, ToolExecutionContext, ToolExecutionResult } from '../ITool';
import { DEFAULT_TOOL_TIMEOUT_MS, boundedCall } from './boundedCall';
import {
  type DirectConnectionTracker,
  type DirectMcpConnection,
  type ResolvedMcpServer,
  openDirectConnection,
} from './directConnection';
import { type FlattenOptions, type RawCallToolResult, toToolExecutionResult, toolErrorResult } from './flattenContent';
import { McpProcessTracker } from '../../mcp/process/McpProcessTracker';

export { DirectMcpConnection, DirectMcpServerError, type DirectConnectionTracker, type ResolvedMcpServer } from './directConnection';

/** The raw name of a direct tool. */
export function directToolName(serverName: string, toolName: string): string {
  return `${serverName}__${toolName}`;
}

export interface DirectMcpToolAdapterOptions {
  /** Bound on one call, in milliseconds. Default 120 000, or the server's own when longer. */
  timeoutMs?: number;
  flatten?: FlattenOptions;
}

export class DirectMcpToolAdapter implements ITool {
  readonly name: string;
  readonly description: string;
  readonly parameters: JsonSchema;

  constructor(
    readonly serverName: string,
    readonly tool: Tool,
    private readonly connection: Pick<McpConnection, 'callTool'>,
    private readonly options: DirectMcpToolAdapterOptions = {},
  ) {
    this.name = directToolName(serverName, tool.name);
    this.description = tool.description ?? '';
    this.parameters = tool.inputSchema;
  }

  async execute(params: Record<string, unknown>, context: ToolExecutionContext = {}): Promise<ToolExecutionResult> {
    const timeoutMs = this.options.timeoutMs ?? DEFAULT_TOOL_TIMEOUT_MS;
    return boundedCall(
      // The SDK's own request timeout (60 s by default) would cut in before ours; give it the same budget.
      async (signal) =>
        repairToolResult(
          await this.connection.callTool(this.tool.name, params, { signal, timeout: timeoutMs, onprogress: context.onProgress }),
          [],
        ) as RawCallToolResult,
      { timeoutMs, signal: context.signal },
      (result) => toToolExecutionResult(result, this.options.flatten),
      (error) => describeFailure(error),
    );
  }
}

function describeFailure(error: unknown): ToolExecutionResult {
  const detail = error instanceof Error ? error.message : String(error);
  if (error instanceof SdkError) {
    if (error.code === SdkErrorCode.RequestTimeout) return toolErrorResult('TIMEOUT', `Tool call timed out: ${detail}`);
    if (error.code === SdkErrorCode.ConnectionClosed) return toolErrorResult('CONNECTION_CLOSED', `Tool call failed: ${detail}`);
  }
  if (error instanceof ProtocolError && error.code === ProtocolErrorCode.InvalidParams) return toolErrorResult('INVALID_ARGUMENTS', `Tool call failed: ${detail}`);
  return toolErrorResult('REQUEST_FAILED', `Tool call failed: ${detail}`);
}

export interface DirectMcpLoadFailure {
  serverName: string;
  error: unknown;
}

export interface LoadDirectMcpToolsResult {
  tools: DirectMcpToolAdapter[];
  /** Open connections; pass them to closeDirectConnections when the session ends. */
  connections: DirectMcpConnection[];
  /** Servers that could not start or list their tools; nothing of theirs is left running. */
  failures: DirectMcpLoadFailure[];
}

export interface LoadDirectMcpToolsOptions {
  /** The runtime's tracker; default a tracker of this load's own, disposed once its connections are closed. */
  tracker?: DirectConnectionTracker;
  /** What each server's env is merged over. Default process.env. */
  baseEnv?: NodeJS.ProcessEnv;
  /** Default process.platform. */
  platform?: NodeJS.Platform;
  /** Bound on spawn + initialize + the first tools/list, in milliseconds. Default 30 000. */
  connectTimeoutMs?: number;
  clientInfo?: { name: string; version: string };
  onStderr?: (serverName: string, chunk: string) => void;
  flatten?: FlattenOptions;
}

/**
 * Starts each server, lists its tools and wraps them. Servers start in parallel; one that
 * fails is closed and reported in `failures` without affecting the others.
 */
export async function loadDirectMcpTools(servers: readonly ResolvedMcpServer[], options: LoadDirectMcpToolsOptions = {}): Promise<LoadDirectMcpToolsResult> {
  const ownTracker = options.tracker ? undefined : new McpProcessTracker({ platform: options.platform });
  const tracker = options.tracker ?? (ownTracker as McpProcessTracker);
  const connectOptions = {
    tracker,
    baseEnv: options.baseEnv ?? process.env,
    platform: options.platform ?? process.platform,
    clientInfo: options.clientInfo ?? { name: 'elftia', version: '0.1.0' },
    connectTimeoutMs: options.connectTimeoutMs ?? 30_000,
    onStderr: options.onStderr,
  };
  const outcomes = await Promise.allSettled(
    servers.map(async (server) => {
      const connection = await openDirectConnection(server, connectOptions);
      try {
        return { connection, tools: await connection.listTools() };
      } catch (error) {
        await tracker.closeConnection(connection);
        throw error;
      }
    }),
  );
  const result: LoadDirectMcpToolsResult = { tools: [], connections: [], failures: [] };
  outcomes.forEach((outcome, index) => {
    const server = servers[index] as ResolvedMcpServer;
    if (outcome.status === 'rejected') {
      result.failures.push({ serverName: server.name, error: outcome.reason });
      return;
    }
    const { connection, tools } = outcome.value;
    const timeoutMs = Math.max(DEFAULT_TOOL_TIMEOUT_MS, server.timeoutMs ?? 0);
    result.connections.push(connection);
    if (ownTracker) ownTrackers.set(connection, ownTracker);
    for (const tool of tools) result.tools.push(new DirectMcpToolAdapter(server.name, tool, connection.connection, { timeoutMs, flatten: options.flatten }));
  });
  if (ownTracker && result.connections.length === 0) await ownTracker.dispose();
  return result;
}

/**
 * The tracker a load created for callers that passed none. There is no process-wide tracker to fall
 * back on: each runtime owns one (mcpRuntime.ts), and these connections belong to no runtime.
 */
const ownTrackers = new WeakMap<DirectMcpConnection, McpProcessTracker>();

/**
 * Session end: closes every connection through the tracker (graceful close bounded at 3 s, then the
 * whole process tree is killed) in parallel. Without a tracker, each connection is closed through the
 * one its load created, which is disposed once it tracks nothing more. Never throws.
 */
export async function closeDirectConnections(connections: readonly DirectMcpConnection[], tracker?: DirectConnectionTracker): Promise<void> {
  if (tracker) {
    await Promise.all(connections.map((connection) => tracker.closeConnection(connection)));
    return;
  }
  await Promise.all(connections.map((connection) => closeWithOwnTracker(connection)));
}

async function closeWithOwnTracker(connection: DirectMcpConnection): Promise<void> {
  const own = ownTrackers.get(connection) ?? new McpProcessTracker();
  ownTrackers.delete(connection);
  await own.closeConnection(connection);
  if (own.trackedPids().length === 0) await own.dispose();
}
