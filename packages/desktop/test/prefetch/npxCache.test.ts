import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { cacheDamage, clearNpxEntries, npmCacheDir, packageName } from '../../app/main/mcp/prefetch/npxCache';
import { tempDir } from '../support/tempDir';

describe('npx cache', () => {
  it.each([
    [['npm error code ENOTEMPTY', 'npm error syscall rename'], 'ENOTEMPTY'],
    [['npm error code EBUSY'], 'EBUSY'],
    [['npm error code EINTEGRITY', 'sha512 mismatch'], 'EINTEGRITY'],
    [["Error: Cannot find module '/x/node_modules/pkg/dist/index.js'"], 'Cannot find module'],
    [['npm error 404 Not Found'], undefined],
    [['npm error code ECONNRESET'], undefined],
  ])('%j → %s', (lines, damage) => {
    expect(cacheDamage(lines)).toBe(damage);
  });

  it('finds npm’s cache the way npm does', () => {
    expect(npmCacheDir({ npm_config_cache: '/c' }, 'linux', '/home/u')).toBe('/c');
    expect(npmCacheDir({ NPM_CONFIG_CACHE: 'D:\\cache' }, 'win32', 'C:\\Users\\u')).toBe('D:\\cache');
    expect(npmCacheDir({}, 'darwin', '/Users/u')).toBe('/Users/u/.npm');
    expect(npmCacheDir({ LOCALAPPDATA: 'C:\\Users\\u\\AppData\\Local' }, 'win32', 'C:\\Users\\u')).toBe('C:\\Users\\u\\AppData\\Local\\npm-cache');
  });

  it.each([
    ['@scope/name@1.2.3', '@scope/name'],
    ['@scope/name', '@scope/name'],
    ['name@latest', 'name'],
    ['name', 'name'],
    ['/tmp/pkg-1.0.0.tgz', '/tmp/pkg-1.0.0.tgz'],
  ])('package name of %s is %s', (spec, name) => {
    expect(packageName(spec)).toBe(name);
  });

  it('removes only the folders that hold the package, by name or by spec', async () => {
    const cache = tempDir();
    const entry = (name: string, body: string) => {
      mkdirSync(path.join(cache, '_npx', name), { recursive: true });
      writeFileSync(path.join(cache, '_npx', name, 'package.json'), body);
      return path.join(cache, '_npx', name);
    };
    const byName = entry('a', JSON.stringify({ dependencies: { '@scope/srv': '^2.0.0' } }));
    const bySpec = entry('b', JSON.stringify({ dependencies: { probe: '/tmp/probe.tgz' } }));
    const other = entry('c', JSON.stringify({ dependencies: { '@scope/srv-other': '1.0.0' } }));
    const unreadable = entry('d', '{ not json');

    const removed = await clearNpxEntries(cache, ['@scope/srv@2.1.0', '/tmp/probe.tgz']);

    expect(removed.sort()).toEqual([byName, bySpec].sort());
    expect([byName, bySpec].map(existsSync)).toEqual([false, false]);
    expect([other, unreadable].map(existsSync)).toEqual([true, true]);
    expect(await clearNpxEntries(path.join(cache, 'missing'), ['x'])).toEqual([]);
  });
});
