import path from 'node:path';
import type { McpServerInput } from '../../../shared/contracts/mcp-types';
import { type CliCommand, COMMON_HELP, type CommandContext, flag, type OptionValues, parseSeconds, stringList, stringValue, UsageError, variableOf } from './command';
import { jsonLine } from './output';
import { openCaller } from './servers';

/**
 * Turns `--env K=V` pairs into a record. `--env K` alone takes K's value from the calling
 * environment (as `docker run -e K` does), so a secret need not appear in argv or shell history.
 */
export function parseEnvPairs(pairs: string[], callerEnv: NodeJS.ProcessEnv): Record<string, string> {
  const env: Record<string, string> = {};
  for (const pair of pairs) {
    const eq = pair.indexOf('=');
    if (eq >= 0) {
      env[pair.slice(0, eq)] = pair.slice(eq + 1);
      continue;
    }
    const inherited = variableOf(callerEnv, pair);
    if (inherited === undefined) throw new UsageError(`--env ${pair}: no such variable in this environment; write --env ${pair}=VALUE`);
    env[pair] = inherited;
  }
  return env;
}

/**
 * `--header "Authorization: Bearer x"` → `{ Authorization: 'Bearer x' }`; names and values are
 * trimmed. `--header NAME` alone (no colon) sends the header NAME with the value of the variable NAME
 * in the calling environment, like `--env NAME`, so a token need not appear in argv or shell history.
 */
export function parseHeaders(lines: string[], callerEnv: NodeJS.ProcessEnv): Record<string, string> {
  const headers: Record<string, string> = {};
  for (const line of lines) {
    const colon = line.indexOf(':');
    if (colon >= 0) {
      headers[line.slice(0, colon).trim()] = line.slice(colon + 1).trim();
      continue;
    }
    const name = line.trim();
    const inherited = variableOf(callerEnv, name);
    if (inherited === undefined) throw new UsageError(`--header ${name}: no such variable in this environment; set ${name}, or write --header "${name}: VALUE"`);
    headers[name] = inherited.trim();
  }
  return headers;
}

/** Where the command runs: `--env K` reads its environment, relative `--watch` paths start from its directory. */
export interface AddCaller {
  env: NodeJS.ProcessEnv;
  cwd: string;
}

/**
 * Maps the flags given onto the router's input, including flags that do not fit the transport
 * (`--url` with stdio): the router, not the CLI, decides what is valid, and names the field.
 */
export function buildAddInput(name: string, values: OptionValues, trailing: string[], caller: AddCaller): Record<string, unknown> {
  const input: Record<string, unknown> = { name };
  const transport = stringValue(values, 'transport');
  if (transport !== undefined) input.type = transport;
  const command = stringValue(values, 'command');
  if (command !== undefined) input.command = command;
  const args = [...stringList(values, 'arg'), ...trailing];
  if (args.length > 0) input.args = args;
  const envPairs = stringList(values, 'env');
  if (envPairs.length > 0) input.env = parseEnvPairs(envPairs, caller.env);
  // Stored absolute: the app that later watches them runs from another directory.
  const watchPaths = stringList(values, 'watch').map((p) => (p.trim() === '' ? p : path.resolve(caller.cwd, p)));
  if (watchPaths.length > 0) input.watchPaths = watchPaths;
  const url = stringValue(values, 'url');
  if (url !== undefined) input.url = url;
  const headerLines = stringList(values, 'header');
  if (headerLines.length > 0) input.headers = parseHeaders(headerLines, caller.env);
  const timeout = stringValue(values, 'timeout');
  if (timeout !== undefined) input.timeoutSec = parseSeconds(timeout);
  if (flag(values, 'disabled')) input.enabled = false;
  if (flag(values, 'inherit-env')) input.inheritEnv = true;
  return input;
}

const FIELD_LABELS: Record<string, string> = {
  name: 'NAME',
  type: '--transport',
  command: '--command',
  args: '--arg',
  url: '--url',
  timeoutSec: '--timeout',
  enabled: '--disabled',
  inheritEnv: '--inherit-env',
};

/** `env.1BAD` → `--env 1BAD`, `headers.X Y` → `--header X Y`, `timeoutSec` → `--timeout`. */
export function addFieldLabel(field: string): string {
  const [head, ...rest] = field.split('.');
  const key = rest.join('.');
  if (head === 'env') return key ? `--env ${key}` : '--env';
  if (head === 'headers') return key ? `--header ${key}` : '--header';
  if (head === 'args') return '--arg';
  if (head === 'watchPaths') return '--watch';
  return FIELD_LABELS[head ?? ''] ?? field;
}

async function run(ctx: CommandContext): Promise<number> {
  const [name = ''] = ctx.positionals;
  const input = buildAddInput(name, ctx.values, ctx.trailing, ctx.io);
  const caller = openCaller(ctx);
  // Deliberately unchecked: the router's zod schema is the one authority on what is valid.
  const record = await caller.mcp.add(input as McpServerInput);
  if (ctx.json) {
    ctx.io.stdout(jsonLine(record));
  } else {
    const state = ctx.t(record.enabled ? 'cli/messages:state.enabled' : 'cli/messages:state.disabled');
    ctx.io.stdout(`${ctx.t('cli/messages:add.added', { name: record.name, transport: record.type, state })}\n`);
  }
  return 0;
}

export const mcpAddCommand: CliCommand = {
  path: 'mcp add',
  summary: 'Add an MCP server',
  help: `Usage:
  elftia mcp add NAME --transport stdio --command CMD [--arg A]... [--env K=V]... [--inherit-env] [--watch PATH]... [--timeout S] [--disabled] [-- ARGS...]
  elftia mcp add NAME --transport sse|http|websocket --url URL [--header NAME | --header "K: V"]... [--timeout S] [--disabled]

Options:
  --transport T    stdio, sse, http (Streamable HTTP) or websocket
  --command CMD    The program to run (stdio)
  --arg A          One argument for the program; repeatable. Write --arg=-y for values starting with "-",
                   or put the arguments after "--"
  --env K=V        An environment variable for the program; repeatable. --env K alone copies K from
                   your environment, keeping the value out of the command line
  --inherit-env    Start the program with your whole environment, API keys included. Without it
                   (stdio) it gets only HOME, PATH, locale, temp, proxy, CA and package-manager
                   variables, plus its own --env
  --watch PATH     A file or folder whose change restarts the server (stdio); repeatable. For
                   "node path/to/server.js" that file is watched without being named
  --url URL        The server's URL: http(s):// for sse and http, ws(s):// for websocket
  --header NAME    An HTTP header sent to the server, its value copied from the variable NAME in your
                   environment, keeping a token out of the command line; repeatable
  --header "K: V"  An HTTP header with its value given here; repeatable
  --timeout S      Request timeout in seconds, 1-3600 (default 60)
  --disabled       Store the server switched off

Secrets are write-only: the output (and "elftia mcp list") shows env and header values, secret
query parameters of the URL (?api_key=…) and secret arguments (--token …) as "••••".

${COMMON_HELP}`,
  options: {
    transport: { type: 'string' },
    command: { type: 'string' },
    arg: { type: 'string', multiple: true },
    env: { type: 'string', multiple: true },
    url: { type: 'string' },
    header: { type: 'string', multiple: true },
    watch: { type: 'string', multiple: true },
    timeout: { type: 'string' },
    disabled: { type: 'boolean' },
    'inherit-env': { type: 'boolean' },
  },
  positionals: ['NAME'],
  acceptsTrailing: true,
  fieldLabel: addFieldLabel,
  run,
};
