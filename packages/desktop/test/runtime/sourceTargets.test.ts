import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { scriptArgument, sourceTargets } from '../../app/main/mcp/sourceTargets';
import { Sandbox, stdioServer } from './helpers';

const posix = { execPath: '/opt/Elftia/elftia', platform: 'linux' as const };
const win = { execPath: 'C:\\Elftia\\Elftia.exe', platform: 'win32' as const };

describe('scriptArgument', () => {
  it.each([
    ['node', ['server.js'], 'server.js'],
    ['/usr/local/bin/node', ['--enable-source-maps', 'dist/index.js', '--port', '3'], 'dist/index.js'],
    ['node', ['--import', 'tsx', 'src/server.ts'], 'src/server.ts'],
    ['node', ['-r', 'dotenv/config', 'server.js'], 'server.js'],
    ['node', ['--', 'server.js'], 'server.js'],
    ['node', ['-e', 'require("x")'], undefined],
    ['node', ['--inspect'], undefined],
    ['/opt/Elftia/elftia', ['server.js'], 'server.js'],
    ['tsx', ['src/server.ts'], 'src/server.ts'],
    ['bun', ['run', 'server.ts'], 'server.ts'],
    ['bun', ['server.ts'], 'server.ts'],
    ['deno', ['run', '--allow-read', '-c', 'deno.json', 'main.ts'], 'main.ts'],
    ['deno', ['serve', 'main.ts'], undefined],
    ['python', ['-u', 'server.py'], 'server.py'],
    ['python3.12', ['-W', 'ignore', 'server.py'], 'server.py'],
    ['python3', ['-m', 'mcp_server_git'], undefined],
    ['uv', ['run', 'server.py'], 'server.py'],
    ['uv', ['run', '--with', 'mcp', 'python', '-u', 'server.py'], 'server.py'],
    ['uv', ['run', '--python', 'python3', 'server.py'], 'server.py'],
    ['uv', ['run', '-m', 'pkg'], undefined],
    ['uv', ['tool', 'run', 'pkg'], undefined],
    ['npx', ['-y', '@modelcontextprotocol/server-everything'], undefined],
    ['uvx', ['mcp-server-git'], undefined],
  ])('%s %j → %s', (command, args, expected) => {
    expect(scriptArgument(command, args, posix)).toBe(expected);
  });

  it('recognizes Windows interpreters by name whatever the case and extension', () => {
    expect(scriptArgument('C:\\Program Files\\nodejs\\NODE.EXE', ['server.js'], win)).toBe('server.js');
    expect(scriptArgument('C:\\Python312\\python.exe', ['server.py'], win)).toBe('server.py');
    expect(scriptArgument('C:\\Elftia\\Elftia.exe', ['server.js'], win)).toBe('server.js');
    expect(scriptArgument('C:\\bin\\npx.cmd', ['server.js'], win)).toBeUndefined();
  });
});

describe('sourceTargets', () => {
  const sandboxes: Sandbox[] = [];
  afterEach(() => {
    for (const sandbox of sandboxes.splice(0)) sandbox.cleanup();
  });

  function workDir(): string {
    const sandbox = new Sandbox();
    sandboxes.push(sandbox);
    mkdirSync(join(sandbox.dir, 'src'));
    writeFileSync(join(sandbox.dir, 'src', 'server.js'), '');
    return sandbox.dir;
  }

  it('resolves watchPaths and the script against the working dir, without duplicates', () => {
    const cwd = workDir();
    const server = stdioServer('a', { command: 'node', args: ['src/server.js'], watchPaths: ['src', '/abs/lib', 'src/server.js', 'not-yet-built'] });
    expect(sourceTargets(server, { ...posix, cwd })).toEqual([join(cwd, 'src'), '/abs/lib', join(cwd, 'src/server.js'), join(cwd, 'not-yet-built')]);
  });

  it('watches the script only when it is a file on disk', () => {
    const cwd = workDir();
    const target = (args: string[]) => sourceTargets(stdioServer('a', { command: 'node', args }), { ...posix, cwd });
    expect(target(['src/server.js'])).toEqual([join(cwd, 'src/server.js')]);
    expect(target(['src/missing.js'])).toEqual([]);
    expect(target(['src'])).toEqual([]);
  });

  it('watches nothing for a remote server', () => {
    const server = { ...stdioServer('a', { url: 'http://127.0.0.1:1/mcp', watchPaths: ['x'] }), type: 'http' as const };
    expect(sourceTargets(server, { ...posix, cwd: '/' })).toEqual([]);
  });
});
