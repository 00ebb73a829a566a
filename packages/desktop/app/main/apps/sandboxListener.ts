/**
 * The sandbox origin of the headless host: a second loopback listener (its own port, so its own
 * origin) that serves only the sandbox proxy page, at a path holding a fresh random token. Anything
 * else is a 404. The app's renderer frames `url?csp=…` (McpAppSandboxView).
 */
import { randomBytes } from 'node:crypto';
import http from 'node:http';
import type { McpAppSandboxView } from '../../shared/contracts/apps';
import { sandboxProxyResponse } from './sandboxProxyPage';

export interface SandboxListener extends McpAppSandboxView {
  port: number;
  close(): Promise<void>;
}

export async function startSandboxListener(options: { host?: string; port?: number } = {}): Promise<SandboxListener> {
  const bindHost = options.host ?? '127.0.0.1';
  const urlHost = bindHost === '::1' ? '[::1]' : '127.0.0.1';
  const token = randomBytes(24).toString('base64url');
  const pagePath = `/sandbox/${token}/proxy.html`;
  const server = http.createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://sandbox.invalid');
    if ((req.method !== 'GET' && req.method !== 'HEAD') || url.pathname !== pagePath) {
      res.writeHead(404, { 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': 'no-store', 'X-Content-Type-Options': 'nosniff' }).end('Not Found\n');
      return;
    }
    const page = sandboxProxyResponse(url.searchParams);
    res.writeHead(page.status, page.headers);
    res.end(req.method === 'HEAD' ? undefined : page.body);
  });
  const port = await new Promise<number>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, bindHost === 'localhost' ? '127.0.0.1' : bindHost, () => {
      server.off('error', reject);
      const address = server.address();
      resolve(typeof address === 'object' && address !== null ? address.port : 0);
    });
  });
  const origin = `http://${urlHost}:${port}`;
  return {
    url: `${origin}${pagePath}`,
    origin,
    port,
    close: async () => {
      const closed = new Promise<void>((resolve) => server.close(() => resolve()));
      server.closeAllConnections();
      await closed;
    },
  };
}
