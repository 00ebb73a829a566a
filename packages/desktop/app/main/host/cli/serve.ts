import path from 'node:path';
import { startHeadlessHost } from '../headlessHost';
import { isLoopbackBindHost } from '../hostSecurity';
import { defaultRendererDir } from '../paths';
import { isRendererBuilt } from '../staticFiles';
import { type CliCommand, COMMON_HELP, type CommandContext, stringValue, UsageError, whenShutdown } from './command';
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
  const port = parsePort(stringValue(ctx.values, 'port'));
  const host = stringValue(ctx.values, 'host') ?? '127.0.0.1';
  // The bridge can start processes as the user: it never listens beyond this machine.
  if (!isLoopbackBindHost(host)) throw new UsageError(`--host ${host}: only a loopback address (127.0.0.1, ::1, localhost) is allowed`);
  const rendererDir = stringValue(ctx.values, 'renderer-dir') ?? defaultRendererDir();

  const services = ctx.openServices({ externalChangePollMs: EXTERNAL_CHANGE_POLL_MS, autoConnectMcp: true });
  await services.start();
  const server = await startHeadlessHost({ services, host, port, rendererDir, log: (line) => ctx.io.stderr(`${line}\n`) });
  const shutdown = whenShutdown(ctx.shutdown);
  try {
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

export const serveCommand: CliCommand = {
  path: 'serve',
  summary: 'Serve the Elftia interface to a browser on this machine',
  help: `Usage:
  elftia serve [--port N] [--host 127.0.0.1] [--json]

Prints a URL carrying a fresh access token, then keeps running until Ctrl+C (SIGINT) or SIGTERM.
With --json it prints one line: {"url": "...", "port": N}.

Options:
  --port N           TCP port (default: a free one)
  --host H           127.0.0.1 (default), ::1 or localhost; other addresses are refused
  --renderer-dir D   The built interface (default: packages/renderer/dist)

${COMMON_HELP}`,
  options: {
    port: { type: 'string' },
    host: { type: 'string' },
    'renderer-dir': { type: 'string' },
  },
  positionals: [],
  run,
};
