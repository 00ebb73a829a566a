/** A small import scanner for the layering rules: good enough for this codebase's import styles, and tested below. */
import fs from 'node:fs';
import path from 'node:path';

const PATTERNS = [
  /\bimport\s+(?:type\s+)?[\w*{}\s,$]*?\s*from\s*['"]([^'"]+)['"]/g,
  /\bexport\s+(?:type\s+)?[\w*{}\s,$]*?\s*from\s*['"]([^'"]+)['"]/g,
  /\bimport\s*['"]([^'"]+)['"]/g,
  /\bimport\s*\(\s*['"]([^'"]+)['"]\s*\)/g,
  /\brequire\s*\(\s*['"]([^'"]+)['"]\s*\)/g,
  /\bvi\.mock\s*\(\s*['"]([^'"]+)['"]/g,
];

/** Block comments and whole-line // comments go first, so prose about imports is not an import. */
function stripComments(source: string): string {
  return source.replace(/\/\*[\s\S]*?\*\//g, '').replace(/^\s*\/\/.*$/gm, '');
}

export function importSpecifiers(source: string): string[] {
  const code = stripComments(source);
  return [...new Set(PATTERNS.flatMap((pattern) => [...code.matchAll(pattern)].map((m) => m[1]!)))];
}

const RESOLVE_SUFFIXES = ['', '.ts', '.tsx', '.mts', '.cts', '.mjs', '.js', '/index.ts', '/index.tsx', '/index.mjs'];

/**
 * The repository path (posix, like `from`) a relative specifier of `from` names, trying the
 * suffixes TypeScript's bundler resolution tries; `.js` written for a `.ts` file resolves too.
 * `exists` says whether a path is a file. Undefined for a package name or a path that names no file.
 */
export function resolveRelative(from: string, specifier: string, exists: (file: string) => boolean): string | undefined {
  if (!specifier.startsWith('.')) return undefined;
  const target = path.posix.normalize(path.posix.join(path.posix.dirname(from), specifier));
  const bases = target.endsWith('.js') ? [target, target.replace(/\.js$/, '')] : [target];
  for (const base of bases) {
    for (const suffix of RESOLVE_SUFFIXES) if (exists(base + suffix)) return base + suffix;
  }
  return undefined;
}

const SKIP_DIRS = new Set(['node_modules', 'dist', 'out', 'release', '.git']);

export function listSourceFiles(dir: string): string[] {
  const files: string[] = [];
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) {
      if (!SKIP_DIRS.has(entry.name)) files.push(...listSourceFiles(full));
    } else if (/\.(ts|tsx|mts|cts)$/.test(entry.name) && !entry.name.endsWith('.d.ts')) {
      files.push(full);
    }
  }
  return files;
}
