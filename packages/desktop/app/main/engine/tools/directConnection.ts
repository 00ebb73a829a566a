/**
 * One session-scoped connection to a built-in or preset stdio server that the pool does not own: the
 * same McpConnection (SDK Client, handshake, list reading, timeouts, error mapping) McpService uses,
 * over ProcessStdioTransport, so the server runs in its own process group and closing it kills the
 * whole tree; registered with the process tracker from the moment the process exists.
 */
import type { Tool } from '@modelcontextprotocol/client';
import type { McpServerRecord } from '../../../shared/contracts/mcp-types';
import { systemClock } from '../../lib/clock';
import { McpConnection } from '../../mcp/McpConnection';
import { McpLogBuffer } from '../../mcp/McpLogBuffer';
import { isMcpServiceError } from '../../mcp/McpServiceError';
import { ProcessStdioTransport, mergeEnv } from '../../mcp/process';
import type { ProcessTracker, TrackedConnection } from '../../mcp/process/ProcessTracker';
import { redactorFor } from '../../mcp/redact';

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

/** What a direct connection needs of the process tracker (McpProcessTracker by default). */
export type DirectConnectionTracker = ProcessTracker;

export interface OpenDirectConnectionOptions {
  tracker: DirectConnectionTracker;
  /** Environment the server's env is merged over. */
  baseEnv: NodeJS.ProcessEnv;
  platform: NodeJS.Platform;
  clientInfo: { name: string; version: string };
  /** Bound on spawn + `initialize` + the first `tools/list`, and on each later list page, in milliseconds. */
  connectTimeoutMs: number;
  onStderr?: (serverName: string, chunk: string) => void;
}

/** Stderr lines a failure to start quotes. */
const STDERR_TAIL_LINES = 20;

export class DirectMcpConnection implements TrackedConnection {
  private open: McpConnection | undefined;

  constructor(
    readonly server: ResolvedMcpServer,
    private readonly transport: ProcessStdioTransport,
    private readonly log: McpLogBuffer,
  ) {}

  get serverName(): string {
    return this.server.name;
  }

  /** The session: what DirectMcpToolAdapter calls tools on. Throws before the handshake completed. */
  get connection(): McpConnection {
    if (!this.open) throw new Error(`${this.server.name} is not connected`);
    return this.open;
  }

  /** The server's PID while it runs (on POSIX also its process group). */
  get pid(): number | undefined {
    return this.transport.pid;
  }

  /** The tag in its process tree's environment, for the PID registry. */
  get treeMarker(): string {
    return this.transport.treeMarker;
  }

  /** The last lines the server wrote to stderr. */
  get stderrTail(): string {
    return this.log.tailStderr(STDERR_TAIL_LINES).join('\n');
  }

  /** Closes the session, which closes the transport (stdin → SIGTERM tree → SIGKILL tree). */
  close(): Promise<void> {
    return this.open ? this.open.close() : this.transport.close();
  }

  /** Every tool of the server (all pages), as read when it connected or refreshed since. */
  listTools(): Promise<Tool[]> {
    return this.connection.tools.get();
  }

  /** @internal openDirectConnection's: the handshake completed. */
  attach(connection: McpConnection): void {
    this.open = connection;
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

/** The record McpConnection reads: its name, transport and the bound on list requests. */
function asRecord(server: ResolvedMcpServer, connectTimeoutMs: number): McpServerRecord {
  const at = new Date(0).toISOString();
  return {
    id: server.name,
    name: server.name,
    type: 'stdio',
    config: { command: server.command, args: server.args, env: server.env ?? {} },
    timeoutSec: Math.max(1, Math.ceil(connectTimeoutMs / 1000)),
    enabled: true,
    disabledTools: [],
    alwaysAllow: [],
    createdAt: at,
    updatedAt: at,
  };
}

/**
 * Spawns the server, completes `initialize` and reads its tools. On any failure the process tree is
 * killed and the tracker forgets it before the error is thrown, so a failed start leaves nothing running.
 */
export async function openDirectConnection(server: ResolvedMcpServer, options: OpenDirectConnectionOptions): Promise<DirectMcpConnection> {
  const record = asRecord(server, options.connectTimeoutMs);
  const redact = redactorFor(record);
  // The session's own log: it keeps the stderr a failure quotes; nothing reads it afterwards.
  const log = new McpLogBuffer(() => systemClock.now(), redact, () => {});
  const transport = new ProcessStdioTransport({
    command: server.command,
    args: server.args,
    cwd: server.cwd,
    env: mergeEnv(options.baseEnv, undefined, server.env, { platform: options.platform }),
    platform: options.platform,
    onStderr: (chunk) => {
      log.addStderrChunk(chunk);
      options.onStderr?.(server.name, chunk);
    },
  });
  const direct = new DirectMcpConnection(server, transport, log);
  // McpConnection reports its transport; the tracker holds the direct connection, which closeDirectConnections hands it.
  const tracker: ProcessTracker = {
    track: () => options.tracker.track(direct),
    untrack: () => options.tracker.untrack(direct),
    closeConnection: () => options.tracker.closeConnection(direct),
  };
  try {
    const connection = await McpConnection.open({
      server: record,
      transport,
      log,
      redact,
      clock: systemClock,
      clientInfo: options.clientInfo,
      connectTimeoutMs: options.connectTimeoutMs,
      // The 2025 handshake, as before the SDK v2: a session's server has no verdict cache to save a
      // probe, and one that exits on it would need a second start this path does not make.
      prior: { kind: 'legacy' },
      processTracker: tracker,
      signal: new AbortController().signal,
      // A lost session fails the next call ("Not connected"); the session's tools are not refreshed.
      onDrop: () => {},
      onToolsChanged: () => {},
    });
    direct.attach(connection);
    return direct;
  } catch (error) {
    await options.tracker.closeConnection(direct);
    throw new DirectMcpServerError(server.name, `could not start ${server.name}: ${startFailure(error)}`, { cause: error });
  }
}

/** The failure in one message: McpServiceError's code and full detail (the server's last stderr lines). */
function startFailure(error: unknown): string {
  if (!isMcpServiceError(error)) return error instanceof Error ? error.message : String(error);
  if (error.code === 'TIMEOUT') return `timed out after ${String(error.params.timeoutMs)} ms (${error.message})`;
  const detail = error.params.detail;
  return detail === undefined ? error.message : `${error.message}\n${String(detail)}`;
}
