import fs from 'node:fs';
import Database from 'better-sqlite3';
import type { Db } from './database';

/** Every column that holds a SecretStore-sealed value, with its table. */
const SEALED_COLUMNS = [
  { table: 'mcp_servers', column: 'sealed_secrets' },
  { table: 'providers', column: 'sealed_api_key' },
  { table: 'secret_inputs', column: 'sealed_value' },
  { table: 'oauth_credentials', column: 'sealed_state' },
] as const;

/** Written instead of a sealed value that `elftia secrets reset` cleared; McpServerRepository reads it as unreadable. */
export const CLEARED_SECRETS = 'cleared';

function tableExists(db: Db, table: string): boolean {
  return db.prepare<[string], { n: number }>("SELECT count(*) AS n FROM sqlite_master WHERE type = 'table' AND name = ?").get(table)?.n === 1;
}

/** Whether any value sealed under `scheme` (`fk1:…`) is stored. */
export function hasSealedValues(db: Db, scheme: string): boolean {
  return SEALED_COLUMNS.some(({ table, column }) => {
    if (!tableExists(db, table)) return false;
    return db.prepare<[string], { n: number }>(`SELECT count(*) AS n FROM ${table} WHERE ${column} LIKE ? || ':%'`).get(scheme)?.n !== 0;
  });
}

/**
 * The same question asked of a database file, for a store made before (or without) the app's
 * connection. A file that does not exist holds nothing; one that cannot be read may hold anything.
 */
export function fileHasSealedValues(file: string, scheme: string): boolean {
  if (!fs.existsSync(file) || fs.statSync(file).size === 0) return false;
  let db: Db | undefined;
  try {
    db = new Database(file, { readonly: true, fileMustExist: true });
    return hasSealedValues(db, scheme);
  } catch {
    return true;
  } finally {
    db?.close();
  }
}

/** Rows whose sealed value cannot be opened, by table. */
export interface UnopenableRows {
  servers: { id: string; name: string }[];
  providers: { id: string; name: string }[];
  /** `${input:id}` values (migration 0013); the name is the id. */
  inputs: { id: string; name: string }[];
  /** OAuth sign-ins (migration 0014), by server id; cleared means signed out. */
  oauth?: { id: string; name: string }[];
}

/** The rows holding a value sealed under `scheme` that `canOpen` refuses. */
export function findUnopenable(db: Db, scheme: string, canOpen: (sealed: string) => boolean): UnopenableRows {
  const unopenable = (table: string, column: string, name = 'name') =>
    tableExists(db, table)
      ? db
          .prepare<[string], { id: string; name: string; sealed: string }>(`SELECT id, ${name} AS name, ${column} AS sealed FROM ${table} WHERE ${column} LIKE ? || ':%' ORDER BY rowid`)
          .all(scheme)
          .filter((row) => !canOpen(row.sealed))
          .map(({ id, name }) => ({ id, name }))
      : [];
  const oauth = tableExists(db, 'oauth_credentials')
    ? db
        .prepare<[string], { id: string; sealed: string }>("SELECT server_id AS id, sealed_state AS sealed FROM oauth_credentials WHERE sealed_state LIKE ? || ':%' ORDER BY rowid")
        .all(scheme)
        .filter((row) => !canOpen(row.sealed))
        .map(({ id }) => ({ id, name: id }))
    : [];
  return {
    servers: unopenable('mcp_servers', 'sealed_secrets'),
    providers: unopenable('providers', 'sealed_api_key'),
    inputs: unopenable('secret_inputs', 'sealed_value', 'id'),
    oauth,
  };
}

/**
 * Forgets the sealed values of these rows, in one transaction: a server's secrets become
 * CLEARED_SECRETS (listed as unreadable until the user enters them again), a provider loses its key,
 * an `${input:id}` its value.
 */
export function clearSealedValues(db: Db, rows: UnopenableRows): void {
  db.transaction(() => {
    const server = db.prepare<[string, string]>('UPDATE mcp_servers SET sealed_secrets = ? WHERE id = ?');
    for (const { id } of rows.servers) server.run(CLEARED_SECRETS, id);
    const provider = db.prepare<[string]>('UPDATE providers SET sealed_api_key = NULL WHERE id = ?');
    for (const { id } of rows.providers) provider.run(id);
    // An input without a value is asked for again (INPUT_REQUIRED) at its servers' next start.
    if (rows.inputs.length > 0) {
      const input = db.prepare<[string]>('UPDATE secret_inputs SET sealed_value = NULL WHERE id = ?');
      for (const { id } of rows.inputs) input.run(id);
    }
    // A sign-in that cannot be opened is no sign-in: the server asks to sign in again.
    if (rows.oauth && rows.oauth.length > 0) {
      const oauth = db.prepare<[string]>('DELETE FROM oauth_credentials WHERE server_id = ?');
      for (const { id } of rows.oauth) oauth.run(id);
    }
  })();
}
