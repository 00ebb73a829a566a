import { describe, expect, it } from 'vitest';
import { MCP_APP_HTML_MAX_BYTES } from '../../app/shared/contracts/apps';
import { appErrorData } from '../../app/main/routers/trpc';
import { openApp, rejection } from '../support/appHarness';
import { APPS_TEST_OPTIONS, HOSTILE, addAppsServer, addHostileServer } from './appsServers';

describe('apps.resource: an app\'s HTML from real Apps servers', () => {
  it('reads server-basic-react\'s get-time app: checked HTML, no CSP origins', async () => {
    const { caller } = openApp(APPS_TEST_OPTIONS);
    const id = await addAppsServer(caller, 'server-basic-react');
    const view = await caller.apps.resource({ serverId: id, uri: 'ui://get-time/mcp-app.html' });
    expect(view).toMatchObject({ serverId: id, uri: 'ui://get-time/mcp-app.html', csp: {}, permissions: {} });
    expect(view.html).toMatch(/<html/i);
    expect(Buffer.byteLength(view.html)).toBeLessThanOrEqual(MCP_APP_HTML_MAX_BYTES);
  }, 60_000);

  it('carries server-map\'s declared CSP origins through', async () => {
    const { caller } = openApp(APPS_TEST_OPTIONS);
    const id = await addAppsServer(caller, 'server-map');
    const tools = await caller.mcp.tools({ id });
    const showMap = tools.find((tool) => tool.name === 'show-map');
    const uri = (showMap?._meta?.ui as { resourceUri?: string } | undefined)?.resourceUri;
    expect(uri).toMatch(/^ui:\/\//);
    const view = await caller.apps.resource({ serverId: id, uri: uri as string });
    expect(view.csp).toEqual({
      connectDomains: ['https://*.openstreetmap.org', 'https://cesium.com', 'https://*.cesium.com'],
      resourceDomains: ['https://*.openstreetmap.org', 'https://cesium.com', 'https://*.cesium.com'],
    });
    expect(view.html).toMatch(/<html/i);
  }, 60_000);
});

describe('apps.resource: a hostile server', () => {
  it('drops every CSP entry that is not a plain origin and keeps the good ones; permissions only as declared', async () => {
    const { caller, services } = openApp(APPS_TEST_OPTIONS);
    const id = await addHostileServer(caller);
    const view = await caller.apps.resource({ serverId: id, uri: HOSTILE('ok') });
    expect(view.csp).toEqual({
      connectDomains: ['https://api.example.com', 'wss://live.example.com', 'http://localhost:8080'],
      resourceDomains: ['https://*.cdn.example.com', 'https://cdn.example.com:8443'],
    });
    expect(view.permissions).toEqual({ camera: true, clipboardWrite: true });
    expect(view.prefersBorder).toBe(true);
    // For review, the server's log notes what the app got and that entries were dropped.
    const logged = services.mcp.getLogs(id).map((entry) => `${entry.level} ${entry.text}`);
    expect(logged).toContain(`info app ${HOSTILE('ok')}: connectDomains https://api.example.com, connectDomains wss://live.example.com, connectDomains http://localhost:8080, resourceDomains https://*.cdn.example.com, resourceDomains https://cdn.example.com:8443`);
    expect(logged).toContain(`warn app ${HOSTILE('ok')}: 30 CSP entries dropped (not a plain https/wss origin)`);
  }, 30_000);

  it.each([
    ['wrong-mime', 'mimeType'],
    ['huge', 'tooLarge'],
    ['empty', 'noContent'],
  ])('refuses %s with APP_RESOURCE_INVALID (%s)', async (name, reason) => {
    const { caller } = openApp(APPS_TEST_OPTIONS);
    const id = await addHostileServer(caller);
    const error = await rejection(caller.apps.resource({ serverId: id, uri: HOSTILE(name) }));
    expect(appErrorData(error)).toEqual({ code: 'APP_RESOURCE_INVALID', params: { reason, server: id, uri: HOSTILE(name) } });
  }, 30_000);

  it('a content with neither text nor blob is refused (the SDK already rejects the answer)', async () => {
    const { caller } = openApp(APPS_TEST_OPTIONS);
    const id = await addHostileServer(caller);
    const error = await rejection(caller.apps.resource({ serverId: id, uri: HOSTILE('no-text') }));
    expect(appErrorData(error).code).toBe('REQUEST_FAILED');
  }, 30_000);

  it('takes a base64 blob, and falls back to the listed resource\'s _meta', async () => {
    const { caller } = openApp(APPS_TEST_OPTIONS);
    const id = await addHostileServer(caller);
    expect((await caller.apps.resource({ serverId: id, uri: HOSTILE('blob') })).html).toContain('from a blob');
    const listed = await caller.apps.resource({ serverId: id, uri: HOSTILE('listed-meta') });
    expect(listed).toMatchObject({ csp: { connectDomains: ['https://listed.example'] }, prefersBorder: false });
  }, 30_000);

  it('a uri that is not ui:// is refused before any server is asked', async () => {
    const { caller } = openApp(APPS_TEST_OPTIONS);
    const error = await rejection(caller.apps.resource({ serverId: 'srv', uri: 'file:///etc/passwd' }));
    expect(appErrorData(error).code).toBe('VALIDATION');
  });

  it('caches per server and uri until the server announces a new resource list, and reads again after a reconnect', async () => {
    const { caller, services } = openApp(APPS_TEST_OPTIONS);
    const id = await addHostileServer(caller);
    const first = await caller.apps.resource({ serverId: id, uri: HOSTILE('counter') });
    expect(first.html).toContain('read 1');
    expect((await caller.apps.resource({ serverId: id, uri: HOSTILE('counter') })).html).toContain('read 1');
    expect(services.apps.resources.reads).toBe(1);

    // The server announces a changed list: the next read goes to the server again.
    await caller.mcp.callTool({ id, tool: 'bump_resources', arguments: {} });
    await expect.poll(async () => (await caller.apps.resource({ serverId: id, uri: HOSTILE('counter') })).html, { timeout: 10_000 }).toContain('read 2');

    // A new connection (a new process) starts a new list: read again, from the new process.
    await caller.mcp.restart({ id });
    expect((await caller.apps.resource({ serverId: id, uri: HOSTILE('counter') })).html).toContain('read 1');
  }, 60_000);
});
