/**
 * Seals secrets (API keys, env and header values) before they reach disk.
 * The Electron shell backs it with safeStorage; the headless host and the CLI with an AES-256-GCM
 * key file in the data dir. Sealed values carry their scheme as a prefix so a store can tell a
 * value it cannot open from a corrupt one.
 *
 * The port lives with its consumer: the repositories seal the columns db/sealedValues.ts lists
 * through it, so db/ depends on no implementation, and the implementations (secrets/, electron/)
 * depend on db/.
 */
export interface SecretStore {
  /** The prefix of the values this store seals, e.g. `fk1`. */
  readonly scheme: string;
  seal(plaintext: string): string;
  open(sealed: string): string;
}

/**
 * `SECRET_KEY_MISSING`: the key file is gone while values sealed with it are stored (params.path);
 * `SECRET_STORE_FAILED`: anything else (a value from another key, safeStorage unavailable).
 */
export type SecretStoreErrorCode = 'SECRET_KEY_MISSING' | 'SECRET_STORE_FAILED';

export class SecretStoreError extends Error {
  readonly code: SecretStoreErrorCode;
  readonly params: Record<string, string> | undefined;

  constructor(message: string, options: { cause?: unknown; code?: SecretStoreErrorCode; params?: Record<string, string> } = {}) {
    super(message, { cause: options.cause });
    this.name = 'SecretStoreError';
    this.code = options.code ?? 'SECRET_STORE_FAILED';
    this.params = options.params;
  }

  toData(): { code: SecretStoreErrorCode; params?: Record<string, string> } {
    return this.params ? { code: this.code, params: this.params } : { code: this.code };
  }
}
