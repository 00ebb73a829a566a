import type {
  CallToolResult,
  CompleteRequestParams,
  CompleteResult,
  GetPromptResult,
  Prompt,
  ReadResourceResult,
  RequestOptions,
  Resource,
  ResourceTemplateType as ResourceTemplate,
  Tool,
} from '@modelcontextprotocol/client';
import type { McpLogEntry, McpLogUpdate, McpServerLogLevel, McpServerState, McpServiceEvent } from '../../shared/contracts/mcp-connection';
import type { MCPTool } from '../../shared/contracts/mcp-tool';
import type { McpServerRecord } from '../../shared/contracts/mcp-types';
import { ArgumentValidator } from './ArgumentValidator';
import { DEFAULT_RECONNECT_POLICY, type ReconnectPolicy } from './backoff';
import { DEFAULT_MAX_TOTAL_TIMEOUT_FACTOR, type McpProgress, boundedRequest } from './boundedRequest';
import { type AbortHandle, requestAbort } from './requestAbort';
import { type Clock, systemClock } from '../lib/clock';
import { ConnectionPool, type McpLogger, type PrepareServer } from './ConnectionPool';
import { type StdioTransportFactory, createTransport } from './transports/createTransport';
import { EventHub } from '../lib/eventHub';
import type { McpConnection } from './McpConnection';
import type { McpLogBufferOptions } from './McpLogBuffer';
import type { ProcessTracker } from './process/ProcessTracker';
import { McpServiceError, errorText, toMcpServiceError } from './McpServiceError';
import { MAX_JSON_DEPTH, nestsDeeperThan } from '../lib/jsonDepth';
import { repairToolResult } from './lenientResult';
import { redactorFor } from './redact';
import { checkStructuredContent, structuredContentMismatch } from './structuredOutput';
import { toMcpTool } from './toMcpTool';
import { findTool } from './toolLookup';
import { PROMPTS_REQUEST, RESOURCE_TEMPLATES_REQUEST, RESOURCES_REQUEST } from './listRequests';
import type { McpAuthProviders, McpClientRequests } from './clientRequests';
import { type McpLogLevelStore, memoryLogLevels } from './logLevels';

type MaybePromise<T> = T | Promise<T>;

export interface McpServiceOptions {
  /** The configured servers (the repository); read again before every reconnect and call. */
  listServers(): MaybePromise<McpServerRecord[]>;
  /** Faster lookup of one server; default: search listServers(). */
  getServer?(id: string): MaybePromise<McpServerRecord | undefined>;
  /**
   * Servers the app itself brings (the built-in servers), read again wherever the configured ones
   * are: not stored, so no one edits or deletes them, but run, reconnected, logged and timed like any
   * other. Their ids must not collide with configured ones. Default none.
   */
  systemServers?: () => McpServerRecord[];
  /** Default: the SDK's StdioClientTransport with stderr piped. */
  stdioTransportFactory?: StdioTransportFactory;
  /** Told when a stdio server's process starts and stops (McpProcessTracker); default none. */
  processTracker?: ProcessTracker;
  /** Largest stdio message in bytes; default 64 MiB. */
  maxMessageBytes?: number;
  logger?: McpLogger;
  clock?: Clock;
  /** Returns [0, 1); drives backoff jitter. Default Math.random. */
  random?: () => number;
  reconnect?: Partial<ReconnectPolicy>;
  logBuffer?: McpLogBufferOptions;
  /** What `initialize` tells servers about us. */
  clientInfo?: { name: string; version: string };
  /**
   * Awaited before every connect, e.g. to resolve the user's login-shell environment once
   * before the first stdio spawn. Default none.
   */
  beforeConnect?: () => Promise<void>;
  /**
   * Runs before a server's process starts and outside its connect timeout: the package download of an
   * `npx` / `uvx` server's first start (PackagePrefetcher), shown as `installing`. Default none.
   */
  prepareServer?: PrepareServer;
  /**
   * The least time a connect (spawn + initialize + first tools/list) gets, in milliseconds, however
   * short the server's request timeout: a timeout picked for tool calls is the wrong bound for a cold
   * process start. Default 10 000.
   */
  minConnectTimeoutMs?: number;
  /**
   * Turns a configured server into the one that is started, just before its process or session
   * begins: e.g. fills in an API key it borrows from an LLM provider, so the key is read at spawn
   * time and never copied into the server's record. Rejects with an McpServiceError to fail the connect.
   */
  resolveServer?: (server: McpServerRecord) => MaybePromise<McpServerRecord>;
  /**
   * Answers what servers ask of the app (elicitation, sampling, roots). Only with it does the client
   * advertise the `elicitation`, `sampling` and `roots` capabilities. Default none.
   */
  clientRequests?: McpClientRequests;
  /** The OAuth provider of each HTTP/SSE server's transport (sign-in); default none. */
  authProviders?: McpAuthProviders;
  /** The logging level each server is asked for (`logging/setLevel`); default `info` for all, not kept. */
  logLevels?: McpLogLevelStore;
}

export const DEFAULT_MIN_CONNECT_TIMEOUT_MS = 10_000;

export interface McpRequestOptions {
  /** Aborting sends `notifications/cancelled` to the server and fails with CANCELLED. */
  signal?: AbortSignal;
  /** Time allowed without a response or progress; default the server's timeoutSec. */
  timeoutMs?: number;
  /** Absolute cap however much progress arrives; default 10 × timeoutMs. */
  maxTotalTimeoutMs?: number;
  onProgress?: (progress: McpProgress) => void;
}

export interface McpCallOptions extends McpRequestOptions {
  /**
   * A result whose structuredContent does not fit the tool's outputSchema: 'reject' fails the call
   * (the default, as the SDK Client does); 'report' returns it with `outputMismatch` saying how, so
   * the chat can show the result with a warning.
   */
  structuredOutput?: 'reject' | 'report';
}


const NO_OP_LOGGER: McpLogger = { info: () => {}, warn: () => {}, error: () => {} };

/**
 * The MCP connection pool of the app: connects configured servers, and the app's own system servers
 * (McpServiceOptions.systemServers), over stdio, SSE, Streamable HTTP or WebSocket, keeps their tool,
 * resource and prompt lists cached, and runs tool calls under one timeout and cancellation policy.
 * Reports state, tool counts and logs as events.
 */
export class McpService {
  private readonly pool: ConnectionPool;
  private readonly events: EventHub<McpServiceEvent>;
  /** Kept apart from `events`: a resource update changes no server's state, list or log. */
  private readonly resourceUpdates: EventHub<{ serverId: string; uri: string }>;
  private readonly validator = new ArgumentValidator();
  private readonly calls = new Map<string, AbortHandle>();
  /**
   * The resources subscribed to, per server, and the session that was told: a subscription lives in
   * its session, so a new one (a reconnect, a restart) is told again.
   */
  private readonly subscriptions = new Map<string, { connection: McpConnection | undefined; uris: Set<string> }>();
  private readonly clock: Clock;
  private readonly logLevels: McpLogLevelStore;

  constructor(private readonly options: McpServiceOptions) {
    const logger = options.logger ?? NO_OP_LOGGER;
    this.clock = options.clock ?? systemClock;
    this.logLevels = options.logLevels ?? memoryLogLevels();
    this.events = new EventHub((error) => logger.error(`mcp event listener failed: ${errorText(error)}`));
    this.resourceUpdates = new EventHub((error) => logger.error(`resource update listener failed: ${errorText(error)}`));
    this.pool = new ConnectionPool({
      readServer: (id) => this.readServer(id),
      resolveServer: options.resolveServer,
      beforeConnect: options.beforeConnect,
      prepareServer: this.unlessSystem(options.prepareServer),
      minConnectTimeoutMs: options.minConnectTimeoutMs ?? DEFAULT_MIN_CONNECT_TIMEOUT_MS,
      createTransport: (server, onStderr) =>
        createTransport(server, {
          stdioTransportFactory: options.stdioTransportFactory,
          maxMessageBytes: options.maxMessageBytes,
          onStderr,
          authProvider: options.authProviders?.forServer(server),
        }),
      processTracker: options.processTracker,
      clock: this.clock,
      random: options.random ?? Math.random,
      reconnect: { ...DEFAULT_RECONNECT_POLICY, ...options.reconnect },
      logBuffer: options.logBuffer ?? {},
      clientInfo: options.clientInfo ?? { name: 'elftia', version: '0.1.0' },
      clientRequests: options.clientRequests,
      logLevelOf: (serverId) => this.logLevels.get(serverId),
      logger,
      emit: (event) => this.events.emit(event),
      resourceUpdated: (serverId, uri) => this.resourceUpdates.emit({ serverId, uri }),
    });
    this.events.subscribe((event) => {
      if (event.type === 'state' && event.state.status === 'connected') this.resubscribe(event.serverId);
      else if (event.type === 'removed') this.subscriptions.delete(event.serverId);
    });
  }

  /** A system server ships with the app: there is no package to download before it starts. */
  private unlessSystem(prepare: PrepareServer | undefined): PrepareServer | undefined {
    if (!prepare) return undefined;
    return (server, context) => (this.isSystemServer(server.id) ? Promise.resolve() : prepare(server, context));
  }

  /** Subscribes to state, tool-count, log and removal events; returns the unsubscribe function. */
  onEvent(listener: (event: McpServiceEvent) => void): () => void {
    return this.events.subscribe(listener);
  }

  async getState(id: string): Promise<McpServerState | undefined> {
    const entry = this.pool.get(id);
    if (entry) return entry.snapshot();
    const server = await this.readServer(id);
    return server ? this.idleState(server) : undefined;
  }

  /** The system servers (see McpServiceOptions.systemServers) as they are now. */
  systemServers(): McpServerRecord[] {
    return this.options.systemServers?.() ?? [];
  }

  isSystemServer(id: string): boolean {
    return this.systemServers().some((server) => server.id === id);
  }

  /** One state per configured server, then per system server, plus any slot still closing. */
  async listStates(): Promise<McpServerState[]> {
    const servers = await this.allServers();
    const known = new Set(servers.map((s) => s.id));
    const configured = servers.map((server) => this.pool.get(server.id)?.snapshot() ?? this.idleState(server));
    const leftovers = this.pool.all().filter((entry) => !known.has(entry.serverId)).map((entry) => entry.snapshot());
    return [...configured, ...leftovers];
  }

  /** The server's bounded, redacted log (stderr and lifecycle), oldest first. */
  getLogs(id: string): McpLogEntry[] {
    return this.pool.get(id)?.log.list() ?? [];
  }

  /**
   * What a follower of the log gets next: the entries after `afterSeq`, or the whole log when it
   * has not had one yet (`afterSeq` undefined) or the log started over (its newest entry is older).
   */
  getLogUpdate(id: string, afterSeq: number | undefined): McpLogUpdate {
    const log = this.pool.get(id)?.log;
    if (!log) return { kind: 'snapshot', entries: [] };
    if (afterSeq === undefined || log.lastSeq() < afterSeq) return { kind: 'snapshot', entries: log.list() };
    return { kind: 'append', entries: log.since(afterSeq) };
  }

  /** The logging level the server is asked for (`logging/setLevel`, for servers that offer `logging`). */
  getLogLevel(id: string): McpServerLogLevel {
    return this.logLevels.get(id);
  }

  /**
   * Keeps the server's logging level and, when it is connected and offers `logging`, sends it at
   * once (no restart); a server that does not offer it gets it on no later connect either.
   */
  async setLogLevel(id: string, level: McpServerLogLevel): Promise<void> {
    this.logLevels.set(id, level);
    const connection = this.pool.get(id)?.connection;
    if (!connection) return;
    if (!connection.supportsLogging) return connection.setLoggingLevel(level, {});
    await this.request(id, `set log level ${level}`, {}, (open, sdk) => open.setLoggingLevel(level, sdk));
  }

  /** Adds a line to a server's log (redacted like the rest), e.g. why it is being restarted. */
  appendLog(id: string, level: McpLogEntry['level'], text: string): void {
    this.pool.get(id)?.log.add(level, text);
  }

  async connect(id: string): Promise<void> {
    await this.pool.connect(id);
  }

  async disconnect(id: string): Promise<void> {
    await this.pool.disconnect(id);
  }

  async restart(id: string): Promise<void> {
    await this.pool.disconnect(id);
    await this.pool.connect(id);
  }

  /**
   * Brings the pool in line with the configuration: connects enabled servers that are idle or failed,
   * restarts connected ones whose record changed, stops disabled ones and forgets removed ones.
   * Connect failures are reported through state, not thrown.
   */
  async syncWithConfig(): Promise<void> {
    const servers = await this.allServers();
    const byId = new Map(servers.map((s) => [s.id, s]));
    const tasks: Promise<unknown>[] = [];
    for (const entry of this.pool.all()) if (!byId.has(entry.serverId)) tasks.push(this.pool.remove(entry.serverId));
    for (const server of servers) {
      const state = this.pool.get(server.id)?.state;
      const connection = this.pool.get(server.id)?.connection;
      if (!server.enabled) tasks.push(this.pool.disconnect(server.id));
      else if (connection && this.changed(connection.server, server)) tasks.push(this.restart(server.id));
      else if (!state || state.kind === 'disconnected' || state.kind === 'disabled' || (state.kind === 'error' && !state.retry)) {
        tasks.push(this.pool.connect(server.id));
      }
    }
    await Promise.allSettled(tasks);
  }

  /**
   * Follows a change of the system servers alone, starting none that is idle: one that is gone is
   * stopped and forgotten, a running one whose record changed (a new folder for `files`) restarts.
   * For a pool that does not keep servers connected (one-shot CLI commands, tests); syncWithConfig
   * covers this too.
   */
  async syncSystemServers(): Promise<void> {
    const system = new Map(this.systemServers().map((server) => [server.id, server]));
    const configured = new Set((await this.options.listServers()).map((server) => server.id));
    const tasks: Promise<unknown>[] = [];
    for (const entry of this.pool.all()) {
      if (configured.has(entry.serverId)) continue;
      const server = system.get(entry.serverId);
      if (!server) tasks.push(this.pool.remove(entry.serverId));
      else if (entry.connection && this.changed(entry.connection.server, server)) tasks.push(this.restart(server.id));
    }
    await Promise.allSettled(tasks);
  }

  async closeAll(): Promise<void> {
    for (const controller of this.calls.values()) controller.abort(new Error('closing'));
    await this.pool.closeAll();
  }

  /** The server's tools from the connection's cache, connecting it first if it is idle. */
  /** The names of the tools a connected server listed last, from cache (no round trip); undefined when it has no list now. */
  cachedToolNames(id: string): string[] | undefined {
    return this.pool.get(id)?.connection?.tools.peek()?.map((tool) => tool.name);
  }

  async listServerTools(id: string): Promise<MCPTool[]> {
    const server = await this.requireServer(id);
    const connection = await this.ensureConnection(id);
    return (await connection.tools.get()).map((tool) => toMcpTool(server, tool));
  }

  /**
   * Tools of every enabled server that is connected (or finishes connecting meanwhile), from cache:
   * no server round trip. A server that is down is skipped, not waited for.
   */
  async listAllActiveServerTools(): Promise<MCPTool[]> {
    const servers = (await this.options.listServers()).filter((s) => s.enabled);
    const lists = await Promise.all(
      servers.map(async (server) => {
        const state = this.pool.get(server.id)?.state;
        if (state?.kind !== 'connected' && state?.kind !== 'connecting') return [];
        try {
          const connection = state.kind === 'connected' ? state.connection : await state.promise;
          return (await connection.tools.get()).map((tool) => toMcpTool(server, tool));
        } catch {
          return [];
        }
      }),
    );
    return lists.flat();
  }

  /**
   * The server's resources, fetched once per connection; with `options` (progress, a Stop button),
   * fetched now under them instead, the cache left as it is.
   */
  async listResources(id: string, options?: McpRequestOptions): Promise<Resource[]> {
    if (options) return this.request(id, 'list resources', options, (connection, sdk) => connection.fetchFresh(RESOURCES_REQUEST, sdk));
    return (await this.ensureConnection(id)).resources.get();
  }

  /** The server's resource templates (`resources/templates/list`), fetched once per connection; `options` as listResources. */
  async listResourceTemplates(id: string, options?: McpRequestOptions): Promise<ResourceTemplate[]> {
    if (options) return this.request(id, 'list resource templates', options, (connection, sdk) => connection.fetchFresh(RESOURCE_TEMPLATES_REQUEST, sdk));
    return (await this.ensureConnection(id)).resourceTemplates.get();
  }

  async readResource(id: string, uri: string, options: McpRequestOptions = {}): Promise<ReadResourceResult> {
    return this.request(id, `read ${uri}`, options, (connection, sdk) => connection.readResource(uri, sdk));
  }

  /** Whether the server takes `resources/subscribe` and answers `completion/complete` (connecting it first). */
  async resourceFeatures(id: string): Promise<{ canSubscribe: boolean; canComplete: boolean }> {
    const capabilities = (await this.ensureConnection(id)).capabilities;
    return { canSubscribe: capabilities?.resources?.subscribe === true, canComplete: capabilities?.completions !== undefined };
  }

  /**
   * `resources/subscribe`: the server tells of changes to `uri` until unsubscribed or disconnected;
   * each arrives through onResourceUpdated.
   */
  async subscribeResource(id: string, uri: string, options: McpRequestOptions = {}): Promise<void> {
    await this.request(id, `subscribe ${uri}`, options, async (connection, sdk) => {
      await connection.subscribeResource(uri, sdk);
      const known = this.subscriptions.get(id);
      if (known && known.connection === connection) known.uris.add(uri);
      else this.subscriptions.set(id, { connection, uris: new Set([...(known?.uris ?? []), uri]) });
    });
  }

  async unsubscribeResource(id: string, uri: string, options: McpRequestOptions = {}): Promise<void> {
    this.subscriptions.get(id)?.uris.delete(uri);
    await this.request(id, `unsubscribe ${uri}`, options, (connection, sdk) => connection.unsubscribeResource(uri, sdk));
  }

  /** A server connected anew: its new session is told the subscriptions the old one had. */
  private resubscribe(id: string): void {
    const known = this.subscriptions.get(id);
    const connection = this.pool.get(id)?.connection;
    if (!known || known.uris.size === 0 || !connection || known.connection === connection) return;
    known.connection = connection;
    for (const uri of known.uris) {
      connection
        .subscribeResource(uri, { timeout: connection.server.timeoutSec * 1000 })
        .catch((error: unknown) => this.pool.get(id)?.log.add('warn', `subscribe ${uri} again failed: ${errorText(error)}`));
    }
  }

  /** Told of every `notifications/resources/updated` of a live connection; returns the unsubscribe function. */
  onResourceUpdated(listener: (update: { serverId: string; uri: string }) => void): () => void {
    return this.resourceUpdates.subscribe(listener);
  }

  /** The server's prompts, fetched once per connection; `options` as listResources. */
  async listPrompts(id: string, options?: McpRequestOptions): Promise<Prompt[]> {
    if (options) return this.request(id, 'list prompts', options, (connection, sdk) => connection.fetchFresh(PROMPTS_REQUEST, sdk));
    return (await this.ensureConnection(id)).prompts.get();
  }

  /** Argument completion (`completion/complete`) for a prompt or resource template argument. */
  async complete(id: string, params: CompleteRequestParams, options: McpRequestOptions = {}): Promise<CompleteResult> {
    return this.request(id, `complete ${params.argument.name}`, options, (connection, sdk) => connection.complete(params, sdk));
  }

  async getPrompt(id: string, name: string, args: Record<string, string> = {}, options: McpRequestOptions = {}): Promise<GetPromptResult> {
    return this.request(id, `prompt ${name}`, options, (connection, sdk) => connection.getPrompt(name, args, sdk));
  }

  /**
   * Calls a tool. The arguments are checked against the tool's inputSchema first (INVALID_ARGUMENTS,
   * nothing sent). `callId` identifies the call for cancelCall() and the log.
   */
  async callTool(
    serverId: string,
    toolName: string,
    args: Record<string, unknown> | undefined,
    callId: string,
    options: McpCallOptions = {},
    // Spelled out rather than named: the router's inferred types reach the renderer, which must be able to name them.
  ): Promise<CallToolResult & { outputMismatch?: string }> {
    const controller = requestAbort();
    const forward = () => controller.abort(options.signal?.reason);
    if (options.signal?.aborted) forward();
    options.signal?.addEventListener('abort', forward, { once: true });
    this.calls.set(callId, controller);
    try {
      const bounded = { ...options, signal: controller.signal };
      return await this.request(serverId, `call ${toolName} [${callId}]`, bounded, async (connection, sdk) => {
        const { tool, input } = await this.validateArguments(serverId, connection, toolName, args ?? {});
        const raw = await connection.callTool(toolName, input, sdk, callId);
        if (nestsDeeperThan(raw)) throw new McpServiceError('REQUEST_FAILED', { detail: `the result nests deeper than ${MAX_JSON_DEPTH} levels` });
        const notes: string[] = [];
        const result = repairToolResult(raw, notes);
        for (const note of notes) this.pool.get(serverId)?.log.add('warn', `result of ${toolName}: ${note}`);
        const onSchemaError = (reason: string) => this.schemaWarning(serverId, `outputSchema of ${toolName}`, reason);
        if (options.structuredOutput !== 'report') {
          checkStructuredContent(this.validator, tool, result, onSchemaError);
          return result;
        }
        const mismatch = structuredContentMismatch(this.validator, tool, result, onSchemaError);
        if (mismatch === undefined) return result;
        this.pool.get(serverId)?.log.add('warn', `result of ${toolName} does not match its outputSchema: ${mismatch}`);
        return { ...result, outputMismatch: mismatch };
      }, controller);
    } finally {
      options.signal?.removeEventListener('abort', forward);
      if (this.calls.get(callId) === controller) this.calls.delete(callId);
    }
  }

  /** Cancels an in-flight call (the server gets `notifications/cancelled`). False if none is running. */
  cancelCall(callId: string): boolean {
    const controller = this.calls.get(callId);
    controller?.abort(new Error('cancelled'));
    return controller !== undefined;
  }

  /** The tool, and the arguments to send: checked, with the nulls that stand for "not given" left out. */
  private async validateArguments(
    serverId: string,
    connection: McpConnection,
    toolName: string,
    args: Record<string, unknown>,
  ): Promise<{ tool: Tool; input: Record<string, unknown> }> {
    const tool = findTool(await connection.tools.get(), toolName);
    if (!tool) throw new McpServiceError('TOOL_NOT_FOUND', { server: connection.server.name, tool: toolName });
    const onSchemaError = (reason: string) => this.schemaWarning(serverId, `inputSchema of ${toolName}`, reason);
    const input = this.validator.withoutRefusedNulls(tool.inputSchema, args, onSchemaError);
    this.validator.validate(tool.name, tool.inputSchema, input, onSchemaError);
    return { tool, input };
  }

  private schemaWarning(serverId: string, what: string, reason: string): void {
    this.pool.get(serverId)?.log.add('warn', `${what} cannot be compiled, not checked: ${reason}`);
  }

  /**
   * One request under the timeout policy, with its outcome counted toward the server's error
   * counter. `send` throws INVALID_ARGUMENTS/TOOL_NOT_FOUND before anything goes on the wire.
   */
  private async request<T>(
    id: string,
    label: string,
    options: McpRequestOptions,
    send: (connection: McpConnection, sdk: RequestOptions) => Promise<T>,
    /** The controller behind `options.signal` when it was made for this request alone (callTool's). */
    ownController?: AbortHandle,
  ): Promise<T> {
    const server = await this.requireServer(id);
    const connection = await this.ensureConnection(id);
    const timeoutMs = options.timeoutMs ?? server.timeoutSec * 1000;
    const bounds = {
      signal: options.signal,
      ownController,
      timeoutMs,
      maxTotalTimeoutMs: options.maxTotalTimeoutMs ?? timeoutMs * DEFAULT_MAX_TOTAL_TIMEOUT_FACTOR,
      onProgress: options.onProgress,
    };
    try {
      const result = await boundedRequest((sdk) => send(connection, sdk), bounds, this.clock);
      this.pool.recordOutcome(id);
      return result;
    } catch (error) {
      let mapped = toMcpServiceError(error, 'request', redactorFor(server), server.name);
      // A transport error that cost the session (an HTTP 404) is a lost connection, whatever the
      // transport called it; the drop's detail carries the server's last words (stderr).
      const lost = !connection.isOpen && (mapped.code === 'REQUEST_FAILED' || mapped.code === 'CONNECTION_CLOSED');
      if (lost) mapped = new McpServiceError('CONNECTION_CLOSED', connection.dropError?.params ?? mapped.params, { cause: error });
      // The drop itself was already counted; one crash is one failure, not two.
      if (!(lost && connection.dropError)) this.pool.recordOutcome(id, mapped);
      if (mapped.code !== 'INVALID_ARGUMENTS' && mapped.code !== 'TOOL_NOT_FOUND') {
        this.pool.get(id)?.log.add(mapped.code === 'CANCELLED' ? 'info' : 'warn', `${label} failed: ${mapped.message}`);
      }
      throw mapped;
    }
  }

  /**
   * The live connection, or a connect. A server in `error` (retrying, or given up) is not waited
   * for: NOT_CONNECTED carries its last failure (`lastError` and that error's parameters: the
   * cause, the detail), so the caller can say why.
   */
  private async ensureConnection(id: string): Promise<McpConnection> {
    const entry = this.pool.get(id);
    const state = entry?.state;
    if (state?.kind === 'error') {
      const last = entry?.lastError;
      throw new McpServiceError('NOT_CONNECTED', {
        ...(last ? { ...last.params, lastError: last.code } : {}),
        serverId: id,
        status: 'error',
        ...(state.retry ? { reconnectAttempt: state.retry.attempt } : {}),
      });
    }
    // A system server whose record changed since it started (a new folder for `files`) restarts
    // before it is used, whether or not the change was followed yet: a call never reaches the old one.
    const running = entry?.connection;
    const system = running && this.systemServers().find((server) => server.id === id);
    if (running && system && this.changed(running.server, system)) await this.restart(id);
    return this.pool.connect(id);
  }

  private async requireServer(id: string): Promise<McpServerRecord> {
    const server = await this.readServer(id);
    if (!server) throw new McpServiceError('SERVER_NOT_FOUND', { serverId: id });
    return server;
  }

  /**
   * Whether the running `current` no longer matches the record: a configured record says so by its
   * updatedAt; a system record is never saved, so its start command is compared (what it starts with
   * is all that can change).
   */
  private changed(current: McpServerRecord, next: McpServerRecord): boolean {
    if (current.updatedAt !== next.updatedAt) return true;
    return this.isSystemServer(next.id) && JSON.stringify(startCommand(current)) !== JSON.stringify(startCommand(next));
  }

  private async allServers(): Promise<McpServerRecord[]> {
    return [...(await this.options.listServers()), ...this.systemServers()];
  }

  private async readServer(id: string): Promise<McpServerRecord | undefined> {
    const system = this.systemServers().find((server) => server.id === id);
    if (system) return system;
    if (this.options.getServer) return this.options.getServer(id);
    return (await this.options.listServers()).find((s) => s.id === id);
  }

  private idleState(server: McpServerRecord): McpServerState {
    return {
      serverId: server.id,
      serverName: server.name,
      status: server.enabled ? 'disconnected' : 'disabled',
      consecutiveErrors: 0,
      degraded: false,
      toolCount: 0,
      // Never connected: the last change is the configuration's, so repeated reads agree.
      updatedAtMs: Date.parse(server.updatedAt) || 0,
    };
  }
}

function startCommand(server: McpServerRecord): unknown[] {
  return [server.type, server.config.command, server.config.args, server.config.env, server.config.url];
}
