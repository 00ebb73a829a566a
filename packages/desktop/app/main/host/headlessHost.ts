/**
 * The headless host: the app's services without Electron. One loopback HTTP server serves the
 * built renderer, and a WebSocket at /trpc bridges the same appRouter the Electron shell serves
 * over IPC. Used by `elftia serve`, development and the end-to-end tests.
 */
import http, { type IncomingMessage, type ServerResponse } from 'node:http';
import type { Duplex } from 'node:stream';
import { applyWSSHandler } from '@trpc/server/adapters/ws';
import { WebSocketServer } from 'ws';
import { startSandboxListener } from '../apps/sandboxListener';
import type { AppServices } from '../index';
import { appRouter } from '../routers/appRouter';
import { SubscriptionBudget } from '../routers/subscriptionBudget';
import { type AccessVerdict, checkRequestOrigin, checkTokenRequest, checkUpgrade, isLoopbackBindHost, newAccessToken, TOKEN_CHECK_PATH } from './hostSecurity';
import { sharedJsonEncoder } from './sharedJsonEncoder';
import { securityHeaders, serveStatic } from './staticFiles';

export interface HeadlessHostOptions {
  services: AppServices;
  /** A loopback interface: 127.0.0.1 (default), ::1 or localhost. Anything else is refused. */
  host?: string;
  /** TCP port; default 0 picks a free one. */
  port?: number;
  /** The built renderer (packages/renderer/dist). A short "build it first" page is served while it has no index.html. */
  rendererDir: string;
  /** Access token; default 32 fresh random bytes. `elftia serve` passes the data dir's (accessTokenFile.ts). */
  token?: string;
  /** Receives one line per refused request. Never given a URL with its query, so never the token. */
  log?: (line: string) => void;
  /** Largest WebSocket message accepted from a client, in bytes. Default 32 MiB (chat attachments). */
  maxMessageBytes?: number;
}

export interface HeadlessHost {
  /** `http://127.0.0.1:PORT/#token=TOKEN` — the token sits in the fragment, which browsers never send. */
  url: string;
  port: number;
  close(): Promise<void>;
}

const DEFAULT_MAX_MESSAGE_BYTES = 32 * 1024 * 1024;
const KEEPALIVE_PING_MS = 30_000;
const KEEPALIVE_PONG_WAIT_MS = 5_000;

export class NonLoopbackHostError extends Error {
  constructor(host: string) {
    super(`refusing to listen on ${host}: the host only binds to a loopback interface (127.0.0.1, ::1, localhost)`);
    this.name = 'NonLoopbackHostError';
  }
}

export async function startHeadlessHost(options: HeadlessHostOptions): Promise<HeadlessHost> {
  const bindHost = options.host ?? '127.0.0.1';
  if (!isLoopbackBindHost(bindHost)) throw new NonLoopbackHostError(bindHost);
  if (options.token !== undefined && options.token.length === 0) throw new Error('the access token must not be empty');
  const token = options.token ?? newAccessToken();
  const log = options.log ?? (() => {});

  const wss = new WebSocketServer({ noServer: true, maxPayload: options.maxMessageBytes ?? DEFAULT_MAX_MESSAGE_BYTES });
  applyWSSHandler({
    wss,
    router: appRouter,
    // Called once per connection: each WebSocket gets its own subscription budget.
    createContext: () => ({ services: options.services, subscriptions: new SubscriptionBudget() }),
    experimental_encoder: sharedJsonEncoder(),
    keepAlive: { enabled: true, pingMs: KEEPALIVE_PING_MS, pongWaitMs: KEEPALIVE_PONG_WAIT_MS },
    // The path and code only: inputs may hold secrets (env values, headers).
    onError: ({ error, path }) => {
      if (error.code === 'INTERNAL_SERVER_ERROR') log(`router error on ${path ?? '?'}: ${error.message}`);
    },
  });

  // `localhost` may resolve to ::1 first; the printed URL names an address, so bind to that one.
  const bindAddress = bindHost.toLowerCase() === 'localhost' ? '127.0.0.1' : bindHost;
  // MCP Apps run on a second listener: another port is another origin than the app's.
  const sandbox = await startSandboxListener({ host: bindAddress });
  let port = 0;
  const server = http.createServer((req, res) => handleRequest(req, res, { port, token, rendererDir: options.rendererDir, log, frameOrigin: sandbox.origin }));
  server.on('upgrade', (req: IncomingMessage, socket: Duplex, head: Buffer) => {
    socket.on('error', () => socket.destroy());
    const verdict = checkUpgrade(req, { port, token });
    if (!verdict.ok) {
      refuseUpgrade(socket, verdict, req, log);
      return;
    }
    wss.handleUpgrade(req, socket, head, (ws) => wss.emit('connection', ws, req));
  });

  port = await listen(server, options.port ?? 0, bindAddress).catch(async (error: unknown) => {
    await sandbox.close();
    throw error;
  });
  const withdrawSandbox = options.services.apps.setSandbox({ url: sandbox.url, origin: sandbox.origin });
  const urlHost = bindAddress === '::1' ? '[::1]' : '127.0.0.1';
  return {
    url: `http://${urlHost}:${port}/#token=${token}`,
    port,
    close: async () => {
      withdrawSandbox();
      await Promise.all([closeHost(server, wss), sandbox.close()]);
    },
  };
}

interface RequestContext {
  port: number;
  token: string;
  rendererDir: string;
  log: (line: string) => void;
  /** The sandbox listener's origin: the only one the app's page may frame. */
  frameOrigin: string;
}

function handleRequest(req: IncomingMessage, res: ServerResponse, { port, token, rendererDir, log, frameOrigin }: RequestContext): void {
  const verdict = checkRequestOrigin(req, port);
  if (!verdict.ok) {
    log(`refused ${req.method ?? '?'} ${pathOnly(req.url)}: ${verdict.reason}`);
    res.writeHead(verdict.status, { 'Content-Type': 'text/plain; charset=utf-8', Connection: 'close' }).end('Forbidden\n');
    return;
  }
  if (pathOnly(req.url) === TOKEN_CHECK_PATH) {
    // Not logged: a tab holding an old token asks again on every reconnect attempt.
    res.writeHead(checkTokenRequest(req, token), { 'Cache-Control': 'no-store', ...securityHeaders(req.headers.host ?? '') }).end();
    return;
  }
  serveStatic(req, res, rendererDir, securityHeaders(req.headers.host ?? '', frameOrigin));
}

const STATUS_TEXT: Record<number, string> = { 401: 'Unauthorized', 403: 'Forbidden', 404: 'Not Found' };

/** Answers on the raw socket: the handshake never completes, so no WebSocket exists to misuse. */
function refuseUpgrade(socket: Duplex, verdict: Extract<AccessVerdict, { ok: false }>, req: IncomingMessage, log: (line: string) => void): void {
  log(`refused WebSocket upgrade to ${pathOnly(req.url)}: ${verdict.reason}`);
  const text = STATUS_TEXT[verdict.status] ?? 'Forbidden';
  socket.end(`HTTP/1.1 ${verdict.status} ${text}\r\nConnection: close\r\nContent-Type: text/plain\r\nContent-Length: ${text.length + 1}\r\n\r\n${text}\n`);
}

/** The token travels in the query: logs get the path alone. */
function pathOnly(url: string | undefined): string {
  return (url ?? '/').split(/[?#]/, 1)[0] ?? '/';
}

function listen(server: http.Server, port: number, host: string): Promise<number> {
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => {
      server.off('error', reject);
      const address = server.address();
      resolve(typeof address === 'object' && address !== null ? address.port : port);
    });
  });
}

async function closeHost(server: http.Server, wss: WebSocketServer): Promise<void> {
  for (const client of wss.clients) client.terminate();
  await new Promise<void>((resolve) => wss.close(() => resolve()));
  const closed = new Promise<void>((resolve) => server.close(() => resolve()));
  server.closeAllConnections();
  await closed;
}
