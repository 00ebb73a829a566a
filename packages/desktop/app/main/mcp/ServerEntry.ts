import { MAX_SKIPPED_IN_STATE, type McpServerState, type McpServiceErrorData } from '../../shared/contracts/mcp-connection';
import type { TimerHandle } from '../lib/clock';
import type { McpConnection } from './McpConnection';
import type { McpLogBuffer } from './McpLogBuffer';

/**
 * Where one server's connection stands. A small union rather than flags, so "connecting" and
 * "connected" can never both be true and each state carries only what it means.
 */
export type ConnectionState =
  | { kind: 'disconnected' }
  | { kind: 'disabled' }
  | { kind: 'connecting'; promise: Promise<McpConnection>; abort: AbortController }
  | { kind: 'connected'; connection: McpConnection }
  | { kind: 'error'; retry?: { attempt: number; nextAtMs: number; timer: TimerHandle } };

/** Failures in a row after which a server shows as degraded. */
export const DEGRADED_AFTER_ERRORS = 3;

/** One pool slot, keyed by server id. Mutated only by ConnectionPool. */
export class ServerEntry {
  state: ConnectionState = { kind: 'disconnected' };
  /**
   * Bumped by every deliberate stop (disconnect, restart, removal). A connect or reconnect that
   * started under an older generation must not install its result.
   */
  generation = 0;
  consecutiveErrors = 0;
  lastError: McpServiceErrorData | undefined;
  /** Set while the server's package downloads before its first start. */
  installing: { packages: string[]; startedAtMs: number; lastLine?: string } | undefined;
  updatedAtMs: number;

  constructor(
    readonly serverId: string,
    public serverName: string,
    readonly log: McpLogBuffer,
    nowMs: number,
  ) {
    this.updatedAtMs = nowMs;
  }

  get connection(): McpConnection | undefined {
    return this.state.kind === 'connected' ? this.state.connection : undefined;
  }

  snapshot(): McpServerState {
    const connection = this.connection;
    const state: McpServerState = {
      serverId: this.serverId,
      serverName: this.serverName,
      // The state kinds are exactly the contract's McpServerStatus values.
      status: this.state.kind,
      consecutiveErrors: this.consecutiveErrors,
      degraded: this.consecutiveErrors >= DEGRADED_AFTER_ERRORS,
      toolCount: connection?.tools.peek()?.length ?? 0,
      updatedAtMs: this.updatedAtMs,
    };
    if (this.lastError) state.lastError = this.lastError;
    if (this.installing && this.state.kind === 'connecting') state.installing = { ...this.installing };
    if (connection?.serverInfo) state.serverInfo = connection.serverInfo;
    if (connection?.protocolVersion) state.protocolVersion = connection.protocolVersion;
    const skipped = connection?.skippedItems() ?? [];
    if (skipped.length > 0) {
      state.skipped = skipped.slice(0, MAX_SKIPPED_IN_STATE);
      state.skippedCount = skipped.length;
    }
    if (this.state.kind === 'error' && this.state.retry) {
      state.reconnect = { attempt: this.state.retry.attempt, nextAtMs: this.state.retry.nextAtMs };
    }
    return state;
  }
}
