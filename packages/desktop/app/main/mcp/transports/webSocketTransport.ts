import { type JSONRPCMessage, type Transport, parseJSONRPCMessage } from '@modelcontextprotocol/client';
import { WebSocket } from 'ws';

/** The subprotocol MCP-over-WebSocket servers expect (the SDK v1 transport sent it). */
const SUBPROTOCOL = 'mcp';

/**
 * An MCP client transport over one WebSocket, with headers (Authorization, API keys). SDK v2 has
 * no WebSocket transport (WebSocket is not a spec transport), and a browser-style WebSocket
 * cannot send headers, so this one speaks through `ws`: one JSON-RPC message per text frame.
 */
export class HeaderWebSocketClientTransport implements Transport {
  onclose?: (() => void) | undefined;
  onerror?: ((error: Error) => void) | undefined;
  onmessage?: (<T extends JSONRPCMessage>(message: T) => void) | undefined;
  private socket: WebSocket | undefined;

  constructor(
    private readonly url: URL,
    private readonly headers: Record<string, string> = {},
  ) {}

  start(): Promise<void> {
    if (this.socket) throw new Error('HeaderWebSocketClientTransport already started');
    const socket = new WebSocket(this.url, SUBPROTOCOL, { headers: this.headers });
    this.socket = socket;
    return new Promise((resolve, reject) => {
      let opened = false;
      socket.on('open', () => {
        opened = true;
        resolve();
      });
      socket.on('error', (error: Error) => {
        if (!opened) reject(error);
        this.onerror?.(error);
      });
      socket.on('close', () => this.onclose?.());
      socket.on('message', (data: Buffer | ArrayBuffer | Buffer[], isBinary: boolean) => this.receive(data, isBinary));
    });
  }

  private receive(data: Buffer | ArrayBuffer | Buffer[], isBinary: boolean): void {
    let message: JSONRPCMessage;
    try {
      if (isBinary) throw new Error('binary WebSocket frame ignored: MCP messages are text');
      const text = Array.isArray(data) ? Buffer.concat(data).toString('utf8') : Buffer.from(data as ArrayBuffer).toString('utf8');
      message = parseJSONRPCMessage(JSON.parse(text));
    } catch (error) {
      this.onerror?.(error instanceof Error ? error : new Error(String(error)));
      return;
    }
    this.onmessage?.(message);
  }

  send(message: JSONRPCMessage): Promise<void> {
    const socket = this.socket;
    if (!socket || socket.readyState !== WebSocket.OPEN) return Promise.reject(new Error('Not connected'));
    return new Promise((resolve, reject) => socket.send(JSON.stringify(message), (error) => (error ? reject(error) : resolve())));
  }

  // Like the v1 SDK transport: the close handshake finishes in the background and ends in onclose.
  close(): Promise<void> {
    this.socket?.close();
    return Promise.resolve();
  }
}
