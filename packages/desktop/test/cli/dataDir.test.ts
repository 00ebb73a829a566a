import { describe, expect, it } from 'vitest';
import path from 'node:path';
import { UsageError } from '../../app/main/host/cli/command';
import { defaultDataDir, resolveDataDir } from '../../app/main/host/cli/dataDir';
import { tempDir } from '../support/tempDir';
import { runInProcess } from './inProcess';

describe('defaultDataDir: the folder Electron uses as userData for "Elftia"', () => {
  it.each([
    { platform: 'linux', env: {}, home: '/home/ada', expected: '/home/ada/.config/Elftia' },
    { platform: 'linux', env: { XDG_CONFIG_HOME: '/xdg' }, home: '/home/ada', expected: '/xdg/Elftia' },
    { platform: 'linux', env: { XDG_CONFIG_HOME: '' }, home: '/home/ada', expected: '/home/ada/.config/Elftia' },
    { platform: 'freebsd', env: {}, home: '/usr/home/ada', expected: '/usr/home/ada/.config/Elftia' },
    { platform: 'darwin', env: { XDG_CONFIG_HOME: '/ignored' }, home: '/Users/ada', expected: '/Users/ada/Library/Application Support/Elftia' },
    { platform: 'win32', env: { APPDATA: 'C:\\Users\\ada\\AppData\\Roaming' }, home: 'C:\\Users\\ada', expected: 'C:\\Users\\ada\\AppData\\Roaming\\Elftia' },
    { platform: 'win32', env: {}, home: 'C:\\Users\\ada', expected: 'C:\\Users\\ada\\AppData\\Roaming\\Elftia' },
  ] as const)('$platform $env', ({ platform, env, home, expected }) => {
    expect(defaultDataDir(platform, env, home)).toBe(expected);
  });
});

describe('resolveDataDir', () => {
  const base = { platform: 'linux' as const, homedir: '/home/ada', cwd: '/work' };

  it('prefers --data-dir, then ELFTIA_DATA_DIR, then the default', () => {
    expect(resolveDataDir({ ...base, flag: '/flag', env: { ELFTIA_DATA_DIR: '/env' } })).toBe('/flag');
    expect(resolveDataDir({ ...base, flag: undefined, env: { ELFTIA_DATA_DIR: '/env' } })).toBe('/env');
    expect(resolveDataDir({ ...base, flag: undefined, env: { ELFTIA_DATA_DIR: '' } })).toBe('/home/ada/.config/Elftia');
  });

  it('refuses an empty --data-dir (an unset variable) instead of falling back to the real data', async () => {
    expect(() => resolveDataDir({ ...base, flag: '', env: { ELFTIA_DATA_DIR: '/env' } })).toThrow(UsageError);
    const result = await runInProcess(['--data-dir', '', 'mcp', 'list'], { env: { XDG_CONFIG_HOME: path.join(tempDir(), 'config') } });
    expect(result).toMatchObject({ code: 2, stdout: '', stderr: expect.stringContaining('--data-dir: the folder is empty') });
  });

  it('takes a relative path from the working directory', () => {
    expect(resolveDataDir({ ...base, flag: 'data', env: {} })).toBe('/work/data');
  });
});
