import type { ParseArgsConfig } from 'node:util';
import type { AppServices, AppServicesOptions } from '../../index';
import type { Translate } from '../messages';

export type OptionSpec = NonNullable<ParseArgsConfig['options']>;

/** Everything the CLI touches outside itself, injected so the commands stay testable. */
export interface CliIo {
  env: NodeJS.ProcessEnv;
  platform: NodeJS.Platform;
  homedir: string;
  cwd: string;
  stdout(text: string): void;
  stderr(text: string): void;
  /** Resolves with the signal's name on SIGINT or SIGTERM (used by `serve`). */
  waitForShutdown(): Promise<string>;
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
  /** Accepts arguments after `--` (stdio server arguments). */
  acceptsTrailing?: boolean;
  /** The flag a validation error's field is shown as, e.g. `timeoutSec` → `--timeout`. */
  fieldLabel?(field: string): string;
  run(ctx: CommandContext): Promise<number | void>;
}

/** Wrong command line: exit code 2, with a pointer to `--help`. */
export class UsageError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'UsageError';
  }
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

/** Options every command takes. */
export const COMMON_OPTIONS: OptionSpec = {
  'data-dir': { type: 'string' },
  json: { type: 'boolean' },
  help: { type: 'boolean', short: 'h' },
};

export const COMMON_HELP = `Common options:
  --data-dir DIR   Data directory (default: $ELFTIA_DATA_DIR, else the app's own folder)
  --json           Machine-readable output
  -h, --help       Show this help`;
