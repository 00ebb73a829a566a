/**
 * Fake runtimes (node, npm, npx, uv, uvx) and fake installers (brew, winget, curl, wget, powershell,
 * cmd) as small `#!/bin/sh` scripts in a temp dir. Each appends its argv to a record file and behaves as
 * its control file says. They call external tools by absolute path only: the win32 tests give them a
 * `;`-separated PATH that sh cannot use.
 */
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Env } from '../../app/main/mcp/process/loginShellEnv';
import { isAlive } from '../../app/main/mcp/process/treeKill';

export type RuntimeName = 'node' | 'npm' | 'npx' | 'uv' | 'uvx';
export type ToolName = 'brew' | 'winget' | 'curl' | 'wget' | 'powershell' | 'cmd';
/**
 * ok: works. fail: exits 1 with an error on stderr. noop: says it worked, installs nothing.
 * partial: installs, then exits 1. slow: works after 0.8 s. hang: starts a child and never exits.
 */
export type Mode = 'ok' | 'fail' | 'noop' | 'partial' | 'slow' | 'hang';

export const VERSIONS: Record<RuntimeName, string> = { node: '22.11.0', npm: '10.9.0', npx: '10.9.0', uv: '0.5.4', uvx: '0.5.4' };
const VERSION_OUTPUT: Record<RuntimeName, string> = {
  node: 'v22.11.0',
  npm: '10.9.0',
  npx: '10.9.0',
  uv: 'uv 0.5.4 (c62c83c37 2024-11-20)',
  uvx: 'uvx 0.5.4 (c62c83c37 2024-11-20)',
};

function systemTool(name: string): string {
  const found = ['/bin', '/usr/bin'].map((dir) => join(dir, name)).find((file) => existsSync(file));
  if (!found) throw new Error(`${name} not found in /bin or /usr/bin`);
  return found;
}

const q = (text: string) => `'${text.replace(/'/g, `'\\''`)}'`;

export class FakeWorld {
  readonly root = mkdtempSync(join(tmpdir(), 'elftia-deps-'));
  /** On PATH: the installers and any pre-installed runtime. */
  readonly bin = join(this.root, 'bin');
  /** On PATH, empty until the fake brew installs node there. */
  readonly brewBin = join(this.root, 'brew-bin');
  /** %ProgramFiles% for win32 tests; winget installs into its `nodejs` (a known dir, not on PATH). */
  readonly programFiles = join(this.root, 'pf');
  /** HOME; ~/.local/bin is not on PATH. */
  readonly home = join(this.root, 'home');
  readonly localBin = join(this.home, '.local', 'bin');
  private readonly templates = join(this.root, 'templates');
  private readonly control = join(this.root, 'control');
  private readonly recordFile = join(this.root, 'record.log');
  readonly pidFile = join(this.root, 'pids.log');
  private readonly win: boolean;

  constructor(readonly platform: NodeJS.Platform = 'linux') {
    this.win = platform === 'win32';
    for (const dir of [this.bin, this.brewBin, this.home, this.templates, this.control]) mkdirSync(dir, { recursive: true });
    for (const name of Object.keys(VERSIONS) as RuntimeName[]) this.write(join(this.templates, name), this.runtimeScript(name));
  }

  /** The file name of a runtime or tool on this platform (`node.exe`, `npx.cmd`, `winget.exe`). */
  fileName(name: RuntimeName | ToolName): string {
    if (!this.win) return name;
    return name === 'npm' || name === 'npx' ? `${name}.cmd` : `${name}.exe`;
  }

  /** Puts a working (or `mode`) runtime into bin. */
  runtime(name: RuntimeName, mode: Mode = 'ok'): this {
    this.write(join(this.bin, this.fileName(name)), this.runtimeScript(name));
    return this.mode(name, mode);
  }

  tool(name: ToolName, mode: Mode = 'ok'): this {
    this.write(join(this.bin, this.fileName(name)), this.toolScript(name));
    return this.mode(name, mode);
  }

  mode(name: RuntimeName | ToolName, mode: Mode): this {
    writeFileSync(join(this.control, name), `${mode}\n`);
    return this;
  }

  /** The environment the service gets: bin and brew-bin on PATH, HOME in the temp dir. */
  env(extra: Env = {}): Env {
    if (!this.win) return { PATH: `${this.bin}:${this.brewBin}`, HOME: this.home, ...extra };
    return {
      Path: `${this.bin};${this.brewBin}`,
      PATHEXT: '.COM;.EXE;.BAT;.CMD',
      USERPROFILE: this.home,
      ProgramFiles: this.programFiles,
      ComSpec: join(this.bin, 'cmd.exe'),
      ...extra,
    };
  }

  /** Every recorded invocation: [name, ...args]. */
  calls(): string[][] {
    if (!existsSync(this.recordFile)) return [];
    return readFileSync(this.recordFile, 'utf8').split('\n').filter(Boolean).map((line) => line.split('\t'));
  }

  /** PIDs the hanging fakes wrote (the script and its child). */
  pids(): number[] {
    if (!existsSync(this.pidFile)) return [];
    return readFileSync(this.pidFile, 'utf8').split(/\s+/).filter(Boolean).map(Number);
  }

  cleanup(): void {
    for (const pid of this.pids()) {
      for (const target of [-pid, pid]) {
        try {
          if (isAlive(pid)) process.kill(target, 'SIGKILL');
        } catch {
          // gone
        }
      }
    }
    rmSync(this.root, { recursive: true, force: true });
  }

  private write(file: string, body: string): void {
    writeFileSync(file, `#!/bin/sh\n${body}`, { mode: 0o755 });
  }

  /** Records argv, reads the mode, and handles the modes every fake shares. */
  private prologue(name: string): string {
    const rec = q(this.recordFile);
    return [
      `printf '%s' ${q(name)} >> ${rec}; for a in "$@"; do printf '\\t%s' "$a" >> ${rec}; done; printf '\\n' >> ${rec}`,
      `mode=ok; [ -f ${q(join(this.control, name))} ] && read -r mode < ${q(join(this.control, name))}`,
      `if [ "$mode" = hang ]; then printf 'working on it\\n' >&2; ${q(systemTool('sleep'))} 300 & printf '%s %s\\n' $$ $! >> ${q(this.pidFile)}; wait; exit 0; fi`,
      `if [ "$mode" = fail ]; then printf '%s: something went wrong\\n' ${q(name)} >&2; exit 1; fi`,
      `if [ "$mode" = slow ]; then ${q(systemTool('sleep'))} 0.8; fi`,
      '',
    ].join('\n');
  }

  private runtimeScript(name: RuntimeName): string {
    return `${this.prologue(name)}printf '%s\\n' ${q(VERSION_OUTPUT[name])}\n`;
  }

  /** Shell lines that copy runtime templates into `dir` (a shell word) under this platform's file names. */
  private installLines(names: RuntimeName[], dir: string): string[] {
    return [
      `${q(systemTool('mkdir'))} -p ${dir}`,
      ...names.map((name) => `${q(systemTool('cp'))} -p ${q(join(this.templates, name))} ${dir}/${this.fileName(name)}`),
    ];
  }

  private toolScript(name: ToolName): string {
    const prologue = this.prologue(name);
    const finish = [
      'if [ "$mode" = noop ]; then printf \'done\\n\'; exit 0; fi',
      'if [ "$mode" = partial ]; then exit 1; fi',
      'exit 0',
    ].join('\n');
    switch (name) {
      case 'brew':
        return `${prologue}printf '==> Downloading node\\n==> Pouring node\\n'\nprintf 'Warning: a harmless warning\\n' >&2\n` +
          `if [ "$mode" != noop ]; then\n${this.installLines(['node', 'npm', 'npx'], q(this.brewBin)).join('\n')}\nfi\nprintf '==> Summary: node installed\\n'\n${finish}\n`;
      case 'winget':
        return `${prologue}printf 'Found Node.js LTS [OpenJS.NodeJS.LTS]\\nSuccessfully installed\\n'\n` +
          `if [ "$mode" != noop ]; then\n${this.installLines(['node', 'npm', 'npx'], q(join(this.programFiles, 'nodejs'))).join('\n')}\nfi\n${finish}\n`;
      case 'powershell':
        return `${prologue}printf 'Downloading uv 0.5.4\\nInstalling to %s\\n' ${q(this.localBin)}\n` +
          `if [ "$mode" != noop ]; then\n${this.installLines(['uv', 'uvx'], q(this.localBin)).join('\n')}\nfi\n${finish}\n`;
      case 'curl':
      case 'wget': {
        // Prints an install script, like https://astral.sh/uv/install.sh; it installs into $HOME/.local/bin.
        const script = [
          "echo 'downloading uv 0.5.4 x86_64-unknown-linux-gnu'",
          ...this.installLines(['uv', 'uvx'], '"$HOME/.local/bin"'),
          "echo 'everything'\"'\"'s installed!'",
        ];
        const printed = script.map((line) => q(line)).join(' ');
        return `${prologue}if [ "$mode" = noop ]; then printf 'echo nothing to do\\n'; exit 0; fi\nprintf '%s\\n' ${printed}\nexit 0\n`;
      }
      case 'cmd':
        // Stands in for cmd.exe running `npx.cmd --version`: answers as npm's shim would.
        return `${prologue}printf '10.9.0\\n'\n`;
    }
  }
}
