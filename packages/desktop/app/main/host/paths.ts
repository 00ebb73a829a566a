/**
 * Where the headless host and the CLI find the repository's files when run from source
 * (`node --import tsx packages/desktop/app/main/host/cli.ts`). The Electron shell has its own
 * (main/electron/paths.ts): its code runs from a bundle, where these relative paths do not hold.
 */
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** This folder: packages/desktop/app/main/host. */
const HOST_DIR = path.dirname(fileURLToPath(import.meta.url));

/** locales/ at the repository root. */
export function defaultLocalesDir(): string {
  return path.resolve(HOST_DIR, '../../../../../locales');
}

/** packages/renderer/dist, where `pnpm build` puts the renderer. */
export function defaultRendererDir(): string {
  return path.resolve(HOST_DIR, '../../../../renderer/dist');
}
