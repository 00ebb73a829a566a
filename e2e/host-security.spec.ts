import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect, test } from './fixtures';

/** Opens a WebSocket from inside the page and reports whether it opened or was refused. */
async function tryWebSocket(page: import('@playwright/test').Page, url: string): Promise<'open' | 'refused'> {
  return page.evaluate(
    (target) =>
      new Promise<'open' | 'refused'>((resolve) => {
        const socket = new WebSocket(target);
        socket.onopen = () => {
          socket.close();
          resolve('open');
        };
        socket.onerror = () => resolve('refused');
      }),
    url,
  );
}

function wsUrl(port: number, token?: string): string {
  return `ws://127.0.0.1:${port}/trpc${token === undefined ? '' : `?token=${token}`}`;
}

test('the bridge accepts the token and refuses connections without it or with a wrong one', async ({ page, host }) => {
  await page.goto(host.url);
  await expect(page.getByRole('heading', { name: 'Conversations' })).toBeVisible();
  expect(await tryWebSocket(page, wsUrl(host.port, host.token))).toBe('open');
  expect(await tryWebSocket(page, wsUrl(host.port))).toBe('refused');
  expect(await tryWebSocket(page, wsUrl(host.port, 'f'.repeat(64)))).toBe('refused');
});

test('a page without the token shows why it cannot connect', async ({ page, host }) => {
  await page.goto(host.origin + '/');
  const banner = page.getByTestId('connection-banner');
  await expect(banner).toBeVisible();
  await expect(banner).toHaveAttribute('data-state', 'missingToken');
});

test('a cross-site page that knows the token is still refused (Origin check)', async ({ page, host }) => {
  const foreign = http.createServer((_, res) => res.end('<!doctype html><title>elsewhere</title>'));
  await new Promise<void>((resolve) => foreign.listen(0, '127.0.0.1', resolve));
  try {
    const { port } = foreign.address() as AddressInfo;
    await page.goto(`http://127.0.0.1:${port}/`);
    expect(await tryWebSocket(page, wsUrl(host.port, host.token))).toBe('refused');
  } finally {
    foreign.close();
  }
});

test('a request naming a foreign Host is refused (DNS rebinding)', async ({ host }) => {
  const status = await new Promise<number>((resolve, reject) => {
    const req = http.get({ host: '127.0.0.1', port: host.port, path: '/', headers: { Host: `rebind.example:${host.port}` } }, (res) => {
      res.resume();
      resolve(res.statusCode ?? 0);
    });
    req.on('error', reject);
  });
  expect(status).toBe(403);
});
