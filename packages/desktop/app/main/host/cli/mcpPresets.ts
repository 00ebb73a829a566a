import type { McpPresetView } from '../../presets/McpPresetService';
import { type CliCommand, COMMON_HELP, type CommandContext, stringList, stringValue, UsageError, variableOf } from './command';
import { formatTable, jsonLine } from './output';
import { openCaller } from './servers';

function runs(view: McpPresetView): string {
  return view.preset.transportType === 'stdio' ? view.preset.command : 'http';
}

function presetTable(views: McpPresetView[], ctx: CommandContext): string {
  const { t } = ctx;
  const key = (view: McpPresetView) => {
    if (!view.preset.requiresApiKey) return '-';
    return view.keyProvider ? t('cli/messages:presets.keyFrom', { provider: view.keyProvider.name }) : t('cli/messages:presets.keyNeeded');
  };
  const rows = views.map((view) => [
    view.preset.id,
    view.preset.name,
    view.preset.category,
    runs(view),
    key(view),
    view.addedServerIds.length > 0 ? t('cli/messages:list.yes') : '-',
  ]);
  const header = ['id', 'name', 'category', 'runs', 'key', 'added'].map((column) => t(`cli/messages:presets.columns.${column}`));
  return formatTable(header, rows);
}

async function list(ctx: CommandContext): Promise<number> {
  const category = stringValue(ctx.values, 'category');
  const views = (await openCaller(ctx).mcp.presets.list()).filter((view) => !category || view.preset.category === category);
  ctx.io.stdout(ctx.json ? jsonLine(views) : `${presetTable(views, ctx)}\n`);
  return 0;
}

/** `--input folder=/x` → `{ folder: '/x' }`. */
export function parseInputs(pairs: string[]): Record<string, string> {
  const inputs: Record<string, string> = {};
  for (const pair of pairs) {
    const eq = pair.indexOf('=');
    if (eq <= 0) throw new UsageError(`--input ${pair}: write it as KEY=VALUE`);
    inputs[pair.slice(0, eq)] = pair.slice(eq + 1);
  }
  return inputs;
}

async function add(ctx: CommandContext): Promise<number> {
  const [presetId = ''] = ctx.positionals;
  const keyVariable = stringValue(ctx.values, 'api-key-env');
  let apiKey: string | undefined;
  if (keyVariable !== undefined) {
    // The key is read from the environment, never from argv (it would land in shell history and `ps`).
    apiKey = variableOf(ctx.io.env, keyVariable);
    if (apiKey === undefined) throw new UsageError(`--api-key-env ${keyVariable}: no such variable in this environment`);
  }
  const record = await openCaller(ctx).mcp.presets.add({
    presetId,
    ...(apiKey !== undefined ? { apiKey } : {}),
    inputs: parseInputs(stringList(ctx.values, 'input')),
  });
  if (ctx.json) ctx.io.stdout(jsonLine(record));
  else ctx.io.stdout(`${ctx.t('cli/messages:presets.added', { name: record.name, preset: presetId })}\n`);
  return 0;
}

export const mcpPresetsCommand: CliCommand = {
  path: 'mcp presets',
  summary: 'List the official MCP server presets',
  help: `Usage:
  elftia mcp presets [--category search|vision|web-reading|code-repo|general] [--json]

Each preset with what runs it (npx, uvx or http), whether it needs an API key (or which configured
provider lends one) and whether a configured server already runs it. Presets of <data dir>/presets.json
are listed after the built-in ones.

Options:
  --category C     Only the presets of this category

${COMMON_HELP}`,
  options: { category: { type: 'string' } },
  positionals: [],
  run: list,
};

export const mcpAddPresetCommand: CliCommand = {
  path: 'mcp add-preset',
  summary: 'Add an MCP server from a preset',
  help: `Usage:
  elftia mcp add-preset ID [--api-key-env VAR] [--input KEY=VALUE]... [--json]

Adds the preset ID (see "elftia mcp presets") as a server named after it ("Name 2" when taken).

Options:
  --api-key-env VAR  Read the preset's API key from the environment variable VAR. Without it, a
                     configured provider the preset is linked to lends its key, if there is one:
                     the server then reads that provider's key each time it starts (no copy)
  --input KEY=VALUE  A value the preset needs, e.g. --input folder=/home/me/notes; repeatable

${COMMON_HELP}`,
  options: { 'api-key-env': { type: 'string' }, input: { type: 'string', multiple: true } },
  positionals: ['ID'],
  fieldLabel: (field) => (field === 'apiKey' ? '--api-key-env' : field.startsWith('inputs.') ? `--input ${field.slice('inputs.'.length)}` : field),
  run: add,
};
