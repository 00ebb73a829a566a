import { type CliCommand, COMMON_HELP, type CommandContext } from './command';
import { jsonLine } from './output';
import { findByName, openCaller } from './servers';

async function remove(ctx: CommandContext): Promise<number> {
  const caller = openCaller(ctx);
  const record = await findByName(caller, ctx.positionals[0] ?? '');
  await caller.mcp.remove({ id: record.id });
  ctx.io.stdout(ctx.json ? jsonLine({ id: record.id, name: record.name, removed: true }) : `${ctx.t('cli/messages:manage.removed', { name: record.name })}\n`);
  return 0;
}

function setEnabled(enabled: boolean) {
  return async (ctx: CommandContext): Promise<number> => {
    const caller = openCaller(ctx);
    const record = await findByName(caller, ctx.positionals[0] ?? '');
    const updated = await caller.mcp.setEnabled({ id: record.id, enabled });
    ctx.io.stdout(ctx.json ? jsonLine(updated) : `${ctx.t(enabled ? 'cli/messages:manage.enabled' : 'cli/messages:manage.disabled', { name: updated.name })}\n`);
    return 0;
  };
}

function manageCommand(verb: 'remove' | 'enable' | 'disable', summary: string, run: CliCommand['run']): CliCommand {
  return {
    path: `mcp ${verb}`,
    summary,
    help: `Usage:
  elftia mcp ${verb} NAME

NAME is matched ignoring case.

${COMMON_HELP}`,
    options: {},
    positionals: ['NAME'],
    run,
  };
}

export const mcpRemoveCommand = manageCommand('remove', 'Remove an MCP server', remove);
export const mcpEnableCommand = manageCommand('enable', 'Switch an MCP server on', setEnabled(true));
export const mcpDisableCommand = manageCommand('disable', 'Switch an MCP server off', setEnabled(false));
