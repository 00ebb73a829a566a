import type { z } from 'zod';
import type { McpListKind, McpSkippedItem } from '../../shared/contracts/mcp-connection';
import { MAX_JSON_DEPTH, nestsDeeperThan } from '../lib/jsonDepth';
import { isPlainObject } from '../lib/isPlainObject';

/**
 * How one kind of list item is read: the SDK's schema of a valid item, the fields it cannot do
 * without, what identifies it, and the repairs worth trying before the schema has its say.
 */
export interface ListItemSpec<T> {
  kind: McpListKind;
  schema: z.ZodType<T>;
  /** Fields whose problems leave the item out; a problem in any other field only drops that field. */
  required: readonly string[];
  /** The name (a resource's URI) the item is known and deduplicated by; '' when it has none. */
  identify(item: Record<string, unknown>): string;
  /**
   * For items called by name (tools, prompts): the longest name the app accepts back (ID_MAX_LENGTH,
   * the router's limit for a tool to call or revoke). An empty or longer name could never be used.
   */
  maxNameLength?: number;
  /** Returns a repaired copy and says what it changed; never mutates `item`. */
  repair?(item: Record<string, unknown>, notes: string[]): Record<string, unknown>;
}

/** An item that was kept after a change: what the log says about it. */
export interface RepairedItem {
  kind: McpListKind;
  name: string;
  notes: string[];
}

export interface ParsedList<T> {
  items: T[];
  skipped: McpSkippedItem[];
  repaired: RepairedItem[];
}

/** Longest name or detail carried in a skipped entry, in characters (they reach the UI and the log). */
const MAX_TEXT_CHARS = 200;
/** Each round drops at least one optional field; a Tool has fewer than this many. */
const MAX_ROUNDS = 16;

/**
 * A server's list, item by item: an item that fits the SDK's schema is kept as is, one that can be
 * repaired (see the spec) or only has a bad optional field is kept without it, and one that cannot
 * be used is left out with a reason. One bad item never costs the others: servers in the wild emit
 * schemas the SDK rejects (test/fixtures/lenient-lists-server.mjs shows the shapes).
 */
export function parseList<T>(spec: ListItemSpec<T>, raw: readonly unknown[]): ParsedList<T> {
  const out: ParsedList<T> = { items: [], skipped: [], repaired: [] };
  const seen = new Set<string>();
  for (const entry of raw) {
    if (!isPlainObject(entry)) {
      out.skipped.push({ kind: spec.kind, name: '', reason: 'notAnObject' });
      continue;
    }
    const name = clip(spec.identify(entry));
    const deep = Object.keys(entry).find((field) => nestsDeeperThan(entry[field], MAX_JSON_DEPTH - 1));
    if (deep !== undefined) {
      out.skipped.push({ kind: spec.kind, name, reason: 'invalidField', field: deep, detail: `nested deeper than ${MAX_JSON_DEPTH} levels` });
      continue;
    }
    const nameProblem = spec.maxNameLength === undefined ? undefined : unusableName(entry.name, spec.maxNameLength);
    if (nameProblem !== undefined) {
      out.skipped.push({ kind: spec.kind, name, reason: 'invalidField', field: 'name', detail: nameProblem });
      continue;
    }
    const parsed = parseItem(spec, entry);
    if (!parsed.ok) {
      out.skipped.push({ kind: spec.kind, name, reason: 'invalidField', field: parsed.field, detail: clip(parsed.detail) });
      continue;
    }
    if (seen.has(name)) {
      out.skipped.push({ kind: spec.kind, name, reason: 'duplicate' });
      continue;
    }
    seen.add(name);
    out.items.push(parsed.value);
    if (parsed.notes.length > 0) out.repaired.push({ kind: spec.kind, name, notes: parsed.notes });
  }
  return out;
}

type ItemResult<T> = { ok: true; value: T; notes: string[] } | { ok: false; field: string; detail: string };

function parseItem<T>(spec: ListItemSpec<T>, entry: Record<string, unknown>): ItemResult<T> {
  const notes: string[] = [];
  const candidate = spec.repair ? spec.repair(entry, notes) : { ...entry };
  for (let round = 0; round < MAX_ROUNDS; round += 1) {
    const result = spec.schema.safeParse(candidate);
    if (result.success) return { ok: true, value: result.data, notes };
    const fatal = result.error.issues.find((issue) => issue.path.length === 0 || spec.required.includes(String(issue.path[0])));
    if (fatal) return { ok: false, field: fatal.path.map(String).join('.'), detail: fatal.message };
    for (const field of new Set(result.error.issues.map((issue) => String(issue.path[0])))) {
      delete candidate[field];
      notes.push(`${field} ignored: not valid`);
    }
  }
  return { ok: false, field: '', detail: 'too many invalid fields' };
}

function unusableName(name: unknown, maxLength: number): string | undefined {
  if (typeof name !== 'string') return undefined;
  if (name === '') return 'empty';
  return name.length > maxLength ? `longer than ${maxLength} characters` : undefined;
}

function clip(text: string): string {
  return text.length > MAX_TEXT_CHARS ? `${text.slice(0, MAX_TEXT_CHARS)}…` : text;
}
