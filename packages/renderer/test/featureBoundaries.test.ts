// @vitest-environment node
/**
 * Features share code only through components/ and lib/ (bulletproof-react's
 * restricted paths): a feature never imports another, and shared code imports no feature.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const srcDir = fileURLToPath(new URL('../src', import.meta.url));

function walk(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return walk(full);
    return /\.tsx?$/.test(entry.name) ? [full] : [];
  });
}

/** Each relative import of a file, resolved to a path under src/. */
function importsOf(file: string): string[] {
  const source = readFileSync(file, 'utf8');
  return [...source.matchAll(/from\s+'(\.[^']+)'/g)].map((m) => path.relative(srcDir, path.resolve(path.dirname(file), m[1]!)).replaceAll(path.sep, '/'));
}

const areaOf = (relative: string) => {
  const [top, feature] = relative.split('/');
  return top === 'features' ? `features/${feature}` : top!;
};

describe('feature boundaries', () => {
  const files = walk(srcDir).map((file) => ({ file: path.relative(srcDir, file).replaceAll(path.sep, '/'), imports: importsOf(file) }));

  it('finds both features (the scan is not vacuous)', () => {
    expect(new Set(files.map((f) => areaOf(f.file)))).toEqual(new Set(['app', 'components', 'features/chat', 'features/settings', 'lib', 'main.tsx']));
  });

  it('no feature imports another feature', () => {
    const crossings = files.flatMap(({ file, imports }) =>
      imports.filter((target) => areaOf(file).startsWith('features/') && areaOf(target).startsWith('features/') && areaOf(target) !== areaOf(file)).map((target) => `${file} → ${target}`),
    );
    expect(crossings).toEqual([]);
  });

  it('components/ and lib/ import no feature', () => {
    const upward = files.flatMap(({ file, imports }) =>
      ['components', 'lib'].includes(areaOf(file)) ? imports.filter((target) => target.startsWith('features/')).map((target) => `${file} → ${target}`) : [],
    );
    expect(upward).toEqual([]);
  });
});
