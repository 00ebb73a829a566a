/**
 * Serves the built renderer (packages/renderer/dist) to a browser: only files inside that folder,
 * with their MIME type, and index.html for client-side routes.
 */
import fs from 'node:fs';
import type { IncomingMessage, ServerResponse } from 'node:http';
import path from 'node:path';

const MIME_TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.map': 'application/json; charset=utf-8',
  '.txt': 'text/plain; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.gif': 'image/gif',
  '.webp': 'image/webp',
  '.ico': 'image/x-icon',
  '.woff': 'font/woff',
  '.woff2': 'font/woff2',
  '.ttf': 'font/ttf',
  '.wasm': 'application/wasm',
};

export function mimeType(file: string): string {
  return MIME_TYPES[path.extname(file).toLowerCase()] ?? 'application/octet-stream';
}

/**
 * Headers for every response. The CSP names the bridge's ws:// origin explicitly because not every
 * browser counts ws: as 'self'. Inline styles stay allowed: UI libraries inject <style> tags, and
 * styles cannot run code. `frameOrigin`: the one origin the page may frame (MCP Apps' sandbox
 * listener); without it no frame at all.
 */
export function securityHeaders(hostHeader: string, frameOrigin?: string): Record<string, string> {
  const csp = [
    "default-src 'none'",
    "script-src 'self'",
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob:",
    "media-src 'self' data: blob:",
    "font-src 'self' data:",
    `connect-src 'self' ws://${hostHeader}`,
    "manifest-src 'self'",
    "base-uri 'none'",
    "form-action 'none'",
    "object-src 'none'",
    `frame-src ${frameOrigin ?? "'none'"}`,
    "frame-ancestors 'none'",
  ].join('; ');
  return {
    'Content-Security-Policy': csp,
    'X-Content-Type-Options': 'nosniff',
    'Referrer-Policy': 'no-referrer',
    'X-Frame-Options': 'DENY',
    'Cross-Origin-Opener-Policy': 'same-origin',
    'Cross-Origin-Resource-Policy': 'same-origin',
  };
}

export type StaticTarget = { kind: 'file'; file: string } | { kind: 'notFound' } | { kind: 'badRequest' };

/**
 * Maps a request path to a file inside `rootDir`. Any `..` segment — raw or percent-encoded — is
 * refused outright rather than normalised, and the final path is checked to stay under the root
 * (symlinks included). An unknown path without an extension is a client-side route: index.html.
 */
export function resolveStaticPath(rootDir: string, rawUrl: string): StaticTarget {
  const rawPath = rawUrl.split(/[?#]/, 1)[0] ?? '/';
  let decoded: string;
  try {
    decoded = decodeURIComponent(rawPath);
  } catch {
    return { kind: 'badRequest' };
  }
  if (!decoded.startsWith('/') || decoded.includes('\0')) return { kind: 'badRequest' };
  const segments = decoded.split(/[/\\]/).filter((s) => s.length > 0);
  if (segments.some((s) => s === '..' || s === '.')) return { kind: 'notFound' };

  const root = realpathOrUndefined(rootDir);
  if (root === undefined) return { kind: 'notFound' };
  const candidate = segments.length === 0 ? path.join(root, 'index.html') : path.join(root, ...segments);
  const file = realpathOrUndefined(candidate);
  if (file !== undefined && isInside(root, file) && fs.statSync(file).isFile()) return { kind: 'file', file };
  if (file === undefined && path.extname(decoded) === '') {
    const index = path.join(root, 'index.html');
    return fs.existsSync(index) ? { kind: 'file', file: index } : { kind: 'notFound' };
  }
  return { kind: 'notFound' };
}

function realpathOrUndefined(file: string): string | undefined {
  try {
    return fs.realpathSync(file);
  } catch {
    return undefined;
  }
}

function isInside(root: string, file: string): boolean {
  const relative = path.relative(root, file);
  return relative.length > 0 && !relative.startsWith('..') && !path.isAbsolute(relative);
}

/** Shown when packages/renderer/dist has no index.html yet, so `elftia serve` still explains itself. */
const NOT_BUILT_PAGE = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Elftia</title></head>
<body><h1>Elftia's interface is not built yet</h1>
<p>Run <code>pnpm build</code> in the repository root, then reload this page.</p></body></html>
`;

export function isRendererBuilt(rendererDir: string): boolean {
  return fs.existsSync(path.join(rendererDir, 'index.html'));
}

/** Answers a GET or HEAD for a static file; the caller has already checked Host and Origin. */
export function serveStatic(req: IncomingMessage, res: ServerResponse, rendererDir: string, headers: Record<string, string>): void {
  if (req.method !== 'GET' && req.method !== 'HEAD') {
    res.writeHead(405, { ...headers, Allow: 'GET, HEAD', 'Content-Type': 'text/plain; charset=utf-8' }).end('Method Not Allowed\n');
    return;
  }
  if (!isRendererBuilt(rendererDir)) {
    res.writeHead(503, { ...headers, 'Content-Type': 'text/html; charset=utf-8', 'Cache-Control': 'no-store' });
    res.end(req.method === 'HEAD' ? undefined : NOT_BUILT_PAGE);
    return;
  }
  const target = resolveStaticPath(rendererDir, req.url ?? '/');
  if (target.kind !== 'file') {
    const status = target.kind === 'badRequest' ? 400 : 404;
    res.writeHead(status, { ...headers, 'Content-Type': 'text/plain; charset=utf-8' }).end(status === 400 ? 'Bad Request\n' : 'Not Found\n');
    return;
  }
  const size = fs.statSync(target.file).size;
  // index.html is tiny and names the hashed assets: never cache it, so a rebuild shows at once.
  const cache = path.basename(target.file) === 'index.html' ? 'no-store' : 'no-cache';
  res.writeHead(200, { ...headers, 'Content-Type': mimeType(target.file), 'Content-Length': String(size), 'Cache-Control': cache });
  if (req.method === 'HEAD') {
    res.end();
    return;
  }
  fs.createReadStream(target.file)
    .on('error', () => res.destroy())
    .pipe(res);
}
