/**
 * The SDK's HTTP transport reads a server's sign-in before every request (ElftiaOAuthProvider.tokens),
 * so OAuthCredentialRepository.read is on every HTTP tool call's path (issue 16): its SELECT is
 * compiled once, not per read, and every read still sees what was last written or deleted.
 */
import { join } from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import { DATABASE_FILE, openDatabase } from '../../app/main/db/database';
import { MIGRATIONS } from '../../app/main/db/migrations';
import { OAuthCredentialRepository } from '../../app/main/db/OAuthCredentialRepository';
import { FileKeySecretStore } from '../../app/main/secrets/FileKeySecretStore';
import { tempDir } from '../support/tempDir';

describe('reading a sign-in', () => {
  it('prepares its query once however often it reads, and each read is current', () => {
    const dataDir = tempDir();
    const db = openDatabase(join(dataDir, DATABASE_FILE), MIGRATIONS);
    const repository = new OAuthCredentialRepository(db, new FileKeySecretStore(dataDir));
    const prepare = vi.spyOn(db, 'prepare');
    for (let i = 0; i < 20; i += 1) expect(repository.read('srv-1')).toBeUndefined();
    expect(prepare.mock.calls.filter(([sql]) => String(sql).startsWith('SELECT sealed_state'))).toHaveLength(1);

    repository.write('srv-1', { tokens: { access_token: 'at-1', token_type: 'Bearer' } }, 't1');
    expect(repository.read('srv-1')).toEqual({ tokens: { access_token: 'at-1', token_type: 'Bearer' } });
    repository.write('srv-1', { tokens: { access_token: 'at-2', token_type: 'Bearer' } }, 't2');
    expect(repository.read('srv-1')).toEqual({ tokens: { access_token: 'at-2', token_type: 'Bearer' } });
    // Changed behind the repository's back (as `secrets reset` does with its own SQL): seen at once.
    db.prepare('DELETE FROM oauth_credentials WHERE server_id = ?').run('srv-1');
    expect(repository.read('srv-1')).toBeUndefined();
    expect(prepare.mock.calls.filter(([sql]) => String(sql).startsWith('SELECT sealed_state'))).toHaveLength(1);
    db.close();
  });
});
