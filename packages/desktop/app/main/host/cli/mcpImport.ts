import fs from 'node:fs';
import path from 'node:path';
import { Readable } from 'node:stream';
import { type CliCommand, COMMON_HELP, type CommandContext, flag, stringList, UsageError } from './command';
import { LineReader } from './chatApproval';
import { addCount, previewText } from './importPreviewText';
import { jsonLine } from './output';
import { openCaller } from './servers';

/** FILE, or all of stdin for `-`. */
async function readInput(ctx: CommandContext, file: string): Promise<string> {
  if (file !== '-') {
    try {
      return fs.readFileSync(path.resolve(ctx.io.cwd, file), 'utf8');
    } catch (error) {
      throw new UsageError(`${file}: ${(error as NodeJS.ErrnoException).code ?? (error as Error).message}`);
    }
  }
  const chunks: Buffer[] = [];
  for await (const chunk of ctx.io.stdin ?? Readable.from([])) chunks.push(Buffer.isBuffer(chunk) ? chunk : Buffer.from(String(chunk)));
  return Buffer.concat(chunks).toString('utf8');
}

/** Asks on the terminal; only a "y" or "yes" applies. */
async function confirm(ctx: CommandContext, count: number): Promise<boolean> {
  ctx.io.stderr(ctx.t('cli/messages:import.confirm', { count }));
  const reader = new LineReader(ctx.io.stdin ?? Readable.from([]));
  try {
    const answer = (await reader.next(ctx.shutdown))?.trim().toLowerCase();
    return answer === 'y' || answer === 'yes';
  } finally {
    reader.close();
  }
}

async function run(ctx: CommandContext): Promise<number> {
  const [file = '-'] = ctx.positionals;
  const text = await readInput(ctx, file);
  const skip = stringList(ctx.values, 'skip');
  const caller = createCaller(ctx);
  const preview = await caller.mcp.importPreview({ text, skip });
  if (!ctx.json) ctx.io.stdout(previewText(preview, ctx.t));
  if (preview.errors.length > 0) {
    if (ctx.json) ctx.io.stdout(jsonLine(preview));
    ctx.io.stderr(`${ctx.t('cli/messages:import.refused')}\n`);
    return 1;
  }
  const count = addCount(preview);
  if (count === 0) {
    if (ctx.json) ctx.io.stdout(jsonLine({ added: [], preview }));
    else ctx.io.stdout(`${ctx.t('cli/messages:import.nothing')}\n`);
    return 0;
  }
  if (!flag(ctx.values, 'yes')) {
    // Stdin holds the config for `-`: no answer can come from it.
    const canAsk = ctx.io.stdinIsTTY === true && file !== '-' && !ctx.json;
    if (!canAsk) {
      if (ctx.json) ctx.io.stdout(jsonLine(preview));
      ctx.io.stderr(`${ctx.t('cli/messages:import.passYes')}\n`);
      return 1;
    }
    if (!(await confirm(ctx, count))) {
      ctx.io.stderr(`${ctx.t('cli/messages:import.cancelled')}\n`);
      return 1;
    }
  }
  const result = await caller.mcp.importApply({ text, skip });
  if (ctx.json) ctx.io.stdout(jsonLine(result));
  else ctx.io.stdout(`${ctx.t('cli/messages:import.imported', { count: result.added.length, names: result.added.map((s) => s.name).join(', ') })}\n`);
  return 0;
}

/** Other apps' config files are looked for in this user's home, on this OS. */
function createCaller(ctx: CommandContext) {
  const { homedir, platform, env } = ctx.io;
  return openCaller(ctx, { importHost: { homedir, platform, env } });
}

export const mcpImportCommand: CliCommand = {
  path: 'mcp import',
  summary: 'Import MCP servers from another app’s config (Claude Desktop, Cursor, Windsurf, VS Code, Cline, Roo)',
  help: `Usage:
  elftia mcp import FILE|- [--skip NAME]... [--yes]

Reads FILE (or stdin for "-"): a Claude Desktop, Cursor or Windsurf "mcpServers" file, a VS Code
mcp.json ("servers" and "inputs") or settings.json ("mcp"), a Cline or Roo MCP settings file, or
one command line such as "npx -y @modelcontextprotocol/server-everything". Prints what would be
added, renamed (the name is taken) or skipped (already configured, not a server, or left out) and
every error by entry and field. Nothing changes until you confirm; then all of it is added, or none.

Options:
  --skip NAME      Leave out the entry NAME (as written in the file); repeatable
  --yes            Import without asking. Without it the command asks on a terminal, and otherwise
                   stops after the preview

${COMMON_HELP}`,
  options: { skip: { type: 'string', multiple: true }, yes: { type: 'boolean', short: 'y' } },
  positionals: ['FILE'],
  run,
};
