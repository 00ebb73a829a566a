/**
 * The programs the tests start as child processes, bundled by scripts/testBundles.mjs (this project's
 * vitest global setup, and Playwright's): run as `node BUNDLE args…`. They load in about half the time
 * `node --import tsx SOURCE` takes.
 */
import { fileURLToPath } from 'node:url';

const bundle = (name: string) => fileURLToPath(new URL(`../../dist/test-processes/${name}`, import.meta.url));

/** app/main/host/cli.ts: the `elftia` command and the headless host. */
export const CLI_BUNDLE = bundle('cli.mjs');
/** test/support/scriptedProvider/main.ts: the scripted LLM provider as its own process. */
export const SCRIPTED_PROVIDER_BUNDLE = bundle('scriptedProvider.mjs');
