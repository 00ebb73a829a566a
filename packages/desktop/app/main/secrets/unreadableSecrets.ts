import type { Db } from '../db/database';
import { clearSealedValues, findUnopenable, type UnopenableRows } from '../db/sealedValues';
import { type SecretStore, SecretStoreError } from '../db/SecretStore';

/** Server and provider names whose stored secrets this data dir's store cannot open. */
export interface UnreadableSecrets {
  servers: string[];
  providers: string[];
  /** Ids of `${input:id}` values. */
  inputs: string[];
}

/**
 * `elftia secrets reset`: the way out when `secret.key` is lost (or replaced) while secrets sealed
 * with it are stored. Finds the values the store cannot open and, on `clear`, forgets them, so the
 * servers show as needing their secrets again and a new key can be made. Values the store opens are
 * never touched, nor values sealed under another scheme (the app's safeStorage).
 */
export class UnreadableSecretsService {
  constructor(
    private readonly db: Db,
    private readonly store: SecretStore,
  ) {}

  find(): UnreadableSecrets {
    return this.#names(this.#rows());
  }

  clear(): UnreadableSecrets {
    const rows = this.#rows();
    clearSealedValues(this.db, rows);
    return this.#names(rows);
  }

  #rows(): UnopenableRows {
    return findUnopenable(this.db, this.store.scheme, (sealed) => {
      try {
        this.store.open(sealed);
        return true;
      } catch (error) {
        if (error instanceof SecretStoreError) return false;
        throw error;
      }
    });
  }

  #names(rows: UnopenableRows): UnreadableSecrets {
    return { servers: rows.servers.map((row) => row.name), providers: rows.providers.map((row) => row.name), inputs: rows.inputs.map((row) => row.name) };
  }
}
