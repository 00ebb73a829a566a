/**
 * Which app's shape a parsed config has, and where its servers and inputs are:
 *   - Claude Desktop, Cursor, Windsurf, Elftia's export: `{ "mcpServers": { name: {…} } }`
 *   - Cline and Roo: the same, with `alwaysAllow`, `disabledTools`, `transportType`…
 *   - VS Code mcp.json: `{ "servers": { name: {…} }, "inputs": [ … ] }`
 *   - VS Code settings.json: `{ "mcp": { "servers": {…}, "inputs": [ … ] } }`
 *   - a bare `{ name: { command … } }` pasted without its wrapper.
 */
import type { ImportDialect, ImportInput, ImportProblem } from '../../shared/contracts/mcp-import';
import { isPlainObject } from '../lib/isPlainObject';

export interface DialectRead {
  dialect: ImportDialect;
  /** Where the server map is in the file, for the duplicate key scan. */
  path: string[];
  servers: [string, unknown][];
  inputs: ImportInput[];
  problems: ImportProblem[];
}

const CLINE_FIELDS = ['alwaysAllow', 'disabledTools', 'transportType', 'autoApprove'];

/** The servers and inputs of `value`, or undefined when it has neither shape. */
export function readDialect(value: unknown): DialectRead | undefined {
  if (!isPlainObject(value)) return undefined;
  const inputsOf = (holder: Record<string, unknown>) => readInputs(holder.inputs);
  if (isPlainObject(value.mcpServers)) {
    const servers = Object.entries(value.mcpServers);
    const cline = servers.some(([, raw]) => isPlainObject(raw) && CLINE_FIELDS.some((field) => field in raw));
    return { dialect: cline ? 'cline' : 'mcpServers', path: ['mcpServers'], servers, ...inputsOf(value) };
  }
  if (isPlainObject(value.servers)) return { dialect: 'vscode', path: ['servers'], servers: Object.entries(value.servers), ...inputsOf(value) };
  if (isPlainObject(value.mcp) && isPlainObject(value.mcp.servers)) {
    return { dialect: 'vscodeSettings', path: ['mcp', 'servers'], servers: Object.entries(value.mcp.servers), ...inputsOf(value.mcp) };
  }
  const entries = Object.entries(value);
  if (entries.length > 0 && entries.every(([, raw]) => isPlainObject(raw) && ('command' in raw || 'url' in raw || 'serverUrl' in raw))) {
    return { dialect: 'mcpServers', path: [], servers: entries, inputs: [], problems: [] };
  }
  return undefined;
}

/** VS Code's `inputs`: `promptString` entries with an id; others (`pickString`, `command`) are kept by id too. */
function readInputs(raw: unknown): { inputs: ImportInput[]; problems: ImportProblem[] } {
  if (raw === undefined) return { inputs: [], problems: [] };
  if (!Array.isArray(raw)) return { inputs: [], problems: [{ field: 'inputs', code: 'invalidType' }] };
  const inputs: ImportInput[] = [];
  const problems: ImportProblem[] = [];
  raw.forEach((item, index) => {
    if (!isPlainObject(item) || typeof item.id !== 'string' || item.id === '') {
      problems.push({ field: `inputs.${index}.id`, code: 'required' });
      return;
    }
    if (inputs.some((input) => input.id === item.id)) {
      problems.push({ field: `inputs.${index}.id`, code: 'duplicate', params: { name: item.id } });
      return;
    }
    inputs.push({
      id: item.id,
      ...(typeof item.description === 'string' ? { description: item.description } : {}),
      ...(typeof item.password === 'boolean' ? { password: item.password } : {}),
    });
  });
  return { inputs, problems };
}
