import type { McpServerConfig, McpServerRecord, McpServerTransport } from '../../shared/contracts/mcp-types';
import type { SecretStore } from '../services/secrets/SecretStore';
import type { Db } from './database';

interface Row {
  id: string;
  name: string;
  type: McpServerTransport;
  command: string | null;
  args_json: string;
  watch_paths_json: string;
  inherit_env: number;
  url: string | null;
  sealed_secrets: string;
  timeout_sec: number;
  enabled: number;
  created_at: string;
  updated_at: string;
}

export type McpServerFields = Pick<McpServerRecord, 'name' | 'type' | 'config' | 'timeoutSec' | 'enabled'>;

interface Secrets {
  env?: Record<string, string>;
  headers?: Record<string, string>;
}

/** Case-insensitive uniqueness key for server names ("GitHub" and "github" are one name). */
export function nameKey(name: string): string {
  return name.trim().toLocaleLowerCase('en-US');
}

/** The only place with SQL for MCP servers. Env and header values are sealed before they are written. */
export class McpServerRepository {
  readonly #db: Db;
  readonly #secrets: SecretStore;

  constructor(db: Db, secrets: SecretStore) {
    this.#db = db;
    this.#secrets = secrets;
  }

  list(): McpServerRecord[] {
    const rows = this.#db.prepare<[], Row>('SELECT * FROM mcp_servers ORDER BY created_at, rowid').all();
    return rows.map((row) => this.#toRecord(row));
  }

  get(id: string): McpServerRecord | undefined {
    const row = this.#db.prepare<[string], Row>('SELECT * FROM mcp_servers WHERE id = ?').get(id);
    return row && this.#toRecord(row);
  }

  findIdByName(name: string): string | undefined {
    const row = this.#db.prepare<[string], { id: string }>('SELECT id FROM mcp_servers WHERE name_key = ?').get(nameKey(name));
    return row?.id;
  }

  insert(id: string, fields: McpServerFields, now: string): void {
    this.#db
      .prepare(
        `INSERT INTO mcp_servers (id, name, name_key, type, command, args_json, watch_paths_json, inherit_env, url, sealed_secrets, timeout_sec, enabled, created_at, updated_at)
         VALUES (@id, @name, @nameKey, @type, @command, @argsJson, @watchPathsJson, @inheritEnv, @url, @sealed, @timeoutSec, @enabled, @now, @now)`,
      )
      .run({ id, now, ...this.#toParams(fields) });
  }

  /** Returns false when no server has that id. */
  update(id: string, fields: McpServerFields, now: string): boolean {
    const result = this.#db
      .prepare(
        `UPDATE mcp_servers SET name = @name, name_key = @nameKey, type = @type, command = @command, args_json = @argsJson, watch_paths_json = @watchPathsJson,
           inherit_env = @inheritEnv, url = @url, sealed_secrets = @sealed, timeout_sec = @timeoutSec, enabled = @enabled, updated_at = @now
         WHERE id = @id`,
      )
      .run({ id, now, ...this.#toParams(fields) });
    return result.changes === 1;
  }

  setEnabled(id: string, enabled: boolean, now: string): boolean {
    const result = this.#db.prepare('UPDATE mcp_servers SET enabled = ?, updated_at = ? WHERE id = ?').run(enabled ? 1 : 0, now, id);
    return result.changes === 1;
  }

  delete(id: string): boolean {
    return this.#db.prepare('DELETE FROM mcp_servers WHERE id = ?').run(id).changes === 1;
  }

  #toParams(fields: McpServerFields) {
    const { env, headers, command, args, url, watchPaths, inheritEnv } = fields.config;
    const secrets: Secrets = fields.type === 'stdio' ? { env: env ?? {} } : { headers: headers ?? {} };
    return {
      name: fields.name,
      nameKey: nameKey(fields.name),
      type: fields.type,
      command: fields.type === 'stdio' ? (command ?? null) : null,
      argsJson: JSON.stringify(fields.type === 'stdio' ? (args ?? []) : []),
      watchPathsJson: JSON.stringify(fields.type === 'stdio' ? (watchPaths ?? []) : []),
      inheritEnv: fields.type === 'stdio' && inheritEnv === true ? 1 : 0,
      url: fields.type === 'stdio' ? null : (url ?? null),
      sealed: this.#secrets.seal(JSON.stringify(secrets)),
      timeoutSec: fields.timeoutSec,
      enabled: fields.enabled ? 1 : 0,
    };
  }

  #toRecord(row: Row): McpServerRecord {
    const secrets = JSON.parse(this.#secrets.open(row.sealed_secrets)) as Secrets;
    const config: McpServerConfig =
      row.type === 'stdio'
        ? {
            command: row.command ?? '',
            args: JSON.parse(row.args_json) as string[],
            env: secrets.env ?? {},
            watchPaths: JSON.parse(row.watch_paths_json) as string[],
            inheritEnv: row.inherit_env === 1,
          }
        : { url: row.url ?? '', headers: secrets.headers ?? {} };
    return {
      id: row.id,
      name: row.name,
      type: row.type,
      config,
      timeoutSec: row.timeout_sec,
      enabled: row.enabled === 1,
      createdAt: row.created_at,
      updatedAt: row.updated_at,
    };
  }
}
