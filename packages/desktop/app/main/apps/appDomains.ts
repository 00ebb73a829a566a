/**
 * The origins an app's resource declares (`_meta.ui.csp`) and the browser features it asks for
 * (`_meta.ui.permissions`), read from untrusted server metadata. An entry goes into a CSP only when
 * it is a plain origin: `https://host[:port]`, `wss://host[:port]`, `https://*.host` (one leading
 * wildcard label), or plain `http://`/`ws://` on localhost or 127.0.0.1. Anything else (a `;` that
 * would start a new directive, quotes such as `'unsafe-inline'`, whitespace, `javascript:`, a bare
 * `*`, a path) is dropped, never passed on.
 */
import type { McpAppCsp, McpAppPermissions } from '../../shared/contracts/apps';

/** The CSP keys of the spec, each a list of origins. */
export const CSP_KEYS = ['connectDomains', 'resourceDomains', 'frameDomains', 'baseUriDomains'] as const;
type CspKey = (typeof CSP_KEYS)[number];

/** More origins than this per kind are cut: a CSP header has to stay a sane size. */
export const CSP_DOMAINS_MAX = 64;
/** A longer entry is no origin anyone needs. */
const DOMAIN_MAX_LENGTH = 256;

const LABEL = '[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?';
const HOST = `${LABEL}(?:\\.${LABEL})*`;
const PORT = '(?::[0-9]{1,5})?';
const SECURE_ORIGIN = new RegExp(`^(?:https|wss)://(?:\\*\\.)?${HOST}${PORT}$`);
const LOOPBACK_ORIGIN = new RegExp(`^(?:http|ws)://(?:localhost|127\\.0\\.0\\.1)${PORT}$`);

/** The entry as it may appear in a CSP, or undefined when it is not a plain origin. */
export function cleanOrigin(entry: unknown): string | undefined {
  if (typeof entry !== 'string' || entry.length === 0 || entry.length > DOMAIN_MAX_LENGTH) return undefined;
  // A trailing slash is still an origin; anything after it is a path.
  const origin = (entry.endsWith('/') ? entry.slice(0, -1) : entry).toLowerCase();
  if (!SECURE_ORIGIN.test(origin) && !LOOPBACK_ORIGIN.test(origin)) return undefined;
  const port = /:([0-9]+)$/.exec(origin)?.[1];
  if (port !== undefined && (Number(port) < 1 || Number(port) > 65_535)) return undefined;
  return origin;
}

/** Each list of `_meta.ui.csp`, its entries checked (bad ones dropped, duplicates once); kinds with none left are omitted. */
export function cleanCsp(raw: unknown): McpAppCsp {
  const csp: McpAppCsp = {};
  if (!isRecord(raw)) return csp;
  for (const key of CSP_KEYS) {
    const list = cleanList(raw[key]);
    if (list.length > 0) csp[key satisfies CspKey] = list;
  }
  return csp;
}

function cleanList(raw: unknown): string[] {
  if (!Array.isArray(raw)) return [];
  const out = new Set<string>();
  for (const entry of raw) {
    const origin = cleanOrigin(entry);
    if (origin !== undefined) out.add(origin);
    if (out.size >= CSP_DOMAINS_MAX) break;
  }
  return [...out];
}

const PERMISSION_KEYS = ['camera', 'microphone', 'geolocation', 'clipboardWrite'] as const;

/** `_meta.ui.permissions`: a feature counts as asked for when its key holds an object (the spec's `{}`) or `true`. */
export function cleanPermissions(raw: unknown): McpAppPermissions {
  const permissions: McpAppPermissions = {};
  if (!isRecord(raw)) return permissions;
  for (const key of PERMISSION_KEYS) {
    const value = raw[key];
    if (value === true || isRecord(value)) permissions[key] = true;
  }
  return permissions;
}

const ALLOW_FEATURES: Record<(typeof PERMISSION_KEYS)[number], string> = {
  camera: 'camera',
  microphone: 'microphone',
  geolocation: 'geolocation',
  clipboardWrite: 'clipboard-write',
};

/** The inner iframe's `allow` attribute: the declared features only; '' when none. */
export function permissionsAllow(permissions: McpAppPermissions): string {
  return PERMISSION_KEYS.filter((key) => permissions[key] === true)
    .map((key) => ALLOW_FEATURES[key])
    .join('; ');
}

export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
