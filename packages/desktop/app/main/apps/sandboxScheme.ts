/**
 * The sandbox origin in Electron: a privileged custom scheme (`elftia-app://sandbox/proxy.html`),
 * another origin than the window's `app://elftia`. The shell registers the scheme and hands each
 * request here (electron/sandboxProtocol.ts); this side knows no Electron.
 */
import { type SandboxProxyResponse, sandboxProxyResponse } from './sandboxProxyPage';

export const SANDBOX_SCHEME = 'elftia-app';
export const SANDBOX_SCHEME_ORIGIN = `${SANDBOX_SCHEME}://sandbox`;
export const SANDBOX_SCHEME_URL = `${SANDBOX_SCHEME_ORIGIN}/proxy.html`;

const NOT_FOUND: SandboxProxyResponse = {
  status: 404,
  headers: { 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': 'no-store', 'X-Content-Type-Options': 'nosniff' },
  body: 'Not Found\n',
};

/** One request of the scheme: the proxy page for GET/HEAD of exactly SANDBOX_SCHEME_URL (any query), else 404. */
export function sandboxSchemeResponse(url: string, method: string): SandboxProxyResponse {
  // Node gives a custom scheme's URL the origin 'null': compare scheme, host and path instead.
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return NOT_FOUND;
  }
  if ((method !== 'GET' && method !== 'HEAD') || `${parsed.protocol}//${parsed.host}${parsed.pathname}` !== SANDBOX_SCHEME_URL) return NOT_FOUND;
  return sandboxProxyResponse(parsed.searchParams);
}
