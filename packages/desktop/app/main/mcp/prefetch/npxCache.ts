/**
 * npx's own cache, `<npm cache>/_npx/<hash>/`, one folder per package list. An install interrupted
 * half-way (a killed app, a full disk, antivirus holding a file) leaves a folder that makes every later
 * `npx` of that package fail with ENOTEMPTY, EBUSY or a missing module, and the only cure users find is
 * `rm -rf ~/.npm/_npx` (n8n-mcp#340, sveltejs/ai-tools#91). Elftia removes only the
 * folders holding the failing package and downloads again.
 */
import { readdir, readFile, rm } from 'node:fs/promises';
import path from 'node:path';

/** npm's words for a damaged install tree. */
const DAMAGE_SIGNATURES = /\b(ENOTEMPTY|EBUSY|EEXIST|EINTEGRITY|ERR_MODULE_NOT_FOUND)\b|Cannot find module/;

/** The signature in a failed download's output that says the cache is damaged, if any. */
export function cacheDamage(output: readonly string[]): string | undefined {
  for (const line of output) {
    const match = DAMAGE_SIGNATURES.exec(line);
    if (match) return match[1] ?? 'Cannot find module';
  }
  return undefined;
}

function envValue(env: Record<string, string>, key: string): string | undefined {
  const found = Object.keys(env).find((k) => k.toLowerCase() === key.toLowerCase());
  return found === undefined ? undefined : env[found];
}

/** Where npm keeps its cache for this environment: `npm_config_cache`, else npm's default. */
export function npmCacheDir(env: Record<string, string>, platform: NodeJS.Platform, homedir: string): string {
  const configured = envValue(env, 'npm_config_cache');
  if (configured) return configured;
  if (platform === 'win32') return path.win32.join(envValue(env, 'LOCALAPPDATA') ?? path.win32.join(homedir, 'AppData', 'Local'), 'npm-cache');
  return path.posix.join(homedir, '.npm');
}

/** `@scope/name@1.2.3` → `@scope/name`; a path or URL spec stays as written. */
export function packageName(spec: string): string {
  const at = spec.lastIndexOf('@');
  return at > 0 ? spec.slice(0, at) : spec;
}

/**
 * Removes the `_npx` folders whose package.json asks for one of `specs` (by name, or by the spec
 * itself for tarballs and URLs). Returns the folders removed; folders of other packages stay.
 */
export async function clearNpxEntries(cacheDir: string, specs: readonly string[]): Promise<string[]> {
  const root = path.join(cacheDir, '_npx');
  const entries = await readdir(root, { withFileTypes: true }).catch(() => []);
  const names = new Set(specs.map(packageName));
  const removed: string[] = [];
  for (const entry of entries) {
    if (!entry.isDirectory()) continue;
    const dir = path.join(root, entry.name);
    const dependencies = await readDependencies(path.join(dir, 'package.json'));
    // A folder without a readable package.json is itself the damage: but whose it is cannot be told, so it stays.
    if (!dependencies) continue;
    const holds = Object.entries(dependencies).some(([name, spec]) => names.has(name) || specs.includes(spec));
    if (!holds) continue;
    await rm(dir, { recursive: true, force: true });
    removed.push(dir);
  }
  return removed;
}

async function readDependencies(file: string): Promise<Record<string, string> | undefined> {
  try {
    return (JSON.parse(await readFile(file, 'utf8')) as { dependencies?: Record<string, string> }).dependencies ?? {};
  } catch {
    return undefined;
  }
}
