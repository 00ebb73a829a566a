import type { ToolPermission } from '../../shared/contracts/chat';
import type { Db } from './database';

interface Row {
  server_id: string;
  server_name: string;
  tool_name: string;
  created_at: string;
}

function toPermission(row: Row): ToolPermission {
  return { serverId: row.server_id, serverName: row.server_name, toolName: row.tool_name, createdAt: row.created_at };
}

/** The only place with SQL for persisted "always allow" grants (migration 0005). */
export class ToolPermissionRepository {
  readonly #db: Db;

  constructor(db: Db) {
    this.#db = db;
  }

  /** Oldest first. */
  list(): ToolPermission[] {
    return this.#db.prepare<[], Row>('SELECT * FROM tool_permissions ORDER BY created_at, rowid').all().map(toPermission);
  }

  get(serverId: string, toolName: string): ToolPermission | undefined {
    const row = this.#db.prepare<[string, string], Row>('SELECT * FROM tool_permissions WHERE server_id = ? AND tool_name = ?').get(serverId, toolName);
    return row && toPermission(row);
  }

  /** Granting twice keeps the first grant's date and takes the server's current name. */
  put(permission: ToolPermission): void {
    this.#db
      .prepare(
        `INSERT INTO tool_permissions (server_id, server_name, tool_name, created_at) VALUES (?, ?, ?, ?)
         ON CONFLICT (server_id, tool_name) DO UPDATE SET server_name = excluded.server_name`,
      )
      .run(permission.serverId, permission.serverName, permission.toolName, permission.createdAt);
  }

  /** False when there was no such grant. */
  remove(serverId: string, toolName: string): boolean {
    return this.#db.prepare('DELETE FROM tool_permissions WHERE server_id = ? AND tool_name = ?').run(serverId, toolName).changes > 0;
  }
}
