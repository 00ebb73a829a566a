/**
 * What an import would do against the servers configured now: add each entry, rename it when its
 * name (or a look-alike, lib/uniqueNames.ts) is taken, or skip it when the same server is already
 * there, it is no server, it has errors, or the user left it out. Pure: nothing is stored here.
 */
import type { ImportEntry, ImportPreview } from '../../shared/contracts/mcp-import';
import { MCP_NAME_MAX_LENGTH, type McpServerInputParsed, type McpServerRecord, toRecordFields } from '../../shared/contracts/mcp-types';
import { maskArgs, maskUrl } from '../../shared/contracts/secrets';
import { findNamed, freeName } from '../lib/uniqueNames';
import { type ConfigRead, readConfigText } from './readConfigText';

export interface ImportPlan {
  preview: ImportPreview;
  /** The inputs to add, under their final names, in file order. */
  toAdd: McpServerInputParsed[];
}

export function planImport(text: string, existing: readonly McpServerRecord[], skip: readonly string[] = []): ImportPlan {
  return planRead(readConfigText(text), existing, skip);
}

export function planRead(read: ConfigRead, existing: readonly McpServerRecord[], skip: readonly string[]): ImportPlan {
  const excluded = new Set(skip);
  const taken = existing.map((record) => record.name);
  const toAdd: McpServerInputParsed[] = [];
  const entries: ImportEntry[] = read.entries.map((entry): ImportEntry => {
    const base = { sourceName: entry.sourceName, name: entry.sourceName, notApplied: entry.notApplied };
    if (entry.kind === 'unsupported') return { ...base, action: 'skip', reason: 'unsupported' };
    if (entry.kind === 'invalid') return { ...base, action: 'skip', reason: excluded.has(entry.sourceName) ? 'excluded' : 'invalid' };
    const { input } = entry;
    const described = { ...base, name: input.name, type: input.type, summary: summaryOf(input), enabled: input.enabled };
    if (excluded.has(entry.sourceName)) return { ...described, action: 'skip', reason: 'excluded' };
    const twin = existing.find((record) => sameConnection(record, input));
    if (twin) return { ...described, action: 'skip', reason: 'identical', existingName: twin.name };
    const clash = findNamed([...existing, ...toAdd], input.name);
    const name = clash ? freeName(input.name, taken, MCP_NAME_MAX_LENGTH) : input.name;
    taken.push(name);
    toAdd.push({ ...input, name });
    return clash ? { ...described, name, action: 'rename', existingName: clash.name } : { ...described, action: 'add' };
  });
  // Errors of entries the user left out no longer stop the import.
  const errors = read.problems.filter((problem) => problem.entry === undefined || !excluded.has(problem.entry));
  return { preview: { ...(read.dialect ? { dialect: read.dialect } : {}), entries, errors, inputs: read.inputs }, toAdd };
}

/** What the preview shows of a server: its command line or URL, secrets masked. */
function summaryOf(input: McpServerInputParsed): string {
  if (input.type === 'stdio') return [input.command, ...maskArgs(input.args)].join(' ');
  return maskUrl(input.url);
}

/** Same transport, command, arguments, env, URL and headers: importing it again would add a twin. */
function sameConnection(record: McpServerRecord, input: McpServerInputParsed): boolean {
  const fields = toRecordFields(input);
  if (record.type !== fields.type) return false;
  const a = record.config;
  const b = fields.config;
  return (
    (a.command ?? '') === (b.command ?? '') &&
    JSON.stringify(a.args ?? []) === JSON.stringify(b.args ?? []) &&
    sameRecord(a.env, b.env) &&
    (a.url ?? '') === (b.url ?? '') &&
    sameRecord(a.headers, b.headers)
  );
}

function sameRecord(a: Record<string, string> | undefined, b: Record<string, string> | undefined): boolean {
  const left = Object.entries(a ?? {}).sort(([x], [y]) => x.localeCompare(y));
  const right = Object.entries(b ?? {}).sort(([x], [y]) => x.localeCompare(y));
  return JSON.stringify(left) === JSON.stringify(right);
}
