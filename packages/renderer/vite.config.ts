import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';

const packageRoot = fileURLToPath(new URL('.', import.meta.url));
// The locale files live at the repository root (locales/<lng>/<area>/<ns>.json), shared with the CLI.
const workspaceRoot = fileURLToPath(new URL('../..', import.meta.url));

/**
 * The dev server's React Refresh preamble is an inline script, which the page's CSP forbids; the
 * built page (what Electron and the headless host load) keeps the strict policy.
 */
function dropCspInDevServer(): Plugin {
  return {
    name: 'elftia:drop-csp-in-dev-server',
    apply: 'serve',
    transformIndexHtml: (html) => html.replace(/<meta\s+http-equiv="Content-Security-Policy"[^>]*>/s, ''),
  };
}

export default defineConfig({
  root: packageRoot,
  // Relative asset URLs, so Electron can load dist/index.html from file://.
  base: './',
  plugins: [react(), dropCspInDevServer()],
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    // Loaded from disk (Electron) or loopback (the headless host), never over a network: one
    // ~550 kB bundle is fine, and the default 500 kB warning would only be noise in `start`.
    chunkSizeWarningLimit: 1024,
    // Fonts (KaTeX's) stay files: index.html's CSP allows fonts from 'self' only, not data: URLs.
    assetsInlineLimit: (file) => (/\.(woff2?|ttf|otf)$/.test(file) ? false : undefined),
  },
  server: {
    fs: { allow: [workspaceRoot] },
  },
});
