/**
 * The tracking contract between the services that start server processes (McpService) and
 * McpProcessTracker: McpService and PackagePrefetcher receive a ProcessTracker through their constructors and the
 * composition root (mcpRuntime.ts) passes the runtime's own McpProcessTracker.
 */

/** Anything that runs a server process: a Client wrapper, a transport. `pid` is read when needed. */
export interface TrackedConnection {
  readonly pid?: number | null | undefined;
  /** The TREE_MARKER_ENV value its process was started with, if any (proves a leftover group ours). */
  readonly treeMarker?: string | undefined;
  close(): Promise<void>;
}

export interface ProcessTracker {
  /**
   * Call as soon as the process runs (before any message is exchanged), so its PID is known and can be
   * persisted. Resolves once persisted; never rejects.
   */
  track(connection: TrackedConnection): Promise<void>;
  /** Forget a connection whose owner already closed it. Never rejects. */
  untrack(connection: TrackedConnection): Promise<void>;
  /** Graceful close, bounded, then a kill of the whole tree. Never throws. */
  closeConnection(connection: TrackedConnection): Promise<void>;
}
