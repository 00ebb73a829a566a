import { type FetchLike, SSEClientTransport, StreamableHTTPClientTransport, type Transport } from '@modelcontextprotocol/client';
import { StdioClientTransport } from '@modelcontextprotocol/client/stdio';
import type { McpServerRecord } from '../../../shared/contracts/mcp-types';
import type { McpAuthProvider } from '../clientRequests';
import type { FailureCause } from '../failureCause';
import { McpServiceError } from '../McpServiceError';
import { boundedJsonFetch } from './boundedFetch';
import { challengeWatchingFetch } from './challengeFetch';
import { cappedSseFetch } from './sseEventCap';
import { perRequestSignalFetch } from './perRequestSignal';
import { definedEnv } from '../process/loginShellEnv';
import { HeaderWebSocketClientTransport } from './webSocketTransport';

/** A client transport, plus the process id a stdio one runs (once started) and its tree's marker. */
export interface McpTransport extends Transport {
  readonly pid?: number | null | undefined;
  /** Set before `onclose` when the transport closed by itself and knows why (a process's exit code or signal). */
  readonly closeReason?: FailureCause | undefined;
  readonly treeMarker?: string | undefined;
}

export interface StdioTransportParams {
  serverId: string;
  serverName: string;
  command: string;
  args: string[];
  /** The server's own variables; a factory merges them over the base environment, never the reverse. */
  env: Record<string, string>;
  /** The server gets the app's whole environment instead of the allowlist (the per-server switch). */
  inheritEnv: boolean;
  cwd?: string;
  /**
   * Largest single JSON-RPC line accepted on stdout, in bytes. The SDK's default (10 MiB) rejects a
   * 10 MB tool result and closes the connection.
   */
  maxMessageBytes: number;
  /** Receives the server's stderr from the first byte on (the handshake's output explains most failures). */
  onStderr: (chunk: string) => void;
}

/** Builds the stdio transport; injectable so the process layer (process groups, tree kill, login-shell env) can replace the SDK's. */
export type StdioTransportFactory = (params: StdioTransportParams) => McpTransport;

/** 64 MiB: room for large results (screenshots, file dumps) while still bounding memory. */
export const DEFAULT_STDIO_MAX_MESSAGE_BYTES = 64 * 1024 * 1024;

/** The SDK's StdioClientTransport with stderr piped (the default, "inherit", hides it in a packaged app). */
export const sdkStdioTransportFactory: StdioTransportFactory = (params) => {
  const transport = new StdioClientTransport({
    command: params.command,
    args: params.args,
    // Without inheritEnv the SDK puts its own allowlist (getDefaultEnvironment) under `env`.
    env: params.inheritEnv ? { ...definedEnv(process.env), ...params.env } : params.env,
    cwd: params.cwd,
    stderr: 'pipe',
    maxBufferSize: params.maxMessageBytes,
  });
  // With 'pipe' the SDK hands out a PassThrough before start(), so nothing of the handshake is lost.
  transport.stderr?.on('data', (chunk: Buffer | string) => params.onStderr(String(chunk)));
  return transport;
};

export interface CreateTransportDeps {
  /** Default: sdkStdioTransportFactory. */
  stdioTransportFactory?: StdioTransportFactory;
  /** Largest stdio line, HTTP JSON answer or SSE event, in bytes. Default: DEFAULT_STDIO_MAX_MESSAGE_BYTES. */
  maxMessageBytes?: number;
  /** Where a stdio server's stderr goes; default: dropped. */
  onStderr?: (chunk: string) => void;
  /** The sign-in of an HTTP/SSE server (McpServiceOptions.authProviders); none for stdio and WebSocket. */
  authProvider?: McpAuthProvider | undefined;
}

/** One place that turns a server record into a transport (DESIGN decision 1). */
export function createTransport(server: McpServerRecord, deps: CreateTransportDeps = {}): McpTransport {
  const type: string = server.type;
  switch (server.type) {
    case 'stdio':
      return createStdio(server, deps);
    case 'sse':
      return createSse(requireUrl(server, ['http:', 'https:']), httpOptions(server, deps));
    case 'http':
      return createStreamableHttp(requireUrl(server, ['http:', 'https:']), httpOptions(server, deps));
    case 'websocket':
      return new HeaderWebSocketClientTransport(requireUrl(server, ['ws:', 'wss:']), server.config.headers ?? {});
    default:
      throw new McpServiceError('UNSUPPORTED_TRANSPORT', { transport: type });
  }
}

function createStdio(server: McpServerRecord, deps: CreateTransportDeps): McpTransport {
  const command = server.config.command?.trim();
  if (!command) throw new McpServiceError('INVALID_CONFIG', { field: 'command' });
  const factory = deps.stdioTransportFactory ?? sdkStdioTransportFactory;
  return factory({
    serverId: server.id,
    serverName: server.name,
    command,
    args: server.config.args ?? [],
    env: server.config.env ?? {},
    inheritEnv: server.config.inheritEnv ?? false,
    ...(server.config.cwd ? { cwd: server.config.cwd } : {}),
    maxMessageBytes: deps.maxMessageBytes ?? DEFAULT_STDIO_MAX_MESSAGE_BYTES,
    onStderr: deps.onStderr ?? (() => {}),
  });
}

interface HttpOptions {
  headers: Record<string, string>;
  maxMessageBytes: number;
  authProvider: McpAuthProvider | undefined;
}

function httpOptions(server: McpServerRecord, deps: CreateTransportDeps): HttpOptions {
  return { headers: server.config.headers ?? {}, maxMessageBytes: deps.maxMessageBytes ?? DEFAULT_STDIO_MAX_MESSAGE_BYTES, authProvider: deps.authProvider };
}

function createStreamableHttp(url: URL, { headers, maxMessageBytes, authProvider }: HttpOptions): McpTransport {
  const transport: McpTransport = new StreamableHTTPClientTransport(url, {
    requestInit: { headers },
    ...(authProvider ? { authProvider } : {}),
    // A broken SSE answer becomes a transport error McpConnection treats as a lost session.
    fetch: perRequestSignalFetch(watchingChallenges(url, authProvider, cappedSseFetch(maxMessageBytes, boundedJsonFetch(maxMessageBytes), (error) => transport.onerror?.(error)))),
  });
  return transport;
}

/** The provider hears the server's challenges (see McpAuthProvider); without one the fetch is unchanged. */
function watchingChallenges(url: URL, authProvider: McpAuthProvider | undefined, base: FetchLike): FetchLike {
  const listener = authProvider?.onAuthChallenge?.bind(authProvider);
  return listener ? challengeWatchingFetch(url, listener, base) : base;
}

function createSse(url: URL, { headers, maxMessageBytes, authProvider }: HttpOptions): McpTransport {
  // requestInit covers the POSTs; the EventSource's own fetch also sets the headers so the GET
  // stream keeps its Authorization whatever the SDK version does (the SDK's own Authorization,
  // from an authProvider, still wins: it is set after this fetch is wrapped).
  const withHeaders: FetchLike = (input, init) => {
    const merged = new Headers(init?.headers);
    for (const [name, value] of Object.entries(headers)) merged.set(name, value);
    return fetch(input, { ...init, headers: merged });
  };
  return new SSEClientTransport(url, {
    requestInit: { headers },
    eventSourceInit: { fetch: watchingChallenges(url, authProvider, cappedSseFetch(maxMessageBytes, withHeaders)) },
    ...(authProvider ? { authProvider, fetch: watchingChallenges(url, authProvider, fetch) } : {}),
  });
}

function requireUrl(server: McpServerRecord, protocols: string[]): URL {
  let url: URL;
  try {
    url = new URL(server.config.url ?? '');
  } catch {
    throw new McpServiceError('INVALID_CONFIG', { field: 'url' });
  }
  if (!protocols.includes(url.protocol)) throw new McpServiceError('INVALID_CONFIG', { field: 'url' });
  return url;
}
