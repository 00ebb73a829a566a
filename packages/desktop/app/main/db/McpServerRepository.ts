import type { McpServerConfig, McpServerRecord, McpServerRecordFields, McpServerTransport } from '../../shared/contracts/mcp-types';
import { nameKey } from '../../shared/contracts/names';
import { maskArgs, maskUrl } from '../../shared/contracts/secrets';
import type { SecretStore } from './SecretStore';
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
  disabled_tools_json: string;
  always_allow_json: string;
  created_at: string;
  updated_at: string;
}

export type McpServerFields = McpServerRecordFields;

/** The sealed part of a row, as JSON. */
interface Secrets {
  /**
   * Layout 2 also seals the URL and arguments when they hold secrets, and borrowed keys as
   * references; rows written before it (no `v`) are rewritten by `upgradeLegacyRows`.
   */
  v?: typeof SECRETS_LAYOUT;
  env?: Record<string, string>;
  headers?: Record<string, string>;
  /** The URL as given, when it holds a secret; the `url` column then holds it masked (maskUrl). */
  url?: string;
  /** The arguments as given, when one holds a secret; `args_json` then holds them masked (maskArgs). */
  args?: string[];
  keyRefs?: McpServerConfig['keyRefs'];
}

const SECRETS_LAYOUT = 2;

/**
 * The only place with SQL for MCP servers. Env and header values, and the URL and arguments when they
 * hold a secret (an `?api_key=` query, a `--token` argument), are sealed before they are written; the
 * plain columns keep those two masked, so neither the file nor a copy of it shows the secret.
 */
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

  count(): number {
    return this.#db.prepare<[], { n: number }>('SELECT count(*) AS n FROM mcp_servers').get()?.n ?? 0;
  }

  get(id: string): McpServerRecord | undefined {
    const row = this.#db.prepare<[string], Row>('SELECT * FROM mcp_servers WHERE id = ?').get(id);
    return row && this.#toRecord(row);
  }

  /** The server whose name is `name` or looks like it (shared/contracts/names.ts). */
  findIdByName(name: string): string | undefined {
    const row = this.#db.prepare<[string], { id: string }>('SELECT id FROM mcp_servers WHERE name_key = ?').get(nameKey(name));
    return row?.id;
  }

  insert(id: string, fields: McpServerFields, now: string): void {
    this.#db
      .prepare(
        `INSERT INTO mcp_servers (id, name, name_key, type, command, args_json, watch_paths_json, inherit_env, url, sealed_secrets, timeout_sec, enabled,
           disabled_tools_json, always_allow_json, created_at, updated_at)
         VALUES (@id, @name, @nameKey, @type, @command, @argsJson, @watchPathsJson, @inheritEnv, @url, @sealed, @timeoutSec, @enabled,
           @disabledToolsJson, @alwaysAllowJson, @now, @now)`,
      )
      .run({ id, now, ...this.#toParams(fields) });
  }

  /** Returns false when no server has that id. */
  update(id: string, fields: McpServerFields, now: string): boolean {
    const result = this.#db
      .prepare(
        `UPDATE mcp_servers SET name = @name, name_key = @nameKey, type = @type, command = @command, args_json = @argsJson, watch_paths_json = @watchPathsJson,
           inherit_env = @inheritEnv, url = @url, sealed_secrets = @sealed, timeout_sec = @timeoutSec, enabled = @enabled,
           disabled_tools_json = @disabledToolsJson, always_allow_json = @alwaysAllowJson, updated_at = @now
         WHERE id = @id`,
      )
      .run({ id, now, ...this.#toParams(fields) });
    return result.changes === 1;
  }

  /**
   * Rewrites the rows stored before secrets layout 2 — their URL or arguments may hold a secret in
   * clear, a key a preset borrowed may be a copy — in the current layout, through `convert` (which
   * may turn such copies into references). A row whose secrets cannot be opened now is left for a
   * later start, and so is one sealed under another scheme: the app (safeStorage) must not reseal
   * a row the CLI wrote with the key file, which the CLI could then no longer open. Neither the
   * row's fields nor its updated_at change otherwise. Returns the ids rewritten.
   */
  upgradeLegacyRows(convert: (record: McpServerRecord) => McpServerFields): string[] {
    const write = this.#db.prepare('UPDATE mcp_servers SET args_json = @argsJson, url = @url, sealed_secrets = @sealed WHERE id = @id');
    return this.#db.transaction(() => {
      const upgraded: string[] = [];
      for (const row of this.#db.prepare<[], Row>('SELECT * FROM mcp_servers').all()) {
        if (!row.sealed_secrets.startsWith(`${this.#secrets.scheme}:`)) continue;
        const opened = this.#openSecrets(row);
        if (!opened || opened.v !== undefined) continue;
        const { argsJson, url, sealed } = this.#toParams(convert(this.#toRecord(row)));
        write.run({ id: row.id, argsJson, url, sealed });
        upgraded.push(row.id);
      }
      return upgraded;
    })();
  }

  /** Runs `work` in one transaction: all of its writes land, or none (an import adds its servers so). */
  transaction<T>(work: () => T): T {
    return this.#db.transaction(work)();
  }

  setEnabled(id: string, enabled: boolean, now: string): boolean {
    const result = this.#db.prepare('UPDATE mcp_servers SET enabled = ?, updated_at = ? WHERE id = ?').run(enabled ? 1 : 0, now, id);
    return result.changes === 1;
  }

  /**
   * Replaces one server's per-tool switches; returns false when no server has that id. updated_at
   * stays: it marks a change of what the server starts with, and McpService restarts a running
   * server when it moves — turning one tool off must not restart the server.
   */
  setToolSwitches(id: string, switches: Pick<McpServerRecord, 'disabledTools' | 'alwaysAllow'>): boolean {
    const result = this.#db
      .prepare('UPDATE mcp_servers SET disabled_tools_json = ?, always_allow_json = ? WHERE id = ?')
      .run(JSON.stringify(switches.disabledTools), JSON.stringify(switches.alwaysAllow), id);
    return result.changes === 1;
  }

  delete(id: string): boolean {
    return this.#db.prepare('DELETE FROM mcp_servers WHERE id = ?').run(id).changes === 1;
  }

  #toParams(fields: McpServerFields) {
    const { env, headers, command, watchPaths, keyRefs, inheritEnv } = fields.config;
    const stdio = fields.type === 'stdio';
    const args = stdio ? (fields.config.args ?? []) : [];
    const url = stdio ? null : (fields.config.url ?? null);
    const maskedArgs = maskArgs(args);
    const maskedUrl = url === null ? null : maskUrl(url);
    const secrets: Secrets = { v: SECRETS_LAYOUT, ...(stdio ? { env: env ?? {} } : { headers: headers ?? {} }) };
    if (maskedArgs.some((arg, i) => arg !== args[i])) secrets.args = args;
    if (url !== null && maskedUrl !== url) secrets.url = url;
    const refs = stdio ? keyRefs?.env : keyRefs?.headers;
    if (refs && Object.keys(refs).length > 0) secrets.keyRefs = stdio ? { env: refs } : { headers: refs };
    return {
      name: fields.name,
      nameKey: nameKey(fields.name),
      type: fields.type,
      command: stdio ? (command ?? null) : null,
      argsJson: JSON.stringify(maskedArgs),
      watchPathsJson: JSON.stringify(stdio ? (watchPaths ?? []) : []),
      inheritEnv: stdio && inheritEnv === true ? 1 : 0,
      url: maskedUrl,
      sealed: this.#secrets.seal(JSON.stringify(secrets)),
      timeoutSec: fields.timeoutSec,
      enabled: fields.enabled ? 1 : 0,
      disabledToolsJson: JSON.stringify(fields.disabledTools),
      alwaysAllowJson: JSON.stringify(fields.alwaysAllow),
    };
  }

  /** Undefined when the row's secrets cannot be opened: its record is listed as unreadable rather than failing the list. */
  #openSecrets(row: Row): Secrets | undefined {
    try {
      return JSON.parse(this.#secrets.open(row.sealed_secrets)) as Secrets;
    } catch {
      return undefined;
    }
  }

  #toRecord(row: Row): McpServerRecord {
    const opened = this.#openSecrets(row);
    const secrets = opened ?? {};
    const config: McpServerConfig =
      row.type === 'stdio'
        ? {
            command: row.command ?? '',
            args: secrets.args ?? (JSON.parse(row.args_json) as string[]),
            env: secrets.env ?? {},
            watchPaths: JSON.parse(row.watch_paths_json) as string[],
            inheritEnv: row.inherit_env === 1,
          }
        : { url: secrets.url ?? row.url ?? '', headers: secrets.headers ?? {} };
    if (secrets.keyRefs) config.keyRefs = secrets.keyRefs;
    return {
      id: row.id,
      name: row.name,
      type: row.type,
      config,
      timeoutSec: row.timeout_sec,
      enabled: row.enabled === 1,
      disabledTools: toolNames(row.disabled_tools_json),
      alwaysAllow: toolNames(row.always_allow_json),
      ...(opened ? {} : { secretsUnreadable: true as const }),
      createdAt: row.created_at,
      updatedAt: row.updated_at,
    };
  }
}

/** A stored JSON array of tool names; anything else (a hand-edited row) reads as none. */
function toolNames(json: string): string[] {
  const parsed: unknown = JSON.parse(json);
  return Array.isArray(parsed) ? parsed.filter((name): name is string => typeof name === 'string') : [];
}
