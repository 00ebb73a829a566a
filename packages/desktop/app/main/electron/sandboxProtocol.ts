/**
 * Serves MCP Apps' sandbox proxy page as `elftia-app://sandbox/proxy.html` (registered as a
 * privileged scheme in appProtocol.ts). Thin: apps/sandboxScheme.ts builds the page and its headers.
 */
import type { Protocol } from 'electron';
import { SANDBOX_SCHEME, sandboxSchemeResponse } from '../apps/sandboxScheme';

/** Once the app is ready. */
export function handleSandboxScheme(protocol: Pick<Protocol, 'handle'>): void {
  protocol.handle(SANDBOX_SCHEME, (request) => {
    const page = sandboxSchemeResponse(request.url, request.method);
    return new Response(request.method === 'HEAD' ? null : page.body, { status: page.status, headers: page.headers });
  });
}
