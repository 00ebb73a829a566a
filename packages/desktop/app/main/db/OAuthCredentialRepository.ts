import type { Statement } from 'better-sqlite3';
import type { Db } from './database';
import { type SecretStore, SecretStoreError } from './SecretStore';

/**
 * The only place with SQL for OAuth sign-ins (migration 0014). The state is a JSON document the
 * caller (oauth/) defines; it is sealed before it is written, so no token, refresh token, client
 * secret or PKCE verifier reaches the database file in plain text.
 */
export class OAuthCredentialRepository {
  readonly #db: Db;
  readonly #secrets: SecretStore;

  /**
   * Prepared once: the SDK's HTTP transport reads the sign-in (tokens()) before every request to an
   * HTTP server, and compiling the SELECT each time was most of that read's cost.
   */
  #readStatement: Statement<[string], { sealed_state: string }> | undefined;

  constructor(db: Db, secrets: SecretStore) {
    this.#db = db;
    this.#secrets = secrets;
  }

  /** The opened state; undefined when none is stored or this store cannot open it (then the user signs in again). */
  read(serverId: string): unknown {
    this.#readStatement ??= this.#db.prepare<[string], { sealed_state: string }>('SELECT sealed_state FROM oauth_credentials WHERE server_id = ?');
    const row = this.#readStatement.get(serverId);
    if (!row) return undefined;
    try {
      return JSON.parse(this.#secrets.open(row.sealed_state)) as unknown;
    } catch (error) {
      if (error instanceof SecretStoreError || error instanceof SyntaxError) return undefined;
      throw error;
    }
  }

  write(serverId: string, state: unknown, now: string): void {
    this.#db
      .prepare(
        `INSERT INTO oauth_credentials (server_id, sealed_state, updated_at) VALUES (@serverId, @sealed, @now)
         ON CONFLICT (server_id) DO UPDATE SET sealed_state = excluded.sealed_state, updated_at = excluded.updated_at`,
      )
      .run({ serverId, sealed: this.#secrets.seal(JSON.stringify(state)), now });
  }

  /** False when nothing was stored. */
  delete(serverId: string): boolean {
    return this.#db.prepare('DELETE FROM oauth_credentials WHERE server_id = ?').run(serverId).changes > 0;
  }

  /** Server ids with a stored sign-in. */
  serverIds(): string[] {
    return this.#db.prepare<[], { server_id: string }>('SELECT server_id FROM oauth_credentials ORDER BY server_id').all().map((row) => row.server_id);
  }
}
