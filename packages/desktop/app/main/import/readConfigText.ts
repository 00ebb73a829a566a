/**
 * A pasted or opened config, whatever its dialect, read into named server inputs and the problems
 * found, with nothing compared against the configured servers yet (importPlan.ts does that).
 */
import type { ImportDialect, ImportInput, ImportProblem } from '../../shared/contracts/mcp-import';
import type { McpServerInputParsed } from '../../shared/contracts/mcp-types';
import { nameKey } from '../../shared/contracts/names';
import { parseCommandLine } from './commandLine';
import { duplicateKeysAt } from './duplicateKeys';
import { parseJsonText, withoutCommentsAndTrailingCommas } from './jsonText';
import { readDialect } from './readDialect';
import { readEntry } from './toServerInput';

export type ReadEntry =
  | { sourceName: string; kind: 'server'; input: McpServerInputParsed; notApplied: string[] }
  | { sourceName: string; kind: 'invalid'; notApplied: string[] }
  | { sourceName: string; kind: 'unsupported'; notApplied: string[] };

export interface ConfigRead {
  dialect?: ImportDialect;
  entries: ReadEntry[];
  inputs: ImportInput[];
  problems: ImportProblem[];
}

/** A text that starts like JSON is read as JSON; anything else as one command line. */
export function readConfigText(text: string): ConfigRead {
  const trimmed = text.trim();
  if (trimmed === '') return { entries: [], inputs: [], problems: [{ field: 'text', code: 'required' }] };
  const start = withoutCommentsAndTrailingCommas(trimmed).trimStart();
  if (!start.startsWith('{') && !start.startsWith('[')) return readCommandLine(trimmed);
  const parsed = parseJsonText(text);
  if (!parsed.ok) return { entries: [], inputs: [], problems: [{ field: 'json', code: 'jsonSyntax', params: { line: parsed.line, column: parsed.column } }] };
  const dialect = readDialect(parsed.value);
  if (!dialect) return { entries: [], inputs: [], problems: [{ field: 'text', code: 'noServers' }] };
  const problems: ImportProblem[] = [...dialect.problems];
  const declared = new Set(dialect.inputs.map((input) => input.id));
  for (const name of duplicateKeysAt(text, dialect.path)) problems.push({ entry: name, field: 'name', code: 'duplicate', params: { name } });
  const seen = new Map<string, string>();
  const entries: ReadEntry[] = dialect.servers.map(([sourceName, raw]) => {
    const read = readEntry(raw, declared, sourceName.trim());
    if (read.kind === 'unsupported') return { sourceName, kind: 'unsupported', notApplied: [] };
    const key = nameKey(sourceName);
    const twin = seen.get(key);
    if (twin !== undefined) problems.push({ entry: sourceName, field: 'name', code: 'duplicate', params: { name: twin } });
    else seen.set(key, sourceName);
    if (read.kind === 'invalid') {
      problems.push(...read.problems.map((problem) => ({ entry: sourceName, ...problem })));
      return { sourceName, kind: 'invalid', notApplied: read.notApplied };
    }
    return { sourceName, kind: 'server', input: read.input, notApplied: read.notApplied };
  });
  return { dialect: dialect.dialect, entries, inputs: dialect.inputs, problems };
}

function readCommandLine(text: string): ConfigRead {
  const server = parseCommandLine(text);
  if (!server) return { dialect: 'commandLine', entries: [], inputs: [], problems: [{ field: 'command', code: 'invalid' }] };
  const raw = { command: server.command, args: server.args, ...(Object.keys(server.env).length > 0 ? { env: server.env } : {}) };
  const read = readEntry(raw, new Set(), server.name);
  if (read.kind === 'server') return { dialect: 'commandLine', entries: [{ sourceName: server.name, kind: 'server', input: read.input, notApplied: [] }], inputs: [], problems: [] };
  const problems = read.kind === 'invalid' ? read.problems.map((problem) => ({ entry: server.name, ...problem })) : [];
  return { dialect: 'commandLine', entries: [{ sourceName: server.name, kind: 'invalid', notApplied: [] }], inputs: [], problems };
}
