import fs from 'node:fs';
import path from 'node:path';
import type { ExportDialect } from '../../../shared/contracts/mcp-import';
import { type CliCommand, COMMON_HELP, type CommandContext, flag, stringList, stringValue, UsageError } from './command';
import { jsonLine } from './output';
import { findByName, openCaller } from './servers';

async function run(ctx: CommandContext): Promise<number> {
  const caller = openCaller(ctx);
  const names = stringList(ctx.values, 'server');
  const ids = names.length > 0 ? await Promise.all(names.map(async (name) => (await findByName(caller, name)).id)) : undefined;
  const format = stringValue(ctx.values, 'format') ?? 'mcpServers';
  if (format !== 'mcpServers' && format !== 'elftia') throw new UsageError(`--format ${format}: use mcpServers or elftia`);
  const includeSecrets = flag(ctx.values, 'include-secrets');
  const { text } = await caller.mcp.exportServers({ ...(ids ? { ids } : {}), includeSecrets, dialect: format as ExportDialect });
  const out = stringValue(ctx.values, 'out');
  if (out === undefined) {
    ctx.io.stdout(ctx.json ? jsonLine({ text }) : text);
    return 0;
  }
  const file = path.resolve(ctx.io.cwd, out);
  // With secrets in it the file is the user's alone, like the data dir.
  fs.writeFileSync(file, text, { mode: includeSecrets ? 0o600 : 0o644 });
  if (ctx.json) ctx.io.stdout(jsonLine({ file }));
  else ctx.io.stdout(`${ctx.t('cli/messages:export.written', { file })}\n`);
  return 0;
}

export const mcpExportCommand: CliCommand = {
  path: 'mcp export',
  summary: 'Export MCP servers as "mcpServers" JSON (secrets as ${input:} references)',
  help: `Usage:
  elftia mcp export [--server NAME]... [--include-secrets] [--format mcpServers|elftia] [--out FILE]

Writes the servers (all, or each --server) as a Claude Desktop / Cursor style "mcpServers" file.
Secret env and header values (names like *_KEY, *TOKEN*, Authorization, or token-shaped values)
and secret parts of URLs and arguments become \${input:<server>-<name>} references, declared in
"inputs" so an import asks for them; --include-secrets writes the values instead.

Options:
  --server NAME      Export this server; repeatable (default: all)
  --include-secrets  Write secret values as they are stored
  --format F         mcpServers (default; connection fields only) or elftia (also type, timeout,
                     disabled, watchPaths)
  --out FILE         Write to FILE instead of stdout

${COMMON_HELP}`,
  options: { server: { type: 'string', multiple: true }, 'include-secrets': { type: 'boolean' }, format: { type: 'string' }, out: { type: 'string' } },
  positionals: [],
  run,
};
