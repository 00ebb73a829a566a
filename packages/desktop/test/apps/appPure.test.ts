import { describe, expect, it } from 'vitest';
import { buildAppCsp } from '../../app/main/apps/appCsp';
import { cleanCsp, cleanOrigin, cleanPermissions, permissionsAllow } from '../../app/main/apps/appDomains';
import { AppModelContext } from '../../app/main/apps/AppModelContext';
import { sandboxSchemeResponse } from '../../app/main/apps/sandboxScheme';
import { appRefOf, appResourceUriOf, callableByApp, toolVisibility, visibleToModel } from '../../app/main/apps/toolApp';
import { withAppContext } from '../../app/main/chat/appContextHistory';

describe('toolApp: what a tool\'s _meta.ui says', () => {
  it('reads the resource URI from _meta.ui, else the deprecated flat key; only ui:// URIs', () => {
    expect(appResourceUriOf({ _meta: { ui: { resourceUri: 'ui://a/app.html' }, 'ui/resourceUri': 'ui://b/old.html' } })).toBe('ui://a/app.html');
    expect(appResourceUriOf({ _meta: { 'ui/resourceUri': 'ui://b/old.html' } })).toBe('ui://b/old.html');
    expect(appResourceUriOf({ _meta: { ui: { resourceUri: 'https://evil.example/app.html' } } })).toBeUndefined();
    expect(appResourceUriOf({ _meta: { ui: 'ui://a' } })).toBeUndefined();
    expect(appResourceUriOf({})).toBeUndefined();
    expect(appRefOf({ serverId: 's1', _meta: { ui: { resourceUri: 'ui://a/app.html' } } })).toEqual({ serverId: 's1', resourceUri: 'ui://a/app.html' });
  });

  it('visibility defaults to model and app; unknown entries are ignored', () => {
    expect(toolVisibility({})).toEqual(['model', 'app']);
    expect(toolVisibility({ _meta: { ui: { visibility: 'app' } } })).toEqual(['model', 'app']);
    expect(toolVisibility({ _meta: { ui: { visibility: ['app', 'root'] } } })).toEqual(['app']);
    expect(toolVisibility({ _meta: { ui: { visibility: [] } } })).toEqual([]);
    const appOnly = { _meta: { ui: { visibility: ['app'] } } };
    expect([visibleToModel(appOnly), callableByApp(appOnly)]).toEqual([false, true]);
    const modelOnly = { _meta: { ui: { visibility: ['model'] } } };
    expect([visibleToModel(modelOnly), callableByApp(modelOnly)]).toEqual([true, false]);
  });
});

describe('appDomains: origins fit for a CSP', () => {
  it.each([
    ['https://api.example.com', 'https://api.example.com'],
    ['https://API.Example.com/', 'https://api.example.com'],
    ['https://*.example.com', 'https://*.example.com'],
    ['wss://live.example.com:8443', 'wss://live.example.com:8443'],
    ['http://localhost:3000', 'http://localhost:3000'],
    ['http://127.0.0.1', 'http://127.0.0.1'],
  ])('keeps %s', (entry, kept) => expect(cleanOrigin(entry)).toBe(kept));

  it.each([
    'https://a.com; script-src *', "'unsafe-inline'", "'self'", 'javascript:alert(1)', 'data:', 'blob:', '*', 'https://*', 'https://*.*.example.com',
    'https://a.*.example.com', 'http://example.com', 'ws://example.com', 'ftp://example.com', 'https://example.com/path', 'https://ex ample.com', 'https://"x".com',
    'https://example.com:99999', 'https://example.com:0', 'https://user@example.com', `https://${'a'.repeat(300)}.com`, 42, null,
  ])('drops %s', (entry) => expect(cleanOrigin(entry)).toBeUndefined());

  it('cleans each list, drops duplicates and empty kinds, ignores what is not a list', () => {
    expect(cleanCsp({ connectDomains: ['https://a.com', 'https://a.com', 'bad'], frameDomains: ['bad'], baseUriDomains: 'https://b.com', other: ['https://c.com'] })).toEqual({ connectDomains: ['https://a.com'] });
    expect(cleanCsp('nope')).toEqual({});
  });

  it('permissions: only the four features, only when declared; mapped to the iframe allow list', () => {
    const permissions = cleanPermissions({ camera: {}, microphone: false, geolocation: 'yes', clipboardWrite: true, usb: {} });
    expect(permissions).toEqual({ camera: true, clipboardWrite: true });
    expect(permissionsAllow(permissions)).toBe('camera; clipboard-write');
    expect(permissionsAllow({})).toBe('');
  });
});

describe('buildAppCsp', () => {
  it('follows the spec\'s restrictive default, adds declared origins only where they belong', () => {
    const csp = buildAppCsp({ connectDomains: ['wss://live.example.com'], resourceDomains: ['https://cdn.example.com'] });
    expect(csp).toBe(
      "default-src 'none'; script-src 'self' 'unsafe-inline' 'unsafe-eval' blob: data: https://cdn.example.com; style-src 'self' 'unsafe-inline' https://cdn.example.com; " +
        "img-src 'self' data: blob: https://cdn.example.com; font-src 'self' data: blob: https://cdn.example.com; media-src 'self' data: blob: https://cdn.example.com; " +
        "connect-src wss://live.example.com; frame-src 'none'; base-uri 'self'; form-action 'none'; object-src 'none'",
    );
  });

  it('cleans what it is given itself: a raw string cannot slip through', () => {
    expect(buildAppCsp({ connectDomains: ["https://a.com; script-src 'unsafe-inline' https://evil.example"] })).toContain("connect-src 'none'");
  });
});

describe('the Electron sandbox scheme (electron-free half)', () => {
  it('serves the page only at elftia-app://sandbox/proxy.html, GET or HEAD', () => {
    const page = sandboxSchemeResponse(`elftia-app://sandbox/proxy.html?csp=${encodeURIComponent(JSON.stringify({ frameDomains: ['https://www.youtube.com'] }))}`, 'GET');
    expect(page.status).toBe(200);
    expect(page.headers['Content-Security-Policy']).toContain('frame-src https://www.youtube.com;');
    for (const [url, method] of [['elftia-app://sandbox/proxy.html', 'POST'], ['elftia-app://other/proxy.html', 'GET'], ['elftia-app://sandbox/x.html', 'GET'], ['not a url', 'GET']] as const) {
      expect(sandboxSchemeResponse(url, method).status).toBe(404);
    }
  });
});

describe('AppModelContext and the turn\'s history', () => {
  it('keeps the latest text per app card, clears on empty text, and puts the block before the latest user message only', () => {
    const context = new AppModelContext((id) => (id === 's1' ? 'Maps' : undefined));
    context.update({ conversationId: 'c1', hostCallId: 'h1', serverId: 's1', text: 'first' });
    context.update({ conversationId: 'c1', hostCallId: 'h1', serverId: 's1', text: 'second' });
    context.update({ conversationId: 'c1', hostCallId: 'h2', serverId: 's2', text: 'other app' });
    context.update({ conversationId: 'c2', hostCallId: 'h3', serverId: 's1', text: 'elsewhere' });
    expect(context.list('c1').map((entry) => [entry.serverName, entry.text])).toEqual([['Maps', 'second'], ['s2', 'other app']]);
    const block = context.modelText('c1');
    expect(block).toContain('MCP App of server "Maps"');
    expect(block).not.toContain('first');
    const history = withAppContext([{ role: 'user', text: 'old' }, { role: 'assistant', text: 'a', toolCalls: [] } as never, { role: 'user', text: 'new' }], block);
    expect(history.map((m) => (m.role === 'user' ? m.text : m.role))).toEqual(['old', 'assistant', `${block}\n\nnew`]);
    context.update({ conversationId: 'c1', hostCallId: 'h1', serverId: 's1', text: '  ' });
    context.update({ conversationId: 'c1', hostCallId: 'h2', serverId: 's2', text: '' });
    expect(context.modelText('c1')).toBeUndefined();
    expect(context.list('c2')).toHaveLength(1);
  });

  it('keeps at most 16 apps per conversation, dropping the oldest update', () => {
    const context = new AppModelContext();
    for (let i = 0; i < 20; i += 1) context.update({ conversationId: 'c', hostCallId: `h${i}`, serverId: 's', text: `t${i}` });
    expect(context.list('c').map((entry) => entry.hostCallId)).toEqual(Array.from({ length: 16 }, (_, i) => `h${i + 4}`));
  });
});
