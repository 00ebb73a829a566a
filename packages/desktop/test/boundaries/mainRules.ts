/**
 * The main process's dependency rules as data: folder → the other folders of
 * packages/desktop/app/main it may import (itself and app/shared always). mainLayers.test.ts enforces
 * it; docs/architecture.md shows it, checked by test/docs/architecture.test.ts.
 */

/** The composition root: the files directly in main/ (index.ts, mcpRuntime.ts, chatRuntime.ts, mcpSecretsUpgrade.ts). */
export const ROOT = '(root)';

/** The domains: each holds one concern and imports only the folders its row names. */
export const DOMAINS = ['approvals', 'apps', 'builtin-servers', 'chat', 'completion', 'db', 'engine', 'import', 'interactions', 'lib', 'mcp', 'oauth', 'presets', 'providers', 'runtimes', 'secrets', 'settings', 'tools', 'workspace'];

/**
 * Folder → the other folders of main it may import (itself and app/shared always). Written from the
 * design, not read off the imports: lib depends on nothing; db only on lib (a repository knows no
 * service); mcp neither on the engine nor on chat; the engine not on chat, routers, host or db; no
 * domain on routers. Only the composition root, routers/, host/ and electron/ reach across all domains.
 */
export const ALLOWED: Readonly<Record<string, readonly string[]>> = {
  lib: [],
  db: ['lib'],
  secrets: ['db', 'lib'],
  settings: ['db', 'lib'],
  providers: ['db', 'lib'],
  completion: ['lib'],
  mcp: ['db', 'lib'],
  'builtin-servers': ['mcp', 'lib'],
  apps: ['mcp', 'lib'],
  tools: ['apps', 'mcp', 'lib'],
  runtimes: ['mcp', 'lib'],
  presets: ['mcp', 'lib'],
  import: ['mcp', 'lib'],
  workspace: ['mcp', 'db', 'lib'],
  oauth: ['mcp', 'db', 'lib'],
  engine: ['tools', 'apps', 'mcp', 'completion', 'lib'],
  approvals: ['engine', 'db', 'lib'],
  interactions: ['mcp', 'completion', 'lib'],
  chat: ['engine', 'approvals', 'completion', 'providers', 'settings', 'tools', 'mcp', 'db', 'lib'],
  [ROOT]: DOMAINS,
  routers: [ROOT, ...DOMAINS],
  host: [ROOT, 'routers', ...DOMAINS],
  electron: [ROOT, 'routers', 'host', ...DOMAINS],
};
