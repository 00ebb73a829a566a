import { describe, expect, it } from 'vitest';
import { planPrefetch } from '../../app/main/mcp/prefetch/planPrefetch';

describe('planPrefetch', () => {
  it.each([
    // [command, args, packages, download args]
    ['npx', ['-y', '@scope/server@1.2.3'], ['@scope/server@1.2.3'], ['--yes', '--package=@scope/server@1.2.3', '--', 'node', '--version']],
    ['npx', ['--yes', 'tavily-mcp@0.2.1', '--flag'], ['tavily-mcp@0.2.1'], ['--yes', '--package=tavily-mcp@0.2.1', '--', 'node', '--version']],
    ['npx.cmd', ['-y', 'pkg@1.0.0'], ['pkg@1.0.0'], ['--yes', '--package=pkg@1.0.0', '--', 'node', '--version']],
    ['/usr/local/bin/npx', ['-p', 'a@1', '--package=b@2', 'a-bin'], ['a@1', 'b@2'], ['--yes', '--package=a@1', '--package=b@2', '--', 'node', '--version']],
    ['npx', ['-y', '--registry', 'https://r.example', 'pkg@1'], ['pkg@1'], ['--yes', '--registry=https://r.example', '--package=pkg@1', '--', 'node', '--version']],
    ['npx', ['-y', '/tmp/pkg-1.0.0.tgz'], ['/tmp/pkg-1.0.0.tgz'], ['--yes', '--package=/tmp/pkg-1.0.0.tgz', '--', 'node', '--version']],
    ['uvx', ['mcp-server-fetch==2025.4.7'], ['mcp-server-fetch==2025.4.7'], ['--from', 'mcp-server-fetch==2025.4.7', 'python', '--version']],
    ['uvx', ['--python', '3.12', 'mcp-server-git@2025.1.1', '--repository', '/r'], ['mcp-server-git@2025.1.1'], ['--python', '3.12', '--from', 'mcp-server-git@2025.1.1', 'python', '--version']],
    ['uvx', ['--from', 'pkg==1', '--with', 'extra==2', 'pkg-cli'], ['pkg==1', 'extra==2'], ['--with', 'extra==2', '--from', 'pkg==1', 'python', '--version']],
    ['uvx.exe', ['--index-url=https://mirror/simple', 'tool==3'], ['tool==3'], ['--index-url', 'https://mirror/simple', '--from', 'tool==3', 'python', '--version']],
  ])('%s %j downloads %j', (command, args, packages, downloadArgs) => {
    const plan = planPrefetch(command, args);
    expect(plan?.packages).toEqual(packages);
    expect(plan?.args).toEqual(downloadArgs);
    expect(plan?.command).toBe(command);
  });

  it.each([
    ['node', ['server.js']],
    ['python', ['-m', 'server']],
    ['npx', []],
    ['npx', ['--no-install', 'pkg@1']],
    ['npx', ['-c', 'echo hi']],
    ['npx', ['-y', './local-dir']],
    ['npx', ['-y', '/abs/project']],
    ['uvx', ['--offline', 'pkg']],
    ['uvx', ['--from', '../checkout', 'cli']],
    ['npxx', ['-y', 'pkg']],
  ])('%s %j needs no download', (command, args) => {
    expect(planPrefetch(command, args)).toBeUndefined();
  });

  it('keys a download by runner and packages, not by the server arguments', () => {
    const a = planPrefetch('npx', ['-y', 'pkg@1', '/folder-a']);
    const b = planPrefetch('npx', ['--yes', 'pkg@1', '/folder-b']);
    const c = planPrefetch('npx', ['-y', 'pkg@2']);
    const d = planPrefetch('uvx', ['pkg@1']);
    expect(a?.key).toBe(b?.key);
    expect(new Set([a?.key, c?.key, d?.key]).size).toBe(3);
  });
});
