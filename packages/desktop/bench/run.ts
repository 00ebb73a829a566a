/**
 * `pnpm bench`: every comparison side by side in one run, printed as one table with ratios. Nothing
 * is asserted (these machines are noisy); goals are printed next to the ratios. Each section cleans up
 * its processes, and the run checks that no child process is left after each one. Every figure is
 * also written as JSON to `bench-results/` at the repository root (see lib/results.ts for the shape).
 */
import { availableParallelism, cpus, loadavg, platform, release } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { leftoverPids, liveDescendantPids } from './lib/processes';
import { benchResults, currentCommit, machineNow, writeBenchResults } from './lib/results';
import { type Row, type SectionResult, renderTable } from './lib/table';
import { benchCachedTools } from './sections/cachedTools';
import { benchCallToolOverhead } from './sections/callToolOverhead';
import { benchConnectMany } from './sections/connectMany';
import { benchFormatTools } from './sections/formatTools';
import { benchLargeStdioResult } from './sections/largeStdioResult';
import { benchRendererLongChat } from './sections/rendererLongChat';

const SECTIONS: { name: string; run: () => Promise<SectionResult> }[] = [
  { name: 'a callTool overhead', run: benchCallToolOverhead },
  { name: 'b connect 10 stdio servers', run: benchConnectMany },
  { name: 'c cached tools of 20 servers', run: benchCachedTools },
  { name: 'stdio 10 MiB result', run: benchLargeStdioResult },
  { name: 'd convert 1,000 tools', run: benchFormatTools },
  { name: 'e renderer, long chat', run: benchRendererLongChat },
];

/** `pnpm bench callTool convert` runs only the sections whose names contain one of the words; none runs all. */
function selectedSections(): typeof SECTIONS {
  const words = process.argv.slice(2).filter((arg) => arg !== '--').map((word) => word.toLowerCase());
  return words.length === 0 ? SECTIONS : SECTIONS.filter((section) => words.some((word) => section.name.toLowerCase().includes(word)));
}

async function runSection(section: (typeof SECTIONS)[number], preexisting: ReadonlySet<number>): Promise<SectionResult> {
  const startedAt = performance.now();
  console.error(`running ${section.name}…`);
  let result: SectionResult;
  try {
    result = await section.run();
  } catch (error) {
    process.exitCode = 1;
    result = { rows: [{ section: section.name, name: 'FAILED', note: (error as Error).message }], warnings: [] };
  }
  const leftovers = await leftoverPids(preexisting);
  if (leftovers.length > 0) {
    process.exitCode = 1;
    result.warnings.push(`${section.name}: processes left running: ${leftovers.join(', ')}`);
  }
  console.error(`  done in ${((performance.now() - startedAt) / 1000).toFixed(1)} s`);
  return result;
}

const REPO_ROOT = fileURLToPath(new URL('../../../', import.meta.url));
// ELFTIA_BENCH_RESULTS_DIR moves the files elsewhere (e.g. to keep a CI artifact).
const RESULTS_DIR = process.env.ELFTIA_BENCH_RESULTS_DIR ?? join(REPO_ROOT, 'bench-results');

async function main(): Promise<void> {
  const startedAt = performance.now();
  const date = new Date();
  const commit = currentCommit(REPO_ROOT);
  const loadAtStart = loadavg()[0]!;
  const cores = `${availableParallelism()} cores (${cpus()[0]?.model ?? 'unknown CPU'})`;
  // The load average says how much other work shared the machine, which explains a noisy run.
  const load = loadavg().map((value) => value.toFixed(1)).join(' ');
  console.log(`elftia bench — Node ${process.version}, ${platform()} ${release()}, ${cores}, load average ${load}`);
  const preexisting = new Set(await liveDescendantPids());
  const rows: Row[] = [];
  const warnings: string[] = [];
  for (const section of selectedSections()) {
    const result = await runSection(section, preexisting);
    rows.push(...result.rows);
    warnings.push(...result.warnings);
  }
  console.log(`\n${renderTable(rows)}\n`);
  console.log('× = median (or p95) divided by the first row of its section, the baseline. Goals are targets, not assertions.');
  for (const warning of warnings) console.log(`WARNING: ${warning}`);
  const leftovers = await leftoverPids(preexisting);
  const ignoredNote = preexisting.size > 0 ? ` (${preexisting.size} started before the bench, e.g. tsx's esbuild, not counted)` : '';
  console.log(leftovers.length === 0 ? `processes: none left running${ignoredNote}` : `WARNING: processes left running: ${leftovers.join(', ')}`);
  console.log(`total ${((performance.now() - startedAt) / 1000).toFixed(1)} s, load average at the end ${loadavg()[0]!.toFixed(1)}`);
  const file = writeBenchResults(RESULTS_DIR, benchResults({ commit, date, machine: machineNow(loadAtStart), rows }));
  console.log(`figures written to ${file} (and latest.json beside it)`);
}

await main();
