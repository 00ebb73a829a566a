/**
 * The bench's JSON file, for comparing runs between commits: `bench-results/<timestamp>-<sha>.json`
 * and a copy at `bench-results/latest.json` (the folder is gitignored). One figure per table row:
 *
 * ```
 * { commit, date, node, machine: { cpus, cpuModel, platform, load: { start, end } },
 *   figures: [{ id, section, label, value, unit, p95?, n?, goal, ratio?, pass, note? }] }
 * ```
 *
 * `value` is the row's median (or its count); `ratio` is median and p95 over the section's baseline;
 * `goal` is the target as printed (`"≤ 1.10×"`) or null, `pass` whether it was met (null without a goal).
 * `id` is stable between runs (section and case, slugged) so two files can be joined on it.
 */
import { execFileSync } from 'node:child_process';
import { mkdirSync, renameSync, writeFileSync } from 'node:fs';
import { availableParallelism, cpus, loadavg, platform } from 'node:os';
import { join } from 'node:path';
import type { Row } from './table';

export const BENCH_RESULTS_VERSION = 1;

export interface BenchFigure {
  id: string;
  section: string;
  label: string;
  value: number;
  unit: string;
  p95?: number;
  n?: number;
  goal: string | null;
  ratio?: { median: number; p95: number };
  pass: boolean | null;
  note?: string;
}

export interface BenchMachine {
  cpus: number;
  cpuModel: string;
  platform: string;
  /** 1-minute load averages when the run started and ended: a loaded machine explains a noisy run. */
  load: { start: number; end: number };
}

export interface BenchResults {
  version: typeof BENCH_RESULTS_VERSION;
  commit: string;
  date: string;
  node: string;
  machine: BenchMachine;
  figures: BenchFigure[];
}

/** `a callTool` + `stdio: McpService.callTool` → `a-calltool.stdio-mcpservice-calltool`. */
export function figureId(section: string, name: string): string {
  const slug = (text: string) =>
    text
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-+|-+$/g, '');
  return `${slug(section)}.${slug(name)}`;
}

// JSON has no NaN or Infinity: a figure that could not be computed is left out rather than written as null.
const finite = (value: number | undefined) => (value !== undefined && Number.isFinite(value) ? value : undefined);

/** One table row as a figure; rows without a value (a FAILED section) keep their note and a NaN-free value of 0. */
export function rowToFigure(row: Row): BenchFigure {
  const counted = row.count !== undefined;
  const figure: BenchFigure = {
    id: figureId(row.section, row.name),
    section: row.section,
    label: row.name,
    value: finite(counted ? row.count!.value : row.medianMs) ?? 0,
    unit: counted ? row.count!.unit : 'ms',
    goal: row.goal?.text ?? null,
    pass: row.goal ? row.goal.met : null,
  };
  const p95 = finite(row.p95Ms);
  if (p95 !== undefined) figure.p95 = p95;
  if (row.n !== undefined) figure.n = row.n;
  const median = finite(row.ratio?.median);
  const p95Ratio = finite(row.ratio?.p95);
  if (median !== undefined) figure.ratio = { median, p95: p95Ratio ?? median };
  if (row.note) figure.note = row.note;
  return figure;
}

export function machineNow(loadAtStart: number): BenchMachine {
  return { cpus: availableParallelism(), cpuModel: cpus()[0]?.model ?? 'unknown', platform: `${platform()}`, load: { start: loadAtStart, end: loadavg()[0]! } };
}

/** The checked-out commit's short sha, with `-dirty` when the work tree has changes; `unknown` outside git. */
export function currentCommit(cwd: string): string {
  try {
    const sha = execFileSync('git', ['rev-parse', '--short', 'HEAD'], { cwd, encoding: 'utf8' }).trim();
    const dirty = execFileSync('git', ['status', '--porcelain', '--untracked-files=no'], { cwd, encoding: 'utf8' }).trim() !== '';
    return dirty ? `${sha}-dirty` : sha;
  } catch {
    return 'unknown';
  }
}

export function benchResults(input: { commit: string; date: Date; machine: BenchMachine; rows: Row[] }): BenchResults {
  return { version: BENCH_RESULTS_VERSION, commit: input.commit, date: input.date.toISOString(), node: process.version, machine: input.machine, figures: input.rows.map(rowToFigure) };
}

/** `2026-12-02T03-15-00Z-abc1234.json`: sorts by time, safe on every file system. */
export function resultsFileName(results: BenchResults): string {
  return `${results.date.replace(/\.\d+Z$/, 'Z').replace(/:/g, '-')}-${results.commit}.json`;
}

/** Writes the run's file and replaces latest.json (written aside, then renamed); returns the run's path. */
export function writeBenchResults(dir: string, results: BenchResults): string {
  mkdirSync(dir, { recursive: true });
  const text = `${JSON.stringify(results, null, 2)}\n`;
  const file = join(dir, resultsFileName(results));
  writeFileSync(file, text);
  const latestTmp = join(dir, `latest.json.${process.pid}.tmp`);
  writeFileSync(latestTmp, text);
  renameSync(latestTmp, join(dir, 'latest.json'));
  return file;
}
