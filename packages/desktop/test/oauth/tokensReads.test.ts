/**
 * The SDK's HTTP transport asks the provider for tokens before every request (issue 16: on every HTTP
 * tool call's path): the sign-in is read from the store once per request, not three times, and what
 * it returns is still what is stored now.
 */
import { describe, expect, it } from 'vitest';
import { ElftiaOAuthProvider } from '../../app/main/oauth/ElftiaOAuthProvider';
import { memorySignInStore, type SignInStore } from '../../app/main/oauth/signInState';
import { ManualClock } from '../support/manualClock';

function countingStore(): { store: SignInStore; reads: () => number } {
  const inner = memorySignInStore();
  let reads = 0;
  return {
    store: {
      read: (serverId) => {
        reads += 1;
        return inner.read(serverId);
      },
      write: inner.write,
      delete: inner.delete,
    },
    reads: () => reads,
  };
}

describe('tokens before each request', () => {
  it('reads the store once per request, signed in or not, and returns what is stored now', async () => {
    const clock = new ManualClock();
    const { store, reads } = countingStore();
    const provider = new ElftiaOAuthProvider({ serverId: 'srv', serverUrl: 'http://127.0.0.1:1/mcp', store, clock });
    let before = reads();
    expect(await provider.tokens()).toBeUndefined();
    expect(reads() - before).toBe(1);

    store.write('srv', { tokens: { access_token: 'at-1', token_type: 'Bearer', expires_in: 3600, refresh_token: 'rt' }, tokensSavedAt: clock.now() });
    before = reads();
    expect(await provider.tokens()).toMatchObject({ access_token: 'at-1' });
    expect(reads() - before).toBe(1);

    store.write('srv', { tokens: { access_token: 'at-2', token_type: 'Bearer', expires_in: 3600, refresh_token: 'rt' }, tokensSavedAt: clock.now() });
    expect(await provider.tokens()).toMatchObject({ access_token: 'at-2' });
    expect(provider.expiresAt()).toBe(clock.now() + 3600 * 1000);
  });
});
