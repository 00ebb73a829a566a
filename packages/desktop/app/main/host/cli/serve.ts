import path from 'node:path';
import { type HeadlessHost, startHeadlessHost } from '../headlessHost';
import { readHostAccess, writeHostAccess } from '../hostAccessFile';
import { isLoopbackBindHost, newAccessToken } from '../hostSecurity';
import { defaultRendererDir } from '../paths';
import { isRendererBuilt } from '../staticFiles';
import { type CliCommand, COMMON_HELP, type CommandContext, flag, stringValue, UsageError, whenShutdown } from './command';
import { jsonLine } from './output';

/** How often the host looks for changes the CLI or another process made, in milliseconds. */
const EXTERNAL_CHANGE_POLL_MS = 1000;

export function parsePort(text: string | undefined): number {
  if (text === undefined) return 0;
  const port = /^\d+$/.test(text) ? Number(text) : Number.NaN;
  if (!Number.isInteger(port) || port < 0 || port > 65535) throw new UsageError(`--port ${text}: expected a port number from 0 to 65535`);
  return port;
}

async function run(ctx: CommandContext): Promise<number> {
  const portFlag = stringValue(ctx.values, 'port');
  const port = parsePort(portFlag);
  const host = stringValue(ctx.values, 'host') ?? '127.0.0.1';
  // The bridge can start processes as the user: it never listens beyond this machine.
  if (!isLoopbackBindHost(host)) throw new UsageError(`--host ${host}: only a loopback address (127.0.0.1, ::1, localhost) is allowed`);
  const rendererDir = stringValue(ctx.values, 'renderer-dir') ?? defaultRendererDir();

  const services = ctx.openServices({
    externalChangePollMs: EXTERNAL_CHANGE_POLL_MS,
    autoConnectMcp: true,
    restoreWorkspace: true,
    // The page the browser shows when an OAuth sign-in comes back to the loopback listener.
    oauthCallbackPage: () => ({ title: 'Elftia', done: ctx.t('cli/messages:oauthPage.done'), failed: ctx.t('cli/messages:oauthPage.failed') }),
  });
  const stored = readHostAccess(ctx.dataDir);
  const token = stored && !flag(ctx.values, 'new-token') ? stored.token : newAccessToken();
  await services.start();
  const start = (listenPort: number) => startHeadlessHost({ services, host, port: listenPort, rendererDir, token, log: (line) => ctx.io.stderr(`${line}\n`) });
  const server = await (portFlag === undefined && stored ? startPreferring(start, stored.port) : start(port));
  const shutdown = whenShutdown(ctx.shutdown);
  try {
    writeHostAccess(ctx.dataDir, { token, port: server.port });
    if (ctx.json) {
      ctx.io.stdout(jsonLine({ url: server.url, port: server.port }));
    } else {
      ctx.io.stdout(`${ctx.t('cli/messages:serve.running', { url: server.url })}\n${ctx.t('cli/messages:serve.howTo')}\n`);
    }
    if (!isRendererBuilt(rendererDir)) ctx.io.stderr(`${ctx.t('cli/messages:serve.notBuilt', { path: path.join(rendererDir, 'index.html') })}\n`);
    await shutdown;
  } finally {
    await server.close();
  }
  return 0;
}

/** The last run's port keeps the printed address (and open tabs) valid; when another program took it, any free one. */
async function startPreferring(start: (port: number) => Promise<HeadlessHost>, port: number): Promise<HeadlessHost> {
  try {
    return await start(port);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EADDRINUSE') throw error;
    return start(0);
  }
}

export const serveCommand: CliCommand = {
  path: 'serve',
  summary: 'Serve the Elftia interface to a browser on this machine',
  help: `Usage:
  elftia serve [--port N] [--host 127.0.0.1] [--new-token] [--json]

Prints a URL carrying the access token, then keeps running until Ctrl+C (SIGINT) or SIGTERM.
With --json it prints one line: {"url": "...", "port": N}. The token and the port are kept in
the data dir, so the address stays the same and a tab left open reconnects after a restart.

Options:
  --port N           TCP port (default: the last run's if free, else any free one; 0: any)
  --new-token        Replace the stored access token: pages opened with the old one are refused
  --host H           127.0.0.1 (default), ::1 or localhost; other addresses are refused
  --renderer-dir D   The built interface (default: packages/renderer/dist)

${COMMON_HELP}`,
  options: {
    port: { type: 'string' },
    host: { type: 'string' },
    'renderer-dir': { type: 'string' },
    'new-token': { type: 'boolean' },
  },
  positionals: [],
  run,
};
