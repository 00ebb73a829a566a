import { shortHash } from './hash';
import { MAX_TOOL_NAME_LENGTH, NAME_HASH_LENGTH } from './limits';

/**
 * Provider-safe tool names: MCPTool.id
 * (`mcp__<server>__<tool>` for user servers, `<server>__<tool>` for direct ones) reduced to
 * `[A-Za-z0-9_]`, starting with a letter, at most 63 characters. `-`, `.` and `:` are dropped too:
 * each is rejected by at least one provider, and Claude is reported to rewrite `-`.
 * A sha256 suffix of the raw id is added when the name is cut, when non-ASCII characters were replaced
 * (検索 and поиск would otherwise become the same `_`), or when two names collide.
 */

export interface NamedTool {
  id: string;
  serverId: string;
}

const NAME_PATTERN = /^[A-Za-z][A-Za-z0-9_]*$/;

interface Candidate {
  tool: NamedTool;
  sanitized: string;
  hashInput: string;
  name: string;
}

/** `[^A-Za-z0-9_]` runs become one `_`; a name that does not start with a letter gets a `t_` prefix. */
export function sanitizeToolName(rawId: string): { sanitized: string; lossy: boolean } {
  // Most ids are already safe: nothing to replace.
  if (NAME_PATTERN.test(rawId)) return { sanitized: rawId, lossy: false };
  const lossy = /[^\x00-\x7F]/.test(rawId);
  let sanitized = rawId.replace(/[^A-Za-z0-9_]+/g, '_');
  if (!/^[A-Za-z]/.test(sanitized)) sanitized = `t_${sanitized}`;
  return { sanitized, lossy };
}

export function withHash(sanitized: string, hashInput: string, hashLength = NAME_HASH_LENGTH): string {
  const room = MAX_TOOL_NAME_LENGTH - hashLength - 1;
  const stem = sanitized.slice(0, room).replace(/_+$/, '') || 't';
  return `${stem}_${shortHash(hashInput, hashLength)}`;
}

function firstCandidate(tool: NamedTool, hashInput: string): Candidate {
  const { sanitized, lossy } = sanitizeToolName(tool.id);
  const plain = !lossy && sanitized.length <= MAX_TOOL_NAME_LENGTH;
  return { tool, sanitized, hashInput, name: plain ? sanitized : withHash(sanitized, hashInput) };
}

function groupByName(candidates: Candidate[]): Map<string, Candidate[]> {
  const groups = new Map<string, Candidate[]>();
  for (const c of candidates) {
    const group = groups.get(c.name);
    if (group) group.push(c);
    else groups.set(c.name, [c]);
  }
  return groups;
}

/**
 * Names every tool. Deterministic: the result depends only on the set of (id, serverId) pairs, not on
 * their order, so it is the same across restarts. Every member of a colliding group gets a hash (not
 * just the later ones), so which tool keeps the plain name never depends on sort order.
 * Returns one name per tool, in the input order.
 */
export function assignToolNames(tools: NamedTool[]): string[] {
  const idCounts = new Map<string, number>();
  for (const t of tools) idCounts.set(t.id, (idCounts.get(t.id) ?? 0) + 1);
  // Two servers may share a name (and so a raw id); their stable server ids tell them apart.
  const hashInputOf = (t: NamedTool) => ((idCounts.get(t.id) ?? 0) > 1 ? `${t.id}\u0000${t.serverId}` : t.id);
  const candidates = tools.map((tool) => firstCandidate(tool, hashInputOf(tool)));

  for (const group of groupByName(candidates).values()) {
    if (group.length > 1) for (const c of group) c.name = withHash(c.sanitized, c.hashInput);
  }
  // A hashed name can still equal another tool's plain name (or, rarely, another hash). Plain names
  // are unique by now and keep their name; hashed ones, in sorted order, get longer hashes until unique.
  // Only the hashed few are sorted: everything before this is independent of the list's order.
  const taken = new Set<string>();
  const hashed: Candidate[] = [];
  for (const c of candidates) {
    if (c.name === c.sanitized) taken.add(c.name);
    else hashed.push(c);
  }
  hashed.sort((a, b) => compareTools(a.tool, b.tool));
  for (const c of hashed) {
    for (let length = NAME_HASH_LENGTH + 2; taken.has(c.name); length += 2) c.name = withHash(c.sanitized, c.hashInput, length);
    taken.add(c.name);
  }
  return candidates.map((c) => c.name);
}

function compareTools(a: NamedTool, b: NamedTool): number {
  if (a.id !== b.id) return a.id < b.id ? -1 : 1;
  if (a.serverId !== b.serverId) return a.serverId < b.serverId ? -1 : 1;
  return 0;
}

export function isSafeToolName(name: string): boolean {
  return name.length <= MAX_TOOL_NAME_LENGTH && NAME_PATTERN.test(name);
}
