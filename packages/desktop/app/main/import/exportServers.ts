/**
 * Servers → config text another app (or another Elftia) can read: the common `mcpServers` shape, or
 * Elftia's (`elftia`: the same plus type, timeout, disabled, watchPaths, inheritEnv, disabledTools,
 * alwaysAllow). Secrets stay
 * home unless asked for: an env or header value whose name looks secret (SECRET_NAME), whose value
 * has a token's shape, or that a provider lends (keyRefs) becomes `${input:<server>-<name>}` with a
 * matching VS Code `inputs` entry, so the text can be shared and the value entered on import.
 */
import type { ExportDialect, ImportInput } from '../../shared/contracts/mcp-import';
import { MCP_TIMEOUT_DEFAULT_SEC, type McpServerRecord } from '../../shared/contracts/mcp-types';
import { secretRefsOf } from '../../shared/contracts/secret-refs';
import { isSecretName, maskArgs, maskUrl, SECRET_SET, TOKEN_PATTERNS } from '../../shared/contracts/secrets';

export interface ExportRequest {
  dialect?: ExportDialect;
  includeSecrets?: boolean;
}

interface PromptInput extends ImportInput {
  type: 'promptString';
}

export function exportServers(records: readonly McpServerRecord[], request: ExportRequest = {}): string {
  const dialect = request.dialect ?? 'mcpServers';
  const inputs = new Map<string, PromptInput>();
  const declare = (id: string, description: string) => {
    if (!inputs.has(id)) inputs.set(id, { type: 'promptString', id, description, password: true });
    return `\${input:${id}}`;
  };
  const servers: Record<string, Record<string, unknown>> = {};
  for (const record of records) servers[record.name] = entryOf(record, dialect, request.includeSecrets === true, declare);
  const out: Record<string, unknown> = { mcpServers: servers };
  if (inputs.size > 0) out.inputs = [...inputs.values()];
  return `${JSON.stringify(out, null, 2)}\n`;
}

type Declare = (id: string, description: string) => string;

function entryOf(record: McpServerRecord, dialect: ExportDialect, includeSecrets: boolean, declare: Declare): Record<string, unknown> {
  const { config } = record;
  const entry: Record<string, unknown> = {};
  const secretValues = (group: 'env' | 'headers', values: Record<string, string> | undefined) => {
    const out: Record<string, string> = {};
    for (const [name, value] of Object.entries(values ?? {})) {
      keepDeclared(value, declare);
      out[name] = includeSecrets || !looksSecret(name, value) ? value : declare(inputId(record.name, name), `${record.name}: ${name}`);
    }
    // A key a provider lends is not the server's to export: it is asked for on import.
    for (const name of Object.keys(config.keyRefs?.[group] ?? {})) out[name] = declare(inputId(record.name, name), `${record.name}: ${name}`);
    return out;
  };
  if (record.type === 'stdio') {
    if (dialect === 'elftia') entry.type = 'stdio';
    entry.command = config.command ?? '';
    const args = config.args ?? [];
    entry.args = includeSecrets ? args : withInputs(args, maskArgs(args), (n) => declare(inputId(record.name, `arg-${n}`), `${record.name}: argument ${n}`));
    const env = secretValues('env', config.env);
    if (Object.keys(env).length > 0) entry.env = env;
    if (dialect === 'elftia' && (config.watchPaths?.length ?? 0) > 0) entry.watchPaths = config.watchPaths;
    if (dialect === 'elftia' && config.inheritEnv) entry.inheritEnv = true;
  } else {
    entry.type = record.type;
    const url = config.url ?? '';
    entry.url = includeSecrets ? url : (withInputs([url], [maskUrl(url)], () => declare(inputId(record.name, 'url'), `${record.name}: URL`))[0] ?? url);
    const headers = secretValues('headers', config.headers);
    if (Object.keys(headers).length > 0) entry.headers = headers;
  }
  if (dialect === 'elftia') {
    if (record.timeoutSec !== MCP_TIMEOUT_DEFAULT_SEC) entry.timeout = record.timeoutSec;
    if (!record.enabled) entry.disabled = true;
    // Cline and Roo's names for the per-tool switches, which Elftia's project file uses too.
    if (record.disabledTools.length > 0) entry.disabledTools = record.disabledTools;
    if (record.alwaysAllow.length > 0) entry.alwaysAllow = record.alwaysAllow;
  }
  return entry;
}

/** Secret parts of arguments and URLs (masked as SECRET_SET by maskArgs/maskUrl) become references. */
function withInputs(original: string[], masked: string[], reference: (n: number) => string): string[] {
  return masked.map((value, n) => (value === original[n] ? value : value.split(SECRET_SET).join(reference(n + 1))));
}

function looksSecret(name: string, value: string): boolean {
  if (secretRefsOf(value).refs.length > 0 && value.replace(/\$\{[A-Za-z]+:[^}\s]*\}/g, '').trim().length <= 'Bearer'.length) return false;
  return isSecretName(name) || TOKEN_PATTERNS.some((pattern) => new RegExp(pattern.source).test(value));
}

/** A `${input:id}` already in a value must be declared in the export too, or importing it fails. */
function keepDeclared(value: string, declare: Declare): void {
  for (const ref of secretRefsOf(value).refs) if (ref.kind === 'input') declare(ref.name, ref.name);
}

/** `<server>-<name>` in the characters an input id may hold (shared/contracts/secret-refs.ts), at most 64. */
export function inputId(server: string, name: string): string {
  const slug = (text: string) => text.replace(/[^A-Za-z0-9_.-]+/g, '-').replace(/^-+|-+$/g, '') || 'x';
  return `${slug(server)}-${slug(name)}`.slice(0, 64);
}
