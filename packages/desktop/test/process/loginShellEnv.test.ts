import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import {
  ShellEnvironment,
  mergeEnv,
  resolveLoginShellEnv,
  type SpawnFn,
} from '../../app/main/mcp/process/loginShellEnv';
import { isAlive } from '../../app/main/mcp/process/treeKill';
import { ManualClock } from '../support/manualClock';
import { Sandbox, fixture, waitFor } from './helpers';

let sandbox: Sandbox | undefined;
afterEach(() => sandbox?.cleanup());

/** The real spawn, recording every child so the test can check it is gone and clean it up. */
function recordingSpawn(children: ChildProcess[]): SpawnFn {
  return ((...args: Parameters<typeof spawn>) => {
    const child = spawn(...args);
    children.push(child);
    sandbox?.remember(child.pid);
    return child;
  }) as SpawnFn;
}

const processEnv = { PATH: '/usr/bin:/bin', HOME: '/home/test', SHELL: '/bin/false-shell' };

describe('resolveLoginShellEnv', () => {
  it('reads the environment between markers despite rc-file noise and a background job', async () => {
    const started = Date.now();
    const result = await resolveLoginShellEnv({ platform: 'linux', shell: fixture('proc-fake-shell.sh'), processEnv, timeoutMs: 5000 });
    // The rc file's `sleep 30 &` holds stdout open; it must neither delay nor outlive the probe.
    expect(Date.now() - started).toBeLessThan(2000);
    expect(result.source).toBe('login-shell');
    expect(result.reason).toBeUndefined();
    expect(result.env.PATH).toBe('/opt/fake-nvm/versions/node/v22/bin:/usr/bin:/usr/bin:/bin');
    expect(result.env.FAKE_MULTILINE).toBe('line one\nline two');
    expect(result.env.HTTPS_PROXY).toBe('http://proxy.example:3128');
    expect(result.env.HOME).toBe('/home/test');
    // Probe-only variables are not the user's environment.
    for (const key of ['ELFTIA_RESOLVING_ENVIRONMENT', 'SHLVL', 'PWD', '_']) expect(result.env).not.toHaveProperty(key);
    expect(JSON.stringify(result.env)).not.toMatch(/Last login|no newline here|bye from|__ELFTIA_/);
  });

  it('times out, falls back to the process env with the reason, and kills the shell', async () => {
    sandbox = new Sandbox();
    const children: ChildProcess[] = [];
    // The timeout runs on a ManualClock: the shell is given up when the test moves it to 300 ms.
    const clock = new ManualClock();
    const resolving = resolveLoginShellEnv({
      platform: 'linux',
      shell: fixture('proc-hang-shell.sh'),
      timeoutMs: 300,
      processEnv,
      spawn: recordingSpawn(children),
      clock,
    });
    expect(children).toHaveLength(1);
    expect(clock.pending()).toEqual([300]);
    clock.advance(300);
    const result = await resolving;
    expect(result).toEqual({ env: processEnv, source: 'process', shell: fixture('proc-hang-shell.sh'), reason: 'login shell did not answer within 300 ms' });
    expect(children).toHaveLength(1);
    expect(await waitFor(() => !isAlive(children[0]!.pid!), 2000)).toBe(true);
  });

  it.each([
    ['a shell that does not exist', '/nonexistent/zsh', /ENOENT/],
    ['a shell that exits before running the command', fixture('proc-silent-shell.sh'), /no environment in the shell's output \(exit 1\)/],
  ])('falls back for %s, never throwing', async (_name, shell, reason) => {
    const result = await resolveLoginShellEnv({ platform: 'darwin', shell, processEnv });
    expect(result.source).toBe('process');
    expect(result.env).toEqual(processEnv);
    expect(result.reason).toMatch(reason);
  });

  it('skips the shell on Windows', async () => {
    sandbox = new Sandbox();
    const children: ChildProcess[] = [];
    const result = await resolveLoginShellEnv({ platform: 'win32', processEnv, spawn: recordingSpawn(children) });
    expect(result).toEqual({ env: processEnv, source: 'process', reason: 'skipped on win32' });
    expect(children).toHaveLength(0);
  });

  it.skipIf(!existsSync('/bin/bash'))('works with a real bash login shell', async () => {
    // A HOME of its own: the machine's real rc files (pyenv, nvm, …) are not this test's subject
    // and can take longer than any timeout.
    const home = mkdtempSync(join(tmpdir(), 'elftia-bash-home-'));
    writeFileSync(join(home, '.bash_profile'), 'export PATH="$HOME/tools/bin:$PATH"\nexport FROM_PROFILE=yes\n');
    try {
      const result = await resolveLoginShellEnv({ platform: 'linux', shell: '/bin/bash', processEnv: { ...process.env, HOME: home } });
      expect(result.source).toBe('login-shell');
      expect(result.env.PATH?.split(':')[0]).toBe(join(home, 'tools/bin'));
      expect(result.env.FROM_PROFILE).toBe('yes');
      expect(result.env.HOME).toBe(home);
    } finally {
      rmSync(home, { recursive: true, force: true });
    }
  }, 10_000);
});

describe('ShellEnvironment', () => {
  it('runs the shell once and shares the answer, concurrent callers included', async () => {
    sandbox = new Sandbox();
    const children: ChildProcess[] = [];
    const shellEnv = new ShellEnvironment({ platform: 'linux', shell: fixture('proc-fake-shell.sh'), processEnv, spawn: recordingSpawn(children) });
    expect(shellEnv.current).toBeUndefined();
    const [a, b] = await Promise.all([shellEnv.get(), shellEnv.get()]);
    const c = await shellEnv.get();
    expect(children).toHaveLength(1);
    expect(a).toBe(b);
    expect(c).toBe(a);
    expect(shellEnv.current).toBe(a);
    expect(a.env.FAKE_MULTILINE).toBe('line one\nline two');
  });
});

describe('mergeEnv', () => {
  const base = { PATH: '/usr/bin:/bin', HOME: '/home/u', HTTP_PROXY: 'http://base-proxy', SSL_CERT_FILE: '/etc/ca.pem', ONLY_BASE: '1', UNDEF: undefined };
  const shell = { PATH: '/home/u/.nvm/v22/bin:/usr/bin:/opt/homebrew/bin', HOME: '/home/u', https_proxy: 'http://shell-proxy', NODE_EXTRA_CA_CERTS: '/corp.pem', ONLY_SHELL: '1' };

  interface MergeCase {
    name: string;
    server: Record<string, string> | undefined;
    expected: Record<string, string>;
  }
  it.each<MergeCase>([
    {
      name: 'login-shell PATH first, then base entries, no duplicates',
      server: undefined,
      expected: { PATH: '/home/u/.nvm/v22/bin:/usr/bin:/opt/homebrew/bin:/bin' },
    },
    {
      name: 'a server env without PATH keeps PATH (env replaces nothing)',
      server: { API_KEY: 'x' },
      expected: { API_KEY: 'x', PATH: '/home/u/.nvm/v22/bin:/usr/bin:/opt/homebrew/bin:/bin' },
    },
    {
      name: 'a server PATH is prepended, never replacing',
      server: { PATH: '/x/bin:/usr/bin' },
      expected: { PATH: '/x/bin:/usr/bin:/home/u/.nvm/v22/bin:/opt/homebrew/bin:/bin' },
    },
    {
      name: 'the server wins for its keys, proxy and CA included',
      server: { HTTP_PROXY: 'http://server-proxy', ONLY_BASE: 'server' },
      expected: { HTTP_PROXY: 'http://server-proxy', ONLY_BASE: 'server' },
    },
    {
      name: 'proxy and CA variables from base and login shell pass through',
      server: { API_KEY: 'x' },
      expected: { HTTP_PROXY: 'http://base-proxy', SSL_CERT_FILE: '/etc/ca.pem', https_proxy: 'http://shell-proxy', NODE_EXTRA_CA_CERTS: '/corp.pem', ONLY_BASE: '1', ONLY_SHELL: '1' },
    },
  ])('$name', ({ server, expected }) => {
    const merged = mergeEnv(base, shell, server, { platform: 'linux' });
    expect(merged).toMatchObject(expected);
    expect(merged).not.toHaveProperty('UNDEF');
  });

  it('keeps the base env when the login shell failed', () => {
    expect(mergeEnv({ PATH: '/a:/b', X: '1' }, undefined, { Y: '2' }, { platform: 'darwin' })).toEqual({ PATH: '/a:/b', X: '1', Y: '2' });
  });

  it('sets no PATH when nobody has one', () => {
    expect(mergeEnv({ X: '1' }, {}, {}, { platform: 'linux' })).toEqual({ X: '1' });
  });

  it('on Windows treats keys case-insensitively and merges Path with ";"', () => {
    const merged = mergeEnv(
      { Path: 'C:\\Windows\\system32;C:\\Program Files\\nodejs\\', APPDATA: 'C:\\Users\\u\\AppData\\Roaming', ComSpec: 'C:\\Windows\\system32\\cmd.exe' },
      undefined,
      { PATH: 'C:\\tools;c:\\program files\\nodejs', appdata: 'D:\\roaming' },
      { platform: 'win32' },
    );
    expect(merged).toEqual({
      Path: 'C:\\tools;c:\\program files\\nodejs;C:\\Windows\\system32',
      APPDATA: 'D:\\roaming',
      ComSpec: 'C:\\Windows\\system32\\cmd.exe',
    });
  });

  it('on POSIX keeps keys that differ only in case apart', () => {
    const merged = mergeEnv({ http_proxy: 'a' }, { HTTP_PROXY: 'b' }, {}, { platform: 'linux' });
    expect(merged).toEqual({ http_proxy: 'a', HTTP_PROXY: 'b' });
  });
});
