import { chmodSync, mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  appendToSearchPath,
  knownRuntimeDirs,
  resolveCommandOnPath,
  searchPathEntries,
  withKnownRuntimeDirs,
} from '../../app/main/mcp/process/findCommand';
import { dependencyCommandOf } from '../../app/shared/contracts/dependencies';
import { tempDir } from '../support/tempDir';

function file(dir: string, name: string, mode = 0o755): string {
  mkdirSync(dir, { recursive: true });
  const path = join(dir, name);
  writeFileSync(path, '#!/bin/sh\n');
  chmodSync(path, mode);
  return path;
}

describe('resolveCommandOnPath on POSIX', () => {
  it('returns the first executable in PATH order and the number of entries', async () => {
    const root = tempDir();
    const a = join(root, 'a');
    const b = join(root, 'b');
    const c = join(root, 'c');
    file(a, 'node', 0o644); // not executable
    mkdirSync(join(b, 'node'), { recursive: true }); // a directory
    const found = file(c, 'node');
    expect(await resolveCommandOnPath('node', { PATH: `${a}::${b}:${c}` }, 'linux')).toEqual({ path: found, searched: 3 });
    expect(await resolveCommandOnPath('npx', { PATH: `${a}:${b}:${c}` }, 'linux')).toEqual({ searched: 3 });
    expect(await resolveCommandOnPath('npx', {}, 'linux')).toEqual({ searched: 0 });
  });

  it('checks a path as given, without searching', async () => {
    const found = file(tempDir(), 'uv');
    expect(await resolveCommandOnPath(found, { PATH: '/x:/y' }, 'darwin')).toEqual({ path: found, searched: 0 });
    expect(await resolveCommandOnPath(`${found}-missing`, { PATH: '/x:/y' }, 'darwin')).toEqual({ searched: 0 });
  });
});

describe('resolveCommandOnPath on win32', () => {
  it('tries PATHEXT extensions in order per directory, never the bare name', async () => {
    const root = tempDir();
    const first = join(root, 'first');
    const second = join(root, 'second');
    file(first, 'npx'); // npm's sh script for Git Bash, next to npx.cmd
    const cmd = file(first, 'npx.cmd');
    file(second, 'npx.exe');
    const env = { Path: `"${first}";${second}`, PATHEXT: '.COM;.EXE;.BAT;.CMD' };
    expect(await resolveCommandOnPath('npx', env, 'win32')).toEqual({ path: cmd, searched: 2 });
    expect(await resolveCommandOnPath('npx.exe', env, 'win32')).toEqual({ path: join(second, 'npx.exe'), searched: 2 });
  });

  it('uses the default PATHEXT when none is set, and names compare case-insensitively', async () => {
    const dir = join(tempDir(), 'bin');
    const exe = file(dir, 'uv.exe');
    expect(await resolveCommandOnPath('uv', { pAtH: dir }, 'win32')).toEqual({ path: exe, searched: 1 });
  });

  it('joins with a backslash for Windows directories', async () => {
    const seen: string[] = [];
    const isExecutable = async (path: string) => (seen.push(path), path === 'C:\\Program Files\\nodejs\\node.exe');
    const result = await resolveCommandOnPath('node', { Path: 'C:\\Windows\\;C:\\Program Files\\nodejs', PATHEXT: '.EXE' }, 'win32', isExecutable);
    expect(result).toEqual({ path: 'C:\\Program Files\\nodejs\\node.exe', searched: 2 });
    expect(seen).toEqual(['C:\\Windows\\node.exe', 'C:\\Program Files\\nodejs\\node.exe']);
  });
});

describe('knownRuntimeDirs', () => {
  it('macOS: Homebrew first, then the per-user installers', () => {
    const dirs = knownRuntimeDirs('darwin', '/Users/u');
    expect(dirs.slice(0, 2)).toEqual(['/opt/homebrew/bin', '/usr/local/bin']);
    expect(dirs).toEqual(expect.arrayContaining(['/Users/u/.local/bin', '/Users/u/.cargo/bin', '/Users/u/.volta/bin', '/Users/u/.asdf/shims']));
  });

  it('Linux: ~/.local/bin, ~/.cargo/bin, ~/.volta/bin, mise shims under XDG_DATA_HOME', () => {
    const dirs = knownRuntimeDirs('linux', '/home/u', { XDG_DATA_HOME: '/data' });
    expect(dirs).toEqual(expect.arrayContaining(['/home/u/.local/bin', '/home/u/.cargo/bin', '/home/u/.volta/bin', '/data/mise/shims', '/usr/local/bin']));
    expect(dirs.every((dir) => dir !== '' && !dir.includes('undefined'))).toBe(true);
    const configured = knownRuntimeDirs('linux', '/home/u', { UV_INSTALL_DIR: '/opt/uv', XDG_BIN_HOME: '/home/u/bin' });
    expect(configured.slice(0, 2)).toEqual(['/opt/uv', '/home/u/bin']);
  });

  it('Windows: from the environment, with defaults', () => {
    const dirs = knownRuntimeDirs('win32', 'C:\\Users\\u', { ProgramFiles: 'D:\\Apps', APPDATA: 'C:\\Users\\u\\AppData\\Roaming' });
    expect(dirs).toEqual(
      expect.arrayContaining([
        'D:\\Apps\\nodejs',
        'C:\\Users\\u\\AppData\\Roaming\\npm',
        'C:\\Users\\u\\.local\\bin',
        'C:\\Users\\u\\AppData\\Local\\Microsoft\\WinGet\\Links',
        'C:\\Users\\u\\AppData\\Local\\Microsoft\\WindowsApps',
      ]),
    );
  });
});

describe('appendToSearchPath / withKnownRuntimeDirs', () => {
  it('appends after the existing entries, without duplicates', () => {
    const env = withKnownRuntimeDirs({ PATH: '/home/u/.local/bin:/usr/bin', HOME: '/home/u' }, 'linux', '/home/u');
    const entries = searchPathEntries(env, 'linux');
    expect(entries.slice(0, 2)).toEqual(['/home/u/.local/bin', '/usr/bin']);
    expect(entries.filter((entry) => entry === '/home/u/.local/bin')).toHaveLength(1);
    expect(entries).toContain('/home/u/.cargo/bin');
    expect(env.HOME).toBe('/home/u');
  });

  it('keeps the spelling of Path on Windows', () => {
    const env = appendToSearchPath({ Path: 'C:\\bin' }, 'win32', ['C:\\extra', 'c:\\BIN\\']);
    expect(env).toEqual({ Path: 'C:\\bin;C:\\extra' });
  });
});

describe('dependencyCommandOf', () => {
  it.each([
    ['npx', 'npx'],
    ['npx.cmd', 'npx'],
    ['NPX.CMD', 'npx'],
    ['/usr/bin/npx', 'npx'],
    ['C:\\Program Files\\nodejs\\node.exe', 'node'],
    ['uvx', 'uvx'],
    ['/opt/homebrew/bin/uv', 'uv'],
    ['bunx', undefined],
    ['npx-foo', undefined],
    ['', undefined],
  ])('%s → %s', (command, expected) => {
    expect(dependencyCommandOf(command)).toBe(expected);
  });
});
