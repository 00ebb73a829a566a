import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { type SecretStore, SecretStoreError } from './SecretStore';

const KEY_BYTES = 32;
const IV_BYTES = 12;
export const SECRET_KEY_FILE = 'secret.key';

/**
 * AES-256-GCM with a random key kept in `<dataDir>/secret.key` (mode 0600). Used where Electron's
 * safeStorage is not available: the headless host and the CLI. It protects against the database
 * being copied or synced on its own, not against someone who can read the whole data dir.
 */
export class FileKeySecretStore implements SecretStore {
  readonly scheme = 'fk1';
  readonly #key: Buffer;

  constructor(dataDir: string) {
    this.#key = loadOrCreateKey(path.join(dataDir, SECRET_KEY_FILE));
  }

  seal(plaintext: string): string {
    const iv = crypto.randomBytes(IV_BYTES);
    const cipher = crypto.createCipheriv('aes-256-gcm', this.#key, iv);
    const body = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()]);
    return [this.scheme, iv.toString('base64'), cipher.getAuthTag().toString('base64'), body.toString('base64')].join(':');
  }

  open(sealed: string): string {
    const [scheme, iv, tag, body] = sealed.split(':');
    if (scheme !== this.scheme || iv === undefined || tag === undefined || body === undefined) {
      throw new SecretStoreError(`cannot open a value sealed as '${scheme ?? ''}' with '${this.scheme}'`);
    }
    try {
      const decipher = crypto.createDecipheriv('aes-256-gcm', this.#key, Buffer.from(iv, 'base64'));
      decipher.setAuthTag(Buffer.from(tag, 'base64'));
      return Buffer.concat([decipher.update(Buffer.from(body, 'base64')), decipher.final()]).toString('utf8');
    } catch (cause) {
      throw new SecretStoreError('the sealed value does not match this data dir\'s key', { cause });
    }
  }
}

function loadOrCreateKey(file: string): Buffer {
  try {
    const existing = fs.readFileSync(file);
    if (existing.length !== KEY_BYTES) throw new SecretStoreError(`${file} is not a ${KEY_BYTES}-byte key`);
    return existing;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
  fs.mkdirSync(path.dirname(file), { recursive: true });
  const key = crypto.randomBytes(KEY_BYTES);
  try {
    // 'wx': if another process created the key meanwhile, use theirs rather than overwrite it.
    fs.writeFileSync(file, key, { mode: 0o600, flag: 'wx' });
    return key;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'EEXIST') return fs.readFileSync(file);
    throw error;
  }
}
