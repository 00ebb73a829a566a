import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { appErrorData } from '../../app/main/routers/trpc';
import type { TRPCError } from '@trpc/server';
import { fixture, type RunningServer, startNetworkServer, waitFor } from '../mcp/helpers';
import { closeApp, openApp, rejection } from '../support/appHarness';

let server: RunningServer;
let origin: string;

beforeEach(async () => {
  server = await startNetworkServer([fixture('oauth-server.mjs')]);
  origin = `http://127.0.0.1:${server.port}`;
});

afterEach(async () => {
  await server.stop();
});

describe('mcp.auth (the app services)', () => {
  it('signs in through the router, survives a restart of the app, and is deleted with the server', async () => {
    const opened: string[] = [];
    const first = openApp({ openExternal: async (url) => void opened.push(url) });
    const added = await first.caller.mcp.add({ name: 'protected', type: 'http', url: `${origin}/mcp` });
    expect(await first.caller.mcp.auth.status({ serverId: added.id })).toMatchObject({ supported: true, state: 'signed_out' });

    const { authorizationUrl } = await first.caller.mcp.auth.signIn({ serverId: added.id });
    expect(opened).toEqual([authorizationUrl]);
    expect((await fetch(authorizationUrl ?? '')).status).toBe(200);
    await first.services.oauth.waitForSignIn(added.id);
    expect(await first.caller.mcp.auth.status({ serverId: added.id })).toMatchObject({ state: 'signed_in', account: 'ada@example.test', scopes: ['mcp:tools', 'offline_access'] });
    await closeApp(first.services);

    // Sealed in the database, opened again by the next run on the same data dir.
    const second = openApp({ dataDir: first.dataDir });
    expect(await second.caller.mcp.auth.status({ serverId: added.id })).toMatchObject({ state: 'signed_in', account: 'ada@example.test' });
    await second.caller.mcp.remove({ id: added.id });
    expect(second.services.db.prepare('SELECT count(*) AS n FROM oauth_credentials').get()).toEqual({ n: 0 });
  });

  it('a server that answers 401 waits in "needs sign-in" (MCP_AUTH_REQUIRED); signing in reconnects it; a revoked sign-in fails calls with MCP_AUTH_REQUIRED', async () => {
    const { services, caller } = openApp();
    const added = await caller.mcp.add({ name: 'protected', type: 'http', url: `${origin}/mcp` });
    const refused = await services.mcp.connect(added.id).then(
      () => undefined,
      (error: unknown) => error,
    );
    expect(refused).toMatchObject({ code: 'MCP_AUTH_REQUIRED', params: { server: 'protected' } });
    expect(await caller.mcp.get({ id: added.id })).toMatchObject({ status: 'error', connection: { lastError: { code: 'MCP_AUTH_REQUIRED' } } });
    expect(await caller.mcp.auth.status({ serverId: added.id })).toMatchObject({ state: 'needs_sign_in' });

    const { authorizationUrl } = await caller.mcp.auth.signIn({ serverId: added.id });
    await fetch(authorizationUrl ?? '');
    await services.oauth.waitForSignIn(added.id);
    await waitFor(async () => (await caller.mcp.get({ id: added.id })).status === 'connected', 10_000, 'reconnected after sign-in');
    expect((await caller.mcp.tools({ id: added.id })).map((tool) => tool.name)).toEqual(['whoami', 'ping', 'admin']);
    expect(await caller.mcp.callTool({ id: added.id, tool: 'ping', arguments: {} })).toMatchObject({ content: [{ type: 'text', text: 'pong' }] });

    await fetch(`${origin}/admin/revoke`, { method: 'POST' });
    const failed = await caller.mcp.callTool({ id: added.id, tool: 'ping', arguments: {} }).then(
      () => undefined,
      (error: unknown) => error,
    );
    expect(appErrorData(failed as TRPCError)).toMatchObject({ code: 'MCP_AUTH_REQUIRED', params: { server: 'protected' } });
    expect(await caller.mcp.auth.status({ serverId: added.id })).toMatchObject({ state: 'needs_sign_in' });
  });

  it('keeps a pre-registered client id (never echoing the secret) and refuses sign-in for a stdio server', async () => {
    const { caller } = openApp();
    const http = await caller.mcp.add({ name: 'protected', type: 'http', url: `${origin}/mcp` });
    const status = await caller.mcp.auth.setClient({ serverId: http.id, clientId: 'elftia-desktop', clientSecret: 'pre-registered-secret-42' });
    expect(status).toMatchObject({ preRegisteredClientId: 'elftia-desktop' });
    expect(JSON.stringify(status)).not.toContain('pre-registered-secret-42');
    expect(await caller.mcp.auth.setClient({ serverId: http.id, clientId: null })).toMatchObject({ preRegisteredClientId: null });

    const stdio = await caller.mcp.add({ name: 'local', type: 'stdio', command: 'node', args: ['server.mjs'] });
    expect(await caller.mcp.auth.status({ serverId: stdio.id })).toMatchObject({ supported: false });
    expect(appErrorData(await rejection(caller.mcp.auth.signIn({ serverId: stdio.id })))).toMatchObject({ code: 'OAUTH_NOT_SUPPORTED', params: { server: 'local' } });
  });
});
