/**
 * `elftia` — the app's services from a terminal. Every command goes through the same appRouter as
 * the UI (createAppCaller), so validation and errors are the router's.
 *
 * Exit codes: 0 success, 1 an error the app reports (invalid input, not found, unreadable
 * database, a tool result marked as an error, a server that cannot start), 2 a malformed command
 * line, 130 (143) stopped by Ctrl+C (SIGTERM).
 */
import path from 'node:path';
import { parseArgs } from 'node:util';
import { createAppServices, type AppServices } from '../../index';
import { createTranslator, languageFromEnv, toAppErrorData, type Translate, translateError } from '../messages';
import { defaultLocalesDir } from '../paths';
import { type CliCommand, type CliIo, COMMON_OPTIONS, type CommandContext, flag, Interrupted, type OptionValues, signalExitCode, stringValue, UsageError } from './command';
import { resolveDataDir } from './dataDir';
import { mcpAddCommand } from './mcpAdd';
import { mcpCallCommand } from './mcpCall';
import { mcpListCommand } from './mcpList';
import { mcpLogsCommand } from './mcpLogs';
import { mcpExportCommand } from './mcpExport';
import { mcpImportCommand } from './mcpImport';
import { mcpDisableCommand, mcpEnableCommand, mcpRemoveCommand } from './mcpManage';
import { depsCheckCommand, depsInstallCommand } from './deps';
import { mcpAddPresetCommand, mcpPresetsCommand } from './mcpPresets';
import { mcpStatusCommand } from './mcpStatus';
import { mcpToolsCommand } from './mcpTools';
import { mcpToolAllowCommand, mcpToolAskCommand, mcpToolDisableCommand, mcpToolEnableCommand } from './mcpToolSwitch';
import { mcpTrustCommand, mcpUntrustCommand } from './mcpTrust';
import { mcpLoginCommand, mcpLogoutCommand } from './mcpLogin';
import { chatCommand } from './chat';
import { conformanceClientCommand } from './conformanceClient';
import { describeError, jsonLine } from './output';
import { registryAddCommand, registrySearchCommand } from './registry';
import { secretsResetCommand } from './secrets';
import { serveCommand } from './serve';
import { terminalText } from './terminalText';

export const COMMANDS: readonly CliCommand[] = [
  mcpAddCommand, mcpListCommand, mcpRemoveCommand, mcpEnableCommand, mcpDisableCommand,
  mcpStatusCommand, mcpToolsCommand, mcpToolDisableCommand, mcpToolEnableCommand, mcpToolAllowCommand, mcpToolAskCommand, mcpCallCommand, mcpLogsCommand, mcpPresetsCommand, mcpAddPresetCommand,
  mcpImportCommand, mcpExportCommand,
  mcpTrustCommand, mcpUntrustCommand,
  mcpLoginCommand, mcpLogoutCommand,
  registrySearchCommand, registryAddCommand,
  depsCheckCommand, depsInstallCommand, serveCommand, chatCommand, secretsResetCommand,
  conformanceClientCommand,
];

export interface RunCliOptions {
  commands?: readonly CliCommand[];
  localesDir?: string;
}

export async function runCli(argv: string[], rawIo: CliIo, options: RunCliOptions = {}): Promise<number> {
  // Everything printed passes terminalText: server-sent names, descriptions, results, stderr and a
  // model's reply reach the terminal from many commands, and this is the one place they all pass.
  const io: CliIo = { ...rawIo, stdout: (text) => rawIo.stdout(terminalText(text)), stderr: (text) => rawIo.stderr(terminalText(text)) };
  const commands = options.commands ?? COMMANDS;
  const t = createTranslator(options.localesDir ?? defaultLocalesDir(), languageFromEnv(io.env));
  const opened: AppServices[] = [];
  const shutdown = new AbortController();
  // Held for the whole run, disposal included: a server process must not outlive a Ctrl+C that
  // killed us mid-command. A second signal finds no handler and exits at once.
  const stopListening = io.onShutdown((signal) => shutdown.abort(signal));
  let command: CliCommand | undefined;
  try {
    const split = splitCommand(argv, commands);
    command = split.command;
    if (!command) return printGroupHelp(split, commands, io);
    const ctx = parseCommandLine(command, split.rest, { io, t, opened, shutdown: shutdown.signal });
    if (flag(ctx.values, 'help')) {
      io.stdout(`${command.summary}\n\n${command.help}\n`);
      return 0;
    }
    return (await command.run(ctx)) ?? 0;
  } catch (error) {
    // Whatever a command threw after Ctrl+C (a cancelled call, a closed connection) is the stop itself.
    const reported = shutdown.signal.aborted ? new Interrupted(String(shutdown.signal.reason)) : error;
    return reportError(reported, command, io, t, argv.includes('--json'));
  } finally {
    for (const services of opened) await services.dispose();
    stopListening();
  }
}

interface SplitCommand {
  command: CliCommand | undefined;
  /** The command words found, e.g. `['mcp']` for a bare `elftia mcp`. */
  words: string[];
  /** The first positional that is not a command word (`frobnicate` in `elftia mcp frobnicate`). */
  stray: string | undefined;
  askedForHelp: boolean;
  rest: string[];
}

/**
 * Finds the command words among the positionals, so global options may come first
 * (`elftia --data-dir X mcp list`). Option values are known to the lenient parse, so a value is
 * never mistaken for a command word.
 */
function splitCommand(argv: string[], commands: readonly CliCommand[]): SplitCommand {
  const options = Object.assign({}, COMMON_OPTIONS, ...commands.map((c) => c.options));
  const { tokens, values } = parseArgs({ args: argv, options, strict: false, allowPositionals: true, tokens: true });
  const words: string[] = [];
  const wordIndexes = new Set<number>();
  let stray: string | undefined;
  for (const token of tokens) {
    if (token.kind === 'option-terminator') break;
    if (token.kind !== 'positional') continue;
    const candidate = [...words, token.value].join(' ');
    if (!commands.some((c) => c.path === candidate || c.path.startsWith(`${candidate} `))) {
      stray = token.value;
      break;
    }
    words.push(token.value);
    wordIndexes.add(token.index);
  }
  const path = words.join(' ');
  return {
    command: commands.find((c) => c.path === path),
    words,
    stray,
    askedForHelp: values.help === true,
    rest: argv.filter((_, i) => !wordIndexes.has(i)),
  };
}

interface RunState {
  io: CliIo;
  t: Translate;
  /** Every composition root a command opened, disposed by runCli. */
  opened: AppServices[];
  shutdown: AbortSignal;
}

function parseCommandLine(command: CliCommand, args: string[], { io, t, opened, shutdown }: RunState): CommandContext {
  let parsed;
  try {
    parsed = parseArgs({ args, options: { ...COMMON_OPTIONS, ...command.options }, strict: true, allowPositionals: true, tokens: true });
  } catch (error) {
    throw new UsageError((error as Error).message);
  }
  const terminator = parsed.tokens.find((token) => token.kind === 'option-terminator')?.index ?? Number.POSITIVE_INFINITY;
  const positionalTokens = parsed.tokens.filter((token) => token.kind === 'positional');
  const positionals = positionalTokens.filter((token) => token.index < terminator).map((token) => token.value);
  const trailing = positionalTokens.filter((token) => token.index > terminator).map((token) => token.value);
  const values = parsed.values as OptionValues;
  if (!flag(values, 'help')) checkPositionals(command, positionals, trailing);

  const dataDir = resolveDataDir({ flag: stringValue(values, 'data-dir'), env: io.env, platform: io.platform, homedir: io.homedir, cwd: io.cwd });
  const workspace = resolveWorkspace(stringValue(values, 'workspace'), io.cwd);
  return {
    io, values, positionals, trailing, t, dataDir, shutdown,
    json: flag(values, 'json'),
    openServices(serviceOptions = {}) {
      const services = createAppServices({ dataDir, ...(workspace !== undefined ? { workspace } : {}), ...serviceOptions });
      opened.push(services);
      return services;
    },
  };
}

/** `--workspace DIR`, taken from the working directory when relative; an empty one is refused like an empty `--data-dir`. */
function resolveWorkspace(flagValue: string | undefined, cwd: string): string | undefined {
  if (flagValue === undefined) return undefined;
  if (flagValue === '') throw new UsageError('--workspace: the folder is empty; name one, or leave the option out');
  return path.resolve(cwd, flagValue);
}

function checkPositionals(command: CliCommand, positionals: string[], trailing: string[]): void {
  const expected = command.positionals;
  if (positionals.length < expected.length) throw new UsageError(`missing ${expected.slice(positionals.length).join(' ')}`);
  const most = expected.length + (command.optionalPositionals?.length ?? 0);
  if (positionals.length > most) throw new UsageError(`unexpected argument "${positionals[most]}"`);
  if (trailing.length > 0 && !command.acceptsTrailing) throw new UsageError(`unexpected arguments after "--"`);
}

/** `elftia`, `elftia --help`, `elftia mcp --help`: the list of commands; an unknown or missing command is a usage error. */
function printGroupHelp(split: SplitCommand, commands: readonly CliCommand[], io: CliIo): number {
  const prefix = split.words.length > 0 ? `${split.words.join(' ')} ` : '';
  const matching = commands.filter((c) => c.path.startsWith(prefix) && !c.hidden);
  const width = Math.max(...matching.map((c) => c.path.length));
  const list = matching.map((c) => `  elftia ${c.path.padEnd(width)}  ${c.summary}`).join('\n');
  const text = `Usage:\n${list}\n\nRun "elftia <command> --help" for a command's options.\n`;
  if (split.stray !== undefined) {
    io.stderr(`elftia: unknown command "${[...split.words, split.stray].join(' ')}"\n\n${text}`);
    return 2;
  }
  if (split.askedForHelp || (split.rest.length === 0 && split.words.length === 0)) {
    io.stdout(text);
    return 0;
  }
  io.stderr(`elftia: missing command\n\n${text}`);
  return 2;
}

/**
 * A form's field errors name the command's flags; a tool's argument problems (INVALID_ARGUMENTS) name
 * paths inside the tool's arguments, which must not be taken for a flag of the same name.
 */
function fieldLabeller(code: string, command: CliCommand | undefined, t: Translate): (field: string) => string {
  if (code === 'INVALID_ARGUMENTS') return (field) => field || t('toolArguments.root');
  return command?.fieldLabel ?? ((field: string) => field);
}

function reportError(error: unknown, command: CliCommand | undefined, io: CliIo, t: Translate, json: boolean): number {
  if (error instanceof Interrupted) {
    io.stderr(`${t('errors.CANCELLED')}\n`);
    return signalExitCode(error.signal);
  }
  if (error instanceof UsageError) {
    const help = command ? `elftia ${command.path} --help` : 'elftia --help';
    io.stderr(`elftia: ${error.message}\nRun "${help}" for usage.\n`);
    return 2;
  }
  const data = toAppErrorData(error);
  const translated = translateError(data, t);
  const label = fieldLabeller(data.code, command, t);
  if (json) {
    io.stderr(jsonLine({ error: { ...translated, fieldErrors: translated.fieldErrors.map((e) => ({ ...e, flag: label(e.field) })) } }));
  } else {
    const fields = translated.fieldErrors.map((e) => `  ${label(e.field)}: ${e.message}\n`).join('');
    // The server's own words (a spawn error, its last stderr lines), already redacted by the service.
    const detail = describeError(data, t).slice(1).map((line) => `${line}\n`).join('');
    io.stderr(`error: ${translated.message}\n${detail}${fields}`);
  }
  // An unexpected error: its one-line message helps a bug report; the stack stays out of the terminal.
  if (translated.code === 'INTERNAL' && error instanceof Error) io.stderr(`  (${error.message})\n`);
  return 1;
}
