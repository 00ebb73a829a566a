/**
 * One session-scoped connection to a built-in or preset stdio server:
 * an SDK Client over ProcessStdioTransport, so the server runs in its own process group and closing
 * it kills the whole tree, registered with McpProcessTracker from the moment the process exists.
 */
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import type { Tool } from '@modelcontextprotocol/sdk/types.js';
import { ProcessStdioTransport, mergeEnv } from '../../mcp/process';
import type { TrackedConnection } from '../../mcp/process/ProcessTracker';

/** A stdio server with everything resolved: no preset lookup, no shell environment left to merge in. */
export interface ResolvedMcpServer {
  /** Prefix of its tools' names (`<name>__<tool>`); unique among the servers of one session. */
  name: string;
  command: string;
  args: string[];
  /** Added over `baseEnv` (PATH entries are merged, not replaced). */
  env?: Record<string, string>;
  cwd?: string;
  /** The server's bound on one call, in milliseconds, when longer than the engine's 120 s. */
  timeoutMs?: number;
}

/** What a direct connection needs of McpProcessTracker (the runtime's own). */
export interface DirectConnectionTracker {
  track(connection: TrackedConnection): Promise<void>;
  closeConnection(connection: TrackedConnection): Promise<void>;
}

export interface OpenDirectConnectionOptions {
  tracker: DirectConnectionTracker;
  /** Environment the server's env is merged over. */
  baseEnv: NodeJS.ProcessEnv;
  platform: NodeJS.Platform;
  clientInfo: { name: string; version: string };
  /** Bound on spawn + `initialize`, in milliseconds. */
  connectTimeoutMs: number;
  onStderr?: (serverName: string, chunk: string) => void;
}

/** Kept so a failure to start can say what the server printed. */
const STDERR_TAIL_CHARS = 2000;

export class DirectMcpConnection implements TrackedConnection {
  private stderr = '';

  constructor(
    readonly server: ResolvedMcpServer,
    readonly client: Client,
    readonly transport: ProcessStdioTransport,
  ) {}

  get serverName(): string {
    return this.server.name;
  }

  /** The server's PID while it runs (on POSIX also its process group). */
  get pid(): number | undefined {
    return this.transport.pid;
  }

  /** The tag in its process tree's environment, for the PID registry. */
  get treeMarker(): string {
    return this.transport.treeMarker;
  }

  /** The last ~2000 characters the server wrote to stderr. */
  get stderrTail(): string {
    return this.stderr;
  }

  appendStderr(chunk: string): void {
    this.stderr = (this.stderr + chunk).slice(-STDERR_TAIL_CHARS);
  }

  /** Closes the client, which closes the transport (stdin → SIGTERM tree → SIGKILL tree). */
  close(): Promise<void> {
    return this.client.close();
  }

  /** Every tool of the server, following pagination; each page bounded by `timeoutMs`. */
  async listTools(timeoutMs: number): Promise<Tool[]> {
    const tools: Tool[] = [];
    let cursor: string | undefined;
    do {
      const page = await this.client.listTools(cursor === undefined ? {} : { cursor }, { timeout: timeoutMs });
      tools.push(...page.tools);
      cursor = page.nextCursor;
    } while (cursor);
    return tools;
  }
}

/** Why a direct server could not be used. */
export class DirectMcpServerError extends Error {
  constructor(
    readonly serverName: string,
    message: string,
    options: { cause?: unknown } = {},
  ) {
    super(message, options);
    this.name = 'DirectMcpServerError';
  }
}

/**
 * Spawns the server and completes `initialize`. On any failure the process tree is killed and the
 * tracker forgets it before the error is thrown, so a failed start leaves nothing running.
 */
export async function openDirectConnection(server: ResolvedMcpServer, options: OpenDirectConnectionOptions): Promise<DirectMcpConnection> {
  let connection: DirectMcpConnection | undefined;
  const transport = new ProcessStdioTransport({
    command: server.command,
    args: server.args,
    cwd: server.cwd,
    env: mergeEnv(options.baseEnv, undefined, server.env, { platform: options.platform }),
    platform: options.platform,
    onStderr: (chunk) => {
      connection?.appendStderr(chunk);
      options.onStderr?.(server.name, chunk);
    },
    // Tracked at spawn, not after initialize: a server that hangs in initialize is still reaped.
    onSpawn: () => {
      if (connection) void options.tracker.track(connection);
    },
  });
  const client = new Client(options.clientInfo, { capabilities: {} });
  connection = new DirectMcpConnection(server, client, transport);
  try {
    await client.connect(transport, { timeout: options.connectTimeoutMs });
    return connection;
  } catch (error) {
    await options.tracker.closeConnection(connection);
    const tail = connection.stderrTail.trim();
    const detail = error instanceof Error ? error.message : String(error);
    throw new DirectMcpServerError(server.name, `could not start ${server.name}: ${detail}${tail ? `\nstderr: ${tail}` : ''}`, { cause: error });
  }
}
