/**
 * The renderer section on its own: `node --import tsx packages/desktop/bench/renderer.ts [--json FILE]`
 * prints its table (and writes its figures as JSON); `pnpm bench` runs the same section with the others.
 */
import { writeFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { parseArgs } from 'node:util';
import { renderTable } from './lib/table';
import { measureRenderer, rendererRows } from './sections/rendererLongChat';

const { values } = parseArgs({ options: { json: { type: 'string' } } });
const load = () => loadavg().map((value) => value.toFixed(1)).join(' ');
console.log(`elftia renderer bench — load average at the start ${load()}`);
const { figures, skipped } = await measureRenderer();
if (!figures) {
  console.log(`renderer section skipped: ${skipped}`);
} else {
  console.log(`\n${renderTable(rendererRows(figures))}\n`);
  if (values.json) writeFileSync(values.json, `${JSON.stringify({ loadAverage: loadavg(), renderer: figures }, null, 2)}\n`);
}
console.log(`load average at the end ${load()}`);
