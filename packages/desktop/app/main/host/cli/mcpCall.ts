import { formatCallResult, parseToolArguments } from './callOutput';
import { type CliCommand, COMMON_HELP, type CommandContext, parseSeconds, stringValue, untilShutdown } from './command';
import { jsonLine } from './output';
import { findByName, openMcpCaller } from './servers';

const FIELD_LABELS: Record<string, string> = { id: 'NAME', tool: 'TOOL', arguments: '--args', timeoutSec: '--timeout' };

export function callFieldLabel(field: string): string {
  return FIELD_LABELS[field.split('.')[0] ?? ''] ?? field;
}

async function run(ctx: CommandContext): Promise<number> {
  const [name = '', tool = ''] = ctx.positionals;
  // Parsed before anything starts: a typo in the JSON must not cost a server start.
  const args = parseToolArguments(stringValue(ctx.values, 'args'));
  const timeout = stringValue(ctx.values, 'timeout');
  const caller = await openMcpCaller(ctx);
  const server = await findByName(caller, name);
  // The caller carries the Ctrl+C signal: the service cancels the request and the server gets
  // notifications/cancelled. The race covers a handshake still in progress, which is not abortable.
  const call = caller.mcp.callTool({ id: server.id, tool, arguments: args, ...(timeout !== undefined ? { timeoutSec: parseSeconds(timeout) } : {}) });
  const result = await untilShutdown(ctx.shutdown, call);
  if (ctx.json) {
    ctx.io.stdout(jsonLine(result));
  } else {
    const text = formatCallResult(result, ctx.t);
    if (result.isError) ctx.io.stderr(text);
    else ctx.io.stdout(text);
  }
  return result.isError ? 1 : 0;
}

export const mcpCallCommand: CliCommand = {
  path: 'mcp call',
  summary: "Call an MCP server's tool",
  help: `Usage:
  elftia mcp call NAME TOOL [--args JSON] [--timeout S] [--json]

Connects the server, checks the arguments against the tool's input schema (nothing is sent when
they do not fit) and calls the tool. Text content is printed as is; images, audio and resources as
one-line summaries. A result the tool marks as an error goes to stderr and exits 1. Ctrl+C cancels
the call (the server is told) and exits 130.

Options:
  --args JSON      The arguments as a JSON object, e.g. '{"message":"hi"}' (default {})
  --timeout S      Seconds to wait for an answer, 1-3600 (default: the server's timeout); progress
                   reported by the server extends it

With --json the raw CallToolResult is printed.

${COMMON_HELP}`,
  options: {
    args: { type: 'string' },
    timeout: { type: 'string' },
  },
  positionals: ['NAME', 'TOOL'],
  fieldLabel: callFieldLabel,
  run,
};
