import type { McpServerRecord } from '../../../shared/contracts/mcp-types';
import { nameKey } from '../../db/McpServerRepository';
import { AppError } from '../../errors';
import { createAppCaller } from '../../services/routers/appRouter';
import { type CliCommand, COMMON_HELP, type CommandContext } from './command';
import { jsonLine, maskSecrets } from './output';

type Caller = ReturnType<typeof createAppCaller>;

/** The CLI addresses servers by name, ignoring case, the same way names are kept unique. */
async function findByName(caller: Caller, name: string): Promise<McpServerRecord> {
  const records = await caller.mcp.list();
  const record = records.find((r) => nameKey(r.name) === nameKey(name));
  if (!record) throw new AppError('NOT_FOUND', { params: { id: name } });
  return record;
}

async function remove(ctx: CommandContext): Promise<number> {
  const caller = createAppCaller({ services: ctx.openServices() });
  const record = await findByName(caller, ctx.positionals[0] ?? '');
  await caller.mcp.remove({ id: record.id });
  ctx.io.stdout(ctx.json ? jsonLine({ id: record.id, name: record.name, removed: true }) : `Removed MCP server "${record.name}".\n`);
  return 0;
}

function setEnabled(enabled: boolean) {
  return async (ctx: CommandContext): Promise<number> => {
    const caller = createAppCaller({ services: ctx.openServices() });
    const record = await findByName(caller, ctx.positionals[0] ?? '');
    const updated = await caller.mcp.setEnabled({ id: record.id, enabled });
    ctx.io.stdout(ctx.json ? jsonLine(maskSecrets(updated)) : `${enabled ? 'Enabled' : 'Disabled'} MCP server "${updated.name}".\n`);
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
