/**
 * The project file `<workspace>/.elftia/mcp.json`, parsed strictly: the common `mcpServers` shape plus
 * Elftia's fields (type, url, headers, timeout, disabled, disabledTools, alwaysAllow, watchPaths, cwd)
 * and VS Code's `inputs`. The first problem found is reported with the file, line, column, entry and
 * field; a file with a problem yields no servers at all (nothing half-applied).
 */
import path from 'node:path';
import { type McpServerInputParsed, type McpServerTransport, parseMcpServerInput } from '../../shared/contracts/mcp-types';
import { nameKey, sameSpelling } from '../../shared/contracts/names';
import { secretRefsOf } from '../../shared/contracts/secret-refs';
import type { ProjectFileProblem, ProjectFileProblemCode } from '../../shared/contracts/workspace';
import { keyLocations, offsetOf, positionAt, syntaxErrorOffset } from './jsonLocations';

/** One server of the project file, checked and in the shape the form and the store use. */
export interface ProjectServerEntry {
  name: string;
  input: McpServerInputParsed;
  /** Stdio: the folder it starts in, resolved against the workspace. */
  cwd?: string;
  disabledTools: string[];
  alwaysAllow: string[];
}

export interface ProjectInput {
  id: string;
  description?: string;
  password?: boolean;
}

export type ProjectFileParse = { ok: true; servers: ProjectServerEntry[]; inputs: ProjectInput[] } | { ok: false; problem: ProjectFileProblem };

const TYPE_ALIASES: Readonly<Record<string, McpServerTransport>> = {
  stdio: 'stdio',
  sse: 'sse',
  http: 'http',
  'streamable-http': 'http',
  streamableHttp: 'http',
  websocket: 'websocket',
  ws: 'websocket',
};

const ENTRY_FIELDS = new Set(['command', 'args', 'env', 'cwd', 'type', 'url', 'headers', 'timeout', 'disabled', 'disabledTools', 'alwaysAllow', 'watchPaths']);
const TOP_FIELDS = new Set(['mcpServers', 'inputs', '$schema']);
/** The input schema's field → the project file's. */
const FILE_FIELD: Readonly<Record<string, string>> = { timeoutSec: 'timeout', enabled: 'disabled' };

class Problem extends Error {
  constructor(
    readonly code: ProjectFileProblemCode,
    readonly where: { entry?: string; field?: string; offset?: number },
    readonly params: Record<string, string | number> = {},
  ) {
    super(code);
  }
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function stringList(value: unknown, entry: string, field: string): string[] {
  if (value === undefined) return [];
  if (!Array.isArray(value) || value.some((item) => typeof item !== 'string')) throw new Problem('invalid', { entry, field }, { validation: 'invalidType' });
  return value as string[];
}

function parseInputs(value: unknown): ProjectInput[] {
  if (value === undefined) return [];
  if (!Array.isArray(value)) throw new Problem('invalid', { field: 'inputs' }, { validation: 'invalidType' });
  return value.map((item, index) => {
    if (!isObject(item) || typeof item.id !== 'string' || item.id === '') throw new Problem('invalid', { field: `inputs.${index}.id` }, { validation: 'required' });
    return {
      id: item.id,
      ...(typeof item.description === 'string' ? { description: item.description } : {}),
      ...(item.password === true ? { password: true } : {}),
    };
  });
}

function transportOf(name: string, raw: Record<string, unknown>): McpServerTransport {
  const hasCommand = raw.command !== undefined;
  const hasUrl = raw.url !== undefined;
  if (hasCommand && hasUrl) throw new Problem('commandAndUrl', { entry: name, field: 'url' });
  if (raw.type !== undefined) {
    const type = typeof raw.type === 'string' ? TYPE_ALIASES[raw.type] : undefined;
    if (!type) throw new Problem('unknownTransport', { entry: name, field: 'type' }, { transport: typeof raw.type === 'string' ? raw.type : JSON.stringify(raw.type) });
    if (type === 'stdio' ? !hasCommand : !hasUrl) throw new Problem('noCommandOrUrl', { entry: name, field: type === 'stdio' ? 'command' : 'url' });
    return type;
  }
  if (hasCommand) return 'stdio';
  if (!hasUrl) throw new Problem('noCommandOrUrl', { entry: name, field: 'command' });
  // A bare URL: WebSocket by its scheme, else Streamable HTTP (what current clients try first).
  return typeof raw.url === 'string' && /^wss?:/i.test(raw.url) ? 'websocket' : 'http';
}

/** `${input:id}` must name one of `inputs`; `${…}` of an unknown kind is refused. */
function checkRefs(name: string, field: string, value: string, inputIds: ReadonlySet<string>): void {
  const { refs, unknown } = secretRefsOf(value);
  const bad = unknown[0];
  if (bad) throw new Problem('unknownReference', { entry: name, field }, { ref: bad.text });
  for (const ref of refs) if (ref.kind === 'input' && !inputIds.has(ref.name)) throw new Problem('unknownInput', { entry: name, field }, { ref: ref.text });
}

function parseEntry(name: string, raw: unknown, workspace: string, inputIds: ReadonlySet<string>): ProjectServerEntry {
  if (!isObject(raw)) throw new Problem('invalid', { entry: name }, { validation: 'invalidType' });
  const unknownField = Object.keys(raw).find((key) => !ENTRY_FIELDS.has(key));
  if (unknownField !== undefined) throw new Problem('invalid', { entry: name, field: unknownField }, { validation: 'unknownField' });
  const type = transportOf(name, raw);
  if (raw.disabled !== undefined && typeof raw.disabled !== 'boolean') throw new Problem('invalid', { entry: name, field: 'disabled' }, { validation: 'invalidType' });
  if (raw.cwd !== undefined && (typeof raw.cwd !== 'string' || raw.cwd.trim() === '' || type !== 'stdio')) throw new Problem('invalid', { entry: name, field: 'cwd' }, { validation: 'invalidType' });
  const common = {
    name,
    type,
    enabled: raw.disabled !== true,
    ...(raw.timeout !== undefined ? { timeoutSec: raw.timeout } : {}),
    disabledTools: stringList(raw.disabledTools, name, 'disabledTools'),
    alwaysAllow: stringList(raw.alwaysAllow, name, 'alwaysAllow'),
  };
  const candidate =
    type === 'stdio'
      ? { ...common, command: raw.command, args: raw.args ?? [], env: raw.env ?? {}, watchPaths: raw.watchPaths ?? [] }
      : { ...common, url: raw.url, headers: raw.headers ?? {} };
  if (type !== 'stdio') for (const field of ['args', 'env', 'watchPaths']) if (raw[field] !== undefined) throw new Problem('invalid', { entry: name, field }, { validation: 'unknownField' });
  if (type === 'stdio' && raw.headers !== undefined) throw new Problem('invalid', { entry: name, field: 'headers' }, { validation: 'unknownField' });
  const parsed = parseMcpServerInput(candidate);
  if (!parsed.ok) {
    const first = parsed.errors[0];
    const field = first ? first.field.split('.').map((part, index) => (index === 0 ? (FILE_FIELD[part] ?? part) : part)).join('.') : undefined;
    throw new Problem('invalid', { entry: name, ...(field ? { field } : {}) }, { validation: first?.code ?? 'invalid' });
  }
  const input = parsed.value;
  if (input.type === 'stdio') {
    input.args.forEach((arg, index) => checkRefs(name, `args.${index}`, arg, inputIds));
    for (const [key, value] of Object.entries(input.env)) checkRefs(name, `env.${key}`, value, inputIds);
  } else for (const [key, value] of Object.entries(input.headers)) checkRefs(name, `headers.${key}`, value, inputIds);
  return {
    name,
    input,
    ...(typeof raw.cwd === 'string' ? { cwd: path.resolve(workspace, raw.cwd) } : {}),
    disabledTools: input.disabledTools ?? [],
    alwaysAllow: input.alwaysAllow ?? [],
  };
}

function parseDocument(text: string, workspace: string): { servers: ProjectServerEntry[]; inputs: ProjectInput[] } {
  let document: unknown;
  try {
    document = JSON.parse(text);
  } catch (error) {
    throw new Problem('syntax', { offset: syntaxErrorOffset(text, error) }, { detail: error instanceof Error ? error.message : String(error) });
  }
  if (!isObject(document) || !isObject(document.mcpServers)) throw new Problem('invalid', { field: 'mcpServers' }, { validation: 'required' });
  const unknownTop = Object.keys(document).find((key) => !TOP_FIELDS.has(key));
  if (unknownTop !== undefined) throw new Problem('invalid', { field: unknownTop }, { validation: 'unknownField' });
  // JSON.parse keeps the last of two equal keys: the text is read for them.
  const seen: string[] = [];
  for (const location of keyLocations(text)) {
    if (location.path.length !== 2 || location.path[0] !== 'mcpServers') continue;
    const name = location.path[1] as string;
    const other = seen.find((earlier) => nameKey(earlier) === nameKey(name));
    if (other !== undefined) throw new Problem('duplicateName', { entry: name, offset: location.offset }, { other, kind: sameSpelling(other, name) && other === name ? 'same' : 'lookAlike' });
    seen.push(name);
  }
  const inputs = parseInputs(document.inputs);
  const inputIds = new Set(inputs.map((input) => input.id));
  const servers = Object.entries(document.mcpServers).map(([name, raw]) => parseEntry(name, raw, workspace, inputIds));
  return { servers, inputs };
}

export function parseProjectFile(text: string, where: { file: string; workspace: string }): ProjectFileParse {
  try {
    return { ok: true, ...parseDocument(text, where.workspace) };
  } catch (error) {
    if (!(error instanceof Problem)) throw error;
    const { entry, field } = error.where;
    const keyPath = ['mcpServers', ...(entry !== undefined ? [entry] : []), ...(field !== undefined ? field.split('.') : [])];
    const offset = error.where.offset ?? (error.code === 'syntax' ? undefined : safeOffset(text, entry === undefined && field !== undefined ? field.split('.') : keyPath));
    const position = offset !== undefined ? positionAt(text, offset) : undefined;
    const problem: ProjectFileProblem = {
      code: error.code,
      file: where.file,
      ...position,
      ...(entry !== undefined ? { entry } : {}),
      ...(field !== undefined ? { field } : {}),
      ...(Object.keys(error.params).length > 0 ? { params: error.params } : {}),
    };
    return { ok: false, problem };
  }
}

function safeOffset(text: string, keyPath: string[]): number | undefined {
  try {
    return offsetOf(keyLocations(text), keyPath);
  } catch {
    return undefined;
  }
}
