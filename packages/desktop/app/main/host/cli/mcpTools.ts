import type { MCPTool } from '../../../shared/contracts/mcp-tool';
import type { Translate } from '../messages';
import { type CliCommand, COMMON_HELP, type CommandContext, untilShutdown } from './command';
import { firstLine, formatTable, jsonLine } from './output';
import { findByName, openMcpCaller } from './servers';

export function toolTable(tools: MCPTool[], t: Translate): string {
  const header = [t('cli/messages:columns.name'), t('cli/messages:columns.description')];
  return formatTable(header, tools.map((tool) => [tool.name, firstLine(tool.description)]));
}

async function run(ctx: CommandContext): Promise<number> {
  const caller = await openMcpCaller(ctx);
  const server = await findByName(caller, ctx.positionals[0] ?? '');
  const tools = await untilShutdown(ctx.shutdown, caller.mcp.tools({ id: server.id }));
  if (ctx.json) ctx.io.stdout(jsonLine(tools));
  else if (tools.length === 0) ctx.io.stdout(`${ctx.t('cli/messages:tools.empty', { name: server.name })}\n`);
  else ctx.io.stdout(`${toolTable(tools, ctx.t)}\n`);
  return 0;
}

export const mcpToolsCommand: CliCommand = {
  path: 'mcp tools',
  summary: "List an MCP server's tools",
  help: `Usage:
  elftia mcp tools NAME [--json]

Connects the server (up to its timeout) and lists the tools it offers: name and the first line
of the description. With --json each tool is printed in full, inputSchema included.

${COMMON_HELP}`,
  options: {},
  positionals: ['NAME'],
  run,
};
