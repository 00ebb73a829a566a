import { describe, expect, it } from 'vitest';
import type { McpServerRecord } from '../../app/shared/contracts/mcp-types';
import { OAuthService } from '../../app/main/oauth/OAuthService';
import { memorySignInStore } from '../../app/main/oauth/signInState';

function record(config: McpServerRecord['config']): McpServerRecord {
  const at = '2026-12-01T00:00:00.000Z';
  return { id: 'remote', name: 'remote', type: 'http', config, timeoutSec: 60, enabled: true, disabledTools: [], alwaysAllow: [], createdAt: at, updatedAt: at };
}

function serviceFor(server: McpServerRecord) {
  return new OAuthService({ store: memorySignInStore(), findServer: (id) => (id === server.id ? server : undefined) });
}

describe('OAuth and a key the user typed', () => {
  it('offers no sign-in to a server sent an Authorization header of the user’s own (a 401 then means “check the key”)', () => {
    const typed = record({ url: 'http://127.0.0.1:9/mcp', headers: { authorization: 'Bearer team-key' } });
    expect(serviceFor(typed).forServer(typed)).toBeUndefined();
    expect(serviceFor(typed).status('remote').supported).toBe(false);

    const fromProvider = record({ url: 'http://127.0.0.1:9/mcp', headers: {}, keyRefs: { headers: { Authorization: { providerId: 'p1', prefix: 'Bearer ' } } } });
    expect(serviceFor(fromProvider).forServer(fromProvider)).toBeUndefined();
  });

  it('offers a sign-in to a server with no Authorization header, other headers notwithstanding', () => {
    const plain = record({ url: 'http://127.0.0.1:9/mcp', headers: { 'X-Team': 'blue' } });
    expect(serviceFor(plain).forServer(plain)).toBeDefined();
  });
});
