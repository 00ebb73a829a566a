/**
 * `elftia registry search|add`: the MCP Registry browser on the terminal, through the same
 * RegistryService as Settings → Servers → "Browse the MCP Registry" (cache, offline answers, install
 * checks). `add` asks for the values an install needs on a terminal, secrets without echo; without
 * one it names what is missing and exits 1.
 */
import { Readable } from 'node:stream';
import type { RegistryInputField, RegistryInstallOption, RegistryServerView } from '../../../shared/contracts/registry';
import { registryUrlSchema } from '../../../shared/contracts/settings';
import { view } from '../../routers/McpRouter';
import { type CliCommand, COMMON_HELP, type CommandContext, stringList, stringValue, UsageError, variableOf } from './command';
import { parseInputs } from './mcpPresets';
import { describeTarget, formatTable, firstLine, jsonLine } from './output';
import { TerminalPrompt } from './terminalPrompt';

/** `--registry URL`, checked like the setting; undefined: the setting's registry. */
function registryAt(ctx: CommandContext): { registryUrl?: string } {
  const url = stringValue(ctx.values, 'registry');
  if (url === undefined) return {};
  const parsed = registryUrlSchema.safeParse({ url });
  if (!parsed.success || parsed.data.url === '') throw new UsageError(`--registry ${url}: give an http(s) URL`);
  return { registryUrl: parsed.data.url };
}

/** `npm (node)`, `streamable-http`, `oci (docker missing)`: what each option is, and why not when it cannot run. */
function optionsCell(server: RegistryServerView, ctx: CommandContext): string {
  return server.options
    .map((option) => (option.supported ? option.kind : `${option.kind} (${ctx.t(`cli/messages:registry.unsupported.${option.unsupportedReason ?? 'registryType'}`)})`))
    .join(', ');
}

async function search(ctx: CommandContext): Promise<number> {
  const [query = ''] = ctx.positionals;
  const limitText = stringValue(ctx.values, 'limit');
  const limit = limitText === undefined ? undefined : Number(limitText);
  if (limit !== undefined && !(Number.isInteger(limit) && limit >= 1 && limit <= 100)) throw new UsageError(`--limit ${limitText}: a whole number from 1 to 100`);
  const cursor = stringValue(ctx.values, 'cursor');
  const services = ctx.openServices();
  const result = await services.registry.search({ query, ...(cursor ? { cursor } : {}), ...(limit ? { limit } : {}), includeInactive: ctx.values.all === true }, registryAt(ctx));
  if (ctx.json) {
    ctx.io.stdout(jsonLine(result));
    return 0;
  }
  const { t } = ctx;
  if (result.offline) ctx.io.stderr(`${t('cli/messages:registry.offline', { url: result.registryUrl, fetchedAt: result.fetchedAt })}\n`);
  if (result.servers.length === 0) {
    ctx.io.stdout(`${t('cli/messages:registry.none', { query })}\n`);
  } else {
    const rows = result.servers.map((server) => [
      server.name,
      server.version,
      t(`cli/messages:registry.status.${server.status}`),
      optionsCell(server, ctx),
      server.addedServerIds.length > 0 ? t('cli/messages:list.yes') : '-',
      firstLine(server.description),
    ]);
    const header = ['name', 'version', 'status', 'options', 'added', 'description'].map((column) => t(`cli/messages:registry.columns.${column}`));
    ctx.io.stdout(`${formatTable(header, rows)}\n`);
  }
  if (result.nextCursor) ctx.io.stdout(`${t('cli/messages:registry.more', { cursor: result.nextCursor })}\n`);
  return 0;
}

/** `--option`, else the record's first option that can run here, else its first (whose install then says why not). */
function chooseOption(server: RegistryServerView, wanted: string | undefined): RegistryInstallOption {
  if (wanted !== undefined) {
    const option = server.options.find((o) => o.id === wanted);
    if (!option) throw new UsageError(`--option ${wanted}: ${server.name} offers ${server.options.map((o) => o.id).join(', ') || 'no options'}`);
    return option;
  }
  const option = server.options.find((o) => o.supported) ?? server.options[0];
  if (!option) throw new UsageError(`${server.name} has no package or remote Elftia knows`);
  return option;
}

/** `--input-env KEY=VAR`: the value of KEY read from the environment variable VAR (a secret stays out of argv). */
function inputsFromEnv(ctx: CommandContext): Record<string, string> {
  const inputs: Record<string, string> = {};
  for (const [key, variable] of Object.entries(parseInputs(stringList(ctx.values, 'input-env')))) {
    const value = variableOf(ctx.io.env, variable);
    if (value === undefined) throw new UsageError(`--input-env ${key}=${variable}: no such variable in this environment`);
    inputs[key] = value;
  }
  return inputs;
}

function question(field: RegistryInputField, ctx: CommandContext): string {
  const parts = [field.label];
  if (field.description) parts.push(`(${firstLine(field.description)})`);
  if (field.choices) parts.push(`[${field.choices.join('/')}]`);
  if (field.default !== undefined) parts.push(ctx.t('cli/messages:registry.default', { value: field.default }));
  return `${parts.join(' ')}: `;
}

/** Asks for each required value not given, on the terminal; nothing when there is none (the install then names them). */
async function askMissing(fields: readonly RegistryInputField[], inputs: Record<string, string>, ctx: CommandContext): Promise<void> {
  const missing = fields.filter((field) => field.required && field.default === undefined && !(inputs[field.key] ?? '').trim());
  if (missing.length === 0 || ctx.io.stdinIsTTY !== true || ctx.json) return;
  const prompt = new TerminalPrompt(ctx.io.stdin ?? Readable.from([]), (text) => ctx.io.stderr(text));
  try {
    for (const field of missing) {
      const answer = await prompt.ask(question(field, ctx), { secret: field.secret });
      if (answer === undefined) return;
      if (answer.trim() !== '') inputs[field.key] = answer;
    }
  } finally {
    prompt.close();
  }
}

async function add(ctx: CommandContext): Promise<number> {
  const [name = ''] = ctx.positionals;
  const at = registryAt(ctx);
  const services = ctx.openServices();
  const server = await services.registry.get({ name, version: stringValue(ctx.values, 'version') ?? 'latest' }, at);
  const option = chooseOption(server, stringValue(ctx.values, 'option'));
  const inputs = { ...parseInputs(stringList(ctx.values, 'input')), ...inputsFromEnv(ctx) };
  await askMissing(option.fields, inputs, ctx);
  const record = await services.registry.add({ name: server.name, version: server.version, optionId: option.id, inputs }, at);
  if (ctx.json) ctx.io.stdout(jsonLine(await view(services, record)));
  else ctx.io.stdout(`${ctx.t('cli/messages:registry.added', { name: record.name, record: server.name, version: server.version, option: describeTarget(record) })}\n`);
  return 0;
}

const REGISTRY_OPTION_HELP = `  --registry URL   Ask this registry instead of the registry.url setting (the official one by default)`;

export const registrySearchCommand: CliCommand = {
  path: 'registry search',
  summary: 'Search the MCP Registry for servers',
  help: `Usage:
  elftia registry search [QUERY] [--limit N] [--cursor C] [--all] [--registry URL] [--json]

One page of servers whose name contains QUERY (latest versions): name, version, status, how each
can be installed here, and whether a configured server already runs it. When the registry cannot be
reached, the page saved from the last search is shown, marked as offline.

Options:
  --limit N        Servers per page, 1 to 100 (default 30)
  --cursor C       The page after the one that printed this cursor
  --all            Also list deprecated and deleted servers
${REGISTRY_OPTION_HELP}

${COMMON_HELP}`,
  options: { limit: { type: 'string' }, cursor: { type: 'string' }, all: { type: 'boolean' }, registry: { type: 'string' } },
  positionals: [],
  optionalPositionals: ['QUERY'],
  run: search,
};

export const registryAddCommand: CliCommand = {
  path: 'registry add',
  summary: 'Add an MCP server from the MCP Registry',
  help: `Usage:
  elftia registry add NAME [--version V] [--option ID] [--input KEY=VALUE]... [--input-env KEY=VAR]... [--registry URL] [--json]

Adds the registry's server NAME (e.g. io.github.owner/server) as a server named after it. npm
packages run with npx, PyPI packages with uvx, OCI images with docker, remotes over HTTP or SSE.
Values the server needs are asked for on a terminal (secrets without echo); without a terminal,
the missing ones are named and nothing is added.

Options:
  --version V        That version instead of the latest
  --option ID        package:N or remote:N of the record (default: the first that can run here)
  --input KEY=VALUE  A value, e.g. --input env.API_KEY=… or --input arg.0=/home/me; repeatable
  --input-env KEY=VAR  Read KEY's value from the environment variable VAR (keeps secrets out of argv)
${REGISTRY_OPTION_HELP}

${COMMON_HELP}`,
  options: { version: { type: 'string' }, option: { type: 'string' }, input: { type: 'string', multiple: true }, 'input-env': { type: 'string', multiple: true }, registry: { type: 'string' } },
  positionals: ['NAME'],
  fieldLabel: (field) => (field.startsWith('inputs.') ? `--input ${field.slice('inputs.'.length)}` : field),
  run: add,
};
