import { type CliCommand, COMMON_HELP, type CommandContext } from './command';
import { jsonLine, serverTable } from './output';
import { openCaller } from './servers';

async function run(ctx: CommandContext): Promise<number> {
  const caller = openCaller(ctx);
  const records = await caller.mcp.list();
  if (ctx.json) {
    ctx.io.stdout(jsonLine(records));
  } else if (records.length === 0) {
    ctx.io.stdout(`${ctx.t('cli/messages:list.empty')}\n`);
  } else {
    ctx.io.stdout(`${serverTable(records, ctx.t)}\n`);
  }
  return 0;
}

export const mcpListCommand: CliCommand = {
  path: 'mcp list',
  summary: 'List the MCP servers',
  help: `Usage:
  elftia mcp list [--json]

Env and header values, secret query parameters of a URL (?api_key=…) and secret arguments
(--token …) are shown as "••••": stored secrets are write-only. With --json each record is
printed in full, masked the same way.

${COMMON_HELP}`,
  options: {},
  positionals: [],
  run,
};
