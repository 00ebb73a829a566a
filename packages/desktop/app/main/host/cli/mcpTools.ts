import type { MCPTool } from '../../../shared/contracts/mcp-tool';
import { type DroppedTool, formatToolsFor, type ProviderFormat } from '../../tools';
import { type Translate, translateError } from '../messages';
import { type CliCommand, COMMON_HELP, type CommandContext, stringList, stringValue } from './command';
import { firstLine, formatTable, jsonLine } from './output';
import { openMcpCaller } from './servers';
import { failureLines, formatWarnings, loadToolSet, parseToolFormat, providerNameTable, skippedLines, skippedText, type ToolSet } from './toolSet';
import { NO_SWITCH_VIEW, switchesOf, switchViewOf, type ToolSwitchView, withSwitches } from './toolSwitchView';

/**
 * With `switches`, a STATE column marks tools turned off and always allowed; it is there only when
 * some tool has a switch, so a table without any reads as before.
 */
export function toolTable(tools: MCPTool[], t: Translate, switches: ToolSwitchView = NO_SWITCH_VIEW): string {
  const marked = tools.some((tool) => switchesOf(tool, switches).length > 0);
  const header = [t('cli/messages:columns.name'), ...(marked ? [t('cli/messages:columns.toolState')] : []), t('cli/messages:columns.description')];
  return formatTable(header, tools.map((tool) => [tool.name, ...(marked ? [switchText(tool, switches, t)] : []), firstLine(tool.description)]));
}

/** Tools of several servers: the server first, so rows of one server stay together. */
export function serverToolTable(tools: MCPTool[], t: Translate, switches: ToolSwitchView = NO_SWITCH_VIEW): string {
  const marked = tools.some((tool) => switchesOf(tool, switches).length > 0);
  const header = [t('cli/messages:columns.server'), t('cli/messages:columns.name'), ...(marked ? [t('cli/messages:columns.toolState')] : []), t('cli/messages:columns.description')];
  return formatTable(header, tools.map((tool) => [tool.serverName, tool.name, ...(marked ? [switchText(tool, switches, t)] : []), firstLine(tool.description)]));
}

function switchText(tool: MCPTool, switches: ToolSwitchView, t: Translate): string {
  return switchesOf(tool, switches).map((s) => t(s === 'off' ? 'cli/messages:tools.off' : 'cli/messages:tools.alwaysAllowed')).join(', ');
}

function emptyMessage(set: ToolSet, t: Translate): string {
  if (set.explicit && set.servers.length === 1) return t('cli/messages:tools.empty', { name: set.servers[0]!.name });
  return t(set.explicit ? 'cli/messages:tools.emptySelected' : 'cli/messages:tools.emptyAll');
}

/**
 * What went wrong besides the output itself, on stderr, so stdout stays exactly the definitions:
 * translated lines, or with --json one JSON object — `warnings` (translated lines), `dropped` (as
 * formatToolsFor reports it), `failedServers` (each with its translated error and the server's
 * own words, if any) and `skipped` (tools a server listed that Elftia left out, each with why).
 */
function reportProblems(ctx: CommandContext, set: ToolSet, warnings: string[], dropped: DroppedTool[]): void {
  if (set.failures.length === 0 && warnings.length === 0 && set.skipped.length === 0) return;
  if (ctx.json) {
    const failedServers = set.failures.map(({ name, error }) => {
      const { code, message } = translateError(error, ctx.t);
      const detail = error.params?.detail;
      return { server: name, error: { code, message, ...(detail !== undefined ? { detail: String(detail) } : {}) } };
    });
    const skipped = set.skipped.flatMap(({ server, items }) => items.map((item) => ({ server, ...item, message: skippedText(item, ctx.t).reason })));
    ctx.io.stderr(jsonLine({ warnings, dropped, failedServers, skipped }));
  } else {
    ctx.io.stderr(`${[...failureLines(set.failures, ctx.t), ...skippedLines(set.skipped, ctx.t), ...warnings].join('\n')}\n`);
  }
}

function printMcp(ctx: CommandContext, set: ToolSet): void {
  const switches = switchViewOf(set.servers);
  if (ctx.json) ctx.io.stdout(jsonLine(set.tools.map((tool) => withSwitches(tool, switches))));
  else if (set.tools.length === 0) ctx.io.stdout(`${emptyMessage(set, ctx.t)}\n`);
  else if (set.explicit && set.servers.length === 1) ctx.io.stdout(`${toolTable(set.tools, ctx.t, switches)}\n`);
  else ctx.io.stdout(`${serverToolTable(set.tools, ctx.t, switches)}\n`);
  reportProblems(ctx, set, [], []);
}

function printProvider(ctx: CommandContext, set: ToolSet, format: ProviderFormat): void {
  // The same call setupMcpTools makes for a chat: stdout is exactly what the provider would receive,
  // so a tool turned off is not in it.
  const switches = switchViewOf(set.servers);
  const tools = set.tools.filter((tool) => !switchesOf(tool, switches).includes('off'));
  const formatted = formatToolsFor(tools, format);
  if (ctx.json) ctx.io.stdout(jsonLine(formatted.tools));
  else if (tools.length === 0) ctx.io.stdout(`${emptyMessage(set, ctx.t)}\n`);
  else ctx.io.stdout(`${providerNameTable(formatted, ctx.t)}\n`);
  reportProblems(ctx, set, formatWarnings(tools, formatted, format, ctx.t), formatted.dropped);
}

async function run(ctx: CommandContext): Promise<number> {
  // Checked before anything starts: a typo must not cost a server start.
  const format = parseToolFormat(stringValue(ctx.values, 'format'));
  const names = [...ctx.positionals, ...stringList(ctx.values, 'server')];
  const caller = await openMcpCaller(ctx);
  const set = await loadToolSet(caller, names, ctx.shutdown);
  if (format === 'mcp') printMcp(ctx, set);
  else printProvider(ctx, set, format);
  // The output is complete only when every server that should have answered did.
  return set.failures.length > 0 ? 1 : 0;
}

export const mcpToolsCommand: CliCommand = {
  path: 'mcp tools',
  summary: "List MCP servers' tools, as the servers or as a provider sees them",
  help: `Usage:
  elftia mcp tools [NAME] [--server NAME]... [--format mcp|openai|anthropic|google] [--json]

Connects the named servers (NAME and every --server), or without a name every enabled server (the
tools a chat gets), each up to its timeout, and lists their tools. With no name, a server that
cannot be connected is left out and reported on stderr, and the command exits 1; a named server
that fails is an error.

A tool a server lists that breaks the MCP schema beyond repair (no name, a second tool of the same
name, not an object) is left out and named on stderr with why, as "skipped" with --json. A schema
that only lacks "type": "object" and the like is repaired; "elftia mcp logs NAME" says how.

  --format mcp        (default) The servers' own definitions: name and the first line of the
                      description; with --json each tool in full, inputSchema included. A STATE
                      column marks tools turned off ("elftia mcp tool disable") and always
                      allowed; with --json such a tool has "disabled": true or
                      "alwaysAllow": true.
  --format openai     What would be sent to OpenAI, Anthropic or Gemini: names made provider-safe
  --format anthropic  (at most 63 characters of [A-Za-z0-9_], hashed when cut or when they
  --format google     collide) and schemas repaired for that provider. The table maps each
                      provider-facing name to its server and tool; with --json stdout is exactly
                      the tool definitions of the request (an OpenAI or Anthropic array, Gemini's
                      [{functionDeclarations}]), without the tools turned off. Tools left out (a schema that cannot be repaired,
                      the provider's tool cap) are named on stderr, as one JSON object with --json.

A provider-facing name also works as TOOL in "elftia mcp call".

Options:
  --server NAME    A server to include; repeat for more
  --format F       mcp, openai, anthropic or google (default mcp)

${COMMON_HELP}`,
  options: {
    server: { type: 'string', multiple: true },
    format: { type: 'string' },
  },
  positionals: [],
  optionalPositionals: ['NAME'],
  run,
};
