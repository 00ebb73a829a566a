import { toFieldErrors } from '../../../shared/contracts/mcp-types';
import { AppError } from '../../lib/errors';
import { mcpCallToolSchema } from '../../routers/McpRouter';
import { formatCallResult, parseToolArguments } from './callOutput';
import { resolveCallTarget } from './callTarget';
import { type CliCommand, COMMON_HELP, type CommandContext, parseSeconds, stringValue, untilShutdown } from './command';
import { jsonLine } from './output';
import { findServerOrBuiltin, openMcpCaller } from './servers';
import { followInteractions, openInteractiveServices } from './cliInteractions';

const FIELD_LABELS: Record<string, string> = { id: 'NAME', tool: 'TOOL', arguments: '--args', timeoutSec: '--timeout' };

export function callFieldLabel(field: string): string {
  return FIELD_LABELS[field.split('.')[0] ?? ''] ?? field;
}

async function run(ctx: CommandContext): Promise<number> {
  const [name = '', tool = ''] = ctx.positionals;
  // Parsed before anything starts: a typo in the JSON must not cost a server start.
  const args = parseToolArguments(stringValue(ctx.values, 'args'));
  const timeout = stringValue(ctx.values, 'timeout');
  const timeoutSec = timeout !== undefined ? { timeoutSec: parseSeconds(timeout) } : {};
  const services = openInteractiveServices(ctx);
  const caller = await openMcpCaller(ctx, { services });
  const server = await findServerOrBuiltin(caller, name);
  // The router's own check of the call, before the tool list below starts the server: a --timeout
  // out of range must not cost a server start. The router checks it again when the call is made.
  const checked = mcpCallToolSchema.safeParse({ id: server.id, tool, arguments: args, ...timeoutSec });
  if (!checked.success) throw AppError.validation(toFieldErrors(checked.error));
  // The server's tool list (this connects it) tells a server tool name from a provider-facing one.
  const tools = await untilShutdown(ctx.shutdown, caller.mcp.tools({ id: server.id }));
  const target = resolveCallTarget(tools, tool, args);
  // The caller carries the Ctrl+C signal: the service cancels the request and the server gets
  // notifications/cancelled. The race covers a handshake still in progress, which is not abortable.
  const call = caller.mcp.callTool({ id: server.id, tool: target.toolName, arguments: target.arguments, ...timeoutSec });
  // What the server asks during the call (a form, a page to open, a completion) is asked here.
  const interactions = followInteractions(ctx, services);
  const result = await untilShutdown(ctx.shutdown, call).finally(() => interactions.close());
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

TOOL is the tool's name on the server, or the provider-facing name "elftia mcp tools --format"
shows (e.g. mcp__everything__echo, or mcp__srv_927397 for a tool named 検索 on server srv), or
the tool's id. A tool whose own name is TOOL always wins. Called by a provider-facing name,
argument keys a provider sees renamed (Anthropic and Gemini: keys outside [a-zA-Z0-9_.-]{1,64},
e.g. files[0] → files_0) are renamed back at any depth; the tool's own keys work too. Values are
sent as given, checked against the tool's own schema.

Connects the server, checks the arguments against the tool's input schema (nothing is sent when
they do not fit) and calls the tool. Text content is printed with its line breaks but without
terminal control sequences (--json has every character); images, audio and resources as one-line
summaries. A result the tool marks as an error goes to stderr and exits 1. Ctrl+C cancels
the call (the server is told) and exits 130.

When the server asks for input during the call (elicitation), a terminal is asked one field at a
time; a web page it asks to open is opened only after y. Without a terminal the request is
declined (said on stderr); a sampling request is asked y/N on a terminal, else rejected.

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
