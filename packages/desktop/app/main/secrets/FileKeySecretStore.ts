import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { DATABASE_FILE } from '../db/database';
import { fileHasSealedValues } from '../db/sealedValues';
import { fileStorageError } from '../db/storageErrors';
import { type SecretStore, SecretStoreError } from '../db/SecretStore';

const KEY_BYTES = 32;
const IV_BYTES = 12;
export const SECRET_KEY_FILE = 'secret.key';
const SCHEME = 'fk1';

export interface FileKeySecretStoreOptions {
  /**
   * Whether values sealed with this data dir's key are stored; asked only when the key file is
   * missing, before a new key is made. Default: looks in `<dataDir>/elftia.db`.
   */
  sealedValuesExist?: () => boolean;
}

/**
 * AES-256-GCM with a random key kept in `<dataDir>/secret.key` (mode 0600). Used where Electron's
 * safeStorage is not available: the headless host and the CLI. It protects against the database
 * being copied or synced on its own, not against someone who can read the whole data dir.
 *
 * The key is read on first use. A new one is made only while nothing sealed with a key of this data
 * dir is stored: a lost key file must not be replaced silently, leaving every stored secret
 * unreadable (see `elftia secrets reset` for the way out). A disk that refuses the new key is a
 * storage error (DISK_FULL, READ_ONLY) and leaves no key file behind.
 */
export class FileKeySecretStore implements SecretStore {
  readonly scheme = SCHEME;
  readonly #file: string;
  readonly #sealedValuesExist: () => boolean;
  #key: Buffer | undefined;

  constructor(dataDir: string, options: FileKeySecretStoreOptions = {}) {
    this.#file = path.join(dataDir, SECRET_KEY_FILE);
    this.#sealedValuesExist = options.sealedValuesExist ?? (() => fileHasSealedValues(path.join(dataDir, DATABASE_FILE), SCHEME));
  }

  seal(plaintext: string): string {
    const key = this.#loadKey() ?? this.#createKey();
    const iv = crypto.randomBytes(IV_BYTES);
    const cipher = crypto.createCipheriv('aes-256-gcm', key, iv);
    const body = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()]);
    return [this.scheme, iv.toString('base64'), cipher.getAuthTag().toString('base64'), body.toString('base64')].join(':');
  }

  open(sealed: string): string {
    const [scheme, iv, tag, body] = sealed.split(':');
    if (scheme !== this.scheme || iv === undefined || tag === undefined || body === undefined) {
      throw new SecretStoreError(`cannot open a value sealed as '${scheme ?? ''}' with '${this.scheme}'`);
    }
    const key = this.#loadKey();
    if (!key) throw this.#missing();
    try {
      const decipher = crypto.createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64'));
      decipher.setAuthTag(Buffer.from(tag, 'base64'));
      return Buffer.concat([decipher.update(Buffer.from(body, 'base64')), decipher.final()]).toString('utf8');
    } catch (cause) {
      throw new SecretStoreError("the sealed value does not match this data dir's key", { cause });
    }
  }

  #loadKey(): Buffer | undefined {
    if (this.#key) return this.#key;
    let existing: Buffer;
    try {
      existing = fs.readFileSync(this.#file);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
      throw new SecretStoreError(`cannot read ${this.#file}`, { cause: error });
    }
    // An empty file is what a full disk left when an earlier version wrote the key in place; with
    // nothing sealed, no key was ever used, so a new one may take its place.
    if (existing.length === 0 && !this.#sealedValuesExist()) {
      fs.rmSync(this.#file, { force: true });
      return undefined;
    }
    if (existing.length !== KEY_BYTES) throw new SecretStoreError(`${this.#file} is not a ${KEY_BYTES}-byte key`);
    this.#key = existing;
    return existing;
  }

  #createKey(): Buffer {
    if (this.#sealedValuesExist()) throw this.#missing();
    const key = crypto.randomBytes(KEY_BYTES);
    // Written whole beside the key file, then linked into place: a write that fails (a full disk)
    // never leaves a partial key file, and a link, unlike a rename, fails with EEXIST rather than
    // replace a key another process made meanwhile (theirs is used).
    const temp = `${this.#file}.${crypto.randomBytes(6).toString('hex')}.tmp`;
    try {
      fs.mkdirSync(path.dirname(this.#file), { recursive: true });
      fs.writeFileSync(temp, key, { mode: 0o600, flag: 'wx' });
      fs.linkSync(temp, this.#file);
      this.#key = key;
      return key;
    } catch (error) {
      const theirs = (error as NodeJS.ErrnoException).code === 'EEXIST' ? this.#loadKey() : undefined;
      if (theirs) return theirs;
      throw fileStorageError(error, this.#file) ?? error;
    } finally {
      fs.rmSync(temp, { force: true });
    }
  }

  #missing(): SecretStoreError {
    return new SecretStoreError(`${this.#file} is missing while secrets sealed with it are stored`, { code: 'SECRET_KEY_MISSING', params: { path: this.#file } });
  }
}
