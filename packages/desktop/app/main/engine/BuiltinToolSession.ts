/**
 * Elftia's own servers (builtin-servers/: files, clock-math) for the engine: started on first use
 * through loadDirectMcpTools, kept for the session, closed with it. Starting them per turn would spawn
 * processes on every message.
 */
import type { ITool } from './ITool';
import {
  type DirectMcpConnection,
  type DirectMcpLoadFailure,
  type LoadDirectMcpToolsOptions,
  type ResolvedMcpServer,
  closeDirectConnections,
  loadDirectMcpTools,
} from './tools/DirectMcpToolAdapter';

/** The engine's source of built-in (direct) tools. */
export interface BuiltinToolProvider {
  /** The tools to offer this turn. Never rejects: a server that fails is left out. */
  tools(): Promise<readonly ITool[]>;
}

interface Loaded {
  tools: ITool[];
  connections: DirectMcpConnection[];
  failures: DirectMcpLoadFailure[];
}

export class BuiltinToolSession implements BuiltinToolProvider {
  private loading: Promise<Loaded> | undefined;
  private closed = false;

  constructor(
    /** Usually `() => builtinServers({ filesRoot, serversDir })`; read on first use. */
    private readonly servers: () => readonly ResolvedMcpServer[],
    private readonly options: LoadDirectMcpToolsOptions = {},
  ) {}

  async tools(): Promise<readonly ITool[]> {
    if (this.closed) return [];
    this.loading ??= loadDirectMcpTools(this.servers(), this.options).catch((): Loaded => ({ tools: [], connections: [], failures: [] }));
    return (await this.loading).tools;
  }

  /** Servers that could not start (empty before the first tools() call). */
  async failures(): Promise<DirectMcpLoadFailure[]> {
    return this.loading ? (await this.loading).failures : [];
  }

  /**
   * Stops the running built-in servers so the next tools() call starts them again from `servers()`
   * (their configuration changed: a new folder for `files`). Never throws.
   */
  async reset(): Promise<void> {
    const loading = this.loading;
    this.loading = undefined;
    if (loading) await closeDirectConnections((await loading).connections, this.options.tracker);
  }

  /** Stops every built-in server; later tools() calls return nothing. Never throws. */
  async close(): Promise<void> {
    this.closed = true;
    const loading = this.loading;
    this.loading = undefined;
    if (loading) await closeDirectConnections((await loading).connections, this.options.tracker);
  }
}
