/**
 * `elftia mcp trust NAME --workspace DIR` / `elftia mcp untrust NAME --workspace DIR`: approve a project
 * server of DIR/.elftia/mcp.json in its current form (printing exactly what is approved), or withdraw it.
 */
import { AppError } from '../../lib/errors';
import { invalidFile } from '../../workspace/projectCopies';
import { type CliCommand, COMMON_HELP, type CommandContext } from './command';
import { jsonLine } from './output';
import { createAppCaller } from '../../routers/appRouter';

function projectServer(ctx: CommandContext, name: string) {
  const services = ctx.openServices();
  const workspace = services.workspace.current();
  if (!workspace) throw new AppError('NO_WORKSPACE');
  if (workspace.problem) throw invalidFile(workspace.problem);
  const record = services.workspace.findProjectServerByName(name);
  if (!record) throw new AppError('NOT_FOUND', { params: { id: name } });
  return { workspace, record, caller: createAppCaller({ services }) };
}

async function trust(ctx: CommandContext): Promise<number> {
  const { workspace, record, caller } = projectServer(ctx, ctx.positionals[0] ?? '');
  const view = await caller.mcp.trust({ id: record.id });
  const approved = view.trust ?? { trusted: true };
  if (ctx.json) {
    ctx.io.stdout(jsonLine({ id: view.id, name: view.name, workspace: workspace.path, trust: approved }));
    return 0;
  }
  const target = approved.commandLine ?? approved.url ?? '';
  const lines = [ctx.t('cli/messages:trust.trusted', { name: view.name, workspace: workspace.path, target })];
  if (approved.envNames?.length) lines.push(ctx.t('cli/messages:trust.envNames', { names: approved.envNames.join(', ') }));
  if (approved.cwd) lines.push(ctx.t('cli/messages:trust.cwd', { cwd: approved.cwd }));
  ctx.io.stdout(`${lines.join('\n')}\n`);
  return 0;
}

async function untrust(ctx: CommandContext): Promise<number> {
  const { workspace, record, caller } = projectServer(ctx, ctx.positionals[0] ?? '');
  const view = await caller.mcp.untrust({ id: record.id });
  ctx.io.stdout(ctx.json ? jsonLine({ id: view.id, name: view.name, workspace: workspace.path, trust: view.trust }) : `${ctx.t('cli/messages:trust.untrusted', { name: view.name, workspace: workspace.path })}\n`);
  return 0;
}

const HELP = (verb: string, what: string) => `Usage:
  elftia mcp ${verb} NAME --workspace DIR

${what}
NAME is a server of DIR/.elftia/mcp.json, matched ignoring case.

${COMMON_HELP}`;

export const mcpTrustCommand: CliCommand = {
  path: 'mcp trust',
  summary: "Approve a server of a workspace's project file, as it is now",
  help: HELP(
    'trust',
    'Prints what it approves: the command line, the names of the variables it sets and its folder, or\nits URL. A later change of any of these asks again.',
  ),
  options: {},
  positionals: ['NAME'],
  run: trust,
};

export const mcpUntrustCommand: CliCommand = {
  path: 'mcp untrust',
  summary: "Withdraw the approval of a workspace's project server",
  help: HELP('untrust', 'The server stops being started until it is approved again.'),
  options: {},
  positionals: ['NAME'],
  run: untrust,
};
