import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { FileKeySecretStore, SECRET_KEY_FILE } from '../../app/main/secrets/FileKeySecretStore';
import { SecretStoreError } from '../../app/main/db/SecretStore';
import { tempDir } from '../support/tempDir';

describe('FileKeySecretStore', () => {
  it('round-trips and never writes the plaintext', () => {
    const dir = tempDir();
    const store = new FileKeySecretStore(dir);
    const sealed = store.seal('sk-live-1234567890');
    expect(sealed.startsWith('fk1:')).toBe(true);
    expect(sealed).not.toContain('sk-live');
    expect(store.open(sealed)).toBe('sk-live-1234567890');
    // Fresh IV each time: equal secrets do not produce equal ciphertexts.
    expect(store.seal('same')).not.toBe(store.seal('same'));
  });

  it('keeps its key in a 0600 file and reuses it across instances', () => {
    const dir = tempDir();
    const sealed = new FileKeySecretStore(dir).seal('token');
    const mode = fs.statSync(path.join(dir, SECRET_KEY_FILE)).mode & 0o777;
    expect(mode).toBe(0o600);
    expect(new FileKeySecretStore(dir).open(sealed)).toBe('token');
  });

  it('replaces an empty key file (what a full disk left behind) while nothing sealed is stored', () => {
    const dir = tempDir();
    fs.writeFileSync(path.join(dir, SECRET_KEY_FILE), '', { mode: 0o600 });
    const store = new FileKeySecretStore(dir, { sealedValuesExist: () => false });
    expect(store.open(store.seal('token'))).toBe('token');
    expect(fs.statSync(path.join(dir, SECRET_KEY_FILE)).size).toBe(32);
    // With sealed values stored, an empty key file is never silently replaced.
    const guarded = tempDir();
    fs.writeFileSync(path.join(guarded, SECRET_KEY_FILE), '', { mode: 0o600 });
    expect(() => new FileKeySecretStore(guarded, { sealedValuesExist: () => true }).seal('token')).toThrow(SecretStoreError);
  });

  it('rejects a value sealed with another key or tampered with', () => {
    const sealed = new FileKeySecretStore(tempDir()).seal('token');
    expect(() => new FileKeySecretStore(tempDir()).open(sealed)).toThrow(SecretStoreError);
    const store = new FileKeySecretStore(tempDir());
    const parts = store.seal('token').split(':');
    parts[3] = Buffer.from('tampered').toString('base64');
    expect(() => store.open(parts.join(':'))).toThrow(SecretStoreError);
  });
});
