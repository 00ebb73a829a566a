import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { DependencyCheckService, type DependencyCheckServiceOptions } from '../../app/main/runtimes/DependencyCheckService';
import { mergeEnv } from '../../app/main/mcp/process/loginShellEnv';
import { knownRuntimeDirs } from '../../app/main/mcp/process/findCommand';
import { isAlive } from '../../app/main/mcp/process/treeKill';
import { DEPENDENCY_COMMANDS } from '../../app/shared/contracts/dependencies';
import { waitFor } from '../process/helpers';
import { FakeWorld, VERSIONS } from './fakes';
import { ManualClock } from '../support/manualClock';

const worlds: FakeWorld[] = [];
afterEach(() => {
  for (const world of worlds.splice(0)) world.cleanup();
});

function setup(platform: NodeJS.Platform = 'linux', overrides: Partial<DependencyCheckServiceOptions> = {}) {
  const world = new FakeWorld(platform);
  worlds.push(world);
  const opened: string[] = [];
  const service = new DependencyCheckService({
    platform,
    homedir: world.home,
    env: async () => world.env(),
    openUrl: (url) => void opened.push(url),
    killGraceMs: 300,
    // The real known dirs, minus system ones (/usr/local/bin, /opt/homebrew/bin) that may hold a real node here.
    fallbackDirs: (env) => knownRuntimeDirs(platform, world.home, env).filter((dir) => dir.startsWith(world.root)),
    ...overrides,
  });
  return { world, service, opened };
}

const installerCalls = (world: FakeWorld) => world.calls().filter(([name]) => !(DEPENDENCY_COMMANDS as readonly string[]).includes(name ?? ''));

describe('check', () => {
  it('finds all five commands with version and path, running only `--version`', async () => {
    const { world, service } = setup();
    for (const name of DEPENDENCY_COMMANDS) world.runtime(name);
    const statuses = await service.checkAll();
    expect(statuses).toEqual(
      DEPENDENCY_COMMANDS.map((command) => ({ command, found: true, version: VERSIONS[command], path: join(world.bin, command), searched: expect.any(Number) })),
    );
    expect(world.calls().sort()).toEqual(DEPENDENCY_COMMANDS.map((command) => [command, '--version']).sort());
  });

  it('reports a missing command with how many PATH entries were searched', async () => {
    const { service } = setup('linux', { fallbackDirs: () => ['/nonexistent/a', '/nonexistent/b'] });
    const statuses = await service.checkAll();
    // bin, brew-bin and the two fallback dirs.
    expect(statuses).toEqual(DEPENDENCY_COMMANDS.map((command) => ({ command, found: false, searched: 4 })));
  });

  it('accepts npx.cmd and /usr/bin/npx as npx', async () => {
    const { world, service } = setup();
    world.runtime('npx');
    expect(service.isSupported('/usr/bin/npx')).toBe(true);
    expect(service.isSupported('npx.cmd')).toBe(true);
    expect(service.isSupported('bunx')).toBe(false);
    expect(await service.check('npx.cmd' as 'npx')).toMatchObject({ command: 'npx', found: true, version: '10.9.0' });
  });

  it('does not count a binary that fails `--version` as found', async () => {
    const { world, service } = setup();
    world.runtime('node', 'fail');
    const status = await service.check('node');
    expect(status).toMatchObject({ command: 'node', found: false, path: join(world.bin, 'node') });
    expect(status.error).toContain('exited with code 1');
    expect(status.error).toContain('something went wrong');
  });

  it('gives up on a hanging `--version` after versionTimeoutMs and kills it', async () => {
    // The limit runs on a ManualClock: `--version` is given up when the test moves it to 400 ms.
    const clock = new ManualClock();
    const { world, service } = setup('linux', { versionTimeoutMs: 400, clock });
    world.runtime('uv', 'hang');
    const checking = service.check('uv');
    expect(await waitFor(() => world.pids().length === 2, 5000)).toBe(true);
    expect(clock.pending()).toEqual([400]);
    clock.advance(400);
    const status = await checking;
    expect(status).toMatchObject({ found: false, error: '`uv --version` did not finish within 400 ms' });
    expect(world.pids()).toHaveLength(2);
    for (const pid of world.pids()) expect(isAlive(pid)).toBe(false);
  });

  it('searches the PATH McpService builds: the login shell\'s entries come first', async () => {
    const world = new FakeWorld();
    worlds.push(world);
    const base = { PATH: '/nonexistent/gui-path', HOME: world.home };
    const shellEnv = { PATH: world.bin };
    world.runtime('node');
    const service = new DependencyCheckService({
      platform: 'linux',
      homedir: world.home,
      env: async () => mergeEnv(base, shellEnv, undefined, { platform: 'linux' }),
      fallbackDirs: () => [],
    });
    expect(await service.check('node')).toEqual({ command: 'node', found: true, version: '22.11.0', path: join(world.bin, 'node'), searched: 2 });
  });

  it('finds a runtime in a known directory that is not on PATH', async () => {
    const { world, service } = setup();
    world.tool('curl');
    await service.installCommand('uv');
    expect(world.env().PATH).not.toContain(world.localBin);
    expect(await service.check('uvx')).toMatchObject({ found: true, path: join(world.localBin, 'uvx'), version: '0.5.4' });
  });
});

describe('installCommand: node', () => {
  it('darwin with brew: runs `brew install node` and verifies the installed node', async () => {
    const { world, service, opened } = setup('darwin');
    world.tool('brew');
    const lines: string[] = [];
    const result = await service.installCommand('node', { onOutput: (line) => lines.push(line) });
    expect(result).toEqual({ status: 'installed', command: 'node', version: '22.11.0', path: join(world.brewBin, 'node'), method: 'homebrew' });
    expect(installerCalls(world)).toEqual([['brew', 'install', 'node']]);
    // Checked before (missing) and after (found).
    expect(world.calls().filter(([name]) => name === 'node')).toEqual([['node', '--version']]);
    const stdout = lines.filter((line) => line.startsWith('==>'));
    expect(stdout).toEqual(['==> Downloading node', '==> Pouring node', '==> Summary: node installed']);
    expect(lines).toContain('Warning: a harmless warning');
    expect(opened).toEqual([]);
  });

  it('darwin without brew: opens the download page', async () => {
    const { world, service, opened } = setup('darwin');
    const result = await service.installCommand('npx');
    expect(result).toEqual({ status: 'manual', command: 'npx', url: 'https://nodejs.org/en/download', manualCommand: 'brew install node' });
    expect(opened).toEqual(['https://nodejs.org/en/download']);
    expect(installerCalls(world)).toEqual([]);
  });

  it('linux: manual, with a suggested command', async () => {
    const { world, service, opened } = setup('linux');
    world.tool('brew').tool('winget');
    const result = await service.installCommand('node');
    expect(result).toMatchObject({ status: 'manual', command: 'node', url: 'https://nodejs.org/en/download' });
    expect(result.status === 'manual' && result.manualCommand).toContain('nvm install --lts');
    expect(opened).toEqual(['https://nodejs.org/en/download']);
    expect(installerCalls(world)).toEqual([]);
  });

  it('reports alreadyInstalled and runs nothing but `--version`', async () => {
    const { world, service } = setup('darwin');
    world.runtime('node').tool('brew');
    expect(await service.installCommand('node')).toEqual({ status: 'alreadyInstalled', command: 'node', version: '22.11.0', path: join(world.bin, 'node') });
    expect(world.calls()).toEqual([['node', '--version']]);
  });

  it('installer fails: installerFailed with its exit code and last output lines', async () => {
    const { world, service } = setup('darwin');
    world.tool('brew', 'fail');
    const result = await service.installCommand('node');
    expect(result).toMatchObject({ status: 'failed', reason: 'installerFailed', method: 'homebrew', exitCode: 1, manualCommand: 'brew install node' });
    expect(result.status === 'failed' && result.detail).toContain('brew: something went wrong');
  });

  it('installer exits 1 but the runtime runs: installed', async () => {
    const { world, service } = setup('darwin');
    world.tool('brew', 'partial');
    expect(await service.installCommand('npm')).toMatchObject({ status: 'installed', command: 'npm', version: '10.9.0' });
  });

  it('installer says done but installed nothing: notFoundAfterInstall', async () => {
    const { world, service } = setup('darwin');
    world.tool('brew', 'noop');
    const result = await service.installCommand('node');
    expect(result).toMatchObject({ status: 'failed', reason: 'notFoundAfterInstall', exitCode: 0, method: 'homebrew' });
    expect(result.status === 'failed' && result.detail).toMatch(/node was not found in \d+ PATH entries/);
  });

  it('concurrent installs of node and npx join one brew run; a joiner gets the earlier output', async () => {
    const { world, service } = setup('darwin');
    world.tool('brew', 'slow');
    const late: string[] = [];
    const first = service.installCommand('node');
    const second = service.installCommand('npx', { onOutput: (line) => late.push(line) });
    const [a, b] = await Promise.all([first, second]);
    expect(a).toMatchObject({ status: 'installed', command: 'node', version: '22.11.0' });
    expect(b).toMatchObject({ status: 'installed', command: 'npx', version: '10.9.0', path: join(world.brewBin, 'npx') });
    expect(installerCalls(world)).toEqual([['brew', 'install', 'node']]);
    expect(late).toContain('==> Summary: node installed');
  });

  it('one joined caller cancelling leaves the install running for the other', async () => {
    const { world, service } = setup('darwin');
    world.tool('brew', 'slow');
    const controller = new AbortController();
    const leaving = service.installCommand('node', { signal: controller.signal });
    const staying = service.installCommand('npm');
    await waitFor(() => installerCalls(world).length === 1, 5000);
    controller.abort();
    expect(await leaving).toEqual({ status: 'cancelled', command: 'node', method: 'homebrew' });
    expect(await staying).toMatchObject({ status: 'installed', command: 'npm' });
  });

  it('win32 with winget: exact argv, installed into %ProgramFiles%\\nodejs (a known dir)', async () => {
    const { world, service } = setup('win32');
    world.tool('winget').tool('cmd');
    const result = await service.installCommand('node');
    expect(installerCalls(world)).toEqual([
      ['winget', 'install', '--id', 'OpenJS.NodeJS.LTS', '-e', '--source', 'winget', '--accept-source-agreements', '--accept-package-agreements'],
    ]);
    expect(result).toEqual({ status: 'installed', command: 'node', version: '22.11.0', path: `${world.programFiles}/nodejs/node.exe`, method: 'winget' });
  });

  it('win32: npx resolves through PATHEXT to npx.cmd and runs through %ComSpec%', async () => {
    const { world, service } = setup('win32');
    world.runtime('npx').tool('cmd');
    const status = await service.check('npx');
    expect(status).toMatchObject({ found: true, version: '10.9.0', path: join(world.bin, 'npx.cmd') });
    const call = world.calls()[0] ?? [];
    expect(call.slice(0, 5)).toEqual(['cmd', '/d', '/v:off', '/s', '/c']);
    expect(call[5]).toContain('npx.cmd');
    expect(call[5]).toContain('--version');
  });

  it('win32 without winget: manual', async () => {
    const { service, opened } = setup('win32');
    expect(await service.installCommand('node')).toMatchObject({ status: 'manual', manualCommand: expect.stringContaining('winget install') });
    expect(opened).toEqual(['https://nodejs.org/en/download']);
  });
});

describe('installCommand: uv', () => {
  it('linux via curl | sh: installed into ~/.local/bin, found through the known dirs', async () => {
    const { world, service } = setup('linux');
    world.tool('curl').tool('wget');
    const lines: string[] = [];
    const result = await service.installCommand('uvx', { onOutput: (line) => lines.push(line) });
    expect(result).toEqual({ status: 'installed', command: 'uvx', version: '0.5.4', path: join(world.localBin, 'uvx'), method: 'uv-script-sh' });
    expect(installerCalls(world)).toEqual([['curl', '-LsSf', 'https://astral.sh/uv/install.sh']]);
    expect(lines).toEqual(['downloading uv 0.5.4 x86_64-unknown-linux-gnu', "everything's installed!"]);
    expect((world.env().PATH ?? '').split(':')).not.toContain(world.localBin);
  });

  it('uses wget when there is no curl', async () => {
    const { world, service } = setup('darwin');
    world.tool('wget');
    expect(await service.installCommand('uv')).toMatchObject({ status: 'installed', command: 'uv', path: join(world.localBin, 'uv') });
    expect(installerCalls(world)).toEqual([['wget', '-qO-', 'https://astral.sh/uv/install.sh']]);
  });

  it('neither curl nor wget: installerMissing, nothing run', async () => {
    const { world, service } = setup('linux');
    const result = await service.installCommand('uv');
    expect(result).toEqual({
      status: 'failed',
      command: 'uv',
      method: 'uv-script-sh',
      reason: 'installerMissing',
      detail: 'neither curl nor wget was found on the search path',
      manualCommand: 'curl -LsSf https://astral.sh/uv/install.sh | sh',
    });
    expect(world.calls()).toEqual([]);
  });

  it('a failed download is an installerFailed, never a success', async () => {
    const { world, service } = setup('linux');
    world.tool('curl', 'fail');
    const result = await service.installCommand('uv');
    expect(result).toMatchObject({ status: 'failed', reason: 'installerFailed', exitCode: 1 });
    expect(result.status === 'failed' && result.detail).toContain('curl: something went wrong');
  });

  it('an installed uv that does not run is notFoundAfterInstall', async () => {
    const { world, service } = setup('linux');
    world.tool('curl').mode('uv', 'fail');
    const result = await service.installCommand('uv');
    expect(result).toMatchObject({ status: 'failed', reason: 'notFoundAfterInstall', exitCode: 0 });
    expect(result.status === 'failed' && result.detail).toContain('`uv --version` exited with code 1');
  });

  it('win32 via PowerShell: exact argv, installed into %USERPROFILE%\\.local\\bin', async () => {
    const { world, service } = setup('win32');
    world.tool('powershell');
    const result = await service.installCommand('uv');
    expect(installerCalls(world)).toEqual([['powershell', '-NoProfile', '-ExecutionPolicy', 'ByPass', '-c', 'irm https://astral.sh/uv/install.ps1 | iex']]);
    expect(result).toEqual({ status: 'installed', command: 'uv', version: '0.5.4', path: `${world.localBin}/uv.exe`, method: 'uv-script-powershell' });
  });

  it('win32 without PowerShell: installerMissing', async () => {
    const { service } = setup('win32');
    expect(await service.installCommand('uvx')).toMatchObject({ status: 'failed', reason: 'installerMissing', method: 'uv-script-powershell' });
  });
});

describe('installCommand: cancel and timeout', () => {
  it('cancelling kills the installer tree and reports cancelled', async () => {
    const { world, service } = setup('linux');
    world.tool('curl', 'hang');
    const controller = new AbortController();
    const lines: string[] = [];
    const pending = service.installCommand('uv', { signal: controller.signal, onOutput: (line) => lines.push(line) });
    expect(await waitFor(() => world.pids().length === 2, 5000)).toBe(true);
    expect(world.pids().every((pid) => isAlive(pid))).toBe(true);
    controller.abort();
    expect(await pending).toEqual({ status: 'cancelled', command: 'uv', method: 'uv-script-sh' });
    for (const pid of world.pids()) expect(isAlive(pid)).toBe(false);
    expect(lines).toEqual(['working on it']);
  });

  it('a timeout kills the installer tree and reports timeout with the output', async () => {
    const clock = new ManualClock();
    const { world, service } = setup('linux', { clock });
    world.tool('curl', 'hang');
    const installing = service.installCommand('uv', { timeoutMs: 500 });
    expect(await waitFor(() => world.pids().length === 2, 5000)).toBe(true);
    expect(clock.pending()).toEqual([500]);
    clock.advance(500);
    const result = await installing;
    expect(result).toMatchObject({ status: 'failed', reason: 'timeout', method: 'uv-script-sh', detail: 'working on it' });
    expect(world.pids()).toHaveLength(2);
    for (const pid of world.pids()) expect(isAlive(pid)).toBe(false);
  });

  it('a signal aborted before the call runs no installer', async () => {
    const { world, service } = setup('darwin');
    world.tool('brew');
    const result = await service.installCommand('node', { signal: AbortSignal.abort() });
    expect(result).toEqual({ status: 'cancelled', command: 'node', method: 'homebrew' });
    expect(installerCalls(world)).toEqual([]);
  });
});

describe('describeInstall', () => {
  it('says what Install would run on each platform, running nothing', async () => {
    const mac = setup('darwin');
    mac.world.tool('brew');
    expect(await mac.service.describeInstall('npx')).toEqual({ kind: 'run', method: 'homebrew', commandLine: 'brew install node' });

    const linux = setup('linux');
    linux.world.tool('curl');
    expect(await linux.service.describeInstall('uvx')).toEqual({ kind: 'run', method: 'uv-script-sh', commandLine: 'curl -LsSf https://astral.sh/uv/install.sh | sh' });
    expect(await linux.service.describeInstall('node')).toMatchObject({ kind: 'manual', url: 'https://nodejs.org/en/download' });

    const windows = setup('win32');
    windows.world.tool('winget');
    expect(await windows.service.describeInstall('npm')).toEqual({
      kind: 'run',
      method: 'winget',
      commandLine: 'winget install --id OpenJS.NodeJS.LTS -e --source winget',
    });
    expect(await windows.service.describeInstall('uv')).toMatchObject({ kind: 'missing', method: 'uv-script-powershell', detail: 'PowerShell was not found on the search path' });

    for (const { world } of [mac, linux, windows]) expect(world.calls()).toEqual([]);
  });
});
