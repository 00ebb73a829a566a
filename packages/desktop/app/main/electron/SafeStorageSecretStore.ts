import type { SafeStorage } from 'electron';
import { type SecretStore, SecretStoreError } from '../db/SecretStore';

export type SafeStorageApi = Pick<SafeStorage, 'isEncryptionAvailable' | 'encryptString' | 'decryptString'>;

export interface SafeStorageSecretStoreOptions {
  safeStorage: SafeStorageApi;
  /**
   * Opens values sealed by another store — the CLI and the headless host seal with the data dir's
   * key file ('fk1') — so servers added there show in the app. Created on first use.
   */
  fallback?: () => SecretStore;
}

/** Seals with the OS keychain through Electron's safeStorage: `ss1:<base64 ciphertext>`. */
export class SafeStorageSecretStore implements SecretStore {
  readonly scheme = 'ss1';
  readonly #safeStorage: SafeStorageApi;
  readonly #createFallback: (() => SecretStore) | undefined;
  #fallback: SecretStore | undefined;

  constructor(options: SafeStorageSecretStoreOptions) {
    this.#safeStorage = options.safeStorage;
    this.#createFallback = options.fallback;
  }

  seal(plaintext: string): string {
    if (!this.#safeStorage.isEncryptionAvailable()) throw new SecretStoreError('safeStorage encryption is not available');
    return `${this.scheme}:${this.#safeStorage.encryptString(plaintext).toString('base64')}`;
  }

  open(sealed: string): string {
    const colon = sealed.indexOf(':');
    const scheme = colon < 0 ? '' : sealed.slice(0, colon);
    if (scheme !== this.scheme) return this.#openElsewhere(sealed, scheme);
    try {
      return this.#safeStorage.decryptString(Buffer.from(sealed.slice(colon + 1), 'base64'));
    } catch (cause) {
      throw new SecretStoreError('safeStorage could not decrypt a stored secret', { cause });
    }
  }

  #openElsewhere(sealed: string, scheme: string): string {
    if (!this.#createFallback) throw new SecretStoreError(`cannot open a value sealed as '${scheme}' with '${this.scheme}'`);
    this.#fallback ??= this.#createFallback();
    return this.#fallback.open(sealed);
  }
}
