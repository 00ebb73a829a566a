import { nameKey } from '../../../shared/contracts/names';
import type { Migration } from './types';

const TABLES = ['mcp_servers', 'providers'] as const;

/**
 * Name keys compare look-alike names as one (NFKC, invisible characters removed, case folded,
 * Cyrillic and Greek look-alikes mapped: shared/contracts/names.ts); the keys stored before were
 * only trimmed and lower-cased. Of two existing names that now share a key, the older keeps it and
 * the newer gets its id appended, so both stay reachable by id and neither is lost.
 */
export const migration0007: Migration = {
  version: 7,
  name: 'name-keys',
  up(db) {
    for (const table of TABLES) {
      const rows = db.prepare<[], { id: string; name: string }>(`SELECT id, name FROM ${table} ORDER BY created_at, rowid`).all();
      // Cleared first: a new key may equal another row's old one.
      db.prepare(`UPDATE ${table} SET name_key = '#' || id`).run();
      const update = db.prepare<[string, string]>(`UPDATE ${table} SET name_key = ? WHERE id = ?`);
      const taken = new Set<string>();
      for (const row of rows) {
        const key = nameKey(row.name);
        update.run(taken.has(key) ? `${key}#${row.id}` : key, row.id);
        taken.add(key);
      }
    }
  },
};
