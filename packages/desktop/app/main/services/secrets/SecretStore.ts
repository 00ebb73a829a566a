/**
 * Seals secrets (API keys, env and header values) before they reach disk (DESIGN.md decision 4).
 * The Electron shell backs it with safeStorage; the headless host and the CLI with an AES-256-GCM
 * key file in the data dir. Sealed values carry their scheme as a prefix so a store can tell a
 * value it cannot open from a corrupt one.
 */
export interface SecretStore {
  /** The prefix of the values this store seals, e.g. `fk1`. */
  readonly scheme: string;
  seal(plaintext: string): string;
  open(sealed: string): string;
}

export class SecretStoreError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'SecretStoreError';
  }
}
