/**
 * A project file's servers as McpServerRecords, the shape McpService runs: ids stable across edits
 * (`project:<hash of the workspace>:<name>`), and updatedAt moved only when an entry's content changes,
 * so an edit restarts that server and no other.
 */
import crypto from 'node:crypto';
import { type McpServerRecord, toRecordFields } from '../../shared/contracts/mcp-types';
import { PROJECT_SERVER_ID_PREFIX } from '../../shared/contracts/workspace';
import type { ProjectServerEntry } from './projectFile';

export function projectServerId(workspace: string, name: string): string {
  return `${PROJECT_SERVER_ID_PREFIX}${crypto.createHash('sha256').update(workspace).digest('hex').slice(0, 12)}:${name}`;
}

export class ProjectRecords {
  /** id → the entry's content as last seen, and the record made from it. */
  private readonly known = new Map<string, { content: string; record: McpServerRecord }>();

  /** The records for `entries`, reusing the previous record of every entry that did not change. */
  update(workspace: string, entries: readonly ProjectServerEntry[], nowIso: string): McpServerRecord[] {
    const next = new Map<string, { content: string; record: McpServerRecord }>();
    for (const entry of entries) {
      const id = projectServerId(workspace, entry.name);
      const fields = toRecordFields(entry.input);
      const config = entry.cwd ? { ...fields.config, cwd: entry.cwd } : fields.config;
      const content = JSON.stringify({ ...fields, config });
      const previous = this.known.get(id);
      const record: McpServerRecord =
        previous?.content === content ? previous.record : { id, ...fields, config, createdAt: previous?.record.createdAt ?? nowIso, updatedAt: nowIso };
      next.set(id, { content, record });
    }
    this.known.clear();
    for (const [id, value] of next) this.known.set(id, value);
    return [...next.values()].map((value) => value.record);
  }

  /** Marks the record `id` as changed now (its trust was withdrawn), so a running one restarts and is checked again. */
  touch(id: string, nowIso: string): McpServerRecord | undefined {
    const known = this.known.get(id);
    if (!known) return undefined;
    // Within the same millisecond as the last change, a later one: the pool compares updatedAt.
    const updatedAt = nowIso > known.record.updatedAt ? nowIso : new Date(Date.parse(known.record.updatedAt) + 1).toISOString();
    known.record = { ...known.record, updatedAt };
    return known.record;
  }

  clear(): void {
    this.known.clear();
  }
}
