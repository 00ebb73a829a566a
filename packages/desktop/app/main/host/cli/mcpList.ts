import { type CliCommand, COMMON_HELP, type CommandContext, flag } from './command';
import { jsonLine, maskSecrets, serverTable } from './output';
import { openCaller } from './servers';

async function run(ctx: CommandContext): Promise<number> {
  const caller = openCaller(ctx);
  const records = await caller.mcp.list();
  if (ctx.json) {
    ctx.io.stdout(jsonLine(flag(ctx.values, 'show-secrets') ? records : records.map(maskSecrets)));
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
  elftia mcp list [--json [--show-secrets]]

Env and header values are shown as "••••". With --json each record is printed in full, values
masked the same way unless --show-secrets is given.

Options:
  --show-secrets   With --json: print env and header values instead of masking them

${COMMON_HELP}`,
  options: { 'show-secrets': { type: 'boolean' } },
  positionals: [],
  run,
};
