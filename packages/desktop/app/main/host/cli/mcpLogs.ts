import type { McpLogEntry } from '../../../shared/contracts/mcp-connection';
import type { McpServerView } from '../../routers/appRouter';
import { toAppErrorData, translateError } from '../messages';
import { type CliCommand, COMMON_HELP, type CommandContext, flag, untilShutdown } from './command';
import { describeError, jsonLine } from './output';
import { type AppCaller, findServerOrBuiltin, openMcpCaller } from './servers';

/** `2025-01-02T03:04:05.678Z  stderr  text`: UTC, so lines from different machines sort together. */
export function formatLogEntry(entry: McpLogEntry): string {
  return `${new Date(entry.timeMs).toISOString()}  ${entry.level.padEnd(6)}  ${entry.text}`;
}

function printEntries(ctx: CommandContext, entries: McpLogEntry[]): void {
  if (entries.length === 0) return;
  ctx.io.stdout(ctx.json ? entries.map(jsonLine).join('') : `${entries.map(formatLogEntry).join('\n')}\n`);
}

function printFailure(ctx: CommandContext, error: unknown): void {
  const data = toAppErrorData(error);
  // The same shape the runner prints for any error with --json.
  if (ctx.json) ctx.io.stderr(jsonLine({ error: translateError(data, ctx.t) }));
  else ctx.io.stderr(`error: ${describeError(data, ctx.t).join('\n')}\n`);
}

/** Connects, then prints the log as it stands, the failure's reason included when the start failed. */
async function printOnce(ctx: CommandContext, caller: AppCaller, server: McpServerView): Promise<number> {
  let failure: unknown;
  await untilShutdown(ctx.shutdown, caller.mcp.tools({ id: server.id })).catch((error: unknown) => {
    if (ctx.shutdown.aborted) throw error;
    failure = error;
  });
  const entries = await caller.mcp.logs({ id: server.id });
  if (ctx.json) ctx.io.stdout(jsonLine(entries));
  else if (entries.length === 0) ctx.io.stdout(`${ctx.t('cli/messages:logs.empty', { name: server.name })}\n`);
  else printEntries(ctx, entries);
  if (failure === undefined) return 0;
  printFailure(ctx, failure);
  return 1;
}

/**
 * Prints every line as it arrives, from the first line of the start on, until Ctrl+C. A failed
 * start is reported and following goes on: the user is watching the log to see why.
 */
async function follow(ctx: CommandContext, caller: AppCaller, server: McpServerView): Promise<number> {
  let lastSeq = -1;
  const updates = await caller.mcp.onLogs({ id: server.id });
  void caller.mcp.tools({ id: server.id }).catch((error: unknown) => {
    if (!ctx.shutdown.aborted) printFailure(ctx, error);
  });
  // The subscription ends when the caller's signal (Ctrl+C) aborts. A snapshot repeats what was
  // printed unless the log started over.
  for await (const update of updates) {
    if (update.kind === 'snapshot' && (update.entries.at(-1)?.seq ?? 0) < lastSeq) lastSeq = -1;
    const fresh = update.entries.filter((entry) => entry.seq > lastSeq);
    printEntries(ctx, fresh);
    lastSeq = fresh.at(-1)?.seq ?? lastSeq;
  }
  return 0;
}

async function run(ctx: CommandContext): Promise<number> {
  const caller = await openMcpCaller(ctx);
  const server = await findServerOrBuiltin(caller, ctx.positionals[0] ?? '');
  return flag(ctx.values, 'follow') ? follow(ctx, caller, server) : printOnce(ctx, caller, server);
}

export const mcpLogsCommand: CliCommand = {
  path: 'mcp logs',
  summary: 'Start an MCP server and show its log',
  help: `Usage:
  elftia mcp logs NAME [--follow] [--json]

Connects the server and prints its log: what it wrote to stderr and what Elftia saw (start,
handshake, failures), one line each with time (UTC), level and text. Secrets are redacted. Exits 1
when the server could not be started, after printing the log that says why.

Options:
  -f, --follow     Keep printing new lines until Ctrl+C (then exit 0)

With --json the entries are printed as one JSON array; with --follow, one JSON object per line.

${COMMON_HELP}`,
  options: { follow: { type: 'boolean', short: 'f' } },
  positionals: ['NAME'],
  run,
};
