/**
 * The built renderer, served to the window as `app://elftia/…` instead of `file://`: a page loaded
 * from file:// gets no response headers, so the Content-Security-Policy set in onHeadersReceived
 * never applied to it, and file:// pages can read one another. Every response here carries the CSP
 * itself; only files inside the renderer folder are served (host/staticFiles.ts resolves the path).
 */
import fs from 'node:fs/promises';
import path from 'node:path';
import type { Protocol } from 'electron';
import { SANDBOX_SCHEME } from '../apps/sandboxScheme';
import { mimeType, resolveStaticPath } from '../host/staticFiles';

export const APP_SCHEME = 'app';
export const APP_HOST = 'elftia';
export const APP_ORIGIN = `${APP_SCHEME}://${APP_HOST}`;
export const APP_INDEX_URL = `${APP_ORIGIN}/index.html`;

/**
 * Registers app:// and MCP Apps' sandbox scheme; Electron takes one list. Must run before the app is ready (Electron's rule). `standard` gives the scheme an origin, relative
 * URLs and web storage; `secure` makes it a secure context, as https is; `supportFetchAPI` lets the
 * page fetch its own files. It does not bypass CSP.
 */
export function registerAppScheme(protocol: Pick<Protocol, 'registerSchemesAsPrivileged'>): void {
  protocol.registerSchemesAsPrivileged([
    { scheme: APP_SCHEME, privileges: { standard: true, secure: true, supportFetchAPI: true } },
    // MCP Apps' sandbox origin (sandboxProtocol.ts): an origin of its own, a secure context, nothing more.
    { scheme: SANDBOX_SCHEME, privileges: { standard: true, secure: true } },
  ]);
}

/** Answers app:// requests from `rendererDir`; once the app is ready. */
export function handleAppScheme(protocol: Pick<Protocol, 'handle'>, rendererDir: string, csp: string): void {
  protocol.handle(APP_SCHEME, (request) => serveAppRequest(request, rendererDir, csp));
}

/** One app:// request: the file with its MIME type, or 404/405/400, always with the CSP. */
export async function serveAppRequest(request: Request, rendererDir: string, csp: string): Promise<Response> {
  const headers = { 'Content-Security-Policy': csp, 'X-Content-Type-Options': 'nosniff', 'Referrer-Policy': 'no-referrer' };
  const text = (status: number, body: string) => new Response(`${body}\n`, { status, headers: { ...headers, 'Content-Type': 'text/plain; charset=utf-8' } });
  const url = new URL(request.url);
  if (url.host !== APP_HOST) return text(404, 'Not Found');
  if (request.method !== 'GET' && request.method !== 'HEAD') return text(405, 'Method Not Allowed');
  const target = resolveStaticPath(rendererDir, url.pathname);
  if (target.kind === 'badRequest') return text(400, 'Bad Request');
  if (target.kind === 'notFound') return text(404, 'Not Found');
  const body = request.method === 'HEAD' ? null : await fs.readFile(target.file);
  // index.html names the hashed assets: never cached, so a new build shows at the next start.
  const cache = path.basename(target.file) === 'index.html' ? 'no-store' : 'no-cache';
  return new Response(body, { status: 200, headers: { ...headers, 'Content-Type': mimeType(target.file), 'Cache-Control': cache } });
}
