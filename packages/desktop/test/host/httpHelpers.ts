/** Raw HTTP helpers: explicit headers (Host, Origin) and raw paths, which fetch() would normalise or forbid. */
import http from 'node:http';
import { WebSocket } from 'ws';

export interface RawResponse {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: string;
}

export function rawGet(port: number, path: string, headers: Record<string, string> = {}, method = 'GET'): Promise<RawResponse> {
  return new Promise((resolve, reject) => {
    const req = http.request({ host: '127.0.0.1', port, path, method, headers }, (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => (body += chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body }));
    });
    req.on('error', reject);
    req.end();
  });
}

/** Attempts a WebSocket handshake; resolves 101 when the server upgrades, else the refusal's status. */
export function rawUpgrade(port: number, path: string, headers: Record<string, string> = {}): Promise<number> {
  return new Promise((resolve, reject) => {
    const req = http.request({
      host: '127.0.0.1',
      port,
      path,
      headers: {
        Connection: 'Upgrade',
        Upgrade: 'websocket',
        'Sec-WebSocket-Version': '13',
        'Sec-WebSocket-Key': 'dGhlIHNhbXBsZSBub25jZQ==',
        ...headers,
      },
    });
    req.on('upgrade', (_res, socket) => {
      socket.destroy();
      resolve(101);
    });
    req.on('response', (res) => {
      res.resume();
      resolve(res.statusCode ?? 0);
    });
    req.on('error', reject);
    req.end();
  });
}

interface TrpcMessage {
  id: number | string | null;
  /** The frame's size on the wire, in bytes. */
  bytes?: number;
  result?: { type: string; data?: unknown };
  error?: { message: string; code: number; data?: { code?: string; app?: { code: string; fieldErrors?: { field: string; code: string }[] } } };
}

/**
 * A minimal tRPC 11 WebSocket client speaking the wire protocol directly (JSON-RPC-like
 * `{ id, method, params: { path, input } }`). @trpc/client is a renderer dependency, not
 * resolvable from the desktop package under pnpm's strict layout.
 */
export class RawTrpcSocket {
  readonly #ws: WebSocket;
  readonly #messages: TrpcMessage[] = [];
  readonly #waiters: (() => void)[] = [];
  #nextId = 1;

  private constructor(ws: WebSocket) {
    this.#ws = ws;
    ws.on('message', (raw) => {
      const text = Buffer.isBuffer(raw) ? raw.toString('utf8') : Buffer.concat(Array.isArray(raw) ? raw : [Buffer.from(raw)]).toString('utf8');
      this.#messages.push({ ...(JSON.parse(text) as TrpcMessage), bytes: Buffer.byteLength(text) });
      for (const wake of this.#waiters.splice(0)) wake();
    });
  }

  static open(url: string, origin?: string): Promise<RawTrpcSocket> {
    return new Promise((resolve, reject) => {
      const ws = new WebSocket(url, origin === undefined ? {} : { origin });
      ws.once('open', () => resolve(new RawTrpcSocket(ws)));
      ws.once('error', reject);
    });
  }

  get closed(): Promise<void> {
    return this.#ws.readyState === WebSocket.CLOSED ? Promise.resolve() : new Promise((resolve) => this.#ws.once('close', () => resolve()));
  }

  send(method: 'query' | 'mutation' | 'subscription', path: string, input?: unknown): number {
    const id = this.#nextId++;
    this.#ws.send(JSON.stringify({ id, jsonrpc: '2.0', method, params: { path, input } }));
    return id;
  }

  stop(id: number): void {
    this.#ws.send(JSON.stringify({ id, jsonrpc: '2.0', method: 'subscription.stop' }));
  }

  /** The next message for `id` matching `accept`, in arrival order. */
  async next(id: number, accept: (m: TrpcMessage) => boolean = () => true): Promise<TrpcMessage> {
    for (;;) {
      const index = this.#messages.findIndex((m) => m.id === id && accept(m));
      if (index >= 0) return this.#messages.splice(index, 1)[0]!;
      await new Promise<void>((resolve) => this.#waiters.push(resolve));
    }
  }

  async call(method: 'query' | 'mutation', path: string, input?: unknown): Promise<TrpcMessage> {
    return this.next(this.send(method, path, input));
  }

  close(): void {
    this.#ws.close();
  }
}
