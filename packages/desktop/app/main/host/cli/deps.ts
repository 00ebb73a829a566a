import { DEPENDENCY_COMMANDS, type DependencyCommand, type DependencyInstallResult, type DependencyStatus } from '../../../shared/contracts/dependencies';
import { type CliCommand, COMMON_HELP, type CommandContext, UsageError } from './command';
import { formatTable, jsonLine } from './output';

function commandArgument(ctx: CommandContext, required: boolean): DependencyCommand[] {
  const [name] = ctx.positionals;
  if (name === undefined) {
    if (required) throw new UsageError('name the command: node, npm, npx, uv or uvx');
    return [...DEPENDENCY_COMMANDS];
  }
  if (!(DEPENDENCY_COMMANDS as readonly string[]).includes(name)) throw new UsageError(`${name}: not one of ${DEPENDENCY_COMMANDS.join(', ')}`);
  return [name as DependencyCommand];
}

function statusTable(statuses: DependencyStatus[], ctx: CommandContext): string {
  const { t } = ctx;
  const rows = statuses.map((s) => [
    s.command,
    s.found ? t('cli/messages:deps.found') : t('cli/messages:deps.missing'),
    s.version ?? '-',
    s.path ?? (s.found ? '-' : t('cli/messages:deps.searched', { entries: s.searched })),
  ]);
  const header = ['command', 'status', 'version', 'path'].map((column) => t(`cli/messages:deps.columns.${column}`));
  return formatTable(header, rows);
}

async function check(ctx: CommandContext): Promise<number> {
  const services = ctx.openServices();
  const [command] = commandArgument(ctx, false);
  // All five share one look at the search path.
  const statuses = ctx.positionals.length === 0 ? await services.dependencies.checkAll() : [await services.dependencies.check(command!)];
  ctx.io.stdout(ctx.json ? jsonLine(statuses) : `${statusTable(statuses, ctx)}\n`);
  return statuses.every((s) => s.found) ? 0 : 1;
}

function describeResult(result: DependencyInstallResult, ctx: CommandContext): string[] {
  const { t } = ctx;
  switch (result.status) {
    case 'installed':
    case 'alreadyInstalled':
      return [t(`cli/messages:deps.${result.status}`, { command: result.command, version: result.version ?? '?', path: result.path })];
    case 'cancelled':
      return [t('cli/messages:deps.cancelled')];
    case 'manual':
      return [t('cli/messages:deps.manual', { url: result.url }), t('cli/messages:deps.manualCommand', { command: result.manualCommand })];
    case 'failed':
      return [
        t(`cli/messages:deps.failed.${result.reason}`, { command: result.command, exitCode: result.exitCode ?? '?' }),
        t('cli/messages:deps.manualCommand', { command: result.manualCommand }),
      ];
  }
}

async function install(ctx: CommandContext): Promise<number> {
  const [command] = commandArgument(ctx, true) as [DependencyCommand];
  const services = ctx.openServices();
  // The installer's own words go to stderr as they come; the verified result is the command's output.
  const result = await services.dependencies.installCommand(command, { signal: ctx.shutdown, onOutput: (line) => ctx.io.stderr(`${line}\n`) });
  if (ctx.json) ctx.io.stdout(jsonLine(result));
  else ctx.io.stdout(`${describeResult(result, ctx).join('\n')}\n`);
  return result.status === 'installed' || result.status === 'alreadyInstalled' ? 0 : 1;
}

export const depsCheckCommand: CliCommand = {
  path: 'deps check',
  summary: 'Show whether node, npm, npx, uv and uvx run, their versions and paths',
  help: `Usage:
  elftia deps check [node|npm|npx|uv|uvx] [--json]

Looks each command up on the PATH stdio servers get (your login shell's, then the usual install
folders such as ~/.local/bin) and runs it with --version. Exits 1 when one is missing.

${COMMON_HELP}`,
  options: {},
  positionals: [],
  optionalPositionals: ['COMMAND'],
  run: check,
};

export const depsInstallCommand: CliCommand = {
  path: 'deps install',
  summary: 'Install the runtime a command needs (Node.js for node/npm/npx, uv for uv/uvx)',
  help: `Usage:
  elftia deps install node|npm|npx|uv|uvx [--json]

Node.js: winget on Windows, Homebrew on macOS; elsewhere the download page and the command to run.
uv: its official install script. The installer's output goes to stderr; the result is checked by
running the installed command. Ctrl+C stops the installer. Exits 0 once the command runs.

${COMMON_HELP}`,
  options: {},
  positionals: ['COMMAND'],
  run: install,
};
