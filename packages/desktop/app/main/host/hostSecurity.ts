/**
 * Access checks for the headless host. It serves a router that can start processes on the user's
 * behalf, so a request is only served when it comes from this machine, for this server, and — for
 * the WebSocket bridge — with the access token printed at start.
 */
import crypto from 'node:crypto';
import type { IncomingMessage } from 'node:http';

/** 32 random bytes: guessing is out of reach, so no rate limiting is needed. */
export const TOKEN_BYTES = 32;

export function newAccessToken(): string {
  return crypto.randomBytes(TOKEN_BYTES).toString('base64url');
}

/**
 * Compares in constant time. Hashing first gives both sides the same length, so the comparison
 * leaks neither the token's characters nor its length.
 */
export function tokensMatch(expected: string, presented: string | null | undefined): boolean {
  if (typeof presented !== 'string' || presented.length === 0) return false;
  const a = crypto.createHash('sha256').update(expected).digest();
  const b = crypto.createHash('sha256').update(presented).digest();
  return crypto.timingSafeEqual(a, b);
}

/** The host names this server answers to; anything else may be a DNS-rebinding attack. */
const LOOPBACK_NAMES = ['127.0.0.1', 'localhost', '[::1]'] as const;

/** Interfaces the host may listen on without exposing the router to the network. */
export const LOOPBACK_BIND_HOSTS = ['127.0.0.1', '::1', 'localhost'] as const;

export function isLoopbackBindHost(host: string): boolean {
  return (LOOPBACK_BIND_HOSTS as readonly string[]).includes(host.toLowerCase());
}

/** The Host header values accepted once the port is known: `127.0.0.1:PORT`, `localhost:PORT`, `[::1]:PORT`. */
export function allowedHostHeaders(port: number): Set<string> {
  return new Set(LOOPBACK_NAMES.map((name) => `${name}:${port}`));
}

export type AccessVerdict = { ok: true } | { ok: false; status: 401 | 403 | 404; reason: string };

export interface AccessPolicy {
  port: number;
  token: string;
}

/**
 * Host must name this loopback server (DNS rebinding); an Origin, when a browser sends one, must
 * be this same origin (a cross-site page talking to localhost).
 */
export function checkRequestOrigin(req: Pick<IncomingMessage, 'headers'>, port: number): AccessVerdict {
  const host = req.headers.host?.toLowerCase();
  if (!host || !allowedHostHeaders(port).has(host)) return { ok: false, status: 403, reason: 'host not allowed' };
  const origin = req.headers.origin;
  if (origin !== undefined && origin.toLowerCase() !== `http://${host}`) {
    return { ok: false, status: 403, reason: 'origin not allowed' };
  }
  return { ok: true };
}

/** The path the renderer connects to: `ws://<host>/trpc?token=<token>`. */
export const TRPC_WS_PATH = '/trpc';

/** Every WebSocket upgrade: the origin checks, the bridge path, then the token (query `token`). */
export function checkUpgrade(req: Pick<IncomingMessage, 'headers' | 'url'>, policy: AccessPolicy): AccessVerdict {
  const origin = checkRequestOrigin(req, policy.port);
  if (!origin.ok) return origin;
  const url = new URL(req.url ?? '/', 'http://loopback');
  if (url.pathname !== TRPC_WS_PATH) return { ok: false, status: 404, reason: 'no such endpoint' };
  if (!tokensMatch(policy.token, url.searchParams.get('token'))) return { ok: false, status: 401, reason: 'missing or wrong token' };
  return { ok: true };
}

/**
 * `GET /token-check` with `Authorization: Bearer <token>`: 204 when the token is this host's, 401
 * otherwise. A browser sees a refused WebSocket upgrade only as close code 1006, the same as a host
 * that is not running; this answer lets the page tell the user which it is. It reveals no more than
 * an upgrade attempt does.
 */
export const TOKEN_CHECK_PATH = '/token-check';

export function checkTokenRequest(req: Pick<IncomingMessage, 'headers' | 'method'>, token: string): 204 | 401 | 405 {
  if (req.method !== 'GET' && req.method !== 'HEAD') return 405;
  const match = /^Bearer (\S+)$/.exec(req.headers.authorization ?? '');
  return tokensMatch(token, match?.[1]) ? 204 : 401;
}
