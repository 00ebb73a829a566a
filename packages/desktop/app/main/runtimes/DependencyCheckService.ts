/**
 * Finds node/npm/npx and uv/uvx on the search path stdio servers use, and installs them.
 *
 * A runtime counts as found only once `<path> --version` ran, and an install only as done once the
 * installed binary ran: peer hosts reported "installed" after a failed download.
 * Checking never starts an MCP server.
 */
import {
  DEPENDENCY_COMMANDS,
  DEPENDENCY_RUNTIME,
  dependencyCommandOf,
  type DependencyCommand,
  type DependencyInstallMethod,
  type DependencyInstallPreview,
  type DependencyInstallResult,
  type DependencyRuntime,
  type DependencyStatus,
} from '../../shared/contracts/dependencies';
import { planInstall, type InstallPlan } from './installPlan';
import { runProcess, type ProcessRun } from '../mcp/process/runProcess';
import type { Clock } from '../lib/clock';
import { appendToSearchPath, envValue, knownRuntimeDirs, resolveCommandOnPath } from '../mcp/process/findCommand';
import type { Env } from '../mcp/process/loginShellEnv';
import { resolveSpawn } from '../mcp/process/spawnCommand';

export { DEPENDENCY_COMMANDS, type DependencyCommand, type DependencyInstallResult, type DependencyStatus };

/** Limit for `<command> --version`, in milliseconds. */
export const VERSION_TIMEOUT_MS = 10_000;
/** Default limit for one installer run, in milliseconds (10 minutes: winget and brew download a lot). */
export const DEFAULT_INSTALL_TIMEOUT_MS = 10 * 60_000;
/** Output lines kept per install, replayed to a caller that joins a running install. */
const REPLAY_LINES = 1000;
/** Output lines of a failed install put into its `detail`. */
const DETAIL_LINES = 20;

export interface DependencyCheckServiceOptions {
  platform: NodeJS.Platform;
  /** The user's home directory, for the known install locations (~/.local/bin, ~/.volta/bin, …). */
  homedir: string;
  /**
   * The environment stdio servers get, e.g. `mergeEnv(process.env, shellEnv.env, undefined, {platform})`.
   * Called for every check, so a runtime installed meanwhile is seen. Proxy variables in it reach the installers.
   */
  env: () => Promise<Env>;
  /** Opens the download page when there is no installer. */
  openUrl?: (url: string) => void | Promise<void>;
  /** Limit for `--version`, in milliseconds. Default 10000. */
  versionTimeoutMs?: number;
  /** Wait between SIGTERM and SIGKILL when a process tree is killed, in milliseconds. Default 2000. */
  killGraceMs?: number;
  /** Runs the `--version` and installer limits (tests move a manual clock). Default systemClock. */
  clock?: Clock;
  /** Directories searched after PATH. Default knownRuntimeDirs(platform, homedir, env). */
  fallbackDirs?: (env: Env) => string[];
}

export interface InstallCommandOptions {
  /** Cancels this caller's wait; the installer is killed once every caller joined to it has cancelled. */
  signal?: AbortSignal;
  /** Every installer output line (stdout and stderr), in order; a joining caller first gets the earlier ones. */
  onOutput?: (line: string) => void;
  /** Limit for the installer, in milliseconds. Default 10 minutes. Ignored when joining a running install. */
  timeoutMs?: number;
}

type RunResult =
  | { kind: 'planned'; plan: Exclude<InstallPlan, { kind: 'run' }> }
  | { kind: 'ran'; method: DependencyInstallMethod; manualCommand: string; run: ProcessRun };

/** One installer run, shared by every caller asking for the same runtime (npx and node share one). */
interface InstallRun {
  controller: AbortController;
  callers: number;
  lines: string[];
  listeners: Set<(line: string) => void>;
  plan: Promise<InstallPlan>;
  result: Promise<RunResult>;
}

const VERSION_PATTERN = /\d+\.\d+\.\d+/;

function methodOf(plan: InstallPlan): DependencyInstallMethod {
  return plan.kind === 'manual' ? 'download-page' : plan.method;
}

export class DependencyCheckService {
  private readonly options: DependencyCheckServiceOptions;
  private readonly platform: NodeJS.Platform;
  private readonly runs = new Map<DependencyRuntime, InstallRun>();

  constructor(options: DependencyCheckServiceOptions) {
    this.options = options;
    this.platform = options.platform;
  }

  /** True for a command this service can check and install: `npx`, `npx.cmd`, `/usr/bin/npx`, … */
  isSupported(command: string): command is DependencyCommand {
    return dependencyCommandOf(command) !== undefined;
  }

  async check(command: DependencyCommand): Promise<DependencyStatus> {
    return this.checkIn(this.normalize(command), await this.searchEnv());
  }

  async checkAll(): Promise<DependencyStatus[]> {
    const env = await this.searchEnv();
    return Promise.all(DEPENDENCY_COMMANDS.map((command) => this.checkIn(command, env)));
  }

  /**
   * Installs the runtime that provides `command` and verifies it by running the command. Resolves with
   * the outcome, never rejects for an installer's failure. A command already found is reported without
   * running anything.
   */
  async installCommand(command: DependencyCommand, options: InstallCommandOptions = {}): Promise<DependencyInstallResult> {
    const name = this.normalize(command);
    const runtime = DEPENDENCY_RUNTIME[name];
    if (!this.runs.has(runtime)) {
      const before = await this.check(name);
      if (before.found) return { status: 'alreadyInstalled', command: name, version: before.version, path: before.path! };
    }
    // A run every caller has left is still killing its tree: let it finish, then start afresh.
    let run = this.runs.get(runtime);
    while (run?.controller.signal.aborted) {
      await run.result.catch(() => undefined);
      run = this.runs.get(runtime);
    }
    return this.follow(name, run ?? this.startRun(runtime, options.timeoutMs ?? DEFAULT_INSTALL_TIMEOUT_MS), options);
  }

  /** What installCommand would do here, without doing it, so the UI can say so before the user agrees. */
  async describeInstall(command: DependencyCommand): Promise<DependencyInstallPreview> {
    const plan = await this.planIn(DEPENDENCY_RUNTIME[this.normalize(command)], await this.searchEnv());
    switch (plan.kind) {
      case 'run':
        return { kind: 'run', method: plan.method, commandLine: plan.manualCommand };
      case 'manual':
        return { kind: 'manual', url: plan.url, manualCommand: plan.manualCommand };
      case 'missing':
        return { kind: 'missing', method: plan.method, detail: plan.detail, manualCommand: plan.manualCommand };
    }
  }

  private planIn(runtime: DependencyRuntime, env: Env): Promise<InstallPlan> {
    return planInstall(runtime, this.platform, async (tool) => (await resolveCommandOnPath(tool, env, this.platform)).path);
  }

  private normalize(command: string): DependencyCommand {
    const name = dependencyCommandOf(command);
    if (!name) throw new TypeError(`not a supported dependency: ${command}`);
    return name;
  }

  private async searchEnv(): Promise<Env> {
    const env = await this.options.env();
    const dirs = this.options.fallbackDirs?.(env) ?? knownRuntimeDirs(this.platform, this.options.homedir, env);
    return appendToSearchPath(env, this.platform, dirs);
  }

  private async checkIn(command: DependencyCommand, env: Env): Promise<DependencyStatus> {
    const { platform } = this;
    const lookup = await resolveCommandOnPath(command, env, platform);
    if (!lookup.path) return { command, found: false, searched: lookup.searched };
    const base = { command, path: lookup.path, searched: lookup.searched };
    const spawnSpec = resolveSpawn(lookup.path, ['--version'], { platform, comspec: envValue(env, 'COMSPEC', platform) });
    const timeoutMs = this.options.versionTimeoutMs ?? VERSION_TIMEOUT_MS;
    const { outcome, tail } = await runProcess({ ...spawnSpec, env, platform, timeoutMs, clock: this.options.clock, killGraceMs: this.options.killGraceMs, tailLines: 50 });
    switch (outcome.kind) {
      case 'exited': {
        if (outcome.exitCode === 0) return { ...base, found: true, version: tail.join('\n').match(VERSION_PATTERN)?.[0] };
        const how = outcome.exitCode === null ? `was killed by ${outcome.signal}` : `exited with code ${outcome.exitCode}`;
        return { ...base, found: false, error: [`\`${command} --version\` ${how}`, ...tail.slice(-3)].join('\n') };
      }
      case 'timeout':
        return { ...base, found: false, error: `\`${command} --version\` did not finish within ${timeoutMs} ms` };
      case 'spawnFailed':
        return { ...base, found: false, error: `could not run ${lookup.path}: ${outcome.error.message}` };
      case 'cancelled':
        return { ...base, found: false, error: 'cancelled' };
    }
  }

  private startRun(runtime: DependencyRuntime, timeoutMs: number): InstallRun {
    const controller = new AbortController();
    const lines: string[] = [];
    const listeners = new Set<(line: string) => void>();
    const emit = (line: string) => {
      lines.push(line);
      if (lines.length > REPLAY_LINES) lines.shift();
      for (const listener of listeners) listener(line);
    };
    const prepared = this.searchEnv().then(async (env) => ({ env, plan: await this.planIn(runtime, env) }));
    const plan = prepared.then((p) => p.plan);
    plan.catch(() => undefined); // reported through `result`
    const result = prepared.then((p) => this.execute(p.plan, p.env, controller.signal, timeoutMs, emit));
    const run: InstallRun = { controller, callers: 0, lines, listeners, plan, result };
    this.runs.set(runtime, run);
    const forget = () => {
      if (this.runs.get(runtime) === run) this.runs.delete(runtime);
    };
    result.then(forget, forget);
    return run;
  }

  private async execute(plan: InstallPlan, env: Env, signal: AbortSignal, timeoutMs: number, emit: (line: string) => void): Promise<RunResult> {
    if (plan.kind === 'manual') {
      try {
        if (!signal.aborted) await this.options.openUrl?.(plan.url);
      } catch {
        // The result still carries the URL and the manual command for the UI to show.
      }
      return { kind: 'planned', plan };
    }
    if (plan.kind === 'missing') return { kind: 'planned', plan };
    const spawnSpec = resolveSpawn(plan.file, plan.args, { platform: this.platform, comspec: envValue(env, 'COMSPEC', this.platform) });
    const processRun = await runProcess({
      ...spawnSpec,
      env,
      platform: this.platform,
      timeoutMs,
      clock: this.options.clock,
      signal,
      onLine: emit,
      killGraceMs: this.options.killGraceMs,
      tailLines: DETAIL_LINES,
    });
    return { kind: 'ran', method: plan.method, manualCommand: plan.manualCommand, run: processRun };
  }

  /** Waits for `run` on behalf of one caller, who may cancel their wait. */
  private follow(command: DependencyCommand, run: InstallRun, options: InstallCommandOptions): Promise<DependencyInstallResult> {
    const { signal, onOutput } = options;
    run.callers += 1;
    if (onOutput) {
      for (const line of run.lines) onOutput(line);
      run.listeners.add(onOutput);
    }
    return new Promise<DependencyInstallResult>((resolve, reject) => {
      let settled = false;
      const leave = () => {
        if (settled) return false;
        settled = true;
        signal?.removeEventListener('abort', onAbort);
        if (onOutput) run.listeners.delete(onOutput);
        return true;
      };
      const onAbort = () => {
        if (!leave()) return;
        run.callers -= 1;
        const last = run.callers === 0;
        if (last) run.controller.abort();
        // The last caller resolves only once the installer's tree is gone.
        const done = last ? run.result.then(() => undefined, () => undefined) : Promise.resolve();
        void done
          .then(() => run.plan)
          .then((plan) => resolve({ status: 'cancelled', command, method: methodOf(plan) }), reject);
      };
      signal?.addEventListener('abort', onAbort, { once: true });
      if (signal?.aborted) onAbort();
      run.result.then(
        (result) => {
          if (!leave()) return;
          run.callers -= 1;
          this.conclude(command, result).then(resolve, reject);
        },
        (error: unknown) => {
          if (leave()) reject(error);
        },
      );
    });
  }

  private async conclude(command: DependencyCommand, result: RunResult): Promise<DependencyInstallResult> {
    if (result.kind === 'planned') {
      const { plan } = result;
      if (plan.kind === 'manual') return { status: 'manual', command, url: plan.url, manualCommand: plan.manualCommand };
      return { status: 'failed', command, method: plan.method, reason: 'installerMissing', detail: plan.detail, manualCommand: plan.manualCommand };
    }
    const { method, manualCommand, run } = result;
    const detail = run.tail.join('\n');
    const failed = { status: 'failed', command, method, manualCommand } as const;
    switch (run.outcome.kind) {
      case 'cancelled':
        return { status: 'cancelled', command, method };
      case 'timeout':
        return { ...failed, reason: 'timeout', detail };
      case 'spawnFailed':
        return { ...failed, reason: 'installerFailed', detail: run.outcome.error.message };
      case 'exited': {
        // Verified by running it, whatever the installer's exit code said.
        const after = await this.check(command);
        if (after.found) return { status: 'installed', command, version: after.version, path: after.path!, method };
        const { exitCode, signal } = run.outcome;
        if (exitCode !== 0) {
          const how = exitCode === null ? [`the installer was killed by ${signal}`] : [];
          return { ...failed, reason: 'installerFailed', ...(exitCode === null ? {} : { exitCode }), detail: [...how, detail].filter(Boolean).join('\n') };
        }
        const missing = after.error ?? `${command} was not found in ${after.searched} PATH entries after the installer finished`;
        return { ...failed, reason: 'notFoundAfterInstall', exitCode, detail: [missing, detail].filter(Boolean).join('\n') };
      }
    }
  }
}
