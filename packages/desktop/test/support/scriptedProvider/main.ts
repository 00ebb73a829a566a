/**
 * The scripted provider as its own process, for Playwright and CLI tests:
 *
 *   node --import tsx packages/desktop/test/support/scriptedProvider/main.ts [--script <file.json>] [--port <n>]
 *
 * prints one JSON line `{ "url": "http://127.0.0.1:PORT", "controlToken": "…" }` on stdout once it
 * listens, and runs until SIGTERM/SIGINT. Control endpoints: see control.ts.
 */
import fs from 'node:fs';
import { parseArgs } from 'node:util';
import { parseScript } from './script';
import { startScriptedProvider } from './server';

const { values } = parseArgs({ options: { script: { type: 'string' }, port: { type: 'string' } } });
const script = parseScript(values.script ? JSON.parse(fs.readFileSync(values.script, 'utf8')) : {});
const provider = await startScriptedProvider({ script, port: values.port ? Number(values.port) : 0 });

for (const signal of ['SIGTERM', 'SIGINT'] as const) {
  process.once(signal, () => {
    void provider.close().then(() => process.exit(0));
  });
}

// Printed last: a test may send SIGTERM as soon as it has read the line.
process.stdout.write(`${JSON.stringify({ url: provider.url, controlToken: provider.controlToken })}\n`);
