import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { SseError } from '@modelcontextprotocol/sdk/client/sse.js';
import { StreamableHTTPClientTransport, StreamableHTTPError } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import type { RequestOptions } from '@modelcontextprotocol/sdk/shared/protocol.js';
import {
  PromptListChangedNotificationSchema,
  ResourceListChangedNotificationSchema,
  ResourceUpdatedNotificationSchema,
  type CompleteRequest,
  type CompleteResult,
  type ServerCapabilities,
  ToolListChangedNotificationSchema,
  type GetPromptResult,
  type JSONRPCMessage,
  type Prompt,
  type ReadResourceResult,
  type Resource,
  type ResourceTemplate,
  type Tool,
} from '@modelcontextprotocol/sdk/types.js';
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
import { McpServiceError, errorText, toMcpServiceError } from './McpServiceError';
import type { Redactor } from './redact';
import { ResponseStreamBrokenError } from './transports/watchedFetch';
import { type LenientCallToolResult, LenientCallToolResultSchema } from './lenientResult';

export interface McpConnectionOptions {
  server: McpServerRecord;
  transport: McpTransport;
  log: McpLogBuffer;
  redact: Redactor;
  clock: Clock;
  clientInfo: { name: string; version: string };
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

  private constructor(private readonly options: McpConnectionOptions) {
    this.server = options.server;
    this.transport = options.transport;
    this.client = new Client(options.clientInfo, { capabilities: {} });
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
  callTool(name: string, args: Record<string, unknown>, options: RequestOptions): Promise<LenientCallToolResult> {
    return this.client.request({ method: 'tools/call', params: { name, arguments: args } }, LenientCallToolResultSchema, options);
  }

  readResource(uri: string, options: RequestOptions): Promise<ReadResourceResult> {
    return this.client.readResource({ uri }, options);
  }

  getPrompt(name: string, args: Record<string, string>, options: RequestOptions): Promise<GetPromptResult> {
    return this.client.getPrompt({ name, arguments: args }, options);
  }

  /** What the server said at initialize that it offers; undefined before. */
  get capabilities(): ServerCapabilities | undefined {
    return this.client.getServerCapabilities();
  }

  complete(params: CompleteRequest['params'], options: RequestOptions): Promise<CompleteResult> {
    return this.client.complete(params, options);
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
    try {
      if (wasOpen) await this.terminateHttpSession();
    } finally {
      await this.client.close().catch((error: unknown) => this.options.log.add('warn', `close failed: ${errorText(error)}`));
      await this.options.processTracker?.untrack(this.transport);
      this.options.log.flushStderr();
    }
  }

  private async start(): Promise<void> {
    this.wireTransport();
    this.wireNotifications();
    this.trackFromSpawn();
    await this.client.connect(this.transport, { timeout: this.options.connectTimeoutMs });
    const version = this.client.getServerVersion();
    const icon = pickIcon((version as { icons?: unknown } | undefined)?.icons);
    if (version) this.serverInfo = { name: version.name, version: version.version, ...(icon ? { icon } : {}) };
    await this.tools.get();
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
    // Protocol.connect() chains a handler that is already set, so this sees every message; the SDK
    // Client keeps the negotiated version to itself.
    this.transport.onmessage = (message: JSONRPCMessage) => {
      if (this.protocolVersion === undefined) this.protocolVersion = negotiatedVersion(message);
    };
    this.client.onclose = () => this.reportDrop(new McpServiceError('CONNECTION_CLOSED', this.lossParams(undefined)));
    this.client.onerror = (error) => {
      log.add('warn', `transport: ${errorText(error)}`);
      this.lastTransportError = error;
      if (this.isSessionLost(error)) this.reportDrop(new McpServiceError('CONNECTION_CLOSED', this.lossParams(error)));
    };
  }

  private wireNotifications(): void {
    this.client.setNotificationHandler(ToolListChangedNotificationSchema, () => this.onListChanged('tools', this.tools));
    this.client.setNotificationHandler(ResourceListChangedNotificationSchema, () => this.onListChanged('resources', this.resources, this.resourceTemplates));
    this.client.setNotificationHandler(PromptListChangedNotificationSchema, () => this.onListChanged('prompts', this.prompts));
    this.client.setNotificationHandler(ResourceUpdatedNotificationSchema, (notification) => this.options.onResourceUpdated?.(this, notification.params.uri));
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

  private async fetch<T>(request: ListRequest<T>): Promise<T[]> {
    // Asking a server for a list it does not offer is a JSON-RPC error, not an empty list.
    if (!this.client.getServerCapabilities()?.[request.capability]) return [];
    const parsed = await fetchList(this.client, request, { timeout: this.server.timeoutSec * 1000 });
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
    if (error instanceof StreamableHTTPError) return error.code === 404 && this.hasHttpSession();
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
    const mapped = toMcpServiceError(error, 'connect', this.options.redact);
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

function negotiatedVersion(message: JSONRPCMessage): string | undefined {
  if (!('result' in message)) return undefined;
  const result = message.result as { protocolVersion?: unknown; serverInfo?: unknown };
  return typeof result.protocolVersion === 'string' && result.serverInfo !== undefined ? result.protocolVersion : undefined;
}

