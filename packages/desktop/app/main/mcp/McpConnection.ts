import {
  Client,
  type CompleteRequestParams,
  type CompleteResult,
  type ServerCapabilities,
  type GetPromptResult,
  LOG_LEVEL_META_KEY,
  type LoggingLevel,
  type McpSubscription,
  type PriorDiscovery,
  type Prompt,
  type ReadResourceResult,
  type RequestOptions,
  type Resource,
  type ResourceTemplateType as ResourceTemplate,
  SdkHttpError,
  SseError,
  StreamableHTTPClientTransport,
  type Tool,
} from '@modelcontextprotocol/client';
import { MCP_APP_MIME_TYPE, MCP_UI_EXTENSION_ID } from '../../shared/contracts/apps';
import { pickIcon } from '../../shared/contracts/icons';
import type { McpListKind, McpServerInfo, McpSkippedItem } from '../../shared/contracts/mcp-connection';
import type { McpServerRecord } from '../../shared/contracts/mcp-types';
import type { Clock } from '../lib/clock';
import { withDeadline } from '../lib/deadline';
import type { McpTransport } from './transports/createTransport';
import { causeParams, describeCause, failureCauseOf } from './failureCause';
import type { ProcessTracker } from './process/ProcessTracker';
import type { ParsedList } from './lenientList';
import { ListCache } from './ListCache';
import { ListReport } from './listReport';
import { type ListRequest, PROMPTS_REQUEST, RESOURCE_TEMPLATES_REQUEST, RESOURCES_REQUEST, TOOLS_REQUEST, fetchList } from './listRequests';
import type { McpLogBuffer } from './McpLogBuffer';
import type { McpClientRequests } from './clientRequests';
import { ProbeCostTheProcessError, failedInProbe, versionNegotiationFor } from './eraNegotiation';
import { CallsInFlight, clientCapabilities, wireServerRequests } from './serverRequests';
import { McpServiceError, errorText, toMcpServiceError } from './McpServiceError';
import type { Redactor } from './redact';
import { ResponseStreamBrokenError } from './transports/watchedFetch';
import { type LenientCallToolResult, LenientCallToolResultSchema } from './lenientResult';
import { findTool } from './toolLookup';
import { buildParamHeaders, excludeInvalidHeaderTools, scanHeaderDeclarations } from './mcpParamHeaders';

export interface McpConnectionOptions {
  server: McpServerRecord;
  transport: McpTransport;
  log: McpLogBuffer;
  redact: Redactor;
  clock: Clock;
  clientInfo: { name: string; version: string };
  /** Answers the server's requests (elicitation, sampling, roots); without it none is advertised. */
  clientRequests?: McpClientRequests | undefined;
  /** Sent as `logging/setLevel` once connected, when the server offers `logging`. Default none sent. */
  logLevel?: LoggingLevel | undefined;
  /** The era verdict of an earlier connect to this server (EraVerdicts): no probe then. */
  prior?: PriorDiscovery | undefined;
  /** Bounds transport start, `initialize` and the first `tools/list` together. */
  connectTimeoutMs: number;
  /** Told about a stdio server's process once it runs and once it is closed (PID persistence, reaping). */
  processTracker?: ProcessTracker | undefined;
  /** Aborting it while the connection opens tears the transport down (disconnect during connect). */
  signal: AbortSignal;
  /** The connection was lost without close() being called: process exit, socket closed, session gone. */
  onDrop: (connection: McpConnection, error: McpServiceError) => void;
  /** The tool list changed after open (a list_changed refresh). */
  onToolsChanged: (connection: McpConnection, tools: Tool[]) => void;
  /** The entries left out of the lists (skippedItems()) changed after open. */
  onSkippedChanged?: (connection: McpConnection) => void;
  /** `notifications/resources/updated`: a resource subscribed to changed. */
  onResourceUpdated?: (connection: McpConnection, uri: string) => void;
}

/** The MCP Apps extension (`io.modelcontextprotocol/ui`) with the one app MIME type Elftia renders. */
const UI_EXTENSION = { [MCP_UI_EXTENSION_ID]: { mimeTypes: [MCP_APP_MIME_TYPE] } };

type Phase = 'opening' | 'open' | 'dropped' | 'closed';

/** How many stderr lines explain a failure in its `detail`. */
const STDERR_TAIL_LINES = 5;
/** Upper bound on the DELETE that ends a Streamable HTTP session on close. */
const TERMINATE_SESSION_TIMEOUT_MS = 2000;

/**
 * One live MCP session: an SDK Client on a transport, the server's identity, and its lists cached
 * for as long as the session lives (refreshed on `notifications/…/list_changed`).
 */
export class McpConnection {
  readonly server: McpServerRecord;
  readonly tools: ListCache<Tool>;
  readonly resources: ListCache<Resource>;
  readonly resourceTemplates: ListCache<ResourceTemplate>;
  readonly prompts: ListCache<Prompt>;
  serverInfo: McpServerInfo | undefined;
  protocolVersion: string | undefined;
  /** Why the session was lost, with the server's last stderr lines; set once it is. */
  dropError: McpServiceError | undefined;
  private readonly client: Client;
  private readonly transport: McpTransport;
  private phase: Phase = 'opening';
  /** The transport's latest error: a socket error just before a close says why it closed. */
  private lastTransportError: Error | undefined;
  private readonly report: ListReport;
  /** Parse results by the item array a fetch handed its cache, read once that fetch wins. */
  private readonly parses = new WeakMap<object, { kind: McpListKind; parsed: ParsedList<unknown> }>();
  private readonly calls = new CallsInFlight();
  private logLevel: LoggingLevel | undefined;
  /** Aborted on close and on a drop: server requests still waiting for the user stop waiting. */
  private readonly ended = new AbortController();
  private unfollowRoots: (() => void) | undefined;
  /** 2026-07-28: the `subscriptions/listen` stream that carries the list_changed notifications. */
  private subscription: McpSubscription | undefined;

  private constructor(private readonly options: McpConnectionOptions) {
    this.server = options.server;
    this.transport = options.transport;
    this.logLevel = options.logLevel;
    const negotiation = versionNegotiationFor(options.server.type, options.transport);
    this.client = new Client(options.clientInfo, {
      // MCP Apps: servers may then name `ui://` resources in their tools' `_meta.ui` (main/apps/).
      capabilities: { ...clientCapabilities(options.clientRequests), extensions: UI_EXTENSION },
      ...(negotiation ? { versionNegotiation: negotiation } : {}),
    });
    this.report = new ListReport(options.log);
    this.tools = new ListCache(
      () => this.fetch(TOOLS_REQUEST),
      (tools) => {
        this.settle(tools);
        if (this.phase === 'open') options.onToolsChanged(this, tools);
      },
    );
    this.resources = new ListCache(() => this.fetch(RESOURCES_REQUEST), (items) => this.settle(items));
    this.resourceTemplates = new ListCache(() => this.fetch(RESOURCE_TEMPLATES_REQUEST), (items) => this.settle(items));
    this.prompts = new ListCache(() => this.fetch(PROMPTS_REQUEST), (items) => this.settle(items));
  }

  /** Starts the transport, initializes and fetches the tool list; on any failure everything is torn down. */
  static async open(options: McpConnectionOptions): Promise<McpConnection> {
    const connection = new McpConnection(options);
    try {
      await withDeadline(() => connection.start(), {
        ms: options.connectTimeoutMs,
        signal: options.signal,
        clock: options.clock,
        onTimeout: () => {
          throw new McpServiceError('TIMEOUT', { timeoutMs: options.connectTimeoutMs, phase: 'connect' });
        },
        onAbort: () => {
          throw new McpServiceError('CANCELLED', { phase: 'connect' });
        },
      });
      // Lost in the gap between the handshake and now: never hand out a dead session.
      if (connection.dropError) throw connection.dropError;
    } catch (error) {
      await connection.close();
      // In-place probe on a stdio process that died of it: the caller starts it again, legacy.
      if (options.server.type === 'stdio' && !options.prior && failedInProbe(error, connection.client) && options.transport.closeReason) {
        throw new ProbeCostTheProcessError(error);
      }
      throw connection.connectError(error);
    }
    connection.phase = 'open';
    return connection;
  }

  get isOpen(): boolean {
    return this.phase === 'open';
  }

  /** Entries left out of the lists fetched so far, tools first. */
  skippedItems(): McpSkippedItem[] {
    return this.report.items();
  }

  /**
   * The result as the server sent it, each content item still to be checked (repairToolResult). A
   * plain request: client.callTool takes only the SDK's result schemas, and its output-schema check
   * is McpService's (checkStructuredContent).
   */
  callTool(name: string, args: Record<string, unknown>, options: RequestOptions, callId?: string): Promise<LenientCallToolResult> {
    const params = { name, arguments: args, ...this.requestMeta() };
    const headers = this.paramHeaders(name, args);
    const sendOptions = headers ? { ...options, headers: { ...options.headers, ...headers } } : options;
    const send = () => this.client.request({ method: 'tools/call', params }, LenientCallToolResultSchema, sendOptions);
    // Over Streamable HTTP a server request may come on the call's own answer stream, and in the
    // 2026-07-28 era inside the call (input_required): those run in the call's async context, which
    // names the call. Over stdio, SSE and WebSocket a 2025 server's requests share one channel.
    const scoped = this.era === 'modern' || this.server.type === 'http';
    return callId === undefined ? send() : this.calls.run(callId, send, scoped);
  }

  /**
   * SEP-2243: the `Mcp-Param-*` headers of a call on a 2026-07-28 Streamable HTTP session, from the
   * tool's `x-mcp-header` declarations in the listed tools (a tool whose declarations break the
   * rules is not listed on such a session: fetch()).
   */
  private paramHeaders(name: string, args: Record<string, unknown>): Record<string, string> | undefined {
    if (this.era !== 'modern' || this.server.type !== 'http') return undefined;
    const listed = this.tools.peek();
    const tool = listed && findTool(listed, name);
    if (!tool) return undefined;
    const scan = scanHeaderDeclarations(tool.inputSchema);
    if (!scan.valid || scan.declarations.length === 0) return undefined;
    const headers = buildParamHeaders(scan.declarations, args);
    return Object.keys(headers).length > 0 ? headers : undefined;
  }

  /** The session's current protocol era: 'modern' is 2026-07-28, 'legacy' every revision before. */
  get era(): 'modern' | 'legacy' | undefined {
    return this.client.getProtocolEra();
  }

  /** For EraVerdicts: the client that negotiated the era. */
  get sdkClient(): Client {
    return this.client;
  }

  readResource(uri: string, options: RequestOptions): Promise<ReadResourceResult> {
    // Bypass: the app keeps no resource cache of its own, and a read is always what the user asked for now.
    return this.client.readResource({ uri, ...this.requestMeta() }, { ...options, cacheMode: 'bypass' });
  }

  complete(params: CompleteRequestParams, options: RequestOptions): Promise<CompleteResult> {
    return this.client.complete(params, options);
  }

  /** Whether the server offers `logging` (legacy era only: 2026-07-28 sets the level per request). */
  /**
   * 2026-07-28 has no logging/setLevel: a request asks for the server's log lines that belong to it
   * with a level in its `_meta` (none: no lines). Sent to a server that offers `logging`.
   */
  private requestMeta(): { _meta?: Record<string, unknown> } {
    const level = this.logLevel;
    if (this.era !== 'modern' || !level || this.client.getServerCapabilities()?.logging === undefined) return {};
    return { _meta: { [LOG_LEVEL_META_KEY]: level } };
  }

  get supportsLogging(): boolean {
    return this.client.getServerCapabilities()?.logging !== undefined && this.era === 'legacy';
  }

  /** The level from now on: sent at once (2025), or with each later request (2026-07-28). */
  async setLoggingLevel(level: LoggingLevel, options: RequestOptions): Promise<void> {
    this.logLevel = level;
    if (this.supportsLogging) await this.client.setLoggingLevel(level, options);
  }

  getPrompt(name: string, args: Record<string, string>, options: RequestOptions): Promise<GetPromptResult> {
    return this.client.getPrompt({ name, arguments: args, ...this.requestMeta() }, options);
  }

  /** What the server said at initialize that it offers; undefined before. */
  get capabilities(): ServerCapabilities | undefined {
    return this.client.getServerCapabilities();
  }

  async subscribeResource(uri: string, options: RequestOptions): Promise<void> {
    await this.client.subscribeResource({ uri }, options);
  }

  async unsubscribeResource(uri: string, options: RequestOptions): Promise<void> {
    await this.client.unsubscribeResource({ uri }, options);
  }

  /** Ends the session on purpose: no onDrop. Safe to call more than once. */
  async close(): Promise<void> {
    if (this.phase === 'closed') return;
    const wasOpen = this.phase === 'open';
    this.phase = 'closed';
    this.ended.abort(new Error('connection closed'));
    this.unfollowRoots?.();
    try {
      await this.subscription?.close().catch(() => undefined);
      if (wasOpen) await this.terminateHttpSession();
    } finally {
      await this.client.close().catch((error: unknown) => this.options.log.add('warn', `close failed: ${errorText(error)}`));
      // Closed during the era probe, the transport is not the client's yet: client.close() leaves it running.
      if (this.client.transport !== this.transport) await this.transport.close().catch(() => undefined);
      await this.options.processTracker?.untrack(this.transport);
      this.options.log.flushStderr();
    }
  }

  private async start(): Promise<void> {
    this.wireTransport();
    this.wireNotifications();
    this.trackFromSpawn();
    this.wireServerRequests();
    await this.client.connect(this.transport, {
      timeout: this.options.connectTimeoutMs,
      ...(this.options.prior ? { prior: this.options.prior } : {}),
    });
    this.protocolVersion = this.client.getNegotiatedProtocolVersion();
    const version = this.client.getServerVersion();
    const icon = pickIcon((version as { icons?: unknown } | undefined)?.icons);
    if (version) this.serverInfo = { name: version.name, version: version.version, ...(icon ? { icon } : {}) };
    // Independent of each other, so sent together: one round trip to a started server instead of three.
    // A failed list fails the connect, after the others settled (they report their own failures).
    const [tools] = await Promise.allSettled([this.tools.get(), this.listenForChanges(), this.applyLogLevel()]);
    if (tools.status === 'rejected') throw tools.reason;
  }

  /** A server that refuses the level still serves: it then logs at its own level. */
  private async applyLogLevel(): Promise<void> {
    const level = this.logLevel;
    if (!level || !this.supportsLogging) return;
    await this.client
      .setLoggingLevel(level, { timeout: this.options.connectTimeoutMs })
      .catch((error: unknown) => this.options.log.add('warn', `logging/setLevel ${level} failed: ${errorText(error)}`));
  }

  private wireServerRequests(): void {
    const requests = this.options.clientRequests;
    if (!requests) return;
    this.unfollowRoots = wireServerRequests({ client: this.client, server: this.server, requests, calls: this.calls, log: this.options.log, closed: this.ended.signal });
  }

  /**
   * A 2026-07-28 server sends list_changed only on a `subscriptions/listen` stream; the SDK hands
   * them to the same notification handlers a 2025 server's unsolicited ones reach. A server that
   * refuses the stream still works, with lists as of connect.
   */
  private async listenForChanges(): Promise<void> {
    if (this.era !== 'modern') return;
    const capabilities = this.client.getServerCapabilities();
    const filter = {
      ...(capabilities?.tools?.listChanged ? { toolsListChanged: true } : {}),
      ...(capabilities?.prompts?.listChanged ? { promptsListChanged: true } : {}),
      ...(capabilities?.resources?.listChanged ? { resourcesListChanged: true } : {}),
    };
    if (Object.keys(filter).length === 0) return;
    try {
      this.subscription = await this.client.listen(filter, { timeout: this.options.connectTimeoutMs });
    } catch (error) {
      this.options.log.add('warn', `subscriptions/listen failed, lists are not followed: ${errorText(error)}`);
    }
  }

  /**
   * Registers the process as soon as it runs, before `initialize` is sent: a server that hangs in the
   * handshake, or an app killed meanwhile, must still be reaped. Client.connect starts the transport
   * itself, so its start is wrapped.
   */
  private trackFromSpawn(): void {
    const tracker = this.options.processTracker;
    if (!tracker) return;
    const transport = this.transport;
    const start = transport.start.bind(transport);
    transport.start = async () => {
      await start();
      // Closed while spawning: close() has already untracked it and is killing the tree.
      if (typeof transport.pid === 'number' && this.phase !== 'closed') await tracker.track(transport);
    };
  }

  private wireTransport(): void {
    const { log } = this.options;
    this.client.onclose = () => this.reportDrop(new McpServiceError('CONNECTION_CLOSED', this.lossParams(undefined)));
    this.client.onerror = (error) => {
      log.add('warn', `transport: ${errorText(error)}`);
      this.lastTransportError = error;
      if (this.isSessionLost(error)) this.reportDrop(new McpServiceError('CONNECTION_CLOSED', this.lossParams(error)));
    };
  }

  private wireNotifications(): void {
    this.client.setNotificationHandler('notifications/tools/list_changed', () => this.onListChanged('tools', this.tools));
    this.client.setNotificationHandler('notifications/resources/list_changed', () => this.onListChanged('resources', this.resources, this.resourceTemplates));
    this.client.setNotificationHandler('notifications/prompts/list_changed', () => this.onListChanged('prompts', this.prompts));
    this.client.setNotificationHandler('notifications/resources/updated', (notification) => this.options.onResourceUpdated?.(this, notification.params.uri));
    this.client.setNotificationHandler('notifications/message', (notification) => this.onLogMessage(notification.params));
  }

  /** A server's own log line (`notifications/message`), into the server's log at its level. */
  private onLogMessage(params: { level: LoggingLevel; logger?: string | undefined; data?: unknown }): void {
    const text = typeof params.data === 'string' ? params.data : (JSON.stringify(params.data) ?? String(params.data));
    const prefix = params.logger ? `[${params.logger}] ` : '';
    this.options.log.add(logBufferLevel(params.level), `server: ${prefix}${text}`.slice(0, 4000));
  }

  /** `caches`: the lists the notification covers (resources/list_changed covers the templates too). */
  private onListChanged(kind: string, ...caches: Pick<ListCache<unknown>, 'peek' | 'invalidate' | 'refresh' | 'refreshQueued'>[]): void {
    // A flood of notifications is one more refresh per list (ListCache), so one log line too.
    if (caches.every((cache) => cache.refreshQueued)) return;
    this.options.log.add('info', `${kind} list changed`);
    for (const cache of caches) {
      // Tools are refetched at once (the model's tool set and the UI's count depend on them); the
      // others only if someone already asked for them.
      if (kind !== 'tools' && cache.peek() === undefined) {
        cache.invalidate();
        continue;
      }
      cache.refresh().catch((error: unknown) => this.options.log.add('warn', `${kind} refresh failed: ${errorText(error)}`));
    }
  }

  /**
   * One list fetched now, past the cache, under the caller's request options (progress, abort): the
   * lists a user browses (resources, templates, prompts) with a Stop button.
   */
  fetchFresh<T>(request: ListRequest<T>, options: RequestOptions): Promise<T[]> {
    return this.fetch(request, options);
  }

  private async fetch<T>(request: ListRequest<T>, options: RequestOptions = { timeout: this.server.timeoutSec * 1000 }): Promise<T[]> {
    // Asking a server for a list it does not offer is a JSON-RPC error, not an empty list.
    if (!this.client.getServerCapabilities()?.[request.capability]) return [];
    const parsed = await fetchList(this.client, request, options);
    // SEP-2243: a client MUST leave out a tool whose x-mcp-header declarations are invalid, on the
    // sessions that send the headers; elsewhere the annotation means nothing.
    if (request === TOOLS_REQUEST && this.era === 'modern' && this.server.type === 'http') excludeInvalidHeaderTools(parsed as ParsedList<Tool>);
    this.parses.set(parsed.items, { kind: request.spec.kind, parsed });
    return parsed.items;
  }

  /** A fetch won its cache (a stale one never gets here): its left-out entries become the list's. */
  private settle(items: readonly unknown[]): void {
    const fetched = this.parses.get(items);
    if (!fetched) return;
    if (this.report.record(fetched.kind, fetched.parsed) && this.phase === 'open') this.options.onSkippedChanged?.(this);
  }

  private reportDrop(error: McpServiceError): void {
    if (this.phase === 'closed' || this.dropError) return;
    this.dropError = error;
    // While opening, open() sees dropError and fails the connect instead.
    if (this.phase !== 'open') return;
    this.phase = 'dropped';
    this.ended.abort(error);
    // The first line only: the stderr tail in the detail is already in the log.
    this.options.log.add('error', `connection lost: ${String(error.params.detail ?? error.code).split('\n')[0]}`);
    this.options.onDrop(this, error);
  }

  /**
   * Errors after which the session cannot continue although the transport did not close: a
   * Streamable HTTP 404 to a request that carried a session id means the server forgot the session
   * (restart, expiry; spec "Session Management"), a refused connection means it is gone, and a failed
   * SSE stream of the legacy transport would silently reconnect into a new, uninitialized session.
   */
  private isSessionLost(error: Error): boolean {
    if (error instanceof SdkHttpError) return error.status === 404 && this.hasHttpSession();
    if (error instanceof SseError) return true;
    // An SSE answer that broke off never completes; the SDK would leave its request to time out.
    if (error instanceof ResponseStreamBrokenError) return true;
    const cause = failureCauseOf(error)?.cause;
    return this.server.type === 'http' && (cause === 'refused' || cause === 'reset' || cause === 'socketClosed');
  }

  /**
   * The SDK sends the session id on every request once the server has issued one, so holding one
   * means the failed request carried it. A server without sessions may answer the optional
   * standalone GET with 404 (test/mcp/transports.test.ts, "Streamable HTTP without sessions"):
   * that only says it offers no stream.
   */
  private hasHttpSession(): boolean {
    return this.transport instanceof StreamableHTTPClientTransport && this.transport.sessionId !== undefined;
  }

  private async terminateHttpSession(): Promise<void> {
    // Servers keep per-session state; a DELETE lets them free it now rather than at expiry.
    if (!(this.transport instanceof StreamableHTTPClientTransport) || !this.transport.sessionId) return;
    const transport = this.transport;
    await withDeadline(() => transport.terminateSession(), {
      ms: TERMINATE_SESSION_TIMEOUT_MS,
      clock: this.options.clock,
      onTimeout: () => {
        throw new Error('session DELETE timed out');
      },
    }).catch((error: unknown) => this.options.log.add('warn', `session DELETE failed: ${errorText(error)}`));
  }

  private connectError(error: unknown): McpServiceError {
    const mapped = toMcpServiceError(error, 'connect', this.options.redact, this.options.server.name);
    if (mapped.code === 'CONNECTION_CLOSED') return new McpServiceError('CONNECT_FAILED', mapped.params, { cause: error });
    if (mapped.code !== 'CONNECT_FAILED') return mapped;
    const closed = this.transport.closeReason;
    const params: Record<string, string | number> = closed
      ? { ...causeParams(closed), ...this.detailParams(describeCause(closed)) }
      : { ...causeParams(failureCauseOf(error)), ...this.detailParams(String(mapped.params.detail ?? '')) };
    // A machine-readable cause (ENOENT, the process layer's commandNotFound) lets the UI say more than "failed".
    const reason = (error as { code?: unknown } | undefined)?.code;
    if (typeof reason === 'string') params.reason = reason;
    return new McpServiceError('CONNECT_FAILED', params, { cause: error });
  }

  /**
   * Why the session was lost, for CONNECTION_CLOSED: how the process ended (the transport knows), or
   * the network error behind it; a network transport that closed without one was closed by the server.
   */
  private lossParams(error: Error | undefined): Record<string, string | number> {
    const closed = this.transport.closeReason;
    const network = this.server.type !== 'stdio';
    const cause = closed ?? failureCauseOf(error ?? this.lastTransportError) ?? (network ? ({ cause: 'socketClosed' } as const) : undefined);
    const message = closed ? describeCause(closed) : error ? errorText(error) : cause ? describeCause(cause) : 'connection closed';
    return { ...causeParams(cause), ...this.detailParams(message) };
  }

  /** A failure's cause plus the last stderr lines, which usually say why a process died. */
  private detailParams(message: string): Record<string, string> {
    const tail = this.options.log.tailStderr(STDERR_TAIL_LINES);
    const detail = tail.length > 0 ? `${message}\n${tail.join('\n')}` : message;
    return { detail: this.options.redact(detail).slice(0, 1000) };
  }
}

/** The server log's three levels from the eight of MCP logging (RFC 5424 severities). */
function logBufferLevel(level: LoggingLevel): 'info' | 'warn' | 'error' {
  switch (level) {
    case 'debug':
    case 'info':
    case 'notice':
      return 'info';
    case 'warning':
      return 'warn';
    case 'error':
    case 'critical':
    case 'alert':
    case 'emergency':
      return 'error';
  }
}

