/**
 * One entry of another app's config → Elftia's McpServerInput, validated by the shared schema
 * (parseMcpServerInput), so an import accepts exactly what the form accepts. Fields Elftia has no
 * setting for are read but reported as not applied rather than refused: a Cline file's `alwaysAllow`
 * should not stop its servers from coming over.
 */
import type { ImportProblem } from '../../shared/contracts/mcp-import';
import { type McpServerInputParsed, type McpServerTransport, parseMcpServerInput } from '../../shared/contracts/mcp-types';
import { secretRefsOf } from '../../shared/contracts/secret-refs';
import { isPlainObject } from '../lib/isPlainObject';

export type EntryRead =
  | { kind: 'server'; input: McpServerInputParsed; notApplied: string[] }
  | { kind: 'invalid'; problems: ImportProblem[]; notApplied: string[] }
  /** Not a server definition: a `"_comment": "…"` line some configs carry. */
  | { kind: 'unsupported' };

/** Every spelling of a transport the dialects use. */
const TRANSPORT_ALIASES: Record<string, McpServerTransport> = {
  stdio: 'stdio',
  sse: 'sse',
  http: 'http',
  'streamable-http': 'http',
  streamableHttp: 'http',
  streamable_http: 'http',
  streamablehttp: 'http',
  ws: 'websocket',
  websocket: 'websocket',
};

/** Fields each dialect may carry that this function reads. */
const READ = new Set(['type', 'transportType', 'command', 'args', 'env', 'url', 'serverUrl', 'headers', 'timeout', 'disabled', 'enabled', 'watchPaths', 'inheritEnv', 'disabledTools', 'alwaysAllow', 'autoApprove']);

/**
 * Fields known from the dialects that Elftia does not apply (yet): VS Code's `envFile`, `cwd`, `dev`,
 * `gallery`, `version`, Cursor's `envFile`, Claude's `description`.
 * Any other unknown field is reported the same way; the preview lists them as "not applied".
 */
function notAppliedOf(raw: Record<string, unknown>): string[] {
  return Object.keys(raw).filter((key) => !READ.has(key));
}

export function readEntry(raw: unknown, declaredInputs: ReadonlySet<string>, name: string): EntryRead {
  if (!isPlainObject(raw)) return { kind: 'unsupported' };
  const notApplied = notAppliedOf(raw);
  const problems: ImportProblem[] = [];
  const url = raw.url ?? raw.serverUrl;
  const urlField = raw.url !== undefined ? 'url' : 'serverUrl';
  if (raw.command !== undefined && url !== undefined) problems.push({ field: 'command', code: 'conflictingFields', params: { other: urlField } });
  const type = transportOf(raw, url, problems);
  const candidate: Record<string, unknown> = { name };
  if (type !== undefined) candidate.type = type;
  if (type === 'stdio') {
    copy(raw, candidate, ['command', 'args', 'env', 'watchPaths', 'inheritEnv']);
  } else if (type !== undefined) {
    if (url !== undefined) candidate.url = url;
    copy(raw, candidate, ['headers']);
  }
  if (raw.timeout !== undefined) candidate.timeoutSec = raw.timeout;
  // Cline/Roo's per-tool switches; Cline's newer files call `alwaysAllow` `autoApprove`.
  if (raw.disabledTools !== undefined) candidate.disabledTools = raw.disabledTools;
  const alwaysAllow = raw.alwaysAllow ?? raw.autoApprove;
  if (alwaysAllow !== undefined) candidate.alwaysAllow = alwaysAllow;
  if (raw.disabled !== undefined) candidate.enabled = typeof raw.disabled === 'boolean' ? !raw.disabled : raw.disabled;
  else if (raw.enabled !== undefined) candidate.enabled = raw.enabled;
  problems.push(...referenceProblems(candidate, declaredInputs));
  if (problems.length > 0) return { kind: 'invalid', problems: dedupe(problems), notApplied };
  const parsed = parseMcpServerInput(candidate);
  if (!parsed.ok) return { kind: 'invalid', problems: parsed.errors.map((error) => ({ field: renamedField(error.field, urlField, raw.alwaysAllow === undefined), code: error.code, ...(error.params ? { params: error.params } : {}) })), notApplied };
  return { kind: 'server', input: parsed.value, notApplied };
}

/** `type` (or Cline's `transportType`), by alias; without one, a command is stdio and a URL http (sse when it ends in /sse). */
function transportOf(raw: Record<string, unknown>, url: unknown, problems: ImportProblem[]): McpServerTransport | undefined {
  const field = raw.type !== undefined ? 'type' : 'transportType';
  const given = raw.type ?? raw.transportType;
  if (given !== undefined) {
    const type = typeof given === 'string' && Object.hasOwn(TRANSPORT_ALIASES, given) ? TRANSPORT_ALIASES[given] : undefined;
    if (type === undefined) problems.push({ field, code: 'invalidTransport', params: { value: typeof given === 'string' ? given : JSON.stringify(given) } });
    return type;
  }
  if (raw.command !== undefined) return 'stdio';
  if (typeof url === 'string') return endsInSse(url) ? 'sse' : /^wss?:/i.test(url) ? 'websocket' : 'http';
  problems.push({ field: 'command', code: 'required' });
  return undefined;
}

function endsInSse(url: string): boolean {
  try {
    return /\/sse\/?$/i.test(new URL(url).pathname);
  } catch {
    return /\/sse\/?$/i.test(url);
  }
}

function copy(from: Record<string, unknown>, to: Record<string, unknown>, keys: string[]): void {
  for (const key of keys) if (from[key] !== undefined) to[key] = from[key];
}

/** `${input:id}` must name one of the file's inputs; a `${…}` that is neither env nor input is an error. */
function referenceProblems(candidate: Record<string, unknown>, declared: ReadonlySet<string>): ImportProblem[] {
  const problems: ImportProblem[] = [];
  for (const group of ['env', 'headers'] as const) {
    const values = candidate[group];
    if (!isPlainObject(values)) continue;
    for (const [key, value] of Object.entries(values)) {
      if (typeof value !== 'string') continue;
      const { refs, unknown } = secretRefsOf(value);
      const field = `${group}.${key}`;
      const first = unknown[0];
      if (first) problems.push({ field, code: 'unknownReference', params: { text: first.text } });
      const undeclared = refs.find((ref) => ref.kind === 'input' && !declared.has(ref.name));
      if (undeclared) problems.push({ field, code: 'undeclaredInput', params: { id: undeclared.name } });
    }
  }
  return problems;
}

/** Errors on the fields the user wrote: `timeoutSec` was `timeout`, `url` may have been `serverUrl`, `alwaysAllow` `autoApprove`. */
function renamedField(field: string, urlField: string, fromAutoApprove: boolean): string {
  if (field === 'timeoutSec') return 'timeout';
  if (field === 'url') return urlField;
  if (fromAutoApprove && field.startsWith('alwaysAllow')) return field.replace('alwaysAllow', 'autoApprove');
  return field;
}

function dedupe(problems: ImportProblem[]): ImportProblem[] {
  const seen = new Set<string>();
  return problems.filter((problem) => {
    if (seen.has(problem.field)) return false;
    seen.add(problem.field);
    return true;
  });
}
