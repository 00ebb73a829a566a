/**
 * The sandbox proxy page (spec 2026-01-26 "Sandbox proxy"): loaded in a frame on an origin separate
 * from the app's (the headless host's second listener, or `elftia-app:` in Electron), it tells its
 * parent `ui/notifications/sandbox-proxy-ready`, takes the app's HTML from
 * `ui/notifications/sandbox-resource-ready`, shows it in an inner `srcdoc` frame sandboxed to
 * `allow-scripts allow-forms` (an opaque origin: no storage, no parent document, no top
 * navigation, no popups), and relays JSON-RPC between the parent and that frame only. The inner
 * frame inherits this page's Content-Security-Policy, built here from the `csp` query by
 * buildAppCsp (cleaned again, never echoed). The app's HTML gets one script ahead of its own: on an
 * Esc the app left alone, it sends APP_ESCAPE_NOTIFICATION (which says why).
 *
 * Electron-free: the headless host's listener and the Electron protocol handler both serve it
 * through sandboxProxyResponse.
 */
import { APP_ESCAPE_NOTIFICATION, type McpAppCsp } from '../../shared/contracts/apps';
import { buildAppCsp } from './appCsp';

/** A message over this many characters (as JSON) is dropped, in either direction. */
export const SANDBOX_MESSAGE_MAX_CHARS = 4 * 1024 * 1024;
/** A `csp` query longer than this is ignored (the restrictive default applies). */
const CSP_QUERY_MAX_LENGTH = 16 * 1024;

/**
 * Put ahead of the app's HTML. It listens on the window, last in the event's path, so an app that
 * handles Esc itself (preventDefault) keeps it; an Esc that ends an IME composition is the IME's.
 */
const ESCAPE_FORWARDER = `<script>addEventListener('keydown', function (e) {
  if (e.key === 'Escape' && !e.defaultPrevented && !e.isComposing) parent.postMessage({ jsonrpc: '2.0', method: ${JSON.stringify(APP_ESCAPE_NOTIFICATION)} }, '*');
});</script>`;

const SCRIPT = `(() => {
  'use strict';
  const MAX = ${SANDBOX_MESSAGE_MAX_CHARS};
  const PREFIX = 'ui/notifications/sandbox-';
  const SANDBOX = 'allow-scripts allow-forms';
  const FEATURES = { camera: 'camera', microphone: 'microphone', geolocation: 'geolocation', clipboardWrite: 'clipboard-write' };
  const host = window.parent;
  if (!host || host === window) return;
  const ancestors = window.location.ancestorOrigins;
  const hostOrigin = ancestors && ancestors.length > 0 && ancestors[0] !== 'null' ? ancestors[0] : '*';
  // "</" escaped: this text sits in the page's own inline script.
  const FORWARDER = ${JSON.stringify(ESCAPE_FORWARDER).replaceAll('</', '<\\/')};
  let inner = null;

  function fits(data) {
    try {
      const text = JSON.stringify(data);
      return typeof text === 'string' && text.length <= MAX;
    } catch {
      return false;
    }
  }
  function isRpc(data) {
    return typeof data === 'object' && data !== null && data.jsonrpc === '2.0';
  }
  function isSandboxMethod(data) {
    return typeof data.method === 'string' && data.method.startsWith(PREFIX);
  }
  function allowOf(permissions) {
    if (typeof permissions !== 'object' || permissions === null) return '';
    return Object.keys(FEATURES).filter((key) => permissions[key]).map((key) => FEATURES[key]).join('; ');
  }
  // After the doctype (and the whitespace and comments that may come before it), never before it:
  // a doctype after anything else is ignored, and the app would render in quirks mode. A plain scan,
  // linear in the length of what it skips, whatever the app's HTML holds.
  function withForwarder(html) {
    let at = 0;
    for (;;) {
      while (at < html.length && /\\s/.test(html[at])) at += 1;
      if (!html.startsWith('<!--', at)) break;
      const end = html.indexOf('-->', at + 4);
      if (end < 0) break;
      at = end + 3;
    }
    const end = html.slice(at, at + 9).toLowerCase() === '<!doctype' ? html.indexOf('>', at) : -1;
    return end < 0 ? FORWARDER + html : html.slice(0, end + 1) + FORWARDER + html.slice(end + 1);
  }
  function show(params) {
    if (inner || typeof params !== 'object' || params === null || typeof params.html !== 'string') return;
    inner = document.createElement('iframe');
    inner.setAttribute('sandbox', SANDBOX);
    const allow = allowOf(params.permissions);
    if (allow) inner.setAttribute('allow', allow);
    inner.setAttribute('title', 'MCP App');
    inner.srcdoc = withForwarder(params.html);
    document.body.appendChild(inner);
  }

  window.addEventListener('message', (event) => {
    const data = event.data;
    if (!isRpc(data) || !fits(data)) return;
    if (event.source === host) {
      if (hostOrigin !== '*' && event.origin !== hostOrigin) return;
      if (data.method === PREFIX + 'resource-ready') show(data.params);
      else if (!isSandboxMethod(data) && inner && inner.contentWindow) inner.contentWindow.postMessage(data, '*');
      return;
    }
    if (inner && event.source === inner.contentWindow && !isSandboxMethod(data)) host.postMessage(data, hostOrigin);
  });
  host.postMessage({ jsonrpc: '2.0', method: PREFIX + 'proxy-ready', params: {} }, hostOrigin);
})();`;

/** The page itself: no external reference, everything inline (its CSP allows inline script and style). */
export const SANDBOX_PROXY_HTML = `<!doctype html>
<html><head><meta charset="utf-8"><title>MCP App sandbox</title>
<style>html,body{margin:0;padding:0;height:100%;overflow:hidden;background:transparent}iframe{border:0;width:100%;height:100%;display:block}</style>
</head><body><script>${SCRIPT}</script></body></html>
`;

export interface SandboxProxyResponse {
  status: number;
  headers: Record<string, string>;
  body: string;
}

/** The page with its headers: the CSP from the `csp` query (JSON of McpAppCsp), rebuilt from its cleaned origins. */
export function sandboxProxyResponse(query: URLSearchParams): SandboxProxyResponse {
  return {
    status: 200,
    headers: {
      'Content-Type': 'text/html; charset=utf-8',
      'Content-Security-Policy': buildAppCsp(cspFromQuery(query.get('csp'))),
      'Cache-Control': 'no-store',
      'X-Content-Type-Options': 'nosniff',
      'Referrer-Policy': 'no-referrer',
      // The app's page frames it from another origin.
      'Cross-Origin-Resource-Policy': 'cross-origin',
    },
    body: SANDBOX_PROXY_HTML,
  };
}

/** The query's CSP declaration; undefined (the restrictive default) when absent, too long or not JSON. */
export function cspFromQuery(raw: string | null): McpAppCsp | undefined {
  if (raw === null || raw.length > CSP_QUERY_MAX_LENGTH) return undefined;
  try {
    return JSON.parse(raw) as McpAppCsp;
  } catch {
    return undefined;
  }
}
