import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { UnauthorizedError } from '@modelcontextprotocol/client';
import { afterEach, describe, expect, it } from 'vitest';
import { textOf } from '../mcp/helpers';
import { ManualClock } from '../support/manualClock';
import { type OAuthWorld, signInThroughBrowser, startOAuthWorld } from './oauthHarness';

const worlds: OAuthWorld[] = [];
async function world(...args: Parameters<typeof startOAuthWorld>): Promise<OAuthWorld> {
  const started = await startOAuthWorld(...args);
  worlds.push(started);
  return started;
}

afterEach(async () => {
  for (const started of worlds.splice(0)) await started.close();
});

function filesUnder(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? filesUnder(path) : [path];
  });
}

describe('OAuth sign-in against a local authorization server', () => {
  it('a 401 without a sign-in ends in "needs sign-in", and no browser opens by itself', async () => {
    const w = await world();
    expect(w.service.status(w.record.id).state).toBe('signed_out');
    const error = await w.connect().then(
      () => undefined,
      (caught: unknown) => caught,
    );
    expect(error).toBeInstanceOf(UnauthorizedError);
    expect(w.service.status(w.record.id).state).toBe('needs_sign_in');
    expect(w.opened).toEqual([]);
    // Nothing registered for a redirect nobody listens on: the sign-in registers, once.
    expect((await w.stats()).register).toBe(0);
    await w.connect().catch(() => {});
    expect((await w.stats()).register).toBe(0);
    await signInThroughBrowser(w);
    expect((await w.stats()).register).toBe(1);
  });

  it('signs in through the browser and the loopback redirect, then the tools answer', async () => {
    const w = await world();
    const { authorizationUrl } = await w.service.signIn(w.record.id);
    expect(authorizationUrl).toMatch(new RegExp(`^${w.origin}/authorize\\?`));
    expect(w.opened).toEqual([authorizationUrl]);
    const query = new URL(authorizationUrl ?? '').searchParams;
    expect(query.get('code_challenge_method')).toBe('S256');
    expect(query.get('redirect_uri')).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/callback$/);
    expect(query.get('resource')).toBe(`${w.origin}/mcp`);
    expect(w.service.status(w.record.id)).toMatchObject({ state: 'signing_in', authorizationUrl });

    const page = await w.browse(authorizationUrl ?? '');
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('You can close this tab');
    await w.service.waitForSignIn(w.record.id);

    const status = w.service.status(w.record.id);
    expect(status).toMatchObject({ state: 'signed_in', account: 'ada@example.test' });
    expect(status.state === 'signed_in' && status.scopes).toContain('mcp:tools');
    const client = await w.connect();
    expect((await client.listTools()).tools.map((tool) => tool.name)).toEqual(['whoami', 'ping', 'admin']);
    expect(textOf(await client.callTool({ name: 'whoami', arguments: {} }))).toMatch(/^client dcr-/);
    const stats = await w.stats();
    expect(stats).toMatchObject({ register: 1, authorize: 1, token: { authorization_code: 1, refresh_token: 0 } });
    // The registration was native with the loopback redirect (RFC 8252).
  });

  it('a callback with another state is refused and the sign-in keeps waiting for the right one', async () => {
    const w = await world();
    const { authorizationUrl } = await w.service.signIn(w.record.id);
    const redirectUri = new URL(authorizationUrl ?? '').searchParams.get('redirect_uri') ?? '';
    const forged = await fetch(`${redirectUri}?code=forged&state=not-the-state`);
    expect(forged.status).toBe(400);
    expect(w.service.status(w.record.id).state).toBe('signing_in');
    expect((await w.browse(authorizationUrl ?? '')).status).toBe(200);
    await w.service.waitForSignIn(w.record.id);
    expect(w.service.status(w.record.id).state).toBe('signed_in');
  });

  it('a sign-in nobody finishes times out after the set time and the listener is gone', async () => {
    const clock = new ManualClock(Date.now());
    const w = await world({}, { clock, signInTimeoutMs: 5 * 60_000 });
    const { authorizationUrl } = await w.service.signIn(w.record.id);
    const redirectUri = new URL(authorizationUrl ?? '').searchParams.get('redirect_uri') ?? '';
    const waited = w.service.waitForSignIn(w.record.id).then(
      () => undefined,
      (error: unknown) => error,
    );
    clock.advance(5 * 60_000);
    expect(await waited).toMatchObject({ code: 'OAUTH_SIGN_IN_TIMEOUT' });
    await expect(fetch(redirectUri)).rejects.toThrow();
    expect(w.service.status(w.record.id).state).toBe('signed_out');
  });

  it('an access token about to expire is refreshed before use, once for many concurrent calls', async () => {
    const clock = new ManualClock(Date.now());
    const w = await world({ ACCESS_TTL_SEC: '3600' }, { clock });
    await signInThroughBrowser(w);
    const client = await w.connect();
    clock.advance(3600_000 - 30_000);
    const answers = await Promise.all(Array.from({ length: 5 }, () => client.callTool({ name: 'ping', arguments: {} })));
    expect(answers.map(textOf)).toEqual(Array(5).fill('pong'));
    const stats = await w.stats();
    expect(stats.token.refresh_token).toBe(1);
    // Refreshed before use: no request met a 401.
    expect(stats.mcp401).toBe(0);
    expect(w.service.status(w.record.id).state).toBe('signed_in');
  });

  it('a token the server stopped accepting is refreshed once on its 401, silently', async () => {
    const w = await world();
    await signInThroughBrowser(w);
    const client = await w.connect();
    await w.admin('/admin/expire-access');
    expect(textOf(await client.callTool({ name: 'ping', arguments: {} }))).toBe('pong');
    expect((await w.stats()).token.refresh_token).toBe(1);
    expect(w.service.status(w.record.id).state).toBe('signed_in');
  });

  it('concurrent 401s never run two refreshes at once, so a rotating refresh token keeps the user signed in', async () => {
    const w = await world({ REFRESH_DELAY_MS: '200' });
    await signInThroughBrowser(w);
    const client = await w.connect();
    await w.admin('/admin/expire-access');
    const answers = await Promise.all(Array.from({ length: 4 }, () => client.callTool({ name: 'ping', arguments: {} })));
    expect(answers.map(textOf)).toEqual(Array(4).fill('pong'));
    const stats = await w.stats();
    expect(stats.refreshMaxInFlight).toBe(1);
    expect(w.service.status(w.record.id).state).toBe('signed_in');
    expect(w.opened).toHaveLength(1);
  });

  it('revoked tokens end in "needs sign-in" without opening a browser', async () => {
    const w = await world();
    await signInThroughBrowser(w);
    const client = await w.connect();
    await w.admin('/admin/revoke');
    await expect(client.callTool({ name: 'ping', arguments: {} })).rejects.toBeInstanceOf(UnauthorizedError);
    expect(w.service.status(w.record.id).state).toBe('needs_sign_in');
    expect(w.opened).toHaveLength(1);
  });

  it('uses a pre-registered client id and secret instead of dynamic registration', async () => {
    const w = await world({ OAUTH_CLIENT_ID: 'elftia-desktop', OAUTH_CLIENT_SECRET: 'pre-registered-secret-42' });
    w.service.setClient(w.record.id, { clientId: 'elftia-desktop', clientSecret: 'pre-registered-secret-42' });
    expect(w.service.status(w.record.id).preRegisteredClientId).toBe('elftia-desktop');
    await signInThroughBrowser(w);
    const client = await w.connect();
    expect(textOf(await client.callTool({ name: 'whoami', arguments: {} }))).toBe('client elftia-desktop');
    const stats = await w.stats();
    expect(stats.register).toBe(0);
    expect(new Set(stats.clientIdsUsed)).toEqual(new Set(['elftia-desktop']));
  });

  it('keeps no token, refresh token, client secret or verifier in plain text under the data dir', async () => {
    const w = await world({ OAUTH_CLIENT_ID: 'elftia-desktop', OAUTH_CLIENT_SECRET: 'pre-registered-secret-42' });
    w.service.setClient(w.record.id, { clientId: 'elftia-desktop', clientSecret: 'pre-registered-secret-42' });
    await signInThroughBrowser(w);
    const provider = w.service.forServer(w.record);
    const tokens = await provider?.tokens();
    const secrets = [tokens?.access_token, tokens?.refresh_token, tokens?.id_token, provider?.codeVerifier(), 'pre-registered-secret-42'];
    expect(secrets.every((value) => typeof value === 'string' && value.length > 10)).toBe(true);
    const files = filesUnder(w.dataDir);
    expect(files.length).toBeGreaterThan(0);
    for (const file of files) {
      const bytes = readFileSync(file).toString('latin1');
      for (const secret of secrets) expect(bytes.includes(secret ?? ''), `${secret} in ${file}`).toBe(false);
    }
    expect(w.repository.serverIds()).toEqual([w.record.id]);
  });

  it('signing out and deleting the server forget what was stored', async () => {
    const w = await world();
    await signInThroughBrowser(w);
    w.service.signOut(w.record.id);
    expect(w.service.status(w.record.id).state).toBe('signed_out');
    expect(await w.service.forServer(w.record)?.tokens()).toBeUndefined();
    // The registration stays after sign out (the next sign-in skips registering) …
    expect(w.repository.serverIds()).toEqual([w.record.id]);
    await signInThroughBrowser(w);
    expect((await w.stats()).register).toBe(1);
    // … and goes with the server.
    w.service.forget(w.record.id);
    expect(w.repository.serverIds()).toEqual([]);
    expect(w.db.prepare('SELECT count(*) AS n FROM oauth_credentials').get()).toEqual({ n: 0 });
  });

  it('registers again when the server moves to another authorization server', async () => {
    const first = await world();
    const second = await world();
    await signInThroughBrowser(first);
    // Same server id, same stored state; its URL now names the other authorization server's resource.
    first.record.config.url = `${second.origin}/mcp`;
    // The old server's tokens are never sent to the new address.
    expect(await first.service.forServer(first.record)?.tokens()).toBeUndefined();
    await signInThroughBrowser(first);
    expect((await second.stats()).register).toBe(1);
    const client = await first.connect();
    expect(textOf(await client.callTool({ name: 'ping', arguments: {} }))).toBe('pong');
  });
});

describe('scope step-up', () => {
  it('a 403 insufficient_scope asks for a sign-in with the wider scope, without a browser of its own', async () => {
    const w = await world();
    await signInThroughBrowser(w);
    const client = await w.connect();
    await expect(client.callTool({ name: 'admin', arguments: {} })).rejects.toBeInstanceOf(UnauthorizedError);
    expect(w.service.status(w.record.id).state).toBe('needs_sign_in');
    expect(w.opened).toHaveLength(1);

    const { authorizationUrl } = await w.service.signIn(w.record.id);
    expect(new URL(authorizationUrl ?? '').searchParams.get('scope')?.split(' ')).toEqual(expect.arrayContaining(['mcp:tools', 'mcp:admin']));
    await w.browse(authorizationUrl ?? '');
    await w.service.waitForSignIn(w.record.id);
    const again = await w.connect();
    expect(textOf(await again.callTool({ name: 'admin', arguments: {} }))).toContain('mcp:admin');
  });
});

describe('protected-resource metadata only where the challenge says', () => {
  it("signs in through the metadata URL a 401's WWW-Authenticate names, not the well-known locations", async () => {
    const w = await world({ PRM_PATH: '/custom/metadata/location.json' });
    expect((await fetch(`${w.origin}/.well-known/oauth-protected-resource/mcp`)).status).toBe(404);
    // The app's background connect meets the 401 and stops at "needs sign-in".
    await expect(w.connect()).rejects.toBeInstanceOf(UnauthorizedError);
    expect(w.service.status(w.record.id).state).toBe('needs_sign_in');

    const { authorizationUrl } = await w.service.signIn(w.record.id);
    expect(authorizationUrl).toMatch(new RegExp(`^${w.origin}/tenant/authorize\\?`));
    expect(new URL(authorizationUrl ?? '').searchParams.get('resource')).toBe(`${w.origin}/mcp`);
    expect((await w.browse(authorizationUrl ?? '')).status).toBe(200);
    await w.service.waitForSignIn(w.record.id);

    expect(w.service.status(w.record.id).state).toBe('signed_in');
    const client = await w.connect();
    expect(textOf(await client.callTool({ name: 'whoami', arguments: {} }))).toMatch(/^client dcr-/);
    expect(await w.stats()).toMatchObject({ register: 1, authorize: 1, token: { authorization_code: 1 } });
  });

  it('a sign-in started again after one already finished still finds the metadata', async () => {
    const w = await world({ PRM_PATH: '/custom/metadata/location.json' });
    await w.connect().catch(() => {});
    await signInThroughBrowser(w);
    w.service.signOut(w.record.id);
    await signInThroughBrowser(w);
    expect(w.service.status(w.record.id).state).toBe('signed_in');
    expect((await w.stats()).token.authorization_code).toBe(2);
  });

  it('the sign-in asks for the scope the 401 challenge named, which the app\'s transport passed on', async () => {
    const w = await world({ CHALLENGE_SCOPE: 'mcp:tools mcp:admin' });
    await expect(w.connectThroughApp()).rejects.toBeInstanceOf(UnauthorizedError);
    expect(w.service.status(w.record.id).state).toBe('needs_sign_in');

    const { authorizationUrl } = await w.service.signIn(w.record.id);
    expect(new URL(authorizationUrl ?? '').searchParams.get('scope')?.split(' ')).toEqual(expect.arrayContaining(['mcp:tools', 'mcp:admin']));
    expect((await w.browse(authorizationUrl ?? '')).status).toBe(200);
    await w.service.waitForSignIn(w.record.id);

    const client = await w.connectThroughApp();
    expect(textOf(await client.callTool({ name: 'admin', arguments: {} }))).toContain('mcp:admin');
    expect((await w.stats()).mcp403).toBe(0);
  });
});
