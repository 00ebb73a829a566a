/**
 * Secrets that live outside the sealed fields: tokens in a server's URL query, its arguments, or a
 * provider's error text. What looks secret is decided here once, for the lists (masked), the logs
 * (redacted) and the CLI. Runtime-neutral: imports only the shared contracts.
 */
import type { McpServerConfig, McpServerRecord } from './mcp-types';
import { replaceSecretRefs, secretRefsOf } from './secret-refs';

/**
 * Stands for a stored secret wherever one is listed: env and header values, secret query parameters
 * and arguments. Sent back unchanged in an update it keeps the stored value (write-only fields).
 */
export const SECRET_SET = '••••';

/** Names whose values are secrets whatever their length: `api_key`, `GITHUB_TOKEN`, `--password`. */
export const SECRET_NAME = /key|token|secret|passw|pwd|auth|credential|cookie|session|signature/i;

/** Query parameter names that are secrets only as a whole word (`?key=`, Azure's `?sig=`). */
const SECRET_PARAM_WORDS = new Set(['key', 'sig', 'code', 'pass']);

/** Token shapes that are secrets wherever they appear, configured or not. */
export const TOKEN_PATTERNS: readonly RegExp[] = [
  /\bsk-[A-Za-z0-9_-]{16,}/g,
  /\b(?:ghp|gho|ghu|ghs|ghr)_[A-Za-z0-9]{20,}/g,
  /\bgithub_pat_[A-Za-z0-9_]{20,}/g,
  /\bxox[abprs]-[A-Za-z0-9-]{10,}/g,
  /\bAKIA[0-9A-Z]{16}\b/g,
  /\bAIza[0-9A-Za-z_-]{30,}/g,
  /\beyJ[A-Za-z0-9_-]{8,}\.[A-Za-z0-9_-]{8,}\.[A-Za-z0-9_-]{8,}/g,
];

/** Whether a query parameter, flag or variable of this name carries a secret. */
export function isSecretName(name: string): boolean {
  const bare = name.replace(/^-+/, '');
  return SECRET_NAME.test(bare) || SECRET_PARAM_WORDS.has(bare.toLowerCase());
}

/** Whether the whole of `text` has a known token shape (`sk-…`, `ghp_…`, a JWT). */
function isTokenShaped(text: string): boolean {
  return TOKEN_PATTERNS.some((pattern) => new RegExp(`^(?:${pattern.source})$`).test(text));
}

/**
 * The URL with the values of secret query parameters and the userinfo password replaced by
 * SECRET_SET; everything else is left byte for byte as it was.
 */
export function maskUrl(url: string): string {
  const hashAt = url.indexOf('#');
  const beforeHash = hashAt < 0 ? url : url.slice(0, hashAt);
  const hash = hashAt < 0 ? '' : url.slice(hashAt);
  const queryAt = beforeHash.indexOf('?');
  const base = queryAt < 0 ? beforeHash : beforeHash.slice(0, queryAt);
  const query = queryAt < 0 ? undefined : beforeHash.slice(queryAt + 1);
  return maskUserinfo(base) + (query === undefined ? '' : `?${maskQuery(query)}`) + hash;
}

function maskUserinfo(base: string): string {
  // scheme://user:password@host — the password only; an `@` later in the path is not userinfo.
  return base.replace(/^([A-Za-z][A-Za-z0-9+.-]*:\/\/[^/?#@:]*:)([^/?#@]+)@/, (_, head: string, password: string) => (password ? `${head}${SECRET_SET}@` : _));
}

function maskQuery(query: string): string {
  return query
    .split('&')
    .map((pair) => {
      const eq = pair.indexOf('=');
      if (eq < 0) return pair;
      const name = safeDecode(pair.slice(0, eq));
      const value = pair.slice(eq + 1);
      return value !== '' && isSecretName(name) ? `${pair.slice(0, eq)}=${SECRET_SET}` : pair;
    })
    .join('&');
}

function safeDecode(text: string): string {
  try {
    return decodeURIComponent(text.replace(/\+/g, ' '));
  } catch {
    return text;
  }
}

const FLAG_WITH_VALUE = /^(--?[A-Za-z0-9][A-Za-z0-9_.-]*)=(.*)$/s;
const ASSIGNMENT = /^([A-Za-z_][A-Za-z0-9_]*)=(.+)$/s;
const HEADER_LINE = /^([!#$%&'*+\-.^_`|~0-9A-Za-z]+):\s*(.+)$/s;

/**
 * The arguments with secrets replaced by SECRET_SET: the value of `--api-key=…`, the argument after
 * `--token`, `API_KEY=…`, `Authorization: …`, secret query values of URL arguments, and whole
 * arguments shaped like a known token.
 */
export function maskArgs(args: readonly string[]): string[] {
  const out: string[] = [];
  for (let i = 0; i < args.length; i += 1) {
    const arg = args[i] ?? '';
    const previous = i > 0 ? (args[i - 1] ?? '') : '';
    if (takesSecretValue(previous) && arg !== '' && !arg.startsWith('-')) out.push(SECRET_SET);
    else out.push(maskArg(arg));
  }
  return out;
}

/** `--token` followed by its value; not `--no-auth` (a switch) or `--token=x` (value included). */
function takesSecretValue(flag: string): boolean {
  return /^--?[A-Za-z]/.test(flag) && !flag.includes('=') && !/^--no-/i.test(flag) && isSecretName(flag);
}

function maskArg(arg: string): string {
  const flag = FLAG_WITH_VALUE.exec(arg);
  if (flag?.[1] && flag[2]) return isSecretName(flag[1]) ? `${flag[1]}=${SECRET_SET}` : `${flag[1]}=${maskArg(flag[2])}`;
  const assignment = ASSIGNMENT.exec(arg);
  if (assignment?.[1] && isSecretName(assignment[1])) return `${assignment[1]}=${SECRET_SET}`;
  const header = HEADER_LINE.exec(arg);
  if (header?.[1] && isSecretName(header[1])) return `${header[1]}: ${SECRET_SET}`;
  if (/^[A-Za-z][A-Za-z0-9+.-]*:\/\//.test(arg)) return maskUrl(arg);
  return isTokenShaped(arg) ? SECRET_SET : arg;
}

/**
 * The secrets `masked` hides: the stretches of `original` that SECRET_SET stands for in it
 * (`maskedParts('a?key=s1&x', 'a?key=••••&x')` is `['s1']`). Empty when nothing is masked.
 */
export function maskedParts(original: string, masked: string): string[] {
  const pieces = masked.split(SECRET_SET);
  const [head = '', ...rest] = pieces;
  if (rest.length === 0 || !original.startsWith(head)) return [];
  const parts: string[] = [];
  let remaining = original.slice(head.length);
  for (const [i, next] of rest.entries()) {
    const end = i === rest.length - 1 ? remaining.length - next.length : remaining.indexOf(next);
    if (end <= 0) break;
    parts.push(remaining.slice(0, end));
    remaining = remaining.slice(end + next.length);
  }
  return parts;
}

/**
 * Whether a value holds no secret itself, only references (`${env:GITHUB_TOKEN}`, `Bearer
 * ${input:token}`): such a value is listed as written, so the form shows what it refers to.
 */
export function isReferenceOnly(value: string): boolean {
  if (secretRefsOf(value).refs.length === 0) return false;
  const literal = replaceSecretRefs(value, () => '').trim();
  return /^(?:(?:Bearer|Basic|Token)\s*)?$/i.test(literal);
}

/**
 * What may be listed of a server (the router's answers, the CLI): every env and header value but
 * those made only of references (isReferenceOnly),
 * borrowed provider keys included, becomes SECRET_SET; secret parts of its URL and arguments too.
 * The stored record keeps the real values: they must still work.
 */
export function maskServerRecord<T extends McpServerRecord>(record: T): T {
  const { config } = record;
  const masked: McpServerConfig = { ...config };
  const hide = (values: Record<string, string> | undefined, borrowed: Record<string, unknown> | undefined) => {
    const names = [...Object.keys(values ?? {}), ...Object.keys(borrowed ?? {})];
    return Object.fromEntries(names.map((name) => [name, !borrowed?.[name] && isReferenceOnly(values?.[name] ?? '') ? values![name]! : SECRET_SET]));
  };
  if (config.env !== undefined || config.keyRefs?.env) masked.env = hide(config.env, config.keyRefs?.env);
  if (config.headers !== undefined || config.keyRefs?.headers) masked.headers = hide(config.headers, config.keyRefs?.headers);
  if (config.url !== undefined) masked.url = maskUrl(config.url);
  if (config.args !== undefined) masked.args = maskArgs(config.args);
  return { ...record, config: masked };
}
