/**
 * The renderer section on its own, for quick before/after runs:
 * `node --import tsx packages/desktop/bench/renderer.ts [--json FILE]` prints its table and writes its
 * figures in `pnpm bench`'s JSON shape (lib/results.ts); `pnpm bench` runs the same section with the others.
 */
import { writeFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { parseArgs } from 'node:util';
import { benchResults, currentCommit, machineNow } from './lib/results';
import { renderTable } from './lib/table';
import { benchRendererLongChat } from './sections/rendererLongChat';
import { REPO_ROOT } from './renderer/processes';

const { values } = parseArgs({ options: { json: { type: 'string' } } });
const date = new Date();
const loadAtStart = loadavg()[0]!;
const load = () => loadavg().map((value) => value.toFixed(1)).join(' ');
console.log(`elftia renderer bench — load average at the start ${load()}`);
const { rows, warnings } = await benchRendererLongChat();
console.log(`\n${renderTable(rows)}\n`);
for (const warning of warnings) console.log(`WARNING: ${warning}`);
console.log(`load average at the end ${load()}`);
if (values.json) writeFileSync(values.json, `${JSON.stringify(benchResults({ commit: currentCommit(REPO_ROOT), date, machine: machineNow(loadAtStart), rows }), null, 2)}\n`);
