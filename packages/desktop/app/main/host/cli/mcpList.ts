import { createAppCaller } from '../../services/routers/appRouter';
import { type CliCommand, COMMON_HELP, type CommandContext, flag } from './command';
import { jsonLine, maskSecrets, serverTable } from './output';

async function run(ctx: CommandContext): Promise<number> {
  const caller = createAppCaller({ services: ctx.openServices() });
  const records = await caller.mcp.list();
  if (ctx.json) {
    ctx.io.stdout(jsonLine(flag(ctx.values, 'show-secrets') ? records : records.map(maskSecrets)));
  } else if (records.length === 0) {
    ctx.io.stdout('No MCP servers yet. Add one with "elftia mcp add".\n');
  } else {
    ctx.io.stdout(`${serverTable(records)}\n`);
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
