import { WebSocketClientTransport } from '@modelcontextprotocol/sdk/client/websocket.js';
import { WebSocket as NodeWebSocket, type ClientOptions } from 'ws';

type GlobalWithWebSocket = typeof globalThis & { WebSocket?: unknown };

/**
 * The SDK's WebSocketClientTransport, made to work on Node 20 and to send headers.
 *
 * The SDK constructs `new WebSocket(url, 'mcp')` from the *global*, which Node 20 lacks
 * (`ReferenceError: WebSocket is not defined`), and a browser-style
 * WebSocket cannot send headers at all. The construction happens synchronously inside `start()`
 * (in the Promise executor), so `ws` — which takes headers — is installed as the global for exactly
 * that synchronous call and the previous global is restored before `start()` returns: no lasting
 * global change, and nothing else can run in between.
 */
export class HeaderWebSocketClientTransport extends WebSocketClientTransport {
  private readonly headers: Record<string, string>;

  constructor(url: URL, headers: Record<string, string> = {}) {
    super(url);
    this.headers = headers;
  }

  override start(): Promise<void> {
    const options: ClientOptions = { headers: this.headers };
    class WebSocketWithHeaders extends NodeWebSocket {
      constructor(address: string | URL, protocols?: string | string[]) {
        super(address, protocols, options);
      }
    }
    const target = globalThis as GlobalWithWebSocket;
    const previous = Object.getOwnPropertyDescriptor(target, 'WebSocket');
    Object.defineProperty(target, 'WebSocket', { value: WebSocketWithHeaders, configurable: true, writable: true });
    try {
      return super.start();
    } finally {
      if (previous) Object.defineProperty(target, 'WebSocket', previous);
      else Reflect.deleteProperty(target, 'WebSocket');
    }
  }
}
