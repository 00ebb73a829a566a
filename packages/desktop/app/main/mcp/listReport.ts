import { MCP_LIST_KINDS, type McpListKind, type McpSkippedItem } from '../../shared/contracts/mcp-connection';
import type { ParsedList } from './lenientList';
import type { McpLogBuffer } from './McpLogBuffer';

/** Lines one list may add to the log per fetch; a server listing thousands of broken entries gets a count. */
const MAX_LINES_PER_LIST = 20;
/** Distinct lines remembered as already logged; past this the memory starts over. */
const MAX_REMEMBERED_LINES = 2000;

/**
 * What one session's lists left out and repaired: the left-out entries of each list's latest fetch
 * (for the server's state), and one log line per entry, said once per session rather than on every
 * `list_changed` refresh.
 */
export class ListReport {
  private readonly skipped = new Map<McpListKind, McpSkippedItem[]>();
  private readonly logged = new Set<string>();

  constructor(private readonly log: McpLogBuffer) {}

  /** Every list's left-out entries, tools first. */
  items(): McpSkippedItem[] {
    return MCP_LIST_KINDS.flatMap((kind) => this.skipped.get(kind) ?? []);
  }

  /** A fetch of `kind` that won its cache. True when its left-out entries differ from the last ones. */
  record(kind: McpListKind, parsed: ParsedList<unknown>): boolean {
    this.logLines('warn', kind, parsed.skipped.map((item) => `${item.kind} ${item.name ? `"${item.name}" ` : ''}left out: ${skipText(item)}`), 'left out');
    this.logLines('info', kind, parsed.repaired.map((item) => `${item.kind} "${item.name}" repaired: ${item.notes.join('; ')}`), 'repaired');
    const changed = JSON.stringify(this.skipped.get(kind) ?? []) !== JSON.stringify(parsed.skipped);
    this.skipped.set(kind, parsed.skipped);
    return changed;
  }

  private logLines(level: 'info' | 'warn', kind: McpListKind, lines: string[], what: string): void {
    const fresh = lines.filter((line) => !this.logged.has(line));
    if (this.logged.size + fresh.length > MAX_REMEMBERED_LINES) this.logged.clear();
    // The ones only counted count as said too: a refresh must not list them after all.
    for (const line of fresh) this.logged.add(line);
    for (const line of fresh.slice(0, MAX_LINES_PER_LIST)) this.log.add(level, line);
    if (fresh.length > MAX_LINES_PER_LIST) this.log.add(level, `… and ${fresh.length - MAX_LINES_PER_LIST} more ${kind} entries ${what}`);
  }
}

function skipText(item: McpSkippedItem): string {
  switch (item.reason) {
    case 'notAnObject':
      return 'not an object';
    case 'duplicate':
      return 'an earlier entry has the same name';
    case 'notAList':
      return 'the answer has no list';
    case 'invalidField':
      return `${item.field ? `"${item.field}"` : 'the entry'} is not valid${item.detail ? ` (${item.detail})` : ''}`;
  }
}
