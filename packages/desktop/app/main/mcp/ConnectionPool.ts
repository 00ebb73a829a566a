import type { McpServiceEvent } from '../../shared/contracts/mcp-connection';
import type { McpServerRecord } from '../../shared/contracts/mcp-types';
import { maskArgs, maskUrl } from '../../shared/contracts/secrets';
import { type ReconnectPolicy, backoffDelayMs } from './backoff';
import type { Clock } from '../lib/clock';
import type { McpTransport } from './transports/createTransport';
import type { ProcessTracker } from './process/ProcessTracker';
import { McpConnection } from './McpConnection';
import { McpLogBuffer, type McpLogBufferOptions } from './McpLogBuffer';
import { McpServiceError, countsAgainstServer, retriesConnect, toMcpServiceError } from './McpServiceError';
import { redactorFor } from './redact';
import type { McpClientRequests } from './clientRequests';
import type { McpServerLogLevel } from '../../shared/contracts/mcp-connection';
import { EraVerdicts, ProbeCostTheProcessError } from './eraNegotiation';
import type { PriorDiscovery } from '@modelcontextprotocol/client';
import { type ConnectionState, ServerEntry } from './ServerEntry';

/**
 * Work before a server's process starts that is not part of its connect, such as downloading its
 * package (the "installing" phase). Rejects with an McpServiceError to fail the connect.
 */
export type PrepareServer = (
  server: McpServerRecord,
  context: {
    signal: AbortSignal;
    onInstalling(install: { packages: string[] }): void;
    onOutput(line: string): void;
  },
) => Promise<PreparedServer | void>;

/** What the preparation wants to hear about the connect that follows it. */
export interface PreparedServer {
  /** The connect failed (e.g. it timed out because the package cache was emptied meanwhile). */
  connectFailed(error: McpServiceError): void;
}

type MaybePromise<T> = T | Promise<T>;

/** Shortest gap between two state events that only carry a new line of install output, in milliseconds. */
const INSTALL_PROGRESS_INTERVAL_MS = 250;

/** Where McpService's diagnostics go besides the per-server log (the app's log sink). */
export interface McpLogger {
  info(message: string): void;
  warn(message: string): void;
  error(message: string): void;
}

export interface ConnectionPoolDeps {
  readServer(id: string): Promise<McpServerRecord | undefined>;
  beforeConnect?: (() => Promise<void>) | undefined;
  /** See McpServiceOptions.prepareServer. */
  prepareServer?: PrepareServer | undefined;
  /** See McpServiceOptions.minConnectTimeoutMs. */
  minConnectTimeoutMs: number;
  createTransport(server: McpServerRecord, onStderr: (chunk: string) => void): McpTransport;
  /** See McpServiceOptions.resolveServer. */
  resolveServer?: ((server: McpServerRecord) => MaybePromise<McpServerRecord>) | undefined;
  processTracker?: ProcessTracker | undefined;
  clock: Clock;
  random: () => number;
  reconnect: ReconnectPolicy;
  logBuffer: McpLogBufferOptions;
  clientInfo: { name: string; version: string };
  /** See McpServiceOptions.clientRequests. */
  clientRequests?: McpClientRequests | undefined;
  /** The logging level a server is asked for once connected (McpServiceOptions.logLevels). */
  logLevelOf: (serverId: string) => McpServerLogLevel;
  logger: McpLogger;
  emit(event: McpServiceEvent): void;
  /** A live connection's server said a subscribed resource changed. */
  resourceUpdated?: ((serverId: string, uri: string) => void) | undefined;
}

/**
 * The pool: one slot per server id, single-flight connects, deliberate stops, and automatic
 * reconnect with backoff after a drop or a failed connect (a server that comes up after Elftia).
 * Every async continuation re-checks the slot's generation so that a stop in the meantime always wins.
 */
export class ConnectionPool {
  private readonly entries = new Map<string, ServerEntry>();
  /** Each server's protocol era, for the runtime's life: a reconnect does not probe again. */
  private readonly eras = new EraVerdicts();

  constructor(private readonly deps: ConnectionPoolDeps) {}

  get(id: string): ServerEntry | undefined {
    return this.entries.get(id);
  }

  all(): ServerEntry[] {
    return [...this.entries.values()];
  }

  /** Returns the live connection, joining a connect in flight or starting one. */
  async connect(id: string): Promise<McpConnection> {
    const joined = this.joinable(this.entries.get(id));
    if (joined) return joined;
    const server = await this.deps.readServer(id);
    // Re-check: another caller may have started while the config was read.
    const again = this.joinable(this.entries.get(id));
    if (again) return again;
    if (!server) throw new McpServiceError('SERVER_NOT_FOUND', { serverId: id });
    const entry = this.entryFor(server);
    if (!server.enabled) {
      this.transition(entry, { kind: 'disabled' });
      throw new McpServiceError('SERVER_DISABLED', { server: server.name });
    }
    return this.startConnect(entry, server);
  }

  /** Stops a server on purpose; it stays stopped until connect(). */
  async disconnect(id: string): Promise<void> {
    const server = await this.deps.readServer(id);
    const entry = this.entries.get(id);
    if (!entry) return;
    await this.stop(entry, server?.enabled === false ? { kind: 'disabled' } : { kind: 'disconnected' });
  }

  /** Stops a server that left the configuration and forgets its slot. */
  async remove(id: string): Promise<void> {
    const entry = this.entries.get(id);
    if (!entry) return;
    this.entries.delete(id);
    await this.stop(entry, { kind: 'disconnected' }, 'removed from configuration');
    this.deps.emit({ type: 'removed', serverId: id });
  }

  async closeAll(): Promise<void> {
    await Promise.allSettled(this.all().map((entry) => this.stop(entry, { kind: 'disconnected' }, 'closing')));
  }

  /** Counts a request's outcome toward the server's consecutive-error counter. */
  recordOutcome(id: string, error?: McpServiceError): void {
    const entry = this.entries.get(id);
    if (!entry) return;
    if (error) this.recordFailure(entry, error);
    else this.recordSuccess(entry);
  }

  private joinable(entry: ServerEntry | undefined): Promise<McpConnection> | undefined {
    if (entry?.state.kind === 'connected') return Promise.resolve(entry.state.connection);
    if (entry?.state.kind === 'connecting') return entry.state.promise;
    return undefined;
  }

  private entryFor(server: McpServerRecord): ServerEntry {
    let entry = this.entries.get(server.id);
    if (!entry) {
      const log = new McpLogBuffer(
        () => this.deps.clock.now(),
        redactorFor(server),
        (logEntry) => {
          this.deps.emit({ type: 'log', serverId: server.id, entry: logEntry });
          if (logEntry.level !== 'stderr') this.deps.logger[logEntry.level](`[mcp:${entry?.serverName ?? server.name}] ${logEntry.text}`);
        },
        this.deps.logBuffer,
      );
      entry = new ServerEntry(server.id, server.name, log, this.deps.clock.now());
      this.entries.set(server.id, entry);
    }
    entry.serverName = server.name;
    entry.log.setRedactor(redactorFor(server));
    return entry;
  }

  /** `attempt`: how many retries in a row this connect is (0 for one a caller asked for). */
  private startConnect(entry: ServerEntry, server: McpServerRecord, attempt = 0): Promise<McpConnection> {
    this.clearRetry(entry);
    const generation = entry.generation;
    const abort = new AbortController();
    const promise = this.open(entry, server, abort.signal)
      .then((connection) => this.onOpened(entry, generation, connection))
      .catch((error: unknown) => this.onOpenFailed(entry, generation, server, error, attempt));
    this.transition(entry, { kind: 'connecting', promise, abort });
    return promise;
  }

  private async open(entry: ServerEntry, configured: McpServerRecord, signal: AbortSignal): Promise<McpConnection> {
    entry.log.add('info', `connecting: ${describeTarget(configured)}`);
    const server = await this.usable(configured);
    // The log must hide what was resolved only now (a key borrowed from a provider).
    entry.log.setRedactor(redactorFor(server, configured));
    // The download first: it says at once whether this start is "installing" (a turn starting now
    // must not wait for minutes on it), and waits for the login-shell environment itself.
    const prepared = await this.prepare(entry, server, signal);
    await this.deps.beforeConnect?.();
    const redact = redactorFor(server, configured);
    return this.openNegotiated(entry, server, redact, signal)
      .then((connection) => {
        this.eras.remember(server, connection.sdkClient);
        return connection;
      })
      .catch((error: unknown) => {
        this.eras.forgetIfModern(server);
        // Mapped here, where the redactor knows what the references were filled with (onOpenFailed does not).
        const mapped = toMcpServiceError(error, 'connect', redact, server.name);
        prepared?.connectFailed(mapped);
        throw mapped;
      });
  }

  /**
   * One connect in the era the server was found to speak before, or with a probe; a stdio server
   * that exited on the probe is started once more, straight into the 2025 handshake.
   */
  private async openNegotiated(entry: ServerEntry, server: McpServerRecord, redact: (text: string) => string, signal: AbortSignal): Promise<McpConnection> {
    try {
      return await this.openConnection(entry, server, redact, signal, this.eras.prior(server));
    } catch (error) {
      if (!(error instanceof ProbeCostTheProcessError)) throw error;
      entry.log.add('info', 'the server exited on the protocol version probe; starting it again with the 2025 handshake');
      this.eras.rememberLegacy(server);
      return this.openConnection(entry, server, redact, signal, { kind: 'legacy' });
    }
  }

  private openConnection(
    entry: ServerEntry,
    server: McpServerRecord,
    redact: (text: string) => string,
    signal: AbortSignal,
    prior: PriorDiscovery | undefined,
  ): Promise<McpConnection> {
    return McpConnection.open({
      server,
      prior,
      transport: this.deps.createTransport(server, (chunk) => entry.log.addStderrChunk(chunk)),
      processTracker: this.deps.processTracker,
      log: entry.log,
      redact,
      clock: this.deps.clock,
      clientInfo: this.deps.clientInfo,
      clientRequests: this.deps.clientRequests,
      logLevel: this.deps.logLevelOf(server.id),
      // The server's timeout bounds every request path, the handshake included, with a
      // floor for the process start that a short call timeout should not cut off.
      connectTimeoutMs: Math.max(server.timeoutSec * 1000, this.deps.minConnectTimeoutMs),
      signal,
      onDrop: (connection, error) => this.onDrop(entry, connection, error),
      onToolsChanged: (connection, tools) => {
        if (entry.connection !== connection) return;
        this.deps.emit({ type: 'tools', serverId: entry.serverId, toolCount: tools.length });
        this.emitState(entry);
      },
      onSkippedChanged: (connection) => {
        if (entry.connection === connection) this.emitState(entry);
      },
      onResourceUpdated: (connection, uri) => {
        if (entry.connection === connection) this.deps.resourceUpdated?.(entry.serverId, uri);
      },
    });
  }

  /** The record as it is started: with its secrets readable and what it borrows resolved. */
  private async usable(server: McpServerRecord): Promise<McpServerRecord> {
    if (server.secretsUnreadable) throw new McpServiceError('SECRETS_UNREADABLE', { server: server.name });
    return this.deps.resolveServer ? this.deps.resolveServer(server) : server;
  }

  /** The installing phase: its own timeout and progress, before the connect timeout starts. */
  private async prepare(entry: ServerEntry, server: McpServerRecord, signal: AbortSignal): Promise<PreparedServer | void> {
    if (!this.deps.prepareServer) return;
    const generation = entry.generation;
    // Not the state kind: a download may report before startConnect has recorded `connecting`.
    const current = () => entry.generation === generation;
    let mine: ServerEntry['installing'];
    let lastEmitMs = 0;
    try {
      const prepared = await this.deps.prepareServer(server, {
        signal,
        onInstalling: ({ packages }) => {
          if (!current()) return;
          mine = { packages, startedAtMs: this.deps.clock.now() };
          entry.installing = mine;
          entry.log.add('info', `installing ${packages.join(' ')} (first start; the connect timeout starts after it)`);
          this.emitState(entry);
        },
        onOutput: (line) => {
          if (!current() || !mine || line.trim() === '') return;
          entry.log.add('info', `install: ${line}`);
          mine.lastLine = line.slice(0, 300);
          const now = this.deps.clock.now();
          if (now - lastEmitMs < INSTALL_PROGRESS_INTERVAL_MS) return;
          lastEmitMs = now;
          this.emitState(entry);
        },
      });
      if (mine && current()) entry.log.add('info', 'install finished');
      return prepared;
    } finally {
      // Cleared whatever happened (done, failed, stopped), so no later start shows a stale download.
      if (mine && entry.installing === mine) {
        entry.installing = undefined;
        if (current()) this.emitState(entry);
      }
    }
  }

  private async onOpened(entry: ServerEntry, generation: number, connection: McpConnection): Promise<McpConnection> {
    if (entry.generation !== generation || !connection.isOpen) {
      // Stopped (or dropped) while the handshake finished: never install a connection nobody wants.
      await connection.close();
      throw new McpServiceError(entry.generation !== generation ? 'CANCELLED' : 'CONNECTION_CLOSED', { phase: 'connect' });
    }
    const info = connection.serverInfo;
    const toolCount = connection.tools.peek()?.length ?? 0;
    entry.log.add('info', `connected: ${info ? `${info.name} ${info.version}` : 'unknown server'}, protocol ${connection.protocolVersion ?? '?'}, ${toolCount} tools`);
    entry.consecutiveErrors = 0;
    this.transition(entry, { kind: 'connected', connection });
    this.deps.emit({ type: 'tools', serverId: entry.serverId, toolCount });
    return connection;
  }

  private onOpenFailed(entry: ServerEntry, generation: number, server: McpServerRecord, error: unknown, attempt: number): never {
    const mapped = toMcpServiceError(error, 'connect', redactorFor(server), server.name);
    if (entry.generation === generation) {
      entry.log.add('error', `connect failed: ${mapped.message}`);
      this.recordFailure(entry, mapped);
      if (retriesConnect(mapped)) this.scheduleReconnect(entry, attempt);
      else {
        entry.log.add('info', 'not retrying: this needs a change to the server or its configuration');
        this.transition(entry, { kind: 'error' });
      }
    }
    throw mapped;
  }

  private onDrop(entry: ServerEntry, connection: McpConnection, error: McpServiceError): void {
    if (entry.connection !== connection) return;
    this.recordFailure(entry, error);
    // The transport may still hold a process or streams (an HTTP session that 404s): release them.
    void connection.close();
    this.scheduleReconnect(entry, 0);
  }

  private scheduleReconnect(entry: ServerEntry, attempt: number): void {
    const policy = this.deps.reconnect;
    if (attempt >= policy.maxAttempts) {
      entry.log.add('error', `giving up after ${attempt} reconnect attempts`);
      this.transition(entry, { kind: 'error' });
      return;
    }
    const delayMs = backoffDelayMs(attempt, policy, this.deps.random);
    const generation = entry.generation;
    const timer = this.deps.clock.setTimeout(() => void this.retry(entry, generation, attempt), delayMs);
    entry.log.add('info', `reconnecting in ${delayMs} ms (attempt ${attempt + 1} of ${policy.maxAttempts})`);
    this.transition(entry, { kind: 'error', retry: { attempt: attempt + 1, nextAtMs: this.deps.clock.now() + delayMs, timer } });
  }

  private async retry(entry: ServerEntry, generation: number, attempt: number): Promise<void> {
    if (entry.generation !== generation || entry.state.kind !== 'error') return;
    // Re-read the configuration: a server deleted or disabled during the backoff is never revived.
    const server = await this.deps.readServer(entry.serverId);
    if (entry.generation !== generation || entry.state.kind !== 'error') return;
    if (!server) {
      entry.log.add('info', 'not reconnecting: server was removed');
      await this.remove(entry.serverId);
      return;
    }
    if (!server.enabled) {
      entry.log.add('info', 'not reconnecting: server was disabled');
      this.transition(entry, { kind: 'disabled' });
      return;
    }
    // A failure schedules the next retry itself (onOpenFailed).
    await this.startConnect(this.entryFor(server), server, attempt + 1).catch(() => {});
  }

  private async stop(entry: ServerEntry, next: ConnectionState, reason = 'disconnected'): Promise<void> {
    entry.generation += 1;
    const previous = entry.state;
    this.clearRetry(entry);
    this.transition(entry, next);
    if (previous.kind === 'connecting') {
      previous.abort.abort();
      await previous.promise.catch(() => {});
    }
    if (previous.kind === 'connected') {
      entry.log.add('info', reason);
      await previous.connection.close();
    }
  }

  private clearRetry(entry: ServerEntry): void {
    if (entry.state.kind === 'error' && entry.state.retry) this.deps.clock.clearTimeout(entry.state.retry.timer);
  }

  /** Only failures that say something about the server (see countsAgainstServer) reach its state. */
  private recordFailure(entry: ServerEntry, error: McpServiceError): void {
    if (!countsAgainstServer(error)) return;
    entry.lastError = error.toData();
    entry.consecutiveErrors += 1;
    this.emitState(entry);
  }

  private recordSuccess(entry: ServerEntry): void {
    if (entry.consecutiveErrors === 0) return;
    entry.consecutiveErrors = 0;
    this.emitState(entry);
  }

  private transition(entry: ServerEntry, state: ConnectionState): void {
    entry.state = state;
    this.emitState(entry);
  }

  private emitState(entry: ServerEntry): void {
    entry.updatedAtMs = this.deps.clock.now();
    this.deps.emit({ type: 'state', serverId: entry.serverId, state: entry.snapshot() });
  }
}

/** What the log says is being connected to; never the env or headers (they hold secrets). */
function describeTarget(server: McpServerRecord): string {
  if (server.type === 'stdio') return `stdio ${[server.config.command ?? '', ...maskArgs(server.config.args ?? [])].join(' ')}`;
  return `${server.type} ${maskUrl(server.config.url ?? '')}`;
}
