import type { ParseArgsConfig } from 'node:util';
import type { AppServices, AppServicesOptions } from '../../index';
import type { Translate } from '../messages';
import { withDeadline } from '../../lib/deadline';

export type OptionSpec = NonNullable<ParseArgsConfig['options']>;

/** Everything the CLI touches outside itself, injected so the commands stay testable. */
export interface CliIo {
  env: NodeJS.ProcessEnv;
  platform: NodeJS.Platform;
  homedir: string;
  cwd: string;
  stdout(text: string): void;
  stderr(text: string): void;
  /** Answers to prompts (`elftia chat --approve ask`); absent means none can be given. */
  stdin?: NodeJS.ReadableStream;
  /** Whether stdin is a terminal a person answers at (`elftia mcp import` asks before it applies). */
  stdinIsTTY?: boolean;
  /**
   * Calls `listener` once, on the first SIGINT or SIGTERM, with the signal's name; returns a
   * function that stops listening. While nobody listens, the signals keep Node's default (exit).
   */
  onShutdown(listener: (signal: string) => void): () => void;
}

export type OptionValues = Record<string, string | boolean | (string | boolean)[] | undefined>;

export interface CommandContext {
  io: CliIo;
  values: OptionValues;
  /** The command's positionals (NAME), in order. */
  positionals: string[];
  /** Arguments after `--`. */
  trailing: string[];
  json: boolean;
  dataDir: string;
  t: Translate;
  /** Aborts on the first SIGINT or SIGTERM while the command runs; its reason is the signal's name. */
  shutdown: AbortSignal;
  /** Opens the composition root once; the runner disposes it when the command returns. */
  openServices(options?: Omit<AppServicesOptions, 'dataDir'>): AppServices;
}

export interface CliCommand {
  /** The command words, e.g. `mcp add`. */
  path: string;
  summary: string;
  /** The help text after the summary: usage line and options. */
  help: string;
  options: OptionSpec;
  /** Names of the required positionals, e.g. `['NAME']`. */
  positionals: string[];
  /** Names of positionals that may follow the required ones, e.g. `['NAME']` for `mcp status [NAME]`. */
  optionalPositionals?: string[];
  /** Left out of `elftia --help` (a tool for the test scripts, not for users); `--help` on it still works. */
  hidden?: boolean;
  /** Accepts arguments after `--` (stdio server arguments). */
  acceptsTrailing?: boolean;
  /** The flag a validation error's field is shown as, e.g. `timeoutSec` → `--timeout`. */
  fieldLabel?(field: string): string;
  run(ctx: CommandContext): Promise<number | void>;
}

/** The shell's convention for "ended by a signal": 128 + its number (Ctrl+C → 130). */
export function signalExitCode(signal: string): number {
  return signal === 'SIGTERM' ? 143 : 130;
}

/** The user stopped a command (Ctrl+C or SIGTERM) before it finished; the runner exits with signalExitCode. */
export class Interrupted extends Error {
  constructor(readonly signal: string) {
    super(`interrupted by ${signal}`);
    this.name = 'Interrupted';
  }
}

/** Resolves with the signal's name once `shutdown` aborts (its reason is the name). */
export function whenShutdown(shutdown: AbortSignal): Promise<string> {
  if (shutdown.aborted) return Promise.resolve(String(shutdown.reason));
  return new Promise((resolve) => shutdown.addEventListener('abort', () => resolve(String(shutdown.reason)), { once: true }));
}

/**
 * `work`, or Interrupted as soon as the user stops the command, whichever comes first. Used around
 * steps that cannot be aborted themselves (a server's handshake): the runner's dispose then kills
 * whatever is still starting.
 */
export async function untilShutdown<T>(shutdown: AbortSignal, work: Promise<T>): Promise<T> {
  // Not awaited when the user stopped first: its late rejection must not surface as unhandled.
  work.catch(() => {});
  return withDeadline(() => work, {
    signal: shutdown,
    onAbort: (reason) => {
      throw new Interrupted(String(reason));
    },
  });
}

/** Wrong command line: exit code 2, with a pointer to `--help`. */
export class UsageError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'UsageError';
  }
}

/**
 * The variable `name` of the calling environment, if set. Own string values only: a plain object
 * answers `constructor`, `__proto__` and `toString` with its own machinery, and so does process.env.
 */
export function variableOf(env: NodeJS.ProcessEnv, name: string): string | undefined {
  const value = Object.hasOwn(env, name) ? env[name] : undefined;
  return typeof value === 'string' ? value : undefined;
}

export function stringValue(values: OptionValues, name: string): string | undefined {
  const value = values[name];
  return typeof value === 'string' ? value : undefined;
}

export function stringList(values: OptionValues, name: string): string[] {
  const value = values[name];
  return Array.isArray(value) ? value.filter((v): v is string => typeof v === 'string') : [];
}

export function flag(values: OptionValues, name: string): boolean {
  return values[name] === true;
}

/** Anything that is not a plain decimal becomes NaN, which the router rejects as not a whole number. */
export function parseSeconds(text: string): number {
  return /^\s*-?\d+(\.\d+)?\s*$/.test(text) ? Number(text) : Number.NaN;
}

/** Options every command takes. */
export const COMMON_OPTIONS: OptionSpec = {
  'data-dir': { type: 'string' },
  workspace: { type: 'string' },
  json: { type: 'boolean' },
  help: { type: 'boolean', short: 'h' },
};

export const COMMON_HELP = `Common options:
  --data-dir DIR   Data directory (default: $ELFTIA_DATA_DIR, else the app's own folder)
  --workspace DIR  Also use the servers of DIR/.elftia/mcp.json (each once approved: elftia mcp trust)
  --json           Machine-readable output
  -h, --help       Show this help`;
