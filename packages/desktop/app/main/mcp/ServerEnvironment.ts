/**
 * The environment side of stdio servers for the rest of the app: what a server is started with (and
 * its package download), which variable names it gets (for its details), and the form's "copy a
 * variable from my environment", resolved here so values never travel to the renderer.
 */
import type { McpServerConfig, McpServerEnvironment, McpServerInputParsed, McpServerRecord } from '../../shared/contracts/mcp-types';
import { AppError } from '../lib/errors';
import { withKnownRuntimeDirs } from './process/findCommand';
import type { Env, ShellEnvironment } from './process/loginShellEnv';
import { appEnvironment, composeServerEnv } from './process/serverEnv';
import { TREE_MARKER_ENV } from './process/treeMarker';

export interface ServerEnvironmentOptions {
  platform: NodeJS.Platform;
  /** For runtimes installed outside PATH (~/.local/bin), appended to every server's PATH. */
  homedir: string;
  shellEnv: ShellEnvironment;
  /** The app's own environment; default process.env. */
  processEnv?: NodeJS.ProcessEnv;
  /** The package mirror variables, read at each start; default none. */
  mirrors?: () => Record<string, string>;
}

type StdioConfig = Pick<McpServerConfig, 'env' | 'inheritEnv'>;

export class ServerEnvironment {
  constructor(private readonly options: ServerEnvironmentOptions) {}

  /**
   * What a stdio server with this config is started with. Uses the login-shell environment if it is
   * resolved by now (McpService awaits it before every connect, the prefetcher too).
   */
  forServer(config: StdioConfig): Env {
    return withKnownRuntimeDirs(this.compose(config).env, this.options.platform, this.options.homedir);
  }

  /** The names (never the values) a stdio server gets, sorted, each with where it comes from. */
  async describe(server: McpServerRecord): Promise<McpServerEnvironment> {
    const inheritEnv = server.config.inheritEnv ?? false;
    if (server.type !== 'stdio') return { inheritEnv, names: [] };
    await this.options.shellEnv.get();
    const { sources } = this.compose(server.config);
    const names: McpServerEnvironment['names'] = [...sources].map(([name, source]) => ({ name, source }));
    names.push({ name: TREE_MARKER_ENV, source: 'elftia' });
    return { inheritEnv, names: names.sort((a, b) => a.name.localeCompare(b.name, 'en')) };
  }

  /** The names of the app's environment (its own and the login shell's), for the form's "copy" field. */
  async appNames(): Promise<string[]> {
    return Object.keys(await this.appEnv()).sort((a, b) => a.localeCompare(b, 'en'));
  }

  /**
   * Copies the values of `copyEnv` from the app's environment into `env`. A name that is not set
   * fails the save with `envNotSet` on `copyEnv.<index>`, before anything is stored.
   */
  async resolveCopies<T extends McpServerInputParsed>(input: T): Promise<T> {
    if (input.type !== 'stdio' || !input.copyEnv?.length) return input;
    const value = await this.appLookup();
    const missing = input.copyEnv.flatMap((name, index) => (value(name) === undefined ? [{ field: `copyEnv.${index}`, code: 'envNotSet' as const, params: { name } }] : []));
    if (missing.length > 0) throw AppError.validation(missing);
    const copied = Object.fromEntries(input.copyEnv.map((name) => [name, value(name)!]));
    return { ...input, env: { ...input.env, ...copied }, copyEnv: [] };
  }

  /**
   * Reads one variable of the app's environment (its own and the login shell's), as `${env:NAME}`
   * references and the form's copies see it; case-insensitive on Windows.
   */
  async appLookup(): Promise<(name: string) => string | undefined> {
    const app = await this.appEnv();
    // Own variables only: `app.constructor` or `app.__proto__` would be the object's own machinery.
    return (name: string) => (this.options.platform === 'win32' ? Object.entries(app).find(([key]) => key.toUpperCase() === name.toUpperCase())?.[1] : Object.hasOwn(app, name) ? app[name] : undefined);
  }

  private async appEnv(): Promise<Env> {
    await this.options.shellEnv.get();
    return appEnvironment(this.options.processEnv ?? process.env, this.options.shellEnv.current?.env, this.options.platform);
  }

  private compose(config: StdioConfig) {
    return composeServerEnv({
      platform: this.options.platform,
      processEnv: this.options.processEnv ?? process.env,
      shellEnv: this.options.shellEnv.current?.env,
      mirrors: this.options.mirrors?.(),
      serverEnv: config.env,
      inheritEnv: config.inheritEnv,
    });
  }
}
