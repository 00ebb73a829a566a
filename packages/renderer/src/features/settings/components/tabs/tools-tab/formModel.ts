/**
 * Pure conversions between the form's values, the shared input schema and field errors. The schema
 * (parseMcpServerInput) is the single source of truth for what is valid; this file only checks what
 * the schema cannot see because the rows collapse into a record (empty or repeated names).
 */
import {
  type FieldError,
  MCP_TIMEOUT_DEFAULT_SEC,
  type McpServerInput,
  parseMcpServerInput,
} from '@elftia/desktop/shared/contracts/mcp-types.ts';
import { SECRET_SET } from '@elftia/desktop/shared/contracts/secrets.ts';
import type { ArgumentRow, FieldKey, FormErrors, FormValidation, KeyValueRow, McpServerFormValues, OAuthClientSubmit } from './types';

export type NewRowId = () => string;

/** Row ids unique within one form instance. */
export function rowIdGenerator(): NewRowId {
  let next = 0;
  return () => `row-${++next}`;
}

export function emptyFormValues(): McpServerFormValues {
  return {
    name: '',
    type: 'stdio',
    command: '',
    args: [],
    env: [],
    watchPaths: [],
    inheritEnv: false,
    url: '',
    headers: [],
    timeoutSec: String(MCP_TIMEOUT_DEFAULT_SEC),
    enabled: true,
    oauthClientId: '',
    oauthClientSecret: '',
  };
}

/** The OAuth client the form asks to store: only for HTTP/SSE, and only when an id was typed. */
export function oauthClientOf(values: McpServerFormValues): OAuthClientSubmit | undefined {
  const clientId = values.oauthClientId.trim();
  if ((values.type !== 'http' && values.type !== 'sse') || clientId === '') return undefined;
  return values.oauthClientSecret ? { clientId, clientSecret: values.oauthClientSecret } : { clientId };
}

function toRows(record: Record<string, string> | undefined, newId: NewRowId): KeyValueRow[] {
  return Object.entries(record ?? {}).map(([key, value]) => (value === SECRET_SET ? { id: newId(), key, value, stored: true } : { id: newId(), key, value }));
}

/** Whether the server came with stored secrets the form shows as SECRET_SET (values, URL parts, arguments). */
export function hasStoredSecrets(values: McpServerFormValues): boolean {
  const lists = [...values.env, ...values.headers].some((row) => row.stored);
  return lists || values.url.includes(SECRET_SET) || values.args.some((row) => row.value.includes(SECRET_SET));
}

/** Prefills the form from a stored server (via toInput). */
export function toFormValues(input: McpServerInput, newId: NewRowId): McpServerFormValues {
  const values = emptyFormValues();
  values.name = input.name;
  values.type = input.type;
  values.timeoutSec = String(input.timeoutSec ?? MCP_TIMEOUT_DEFAULT_SEC);
  values.enabled = input.enabled ?? true;
  if (input.type === 'stdio') {
    values.command = input.command;
    values.args = (input.args ?? []).map((value) => ({ id: newId(), value }));
    values.env = toRows(input.env, newId);
    values.watchPaths = (input.watchPaths ?? []).map((value) => ({ id: newId(), value }));
    values.inheritEnv = input.inheritEnv ?? false;
  } else {
    values.url = input.url;
    values.headers = toRows(input.headers, newId);
  }
  return values;
}

// A row the user added but left blank is not an entry. (An intentionally empty argument is not
// expressible here; the CLI's --arg '' still is.)
const filledValues = (rows: ArgumentRow[]) => rows.filter((row) => row.value.trim() !== '');
const filledPairs = (rows: KeyValueRow[]) => rows.filter((row) => row.key.trim() !== '' || row.value !== '');
const typedPairs = (rows: KeyValueRow[]) => filledPairs(rows).filter((row) => !row.copied);
const copiedRows = (rows: KeyValueRow[]) => filledPairs(rows).filter((row) => row.copied);

function parseTimeout(text: string): number | null {
  // null (not NaN or 0) makes the schema answer "enter a whole number" for an empty box.
  return text.trim() === '' ? null : Number(text);
}

/** What the form would submit: the selected transport's fields only, in the schema's input shape. */
export function toCandidate(values: McpServerFormValues): Record<string, unknown> {
  const common = { name: values.name, type: values.type, timeoutSec: parseTimeout(values.timeoutSec), enabled: values.enabled };
  if (values.type === 'stdio') {
    const copyEnv = copiedRows(values.env).map((row) => row.key.trim());
    return {
      ...common,
      command: values.command,
      args: filledValues(values.args).map((row) => row.value),
      env: Object.fromEntries(typedPairs(values.env).map((row) => [row.key.trim(), row.value])),
      watchPaths: filledValues(values.watchPaths).map((row) => row.value),
      // Absent is off: an update replaces the whole record, so unchecking needs no `false`.
      ...(values.inheritEnv ? { inheritEnv: true } : {}),
      ...(copyEnv.length > 0 ? { copyEnv } : {}),
    };
  }
  return {
    ...common,
    url: values.url,
    headers: Object.fromEntries(filledPairs(values.headers).map((row) => [row.key.trim(), row.value])),
  };
}

const TOP_LEVEL_FIELDS = new Set<string>(['name', 'type', 'command', 'url', 'timeoutSec', 'enabled', 'inheritEnv']);

/**
 * Places the schema's (or the router's) errors on the form: `args.2` (or `watchPaths.2`, `copyEnv.2`)
 * on the third filled row of that list, `env.KEY` / `headers.NAME` on the row with that name, anything
 * else on the form itself.
 * The first error for a place wins.
 */
export function mapFieldErrors(values: McpServerFormValues, fieldErrors: readonly FieldError[]): FormErrors {
  const errors: FormErrors = {};
  for (const fieldError of fieldErrors) {
    const key = placeOf(values, fieldError.field);
    if (errors[key]) continue;
    errors[key] = fieldError.params ? { code: fieldError.code, params: fieldError.params } : { code: fieldError.code };
  }
  return errors;
}

function placeOf(values: McpServerFormValues, field: string): FieldKey {
  const dot = field.indexOf('.');
  const head = dot === -1 ? field : field.slice(0, dot);
  const rest = dot === -1 ? undefined : field.slice(dot + 1);
  if (rest === undefined) return TOP_LEVEL_FIELDS.has(head) ? (head as FieldKey) : 'form';
  if (head === 'args' || head === 'watchPaths') {
    const row = filledValues(values[head])[Number(rest)];
    return row ? `${head}:${row.id}` : 'form';
  }
  if (head === 'copyEnv') {
    const row = copiedRows(values.env)[Number(rest)];
    return row ? `env:${row.id}` : 'form';
  }
  if (head === 'env' || head === 'headers') {
    // Object.fromEntries keeps the last row with a name, so that is the row the value came from.
    const row = (head === 'env' ? typedPairs(values.env) : filledPairs(values.headers)).findLast((r) => r.key.trim() === rest);
    return row ? `${head}:${row.id}` : 'form';
  }
  return 'form';
}

/** Rows the record would silently merge or drop: a value without a name, or a name used twice. */
function checkRows(list: 'env' | 'headers', rows: KeyValueRow[]): FormErrors {
  const errors: FormErrors = {};
  const seen = new Set<string>();
  for (const row of filledPairs(rows)) {
    const key = row.key.trim();
    // Header names are case-insensitive (RFC 9110 §5.1); environment variable names are not on POSIX.
    const identity = list === 'headers' ? key.toLowerCase() : key;
    if (key === '') errors[`${list}:${row.id}`] = { code: 'required' };
    else if (seen.has(identity)) errors[`${list}:${row.id}`] = { code: 'duplicateKey' };
    seen.add(identity);
  }
  return errors;
}

export function validateForm(values: McpServerFormValues): FormValidation {
  const rowErrors = values.type === 'stdio' ? checkRows('env', values.env) : checkRows('headers', values.headers);
  const parsed = parseMcpServerInput(toCandidate(values));
  if (parsed.ok && Object.keys(rowErrors).length === 0) return { ok: true, value: parsed.value };
  const schemaErrors = parsed.ok ? {} : mapFieldErrors(values, parsed.errors);
  return { ok: false, errors: { ...schemaErrors, ...rowErrors } };
}
