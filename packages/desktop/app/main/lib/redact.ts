/**
 * Takes secrets out of text before it is shown or stored: the literal values given, plus anything
 * shaped like a credential (bearer tokens, key=… pairs, secret query parameters, known token
 * formats). A server's log (mcp/redact.ts adds its configured secrets) and a provider's error
 * (completion/redactError.ts) both go through it.
 */
import { TOKEN_PATTERNS } from '../../shared/contracts/secrets';

export const REDACTED = '***';

/**
 * Values shorter than this are only redacted when their name looks secret: masking every "1" or
 * "true" that a server's env happens to contain would shred the log without protecting anything.
 */
export const MIN_PLAIN_VALUE_LENGTH = 8;

/** `Authorization: Bearer …`: the scheme stays readable, the credential does not. */
const AUTH_SCHEME = /\b(Bearer|Basic)\s+[A-Za-z0-9._~+/=-]{6,}/gi;

/** `?key=…`, `&sig=…`: a secret query parameter of a URL inside a message. */
const QUERY_VALUE = /([?&](?:[A-Za-z0-9_.-]*(?:key|token|secret|passw|auth|credential|session|signature)[A-Za-z0-9_.-]*|sig|code)=)([^&#\s"']+)/gi;

/** `api_key=…`, `"token": "…"`, `--password …`: keep the name, hide the value. */
const NAMED_VALUE =
  /((?:api[_-]?key|apikey|access[_-]?token|refresh[_-]?token|token|secret|password|passwd|authorization)["']?\s*[=:]\s*["']?|--(?:api-key|token|password|secret)[= ])([^\s"'&,;]+)/gi;

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/**
 * A short secret (a secret-named variable set to `x` or `k3y`) is masked only where it stands as a
 * token of its own: inside a longer word it is a coincidence, and masking it there would turn every
 * `fixtures` into `fi***tures` without hiding anything.
 */
function literalSource(secret: string): string {
  const escaped = escapeRegExp(secret);
  return secret.length >= MIN_PLAIN_VALUE_LENGTH ? escaped : `(?<![\\p{L}\\p{N}])${escaped}(?![\\p{L}\\p{N}])`;
}

export type Redactor = (text: string) => string;

/** Builds a redactor for the given literal secrets plus the generic token shapes. */
export function createRedactor(secrets: readonly string[]): Redactor {
  // Longest first, so a secret that contains another is replaced whole.
  const literals = [...new Set(secrets.filter((s) => s.length > 0))].sort((a, b) => b.length - a.length);
  const literalPattern = literals.length > 0 ? new RegExp(literals.map(literalSource).join('|'), 'gu') : undefined;
  return (text) => {
    let out = literalPattern ? text.replace(literalPattern, REDACTED) : text;
    out = out.replace(AUTH_SCHEME, (_match, scheme: string) => `${scheme} ${REDACTED}`);
    for (const pattern of TOKEN_PATTERNS) out = out.replace(pattern, REDACTED);
    out = out.replace(QUERY_VALUE, (match, name: string, value: string) => (value === REDACTED ? match : `${name}${REDACTED}`));
    // An already masked value, or an auth scheme whose token the patterns above masked, stays as is.
    return out.replace(NAMED_VALUE, (match, name: string, value: string) => (value === REDACTED || /^(Bearer|Basic)$/i.test(value) ? match : `${name}${REDACTED}`));
  };
}
