/**
 * What a failing server's row says first and offers to do about it: a short translated headline
 * (settings/tools:failure.*) and the actions that fix the failure, the most likely first. Pure, so
 * each failure's wording and remedies are decided in one table and tested as one.
 *
 * Main names what happened in the error's parameters (McpServiceError: `cause` with `exitCode`,
 * `httpStatus`, `command`; `reason` for the process layer's codes); the row keeps the full message
 * and the server's own words one click away.
 */
import type { McpServerView } from '@elftia/desktop/router';
import { type DependencyCommand, dependencyCommandOf } from '@elftia/desktop/shared/contracts/dependencies.ts';
import type { McpServiceErrorData } from '@elftia/desktop/shared/contracts/mcp-connection.ts';

export type RemedyAction =
  /** Runs the runtime install dialog for the missing command (npx → Node.js, uvx → uv), then restarts. */
  | { kind: 'installRuntime'; command: DependencyCommand }
  /** Opens Edit: the credentials (a key, a token header) are what to change. */
  | { kind: 'checkKey' }
  /** Asks for the value of a `${input:id}` reference (EnterInputDialog), which then restarts the server. */
  | { kind: 'enterInput'; input: string; description: string; password: boolean }
  /** Opens Edit: the command, folder or address is what to change. */
  | { kind: 'edit' }
  /** Opens the details at the server's log: what it wrote before it failed. */
  | { kind: 'showLog' }
  /** Starts it again: the failure may be passing (not up yet, a dropped network). */
  | { kind: 'retry' }
  /** Sign in to the server's authorization server (OAuth). */
  | { kind: 'signIn' };

export interface FailureSummary {
  /** The headline's i18n key, and its parameters. */
  key: string;
  params: Record<string, string | number>;
  /** The first is the primary action. */
  actions: RemedyAction[];
}

const paramOf = (error: McpServiceErrorData, name: string) => error.params?.[name];

/** The command a spawn failure names (main's `command`; an older prefetch failure names none). */
function commandOf(server: McpServerView, error: McpServiceErrorData): string {
  const named = paramOf(error, 'command');
  return typeof named === 'string' && named !== '' ? named : (server.config.command ?? '');
}

/** `cause` (failureCause.ts), or the process layer's own `reason` where no cause was named. */
function causeOf(error: McpServiceErrorData): string | undefined {
  const cause = paramOf(error, 'cause') ?? paramOf(error, 'reason');
  if (cause === 'ENOENT') return 'commandNotFound';
  return typeof cause === 'string' ? cause : undefined;
}

function connectFailure(server: McpServerView, error: McpServiceErrorData): FailureSummary {
  const cause = causeOf(error);
  switch (cause) {
    case 'commandNotFound': {
      const command = commandOf(server, error);
      const runtime = server.type === 'stdio' ? dependencyCommandOf(command) : undefined;
      const actions: RemedyAction[] = runtime ? [{ kind: 'installRuntime', command: runtime }, { kind: 'edit' }] : [{ kind: 'edit' }];
      return { key: 'settings/tools:failure.commandNotFound', params: { command }, actions };
    }
    case 'spawnFailed':
      return { key: 'settings/tools:failure.spawnFailed', params: { command: commandOf(server, error) }, actions: [{ kind: 'edit' }, { kind: 'showLog' }] };
    case 'cwdNotFound':
      return { key: 'settings/tools:failure.cwdNotFound', params: {}, actions: [{ kind: 'edit' }] };
    case 'exit':
      return { key: 'settings/tools:failure.exit', params: { exitCode: paramOf(error, 'exitCode') ?? '?' }, actions: [{ kind: 'showLog' }, { kind: 'retry' }] };
    case 'signal':
      return { key: 'settings/tools:failure.signal', params: { signal: paramOf(error, 'signal') ?? '?' }, actions: [{ kind: 'showLog' }, { kind: 'retry' }] };
    case 'stdoutClosed':
    case 'stdinClosed':
      return { key: 'settings/tools:failure.pipeClosed', params: {}, actions: [{ kind: 'showLog' }, { kind: 'retry' }] };
    case 'httpStatus': {
      const status = Number(paramOf(error, 'httpStatus'));
      if (status === 401 || status === 403) return { key: 'settings/tools:failure.unauthorized', params: { httpStatus: status }, actions: [{ kind: 'checkKey' }] };
      if (status === 404) return { key: 'settings/tools:failure.notFoundUrl', params: { httpStatus: status }, actions: [{ kind: 'edit' }] };
      return { key: 'settings/tools:failure.httpStatus', params: { httpStatus: status }, actions: [{ kind: 'retry' }, { kind: 'showLog' }] };
    }
    case 'refused':
      return { key: 'settings/tools:failure.refused', params: {}, actions: [{ kind: 'retry' }, { kind: 'edit' }] };
    case 'hostNotFound':
      return { key: 'settings/tools:failure.hostNotFound', params: {}, actions: [{ kind: 'edit' }, { kind: 'retry' }] };
    case 'unreachable':
    case 'reset':
    case 'socketClosed':
      return { key: 'settings/tools:failure.network', params: {}, actions: [{ kind: 'retry' }, { kind: 'showLog' }] };
    case 'serverError':
      return { key: 'settings/tools:failure.serverError', params: { mcpCode: paramOf(error, 'mcpCode') ?? '?' }, actions: [{ kind: 'showLog' }, { kind: 'retry' }] };
    case undefined:
    default:
      return { key: 'settings/tools:failure.connectFailed', params: {}, actions: [{ kind: 'showLog' }, { kind: 'retry' }] };
  }
}

/** The headline and remedies for the failure a row shows (serverStatus.ts currentError). */
export function failureSummary(server: McpServerView, error: McpServiceErrorData): FailureSummary {
  switch (error.code) {
    case 'CONNECT_FAILED':
    case 'CONNECTION_CLOSED':
      return connectFailure(server, error);
    case 'SECRETS_UNREADABLE':
      return { key: 'settings/tools:failure.secretsUnreadable', params: {}, actions: [{ kind: 'edit' }] };
    case 'KEY_SOURCE_MISSING':
      return { key: 'settings/tools:failure.keySourceMissing', params: { provider: paramOf(error, 'provider') ?? '' }, actions: [{ kind: 'checkKey' }] };
    case 'WORKSPACE_TRUST_REQUIRED':
      return { key: 'settings/tools:failure.trustRequired', params: {}, actions: [] };
    case 'ENV_REF_MISSING':
      return { key: 'settings/tools:failure.envRefMissing', params: { name: paramOf(error, 'name') ?? '' }, actions: [{ kind: 'edit' }, { kind: 'retry' }] };
    case 'INPUT_REQUIRED': {
      const input = String(paramOf(error, 'input') ?? '');
      const enter: RemedyAction = { kind: 'enterInput', input, description: String(paramOf(error, 'description') ?? ''), password: paramOf(error, 'password') !== 0 };
      return { key: 'settings/tools:failure.inputRequired', params: { input }, actions: [enter, { kind: 'edit' }] };
    }
    case 'MCP_AUTH_REQUIRED':
      return { key: 'settings/tools:failure.authRequired', params: {}, actions: [{ kind: 'signIn' }] };
    case 'INSTALL_FAILED':
      return { key: 'settings/tools:failure.installFailed', params: { packages: paramOf(error, 'packages') ?? '' }, actions: [{ kind: 'showLog' }, { kind: 'retry' }] };
    case 'INSTALL_TIMEOUT':
      return { key: 'settings/tools:failure.installTimeout', params: { packages: paramOf(error, 'packages') ?? '' }, actions: [{ kind: 'retry' }, { kind: 'showLog' }] };
    case 'TIMEOUT':
      return { key: 'settings/tools:failure.timeout', params: {}, actions: [{ kind: 'showLog' }, { kind: 'retry' }, { kind: 'edit' }] };
    case 'INVALID_CONFIG':
    case 'UNSUPPORTED_TRANSPORT':
      return { key: 'settings/tools:failure.invalidConfig', params: {}, actions: [{ kind: 'edit' }] };
    case 'REQUEST_FAILED':
    case 'CANCELLED':
    case 'INVALID_ARGUMENTS':
    case 'NOT_CONNECTED':
    case 'RESULT_TOO_LARGE':
    case 'SERVER_DISABLED':
    case 'SERVER_NOT_FOUND':
    case 'TOOL_NOT_FOUND':
      return { key: 'settings/tools:failure.other', params: {}, actions: [{ kind: 'showLog' }, { kind: 'retry' }] };
  }
}
