import { PostMessageTransport } from '@modelcontextprotocol/ext-apps/app-bridge';
import { APP_ESCAPE_NOTIFICATION } from '@elftia/desktop/shared/contracts/apps.ts';

/**
 * The ext-apps PostMessageTransport to the sandbox proxy frame, narrowed to that frame's origin:
 * the bridge's own transport already ignores messages from any window but the frame, and this also
 * ignores them when the frame no longer shows the sandbox origin, and posts only to that origin
 * (the bridge posts to "*", which would hand the app's input to whatever the frame navigated to).
 * APP_ESCAPE_NOTIFICATION goes to `onEscape` instead of the bridge, which knows no such method.
 */
export class SandboxTransport extends PostMessageTransport {
  constructor(
    private readonly frame: Window,
    private readonly origin: string,
    private readonly onEscape: () => void = () => {},
  ) {
    super(frame, frame);
    // The listener the base class adds in start(); it is a field of the instance, so it is replaced
    // here, before start() runs, by one that checks the origin first.
    const accept = this['messageListener'] as (event: MessageEvent) => void;
    this['messageListener'] = (event: MessageEvent) => {
      if (event.origin !== this.origin || event.source !== this.frame) return;
      if (isEscapeNotification(event.data)) this.onEscape();
      else accept(event);
    };
  }

  override send(message: Parameters<PostMessageTransport['send']>[0]): Promise<void> {
    this.frame.postMessage(message, this.origin);
    return Promise.resolve();
  }
}

function isEscapeNotification(data: unknown): boolean {
  return typeof data === 'object' && data !== null && (data as { method?: unknown }).method === APP_ESCAPE_NOTIFICATION && !('id' in data);
}
