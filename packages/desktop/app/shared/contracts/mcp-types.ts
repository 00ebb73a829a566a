/**
 * The MCP server contract shared by the main process, the renderer and the CLI.
 *
 * One set of zod schemas validates everywhere: inline in McpServerForm (translated), and
 * authoritatively in McpRouter and the CLI. Every message is an error code (see
 * locales/<lng>/common/errors.json, `validation.*`), never English text, so each side can
 * translate it.
 *
 * Runtime-neutral: imports only zod.
 */
import { z } from 'zod';
import {
  ARG_MAX_LENGTH,
  ARGS_MAX_COUNT,
  ARGS_MAX_TOTAL_LENGTH,
  boundedRecord,
  COMMAND_MAX_LENGTH,
  ENV_KEY_MAX_LENGTH,
  ENV_MAX_ENTRIES,
  ENV_MAX_TOTAL_LENGTH,
  ENV_VALUE_MAX_LENGTH,
  HEADER_NAME_MAX_LENGTH,
  HEADER_VALUE_MAX_LENGTH,
  HEADERS_MAX_ENTRIES,
  HEADERS_MAX_TOTAL_LENGTH,
  ID_MAX_LENGTH,
  IMAGE_ATTACHMENT_MAX_BYTES,
  NAME_MAX_LENGTH,
  maxTotalLength,
  PATH_MAX_LENGTH,
  SERVER_TOOL_SWITCHES_MAX_COUNT,
  URL_MAX_LENGTH,
  WATCH_PATHS_MAX_COUNT,
} from './limits';
import { nameSchema } from './names';
import { MCP_SERVER_LOG_LEVELS } from './mcp-connection';
import { secretRefsOf } from './secret-refs';

export const MCP_SERVER_TRANSPORTS = ['stdio', 'sse', 'http', 'websocket'] as const;
export type McpServerTransport = (typeof MCP_SERVER_TRANSPORTS)[number];

/** Per-server request timeout, in seconds. */
export const MCP_TIMEOUT_MIN_SEC = 1;
export const MCP_TIMEOUT_MAX_SEC = 3600;
export const MCP_TIMEOUT_DEFAULT_SEC = 60;
export const MCP_NAME_MAX_LENGTH = NAME_MAX_LENGTH;

/** Validation error codes; `validation.<code>` in locales/<lng>/common/errors.json. */
export type ValidationCode =
  | 'required'
  | 'tooLong'
  | 'tooMany'
  | 'tooLarge'
  | 'invalidCharacters'
  | 'duplicate'
  | 'confusable'
  | 'invalidHttpUrl'
  | 'invalidWsUrl'
  | 'timeoutRange'
  | 'integer'
  | 'invalidEnvKey'
  | 'invalidHeaderName'
  | 'invalidHeaderValue'
  /** A NUL in a command, argument, variable or path: exec cannot pass one (the string ends there). */
  | 'nulCharacter'
  /** A control character other than tab and line breaks in longer text (a system prompt). */
  | 'controlCharacters'
  /** An API key with a space, line break or any character outside printable ASCII (a paste went wrong). */
  | 'invalidApiKey'
  /** A provider address holding a secret (a password, `?api_key=`): the key belongs in its own, sealed field. */
  | 'secretInUrl'
  | 'unknownField'
  | 'invalidType'
  | 'invalidTransport'
  | 'absolutePath'
  | 'folderNotFound'
  | 'invalid'
  // A tool call's arguments against the tool's inputSchema (INVALID_ARGUMENTS).
  | 'wrongType'
  | 'outOfRange'
  | 'tooShort'
  | 'tooFewItems'
  | 'tooManyItems'
  | 'notAllowed'
  | 'wrongFormat'
  | 'patternMismatch'
  /** `••••` (SECRET_SET) stands here for a stored secret that cannot be kept: nothing is stored under it, or the rest changed. */
  | 'secretNotKept'
  /** A stored secret kept while the address it goes to changed: it must be entered again. */
  | 'reenterForNewAddress'
  /** A variable to copy from the app's environment (`copyEnv`) that is not set there. */
  | 'envNotSet'
  /** A `${…}` placeholder that is neither `${env:NAME}` nor `${input:id}` (secret-refs.ts), e.g. `${foo:x}`, `${env:}`. */
  | 'invalidSecretRef'
  /** A provider's default model that is not one of its models. */
  | 'notInModels'
  // Files attached to a chat message (attachments.ts).
  | 'unsupportedImageType'
  | 'notBase64'
  /** The bytes of an attached image are not an image of a type Elftia sends. */
  | 'notAnImage'
  /** A text file holding NUL bytes: a binary file sent as text. */
  | 'notText'
  | 'fileTooLarge'
  | 'textFileTooLong'
  | 'tooManyFiles'
  | 'attachmentsTooLarge'
  // Importing another app's config (mcp-import.ts).
  /** The text is not valid JSON: `params.line` and `params.column` (1-based) say where. */
  | 'jsonSyntax'
  /** Two fields that exclude each other (`command` and `url`): `params.other` is the second. */
  | 'conflictingFields'
  /** `${input:id}` with no `inputs` entry of that id in the file: `params.id`. */
  | 'undeclaredInput'
  /** A `${…}` placeholder that is not `${env:NAME}` or `${input:id}`: `params.text`. */
  | 'unknownReference'
  /** Neither `mcpServers`, `servers`, `mcp.servers` nor a command line: nothing to import. */
  | 'noServers';

/** One field's error: `field` is a dotted path such as `url` or `env.MY KEY`. */
export interface FieldError {
  field: string;
  code: ValidationCode;
  params?: Record<string, string | number>;
  /**
   * The JSON Schema validator's own words, for a tool call's arguments (INVALID_ARGUMENTS): what the
   * model and the logs read. Users see `code` translated.
   */
  reason?: string;
}

const ENV_KEY = /^[A-Za-z_][A-Za-z0-9_]*$/;
// RFC 9110 §5.6.2 token.
const HEADER_NAME = /^[!#$%&'*+\-.^_`|~0-9A-Za-z]+$/;
// RFC 9110 §5.5: no CR, LF or NUL in a field value; and fetch sends a value as bytes, refusing any
// character above U+00FF (a "ByteString"), so such a value would fail every request. The one
// exception is U+2022 of SECRET_SET (`••••`, secrets.ts), which stands for the stored value.
const HEADER_VALUE = /^[^\r\n\0\u0100-\u2021\u2023-\uffff]*$/;
const NO_NUL = /^[^\0]*$/;
/** No `${kind:…}` placeholder but `${env:NAME}` and `${input:id}`: a typo must fail the save, not the start. */
const onlyKnownRefs = (value: string) => secretRefsOf(value).unknown.length === 0;

/** True for an absolute URL with one of `protocols` (e.g. `['http:', 'https:']`) and a host. */
export function hasProtocol(value: string, protocols: readonly string[]): boolean {
  try {
    const url = new URL(value);
    return protocols.includes(url.protocol) && url.hostname.length > 0;
  } catch {
    return false;
  }
}

/** An absolute path on any platform: POSIX `/x`, Windows `C:\\x` or `C:/x`, UNC `\\\\host\\share`. Runtime-neutral, no node:path. */
export function isAbsolutePath(value: string): boolean {
  return value.startsWith('/') || /^[A-Za-z]:[\\/]/.test(value) || value.startsWith('\\\\');
}

function isMissing(input: unknown): boolean {
  if (input === undefined || input === null) return true;
  return typeof input === 'object' && (input as { type?: unknown }).type === undefined;
}

/** An id the app handed out (a UUID, `builtin:files`). */
export const idString = z.string().min(1).max(ID_MAX_LENGTH, { error: 'tooLong' });

const name = nameSchema(MCP_NAME_MAX_LENGTH);

const timeoutSec = z
  .number({ error: 'integer' })
  .int({ error: 'integer' })
  .min(MCP_TIMEOUT_MIN_SEC, { error: 'timeoutRange' })
  .max(MCP_TIMEOUT_MAX_SEC, { error: 'timeoutRange' })
  .default(MCP_TIMEOUT_DEFAULT_SEC);

const enabled = z.boolean({ error: 'invalidType' }).default(true);

const envKey = z.string({ error: 'invalidType' }).max(ENV_KEY_MAX_LENGTH, { error: 'tooLong' }).regex(ENV_KEY, { error: 'invalidEnvKey' });

const env = boundedRecord(
  envKey,
  z.string({ error: 'invalidType' }).max(ENV_VALUE_MAX_LENGTH, { error: 'tooLong' }).regex(NO_NUL, { error: 'nulCharacter' }).refine(onlyKnownRefs, { error: 'invalidSecretRef' }),
  ENV_MAX_ENTRIES,
)
  .check(maxTotalLength(ENV_MAX_TOTAL_LENGTH))
  .default({});

const headers = boundedRecord(
  z.string().max(HEADER_NAME_MAX_LENGTH, { error: 'tooLong' }).regex(HEADER_NAME, { error: 'invalidHeaderName' }),
  z.string({ error: 'invalidType' }).max(HEADER_VALUE_MAX_LENGTH, { error: 'tooLong' }).regex(HEADER_VALUE, { error: 'invalidHeaderValue' }).refine(onlyKnownRefs, { error: 'invalidSecretRef' }),
  HEADERS_MAX_ENTRIES,
)
  .check(maxTotalLength(HEADERS_MAX_TOTAL_LENGTH))
  .default({});

const httpUrl = z
  .string({ error: 'required' })
  .trim()
  .min(1, { error: 'required' })
  .max(URL_MAX_LENGTH, { error: 'tooLong' })
  .refine((v) => hasProtocol(v, ['http:', 'https:']), { error: 'invalidHttpUrl' });

const wsUrl = z
  .string({ error: 'required' })
  .trim()
  .min(1, { error: 'required' })
  .max(URL_MAX_LENGTH, { error: 'tooLong' })
  .refine((v) => hasProtocol(v, ['ws:', 'wss:']), { error: 'invalidWsUrl' });

/**
 * Tool names as the server names them, for the per-tool switches. Absent means "as stored": a
 * form that does not show the switches keeps them on save (McpServerConfigService.update); a new
 * server starts with none. Duplicates collapse.
 */
const toolNames = z
  .array(z.string({ error: 'invalidType' }).min(1, { error: 'required' }).max(ID_MAX_LENGTH, { error: 'tooLong' }).regex(NO_NUL, { error: 'nulCharacter' }))
  .max(SERVER_TOOL_SWITCHES_MAX_COUNT, { error: 'tooMany' })
  .transform((names) => [...new Set(names)])
  .optional();

const common = {
  name,
  timeoutSec,
  enabled,
  /** Tools hidden from the model, from use_mcp_tool and from search_tools. */
  disabledTools: toolNames,
  /** Tools called without asking, like a stored "always allow" answer. */
  alwaysAllow: toolNames,
};

export const mcpStdioInputSchema = z.strictObject({
  ...common,
  type: z.literal('stdio'),
  command: z.string({ error: 'required' }).trim().min(1, { error: 'required' }).max(COMMAND_MAX_LENGTH, { error: 'tooLong' }).regex(NO_NUL, { error: 'nulCharacter' }),
  args: z
    .array(z.string({ error: 'invalidType' }).max(ARG_MAX_LENGTH, { error: 'tooLong' }).regex(NO_NUL, { error: 'nulCharacter' }))
    .max(ARGS_MAX_COUNT, { error: 'tooMany' })
    .check(maxTotalLength(ARGS_MAX_TOTAL_LENGTH))
    .default([]),
  env,
  /**
   * Files or folders whose change restarts the server, for servers under
   * development. `node path/to/server.js` watches that file without being told.
   */
  watchPaths: z
    .array(z.string({ error: 'invalidType' }).trim().min(1, { error: 'required' }).max(PATH_MAX_LENGTH, { error: 'tooLong' }).regex(NO_NUL, { error: 'nulCharacter' }))
    .max(WATCH_PATHS_MAX_COUNT, { error: 'tooMany' })
    .default([]),
  /**
   * Start the server with the app's whole environment (API keys included) instead of the allowlist
   * every other server gets. Off (absent) unless the user turns it on for this server.
   */
  inheritEnv: z.boolean({ error: 'invalidType' }).optional(),
  /**
   * Names of variables of the app's environment whose values main copies into `env` when saving, so
   * the form never holds them; `envNotSet` names one that is not set. Not stored as such.
   */
  copyEnv: z.array(envKey).max(ENV_MAX_ENTRIES, { error: 'tooMany' }).optional(),
});

const remote = <T extends 'sse' | 'http'>(type: T) =>
  z.strictObject({ ...common, type: z.literal(type), url: httpUrl, headers });

export const mcpSseInputSchema = remote('sse');
export const mcpHttpInputSchema = remote('http');
export const mcpWebSocketInputSchema = z.strictObject({
  ...common,
  type: z.literal('websocket'),
  url: wsUrl,
  headers,
});

/** What a user submits to add or replace a server (the form, the CLI, an import). */
export const mcpServerInputSchema = z.discriminatedUnion(
  'type',
  [mcpStdioInputSchema, mcpSseInputSchema, mcpHttpInputSchema, mcpWebSocketInputSchema],
  { error: (issue) => (isMissing(issue.input) ? 'required' : 'invalidTransport') },
);
export type McpServerInput = z.input<typeof mcpServerInputSchema>;
export type McpServerInputParsed = z.output<typeof mcpServerInputSchema>;

export const mcpServerIdSchema = z.strictObject({ id: idString });
export const mcpServerUpdateSchema = z.strictObject({ id: idString, server: z.unknown() });
export const mcpServerSetEnabledSchema = z.strictObject({ id: idString, enabled: z.boolean() });
const toolName = z.string().min(1).max(ID_MAX_LENGTH, { error: 'tooLong' });
export const mcpSetToolEnabledSchema = z.strictObject({ id: idString, tool: toolName, enabled: z.boolean() });
export const mcpSetToolAlwaysAllowSchema = z.strictObject({ id: idString, tool: toolName, alwaysAllow: z.boolean() });
export const mcpSetLogLevelSchema = z.strictObject({ id: idString, level: z.enum(MCP_SERVER_LOG_LEVELS) });

/**
 * A value the server gets from an LLM provider's API key at the moment it starts (a preset that
 * borrows the key), instead of a copy: `prefix` + the key, e.g. `Bearer ` for a header. `link` is the
 * preset's LinkedProviderId; the provider must still match it when the server starts.
 */
export interface ProviderKeyRef {
  providerId: string;
  link?: string;
  prefix?: string;
}

/** Connection details; which fields are set depends on the transport. */
export interface McpServerConfig {
  command?: string;
  args?: string[];
  env?: Record<string, string>;
  watchPaths?: string[];
  /** Stdio: the server gets the app's whole environment, not the allowlist. */
  inheritEnv?: boolean;
  /** Stdio: the folder it starts in (a project file's `cwd`, relative ones resolved against the workspace); default the app's. */
  cwd?: string;
  url?: string;
  headers?: Record<string, string>;
  /** Env variables (stdio) or headers (remote) whose value is a provider's key, resolved at start. */
  keyRefs?: { env?: Record<string, ProviderKeyRef>; headers?: Record<string, ProviderKeyRef> };
}

export interface McpServerRecord {
  id: string;
  name: string;
  type: McpServerTransport;
  config: McpServerConfig;
  timeoutSec: number;
  enabled: boolean;
  /** Tool names (as the server names them) hidden from the model, use_mcp_tool and search_tools. */
  disabledTools: string[];
  /** Tool names called without asking for approval. */
  alwaysAllow: string[];
  /**
   * Its sealed env or header values cannot be opened (the data dir's key is missing or another, or
   * `elftia secrets reset` cleared them): `env`/`headers` are empty and the server does not start
   * until they are entered again.
   */
  secretsUnreadable?: true;
  /** ISO 8601. */
  createdAt: string;
  updatedAt: string;
}

export type McpServerStatus = 'disabled' | 'disconnected' | 'connecting' | 'connected' | 'error';

/**
 * Where a variable a stdio server gets comes from: its own config, the package mirrors of the
 * settings, the app's environment (allowlisted, or all of it with `inheritEnv`), or Elftia itself.
 */
export type McpServerEnvSource = 'server' | 'settings' | 'app' | 'elftia';

/** The variables a stdio server is started with: names only, never values. */
export interface McpServerEnvironment {
  inheritEnv: boolean;
  names: { name: string; source: McpServerEnvSource }[];
}

export type McpServerRecordFields = Pick<McpServerRecord, 'name' | 'type' | 'config' | 'timeoutSec' | 'enabled' | 'disabledTools' | 'alwaysAllow'>;

/**
 * Splits a parsed input into the stored record's shape. Absent tool switches become `[]`; an update
 * that must keep the stored ones checks the input itself (McpServerConfigService.update).
 */
export function toRecordFields(input: McpServerInputParsed): McpServerRecordFields {
  const { name: n, type, timeoutSec: t, enabled: e } = input;
  const switches = { disabledTools: input.disabledTools ?? [], alwaysAllow: input.alwaysAllow ?? [] };
  const config: McpServerConfig =
    input.type === 'stdio'
      ? { command: input.command, args: input.args, env: input.env, watchPaths: input.watchPaths, inheritEnv: input.inheritEnv ?? false }
      : { url: input.url, headers: input.headers };
  return { name: n, type, config, timeoutSec: t, enabled: e, ...switches };
}

/** The inverse of toRecordFields: the form and the CLI edit a record through its input shape. */
export function toInput(record: McpServerRecord): McpServerInput {
  const { name: n, timeoutSec: t, enabled: e, config } = record;
  const switches = {
    ...(record.disabledTools.length > 0 ? { disabledTools: [...record.disabledTools] } : {}),
    ...(record.alwaysAllow.length > 0 ? { alwaysAllow: [...record.alwaysAllow] } : {}),
  };
  if (record.type === 'stdio') {
    return {
      name: n, timeoutSec: t, enabled: e, ...switches, type: 'stdio',
      command: config.command ?? '', args: config.args ?? [], env: config.env ?? {}, watchPaths: config.watchPaths ?? [],
      ...(config.inheritEnv ? { inheritEnv: true } : {}),
    };
  }
  return { name: n, timeoutSec: t, enabled: e, ...switches, type: record.type, url: config.url ?? '', headers: config.headers ?? {} };
}

const KNOWN_CODES = new Set<string>([
  'required', 'tooLong', 'tooMany', 'tooLarge', 'invalidCharacters', 'duplicate', 'confusable', 'invalidHttpUrl', 'invalidWsUrl', 'timeoutRange', 'integer',
  'invalidEnvKey', 'invalidHeaderName', 'invalidHeaderValue', 'nulCharacter', 'controlCharacters', 'invalidApiKey', 'secretInUrl', 'unknownField', 'invalidType', 'invalidTransport', 'absolutePath', 'folderNotFound', 'envNotSet', 'invalidSecretRef', 'invalid',
  'notInModels', 'unsupportedImageType', 'notBase64', 'notAnImage', 'notText', 'fileTooLarge', 'textFileTooLong', 'tooManyFiles', 'attachmentsTooLarge',
  'jsonSyntax', 'conflictingFields', 'undeclaredInput', 'unknownReference', 'noServers',
]);

/** Codes whose message names a limit (`params.max`). */
const LIMIT_CODES = new Set<string>(['tooLong', 'tooMany', 'tooLarge', 'textFileTooLong', 'tooManyFiles', 'attachmentsTooLarge']);

/** The limit a size issue names: zod's `maximum`, or the `params.max` of a refinement (boundedRecord, totals). */
function limitOf(issue: z.core.$ZodIssue): number | undefined {
  if (issue.code === 'too_big') return Number(issue.maximum);
  const max = issue.code === 'custom' ? (issue.params as { max?: unknown } | undefined)?.max : undefined;
  return typeof max === 'number' ? max : undefined;
}

/** Maps zod issues to field errors with translatable codes; one error per field, first wins. */
export function toFieldErrors(error: z.ZodError): FieldError[] {
  const out = new Map<string, FieldError>();
  for (const issue of error.issues) {
    const base = issue.path.map(String).join('.');
    if (issue.code === 'unrecognized_keys') {
      for (const key of issue.keys) {
        const field = base ? `${base}.${key}` : key;
        if (!out.has(field)) out.set(field, { field, code: 'unknownField' });
      }
      continue;
    }
    // A bad record key reports on the key itself: `env.1BAD`.
    const field = base || 'type';
    if (out.has(field)) continue;
    // A bad record key (`env.1BAD`) nests the key schema's own issue.
    const source = issue.code === 'invalid_key' ? (issue.issues[0] ?? issue) : issue;
    const code = KNOWN_CODES.has(source.message) ? (source.message as ValidationCode) : 'invalid';
    const params: Record<string, string | number> = {};
    const limit = limitOf(source);
    if (LIMIT_CODES.has(code) && limit !== undefined) params.max = limit;
    if (code === 'timeoutRange') Object.assign(params, { min: MCP_TIMEOUT_MIN_SEC, max: MCP_TIMEOUT_MAX_SEC });
    // The schema bounds the base64 text; the user's limit is the image's bytes.
    if (code === 'fileTooLarge') params.max = IMAGE_ATTACHMENT_MAX_BYTES;
    out.set(field, params.max !== undefined ? { field, code, params } : { field, code });
  }
  return [...out.values()];
}

export type ParseResult<T> = { ok: true; value: T } | { ok: false; errors: FieldError[] };

export function parseMcpServerInput(raw: unknown): ParseResult<McpServerInputParsed> {
  const result = mcpServerInputSchema.safeParse(raw);
  return result.success ? { ok: true, value: result.data } : { ok: false, errors: toFieldErrors(result.error) };
}
