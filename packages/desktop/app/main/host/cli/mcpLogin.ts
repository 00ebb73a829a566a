/**
 * `elftia mcp login NAME` / `elftia mcp logout NAME`: OAuth sign-in of an HTTP/SSE server from the
 * terminal. login prints the authorization URL (open it in any browser on this machine: the code
 * comes back to a listener on 127.0.0.1) and waits until the sign-in ends, Ctrl+C or 5 minutes.
 */
import { type CliCommand, COMMON_HELP, type CommandContext } from './command';
import { jsonLine } from './output';
import { createAppCaller } from '../../routers/appRouter';
import { findServerOrBuiltin } from './servers';

async function login(ctx: CommandContext): Promise<number> {
  const services = ctx.openServices({
    oauthCallbackPage: () => ({ title: 'Elftia', done: ctx.t('cli/messages:login.pageDone'), failed: ctx.t('cli/messages:login.pageFailed') }),
  });
  const caller = createAppCaller({ services });
  const server = await findServerOrBuiltin(caller, ctx.positionals[0] ?? '');
  const { authorizationUrl } = await caller.mcp.auth.signIn({ serverId: server.id });
  if (authorizationUrl) {
    ctx.io.stderr(`${ctx.t('cli/messages:login.openUrl', { name: server.name })}\n`);
    ctx.io.stdout(ctx.json ? jsonLine({ id: server.id, name: server.name, authorizationUrl }) : `${authorizationUrl}\n`);
  }
  const cancel = () => services.oauth.cancelSignIn(server.id);
  ctx.shutdown.addEventListener('abort', cancel, { once: true });
  try {
    await services.oauth.waitForSignIn(server.id);
  } finally {
    ctx.shutdown.removeEventListener('abort', cancel);
  }
  const status = services.oauth.status(server.id);
  if (ctx.json) ctx.io.stdout(jsonLine(status));
  else if (status.state === 'signed_in') {
    const key = status.account ? 'cli/messages:login.signedInAs' : 'cli/messages:login.signedIn';
    ctx.io.stdout(`${ctx.t(key, { name: server.name, account: status.account ?? '', scopes: status.scopes.join(' ') })}\n`);
  }
  return 0;
}

async function logout(ctx: CommandContext): Promise<number> {
  const caller = createAppCaller({ services: ctx.openServices() });
  const server = await findServerOrBuiltin(caller, ctx.positionals[0] ?? '');
  const status = await caller.mcp.auth.signOut({ serverId: server.id });
  ctx.io.stdout(ctx.json ? jsonLine(status) : `${ctx.t('cli/messages:login.signedOut', { name: server.name })}\n`);
  return 0;
}

export const mcpLoginCommand: CliCommand = {
  path: 'mcp login',
  summary: 'Sign in to an HTTP/SSE server (OAuth)',
  help: `Usage:
  elftia mcp login NAME

Prints the sign-in URL (open it in a browser on this machine) and waits until the browser comes
back, at most 5 minutes. Tokens are stored sealed in the data dir and refreshed before they expire.
NAME is matched ignoring case.

${COMMON_HELP}`,
  options: {},
  positionals: ['NAME'],
  run: login,
};

export const mcpLogoutCommand: CliCommand = {
  path: 'mcp logout',
  summary: 'Sign out of an HTTP/SSE server (forgets its tokens)',
  help: `Usage:
  elftia mcp logout NAME

NAME is matched ignoring case.

${COMMON_HELP}`,
  options: {},
  positionals: ['NAME'],
  run: logout,
};
