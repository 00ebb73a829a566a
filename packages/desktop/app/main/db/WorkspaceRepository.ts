import type { Db } from './database';

export interface WorkspaceRow {
  path: string;
  openedAt: string;
  isCurrent: boolean;
}

/** The workspaces opened (migration 0012): the current one, the recent ones, and trust per content hash. */
export class WorkspaceRepository {
  readonly #db: Db;

  constructor(db: Db) {
    this.#db = db;
  }

  /** Most recent first. */
  list(): WorkspaceRow[] {
    return this.#db
      .prepare<[], { path: string; opened_at: string; is_current: number }>('SELECT path, opened_at, is_current FROM workspaces ORDER BY opened_at DESC, rowid DESC')
      .all()
      .map((row) => ({ path: row.path, openedAt: row.opened_at, isCurrent: row.is_current === 1 }));
  }

  /** Makes `path` the current workspace, remembered as opened now; keeps the `keep` most recent. */
  open(path: string, openedAt: string, keep: number): void {
    this.#db.transaction(() => {
      this.#db.prepare('UPDATE workspaces SET is_current = 0').run();
      this.#db
        .prepare('INSERT INTO workspaces (path, opened_at, is_current) VALUES (?, ?, 1) ON CONFLICT(path) DO UPDATE SET opened_at = excluded.opened_at, is_current = 1')
        .run(path, openedAt);
      this.#db
        .prepare('DELETE FROM workspaces WHERE path NOT IN (SELECT path FROM workspaces ORDER BY opened_at DESC, rowid DESC LIMIT ?)')
        .run(keep);
    })();
  }

  close(): void {
    this.#db.prepare('UPDATE workspaces SET is_current = 0').run();
  }

  isTrusted(workspace: string, hash: string): boolean {
    return this.#db.prepare<[string, string], { n: number }>('SELECT 1 AS n FROM workspace_trust WHERE workspace = ? AND hash = ?').get(workspace, hash) !== undefined;
  }

  trust(workspace: string, hash: string, serverName: string, at: string): void {
    this.#db
      .prepare('INSERT INTO workspace_trust (workspace, hash, server_name, trusted_at) VALUES (?, ?, ?, ?) ON CONFLICT(workspace, hash) DO UPDATE SET server_name = excluded.server_name, trusted_at = excluded.trusted_at')
      .run(workspace, hash, serverName, at);
  }

  untrust(workspace: string, hash: string): void {
    this.#db.prepare('DELETE FROM workspace_trust WHERE workspace = ? AND hash = ?').run(workspace, hash);
  }
}
