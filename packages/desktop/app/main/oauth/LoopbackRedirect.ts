/**
 * The redirect a native app receives its authorization code on (RFC 8252 §7.3): a one-shot HTTP
 * listener on 127.0.0.1 (not `localhost`, which may resolve elsewhere), path `/callback`. It answers
 * only the request whose `state` is the one this sign-in sent, shows the browser a short page, and
 * closes; a wrong or missing `state` gets an error page and the listener keeps waiting, so a stray
 * request cannot end the sign-in. It gives up after `timeoutMs`.
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { type Clock, systemClock } from '../lib/clock';
import { AppError } from '../lib/errors';

/** The texts of the page the browser shows after the redirect (translated by the caller). */
export interface CallbackPageText {
  title: string;
  done: string;
  failed: string;
}

export const ENGLISH_CALLBACK_PAGE: CallbackPageText = {
  title: 'Elftia',
  done: 'Signed in. You can close this tab and return to Elftia.',
  failed: 'Sign-in did not complete. You can close this tab and try again in Elftia.',
};

export const CALLBACK_PATH = '/callback';
export const DEFAULT_SIGN_IN_TIMEOUT_MS = 5 * 60_000;

export interface LoopbackOptions {
  /** Tried first (the port a registered client was registered with); 0 or busy → an ephemeral one. */
  preferredPort?: number;
  /** The `state` the authorization request carried; read when the callback arrives. */
  expectedState: () => string | undefined;
  timeoutMs?: number;
  clock?: Clock;
  page?: CallbackPageText;
}

export class LoopbackRedirect {
  readonly url: string;
  readonly #server: Server;
  readonly #result: Promise<URLSearchParams>;
  #closed = false;

  private constructor(server: Server, options: LoopbackOptions) {
    this.#server = server;
    this.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}${CALLBACK_PATH}`;
    const clock = options.clock ?? systemClock;
    const page = options.page ?? ENGLISH_CALLBACK_PAGE;
    this.#result = new Promise<URLSearchParams>((resolve, reject) => {
      const timer = clock.setTimeout(() => {
        this.close();
        reject(new AppError('OAUTH_SIGN_IN_TIMEOUT'));
      }, options.timeoutMs ?? DEFAULT_SIGN_IN_TIMEOUT_MS);
      server.on('request', (req: IncomingMessage, res: ServerResponse) => {
        const url = new URL(req.url ?? '/', this.url);
        if (url.pathname !== CALLBACK_PATH || req.method !== 'GET') {
          res.writeHead(404, { 'content-type': 'text/plain' }).end('Not Found');
          return;
        }
        const expected = options.expectedState();
        if (expected === undefined || url.searchParams.get('state') !== expected) {
          respond(res, 400, page.title, page.failed);
          return;
        }
        const failed = url.searchParams.has('error') || !url.searchParams.get('code');
        respond(res, failed ? 400 : 200, page.title, failed ? page.failed : page.done);
        clock.clearTimeout(timer);
        this.close();
        resolve(url.searchParams);
      });
      server.on('close', () => {
        clock.clearTimeout(timer);
        reject(new AppError('OAUTH_SIGN_IN_CANCELLED'));
      });
    });
    // The caller may close before it waits; the rejection is theirs to see through wait().
    this.#result.catch(() => {});
  }

  static async open(options: LoopbackOptions): Promise<LoopbackRedirect> {
    const server = await listen(options.preferredPort ?? 0).catch(() => listen(0));
    return new LoopbackRedirect(server, options);
  }

  /** The callback's query (code, state, iss — or error), once. */
  wait(): Promise<URLSearchParams> {
    return this.#result;
  }

  close(): void {
    if (this.#closed) return;
    this.#closed = true;
    // Idle keep-alive sockets only: the page just written still reaches the browser.
    this.#server.close();
    this.#server.closeIdleConnections();
  }
}

function listen(port: number): Promise<Server> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => {
      server.off('error', reject);
      resolve(server);
    });
  });
}

function respond(res: ServerResponse, status: number, title: string, text: string): void {
  const escape = (value: string) => value.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
  res
    .writeHead(status, {
      'content-type': 'text/html; charset=utf-8',
      'cache-control': 'no-store',
      // The page runs nothing and loads nothing.
      'content-security-policy': "default-src 'none'; style-src 'unsafe-inline'",
      'referrer-policy': 'no-referrer',
      connection: 'close',
    })
    .end(
      `<!doctype html><html><head><meta charset="utf-8"><title>${escape(title)}</title></head>` +
        `<body style="font-family:system-ui,sans-serif;margin:4rem auto;max-width:32rem;text-align:center"><p>${escape(text)}</p></body></html>`,
    );
}
