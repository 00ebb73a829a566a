import type { Session } from 'electron';
import { SANDBOX_SCHEME, SANDBOX_SCHEME_ORIGIN } from '../apps/sandboxScheme';
import { type AppPermission, appPermissionOf, oneQuestionAtATime } from './appPermissions';

/**
 * The window's Content-Security-Policy. Production: only the app's own files. Development adds the
 * Vite dev server, whose React refresh preamble is an inline script and whose HMR uses a WebSocket.
 * Inline styles stay allowed: UI libraries inject <style> tags, and styles cannot run code.
 */
export function contentSecurityPolicy(devOrigin?: string): string {
  const dev = devOrigin ? ` ${devOrigin}` : '';
  const devSocket = devOrigin ? ` ${devOrigin.replace(/^http/, 'ws')}` : '';
  return [
    "default-src 'none'",
    `script-src 'self'${dev}${devOrigin ? " 'unsafe-inline'" : ''}`,
    `style-src 'self' 'unsafe-inline'${dev}`,
    `img-src 'self' data: blob:${dev}`,
    `media-src 'self' data: blob:${dev}`,
    `font-src 'self' data:${dev}`,
    `connect-src 'self'${dev}${devSocket}`,
    "base-uri 'none'",
    "form-action 'none'",
    "object-src 'none'",
    // MCP Apps render in frames of their own sandbox origin (sandboxProtocol.ts), nothing else.
    `frame-src ${SANDBOX_SCHEME_ORIGIN}`,
    "frame-ancestors 'none'",
  ].join('; ');
}

/**
 * Permissions the app's own pages may use: writing to the clipboard (copy buttons). Everything
 * else — camera, notifications, geolocation, … — is denied until a feature asks for it.
 */
const ALLOWED_PERMISSIONS = new Set(['clipboard-sanitized-write']);

export function isPermissionAllowed(permission: string, requestingUrl: string, isAppUrl: (url: string) => boolean): boolean {
  return ALLOWED_PERMISSIONS.has(permission) && isAppUrl(requestingUrl);
}

/**
 * The CSP on every response that has headers: the dev server's in development (app:// responses
 * carry it from their handler, appProtocol.ts), and the permission handlers. An MCP App's request
 * for the location (appPermissions.ts) goes to `askUser`; without it, or from a window that no
 * longer shows the app, it is denied.
 */
export function installSessionSecurity(ses: Session, csp: string, isAppUrl: (url: string) => boolean, askUser?: (permission: AppPermission) => Promise<boolean>): void {
  ses.webRequest.onHeadersReceived((details, callback) => {
    // The sandbox page's CSP is the app's own, built from its declared origins: never the window's.
    if (details.url.startsWith(`${SANDBOX_SCHEME}:`)) {
      callback({});
      return;
    }
    callback({ responseHeaders: { ...details.responseHeaders, 'Content-Security-Policy': [csp] } });
  });
  const ask = askUser && oneQuestionAtATime(askUser);
  ses.setPermissionRequestHandler((webContents, permission, callback, details) => {
    const asked = isAppUrl(webContents.getURL()) ? appPermissionOf(permission, details) : undefined;
    if (asked && ask) {
      ask(asked).then(callback, () => callback(false));
      return;
    }
    callback(isPermissionAllowed(permission, webContents.getURL(), isAppUrl));
  });
  ses.setPermissionCheckHandler((_webContents, permission, requestingOrigin) => isPermissionAllowed(permission, requestingOrigin, isAppUrl));
}
