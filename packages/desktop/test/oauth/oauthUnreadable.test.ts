import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { DATABASE_FILE, openDatabase } from '../../app/main/db/database';
import { MIGRATIONS } from '../../app/main/db/migrations';
import { OAuthCredentialRepository } from '../../app/main/db/OAuthCredentialRepository';
import { hasSealedValues } from '../../app/main/db/sealedValues';
import { FileKeySecretStore } from '../../app/main/secrets/FileKeySecretStore';
import { UnreadableSecretsService } from '../../app/main/secrets/unreadableSecrets';
import { tempDir } from '../support/tempDir';

describe('OAuth sign-ins and a lost secret key', () => {
  it('count as sealed values, read as no sign-in, and `secrets reset` deletes them', () => {
    const dataDir = tempDir();
    const db = openDatabase(join(dataDir, DATABASE_FILE), MIGRATIONS);
    // Sealed with a key that is not this data dir's (a replaced secret.key).
    const other = new FileKeySecretStore(tempDir());
    new OAuthCredentialRepository(db, other).write('srv-1', { tokens: { access_token: 'at-1', token_type: 'Bearer' } }, 't');
    const store = new FileKeySecretStore(dataDir);
    expect(hasSealedValues(db, store.scheme)).toBe(true);
    const repository = new OAuthCredentialRepository(db, store);
    expect(repository.read('srv-1')).toBeUndefined();
    new UnreadableSecretsService(db, store).clear();
    expect(repository.serverIds()).toEqual([]);
    db.close();
  });
});
