import type { McpServerRecord } from '../../../../../shared/contracts/mcp-types';

export const REDACTED = '***';

/** Names whose values are secrets whatever their length (pain-points K-1). */
const SECRET_NAME = /key|token|secret|password|passwd|auth|credential|cookie|session/i;

/**
 * Values shorter than this are only redacted when their name looks secret: masking every "1" or
 * "true" that a server's env happens to contain would shred the log without protecting anything.
 */
const MIN_PLAIN_VALUE_LENGTH = 8;

/** Token shapes that are secrets wherever they appear, configured or not. */
const TOKEN_PATTERNS: RegExp[] = [
  /\b(Bearer|Basic)\s+[A-Za-z0-9._~+/=-]{6,}/gi,
  /\bsk-[A-Za-z0-9_-]{16,}/g,
  /\b(ghp|gho|ghu|ghs|ghr)_[A-Za-z0-9]{20,}/g,
  /\bgithub_pat_[A-Za-z0-9_]{20,}/g,
  /\bxox[abprs]-[A-Za-z0-9-]{10,}/g,
  /\bAKIA[0-9A-Z]{16}\b/g,
  /\bAIza[0-9A-Za-z_-]{30,}/g,
  /\beyJ[A-Za-z0-9_-]{8,}\.[A-Za-z0-9_-]{8,}\.[A-Za-z0-9_-]{8,}/g,
];

/** `api_key=…`, `"token": "…"`, `--password …`: keep the name, hide the value. */
const NAMED_VALUE =
  /((?:api[_-]?key|apikey|access[_-]?token|refresh[_-]?token|token|secret|password|passwd|authorization)["']?\s*[=:]\s*["']?|--(?:api-key|token|password|secret)[= ])([^\s"'&,;]+)/gi;

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/** The configured values of a server that must never show in its log. */
export function secretValuesOf(server: Pick<McpServerRecord, 'config'>): string[] {
  const out = new Set<string>();
  const entries = [...Object.entries(server.config.env ?? {}), ...Object.entries(server.config.headers ?? {})];
  for (const [name, value] of entries) {
    const trimmed = value.trim();
    if (!trimmed) continue;
    if (SECRET_NAME.test(name) || trimmed.length >= MIN_PLAIN_VALUE_LENGTH) out.add(trimmed);
    // `Authorization: Bearer abc` — the token alone may be echoed back by a server.
    const scheme = /^(?:Bearer|Basic|Token)\s+(.+)$/i.exec(trimmed);
    if (scheme?.[1]) out.add(scheme[1]);
  }
  return [...out];
}

export type Redactor = (text: string) => string;

/** Builds a redactor for the given literal secrets plus the generic token shapes. */
export function createRedactor(secrets: readonly string[]): Redactor {
  // Longest first, so a secret that contains another is replaced whole.
  const literals = [...new Set(secrets.filter((s) => s.length > 0))].sort((a, b) => b.length - a.length);
  const literalPattern = literals.length > 0 ? new RegExp(literals.map(escapeRegExp).join('|'), 'g') : undefined;
  return (text) => {
    let out = literalPattern ? text.replace(literalPattern, REDACTED) : text;
    for (const pattern of TOKEN_PATTERNS) {
      out = out.replace(pattern, (match, scheme: unknown) => (typeof scheme === 'string' && /^(Bearer|Basic)$/i.test(scheme) ? `${scheme} ${REDACTED}` : REDACTED));
    }
    // An already masked value, or an auth scheme whose token the patterns above masked, stays as is.
    return out.replace(NAMED_VALUE, (match, name: string, value: string) => (value === REDACTED || /^(Bearer|Basic)$/i.test(value) ? match : `${name}${REDACTED}`));
  };
}

export function redactorFor(server: Pick<McpServerRecord, 'config'>): Redactor {
  return createRedactor(secretValuesOf(server));
}
