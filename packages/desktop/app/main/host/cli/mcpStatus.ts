import type { AppErrorData } from '../../../shared/contracts/errors';
import type { McpServerState } from '../../../shared/contracts/mcp-connection';
import type { McpServerStatus } from '../../../shared/contracts/mcp-types';
import type { McpServerView } from '../../routers/appRouter';
import { toAppErrorData, type Translate } from '../messages';
import { type CliCommand, COMMON_HELP, type CommandContext, untilShutdown } from './command';
import { describeError, formatTable, jsonLine } from './output';
import { type AppCaller, findServerOrBuiltin, openMcpCaller } from './servers';

const STATUS_KEYS: Record<McpServerStatus, string> = {
  connected: 'cli/messages:status.connected',
  connecting: 'cli/messages:status.connecting',
  disconnected: 'cli/messages:status.disconnected',
  error: 'cli/messages:status.error',
  disabled: 'cli/messages:status.disabled',
};

/** A server after its connect attempt: the service's state, and the failure when the state does not hold one. */
export interface StatusRow {
  name: string;
  transport: string;
  state: McpServerState;
  failure?: AppErrorData;
  /** A stdio server started with the whole environment of the app (`--inherit-env`). */
  inheritEnv?: boolean;
  /** One of Elftia's own servers (clock-math, files), run like the configured ones. */
  builtin?: boolean;
}

/**
 * Connects one server (unless it is disabled) and reads its state. `mcp.tools` is the router's
 * "connect if idle" path, bounded by the server's own timeout; a failure is kept in the state.
 */
async function connectAndRead(caller: AppCaller, view: McpServerView): Promise<StatusRow> {
  let failure: AppErrorData | undefined;
  if (view.enabled) {
    try {
      await caller.mcp.tools({ id: view.id });
    } catch (error) {
      failure = toAppErrorData(error);
    }
  }
  const after = await caller.mcp.get({ id: view.id });
  const state = after.connection ?? idleState(after);
  return {
    name: after.name,
    transport: after.type,
    state,
    inheritEnv: after.config.inheritEnv === true,
    ...(after.builtin ? { builtin: true } : {}),
    ...(failure && !state.lastError ? { failure } : {}),
  };
}

/** The router reports a connection for every configured server; this covers a view without one. */
function idleState(view: McpServerView): McpServerState {
  return { serverId: view.id, serverName: view.name, status: view.status, consecutiveErrors: 0, degraded: false, toolCount: 0, updatedAtMs: 0 };
}

const STATUS_COLUMNS = [
  'cli/messages:columns.name',
  'cli/messages:columns.transport',
  'cli/messages:columns.status',
  'cli/messages:columns.server',
  'cli/messages:columns.protocol',
  'cli/messages:columns.tools',
  'cli/messages:columns.errors',
];

export function statusTable(rows: StatusRow[], t: Translate): string {
  const header = STATUS_COLUMNS.map((key) => t(key));
  const body = rows.map(({ name, transport, state, builtin }) => [
    name,
    builtin ? t('cli/messages:status.builtin') : transport,
    t(STATUS_KEYS[state.status]),
    state.serverInfo ? `${state.serverInfo.name} ${state.serverInfo.version}` : '-',
    state.protocolVersion ?? '-',
    String(state.toolCount),
    state.degraded ? t('cli/messages:status.degraded', { count: state.consecutiveErrors }) : String(state.consecutiveErrors),
  ]);
  return formatTable(header, body);
}

/** One line per server that gets the app's whole environment: the exception users should see. */
export function inheritEnvLines(rows: StatusRow[], t: Translate): string[] {
  return rows.filter((row) => row.inheritEnv).map(({ name }) => t('cli/messages:status.inheritsEnv', { name }));
}

/** One paragraph per server with an error: the current failure, or the last one it recovered from. */
export function errorLines(rows: StatusRow[], t: Translate): string[] {
  return rows.flatMap(({ name, state, failure }) => {
    const error = failure ?? state.lastError;
    if (!error) return [];
    const key = state.status === 'connected' ? 'cli/messages:status.lastError' : 'cli/messages:status.failed';
    const [message = '', ...detail] = describeError(error, t);
    return [t(key, { name, message }), ...detail];
  });
}

async function run(ctx: CommandContext): Promise<number> {
  const caller = await openMcpCaller(ctx);
  const name = ctx.positionals[0];
  // The configured servers, then the built-in ones: a built-in server that cannot start fails the check too.
  const views = name === undefined ? [...(await caller.mcp.list()), ...(await caller.mcp.builtins())] : [await findServerOrBuiltin(caller, name)];
  const rows = await untilShutdown(ctx.shutdown, Promise.all(views.map((view) => connectAndRead(caller, view))));
  if (ctx.json) {
    ctx.io.stdout(jsonLine(rows.map((row) => ({ ...row.state, inheritEnv: row.inheritEnv ?? false, ...(row.builtin ? { builtin: true } : {}) }))));
  } else if (rows.length === 0) {
    ctx.io.stdout(`${ctx.t('cli/messages:list.empty')}\n`);
  } else {
    const notes = [...inheritEnvLines(rows, ctx.t), ...errorLines(rows, ctx.t)];
    ctx.io.stdout(`${statusTable(rows, ctx.t)}\n${notes.length > 0 ? `\n${notes.join('\n')}\n` : ''}`);
  }
  // Non-zero when a server that should run does not, so scripts can use `elftia mcp status` as a health check.
  return rows.some((row) => row.state.status !== 'connected' && row.state.status !== 'disabled') ? 1 : 0;
}

export const mcpStatusCommand: CliCommand = {
  path: 'mcp status',
  summary: 'Connect MCP servers and show their state',
  help: `Usage:
  elftia mcp status [NAME] [--json]

Connects the named server, or every enabled server and Elftia's built-in servers (clock-math, and
files once a folder is chosen) at once, waiting for each up to its timeout,
then shows its state, server name and version, protocol version, tool count, errors in a row
(degraded after 3) and the last error. Disabled servers are shown, not started. The servers are
stopped again when the command ends.

With --json it prints the state of each server as a JSON array.
Exits 1 when a server that is enabled could not be connected.

${COMMON_HELP}`,
  options: {},
  positionals: [],
  optionalPositionals: ['NAME'],
  run,
};
