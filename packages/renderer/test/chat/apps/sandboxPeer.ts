/**
 * The far side of an AppFrame in the renderer tests: plays the sandbox proxy and the app inside it
 * over real window messages (the frame's window as the source, the sandbox origin as the origin),
 * and records what the host posts to the frame, with the target origin it named.
 */
import { LATEST_PROTOCOL_VERSION } from '@modelcontextprotocol/ext-apps/app-bridge';
import { vi } from 'vitest';

/**
 * happy-dom loads no frame pages, so a frame has no window: each frame gets a stand-in with the one
 * method the host calls on it (postMessage), stable per frame like a real WindowProxy.
 */
const standIns = new WeakMap<HTMLIFrameElement, Window>();
export function giveFramesAWindow(): () => void {
  const original = Object.getOwnPropertyDescriptor(HTMLIFrameElement.prototype, 'contentWindow');
  Object.defineProperty(HTMLIFrameElement.prototype, 'contentWindow', {
    configurable: true,
    get(this: HTMLIFrameElement) {
      let stand = standIns.get(this);
      if (!stand) {
        stand = { postMessage: () => undefined } as unknown as Window;
        standIns.set(this, stand);
      }
      return stand;
    },
  });
  return () => {
    if (original) Object.defineProperty(HTMLIFrameElement.prototype, 'contentWindow', original);
  };
}

export interface Posted {
  message: { jsonrpc: '2.0'; id?: number | string; method?: string; params?: Record<string, unknown>; result?: Record<string, unknown>; error?: { message: string } };
  targetOrigin: string;
}

export class SandboxPeer {
  readonly posted: Posted[] = [];
  #nextId = 1;

  constructor(
    readonly frame: HTMLIFrameElement,
    readonly origin: string,
  ) {
    const target = frame.contentWindow;
    if (!target) throw new Error('the frame has no window');
    vi.spyOn(target, 'postMessage').mockImplementation(((message: Posted['message'], targetOrigin: string) => {
      this.posted.push({ message, targetOrigin });
    }) as Window['postMessage']);
  }

  /** A message as if the frame sent it (from `origin` unless told otherwise). */
  send(message: Record<string, unknown>, origin: string = this.origin): void {
    window.dispatchEvent(new MessageEvent('message', { data: { jsonrpc: '2.0', ...message }, origin, source: this.frame.contentWindow }));
  }

  notify(method: string, params: Record<string, unknown> = {}, origin?: string): void {
    this.send({ method, params }, origin);
  }

  /** Sends a request and resolves with the host's answer (result or error). */
  async request(method: string, params: Record<string, unknown> = {}, origin?: string): Promise<Posted['message']> {
    const id = this.#nextId++;
    this.send({ id, method, params }, origin);
    return vi.waitFor(() => {
      const answer = this.posted.find((p) => p.message.id === id && p.message.method === undefined);
      if (!answer) throw new Error(`no answer to ${method}`);
      return answer.message;
    });
  }

  /** The notifications or requests the host sent with this method. */
  sent(method: string): Posted['message'][] {
    return this.posted.filter((p) => p.message.method === method).map((p) => p.message);
  }

  /** Answers the host's request (e.g. ui/resource-teardown). */
  answer(id: number | string, result: Record<string, unknown> = {}): void {
    this.send({ id, result });
  }

  /** The proxy is ready, the app initializes and says it is initialized; resolves with the initialize result. */
  async start(): Promise<Record<string, unknown>> {
    this.notify('ui/notifications/sandbox-proxy-ready');
    await vi.waitFor(() => {
      if (this.sent('ui/notifications/sandbox-resource-ready').length === 0) throw new Error('no resource sent');
    });
    const initialized = await this.request('ui/initialize', {
      appInfo: { name: 'test-app', version: '1.0.0' },
      appCapabilities: {},
      protocolVersion: LATEST_PROTOCOL_VERSION,
    });
    this.notify('ui/notifications/initialized');
    return initialized.result ?? {};
  }
}
