/**
 * The conformance client's headless "browser" (host/cli/conformance/headlessBrowser.ts) against real
 * HTTP servers on 127.0.0.1: an authorization server that redirects, and a listener standing for the
 * app's loopback redirect URI.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { followToRedirectUri, headlessOpener } from '../../app/main/host/cli/conformance/headlessBrowser';

const servers: http.Server[] = [];
afterEach(async () => {
  await Promise.all(servers.splice(0).map((server) => new Promise((resolve) => server.close(resolve))));
});

async function serve(handler: http.RequestListener): Promise<string> {
  const server = http.createServer(handler);
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

/** The app's loopback listener: records what reached it. */
async function listener() {
  const received: string[] = [];
  const origin = await serve((req, res) => {
    received.push(req.url ?? '');
    res.end('signed in');
  });
  return { received, redirectUri: `${origin}/callback` };
}

function redirect(res: http.ServerResponse, location: string) {
  res.writeHead(302, { location }).end();
}

describe('followToRedirectUri', () => {
  it('follows absolute and relative redirects and delivers the code to the redirect URI once', async () => {
    const app = await listener();
    const as = await serve((req, res) => {
      const url = new URL(req.url ?? '/', 'http://x');
      if (url.pathname === '/authorize') return redirect(res, `/consent?${url.searchParams.toString()}`);
      if (url.pathname === '/consent') return redirect(res, `${url.searchParams.get('redirect_uri')}?code=c0de&state=${url.searchParams.get('state')}`);
      res.writeHead(404).end();
    });
    const reached = await followToRedirectUri(`${as}/authorize?response_type=code&state=st4te&redirect_uri=${encodeURIComponent(app.redirectUri)}`);
    expect(reached.searchParams.get('code')).toBe('c0de');
    expect(app.received).toEqual(['/callback?code=c0de&state=st4te']);
  });

  it('does not stop at an authorization server that is on loopback too', async () => {
    const app = await listener();
    // Same host as the redirect URI (both 127.0.0.1), other port and path: not the app.
    const as = await serve((req, res) => redirect(res, `${app.redirectUri}?code=x`));
    await followToRedirectUri(`${as}/callback?redirect_uri=${encodeURIComponent(app.redirectUri)}`);
    expect(app.received).toEqual(['/callback?code=x']);
  });

  it('fails when a page answers without redirecting, redirects forever, or the URL names no redirect_uri', async () => {
    const app = await listener();
    const denied = await serve((_req, res) => res.writeHead(403).end('no'));
    await expect(followToRedirectUri(`${denied}/authorize?redirect_uri=${encodeURIComponent(app.redirectUri)}`)).rejects.toThrow(/answered 403 without redirecting/);
    const loop = await serve((req, res) => redirect(res, req.url ?? '/'));
    await expect(followToRedirectUri(`${loop}/authorize?redirect_uri=${encodeURIComponent(app.redirectUri)}`)).rejects.toThrow(/redirected more than 10 times/);
    await expect(followToRedirectUri(`${loop}/authorize`)).rejects.toThrow(/names no redirect_uri/);
    expect(app.received).toEqual([]);
  });
});

describe('headlessOpener', () => {
  it('reports a failed sign-in instead of rejecting', async () => {
    const denied = await serve((_req, res) => res.writeHead(500).end());
    const reports: string[] = [];
    await expect(headlessOpener((message) => reports.push(message))(`${denied}/authorize?redirect_uri=http%3A%2F%2F127.0.0.1%3A9%2Fcb`)).resolves.toBeUndefined();
    expect(reports).toEqual([expect.stringMatching(/^headless sign-in: .*answered 500/)]);
  });
});
