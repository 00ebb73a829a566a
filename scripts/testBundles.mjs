#!/usr/bin/env node
/**
 * Bundles the programs the tests start as child processes — the headless host's CLI, the scripted
 * LLM provider and the data dir seeder — into one ES module each, in
 * packages/desktop/dist/test-processes/.
 *
 * Why: `node --import tsx` sends each of the host's TypeScript modules through tsx's loader thread.
 * On a busy two-core machine that takes about 2.7 s before the host listens, and the unit and
 * end-to-end tests start the host or the CLI a few hundred times. The bundled host listens in about
 * 1.2 s. Vitest's and Playwright's global setups build the bundles once per run (in well under a
 * second), so they are never older than the source.
 *
 * What stays as in the source:
 * - Every package import stays an import, resolved from packages/desktop/node_modules as the source's
 *   are (the bundles sit below packages/desktop for that).
 * - Each module's `import.meta.url` stays its source file's URL, so the paths it derives (the
 *   locales, the renderer's dist, the built-in servers' scripts) are the ones the source finds.
 *
 * `node scripts/testBundles.mjs` builds them by hand.
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { build } from 'esbuild';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const DESKTOP = path.join(ROOT, 'packages', 'desktop');

/** Where the bundles go; `dist/` is not committed. */
export const TEST_BUNDLES_DIR = path.join(DESKTOP, 'dist', 'test-processes');

/** Each bundle's file (in TEST_BUNDLES_DIR) and the source it is built from. */
const ENTRIES = {
  'cli.mjs': path.join(DESKTOP, 'app', 'main', 'host', 'cli.ts'),
  'scriptedProvider.mjs': path.join(DESKTOP, 'test', 'support', 'scriptedProvider', 'main.ts'),
  'seedDataDir.mjs': path.join(DESKTOP, 'test', 'support', 'seedDataDir.ts'),
};

/** Replaces `import.meta.url` in a module with the URL of the file it was read from. */
const sourceUrls = {
  name: 'source-import-meta-url',
  setup(context) {
    context.onLoad({ filter: /\.ts$/ }, async ({ path: file }) => {
      const text = await fs.promises.readFile(file, 'utf8');
      if (!text.includes('import.meta.url')) return undefined;
      return { contents: text.replaceAll('import.meta.url', JSON.stringify(pathToFileURL(file).href)), loader: 'ts' };
    });
  },
};

/**
 * Builds every bundle into a fresh folder, then moves each file into place with a rename (which
 * replaces a file at once), so a test run that starts while another builds never loads half a bundle.
 */
export async function buildTestBundles() {
  fs.mkdirSync(TEST_BUNDLES_DIR, { recursive: true });
  const staging = fs.mkdtempSync(path.join(TEST_BUNDLES_DIR, '.staging-'));
  try {
    await build({
      entryPoints: Object.entries(ENTRIES).map(([out, source]) => ({ in: source, out: out.replace(/\.mjs$/, '') })),
      outdir: staging,
      outExtension: { '.js': '.mjs' },
      bundle: true,
      platform: 'node',
      format: 'esm',
      target: 'node20',
      packages: 'external',
      sourcemap: 'linked',
      logLevel: 'warning',
      plugins: [sourceUrls],
    });
    for (const file of fs.readdirSync(staging)) fs.renameSync(path.join(staging, file), path.join(TEST_BUNDLES_DIR, file));
  } finally {
    fs.rmSync(staging, { recursive: true, force: true });
  }
}

/** Vitest's and Playwright's global setup. */
export default buildTestBundles;

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  await buildTestBundles();
  console.log(`built ${Object.keys(ENTRIES).join(', ')} in ${path.relative(ROOT, TEST_BUNDLES_DIR)}`);
}
