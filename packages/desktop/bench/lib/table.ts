/** The bench's output: one table for every section, with ratios to each section's baseline. */
import { percentile } from './stats';

export interface Row {
  section: string;
  name: string;
  /** Per-iteration figures; absent for rows that report a count. */
  medianMs?: number;
  p95Ms?: number;
  /** Iterations behind the figures. */
  n?: number;
  /** A row that reports a count or a size instead of a time (e.g. frames over 50 ms, MiB); printed in the median column. */
  count?: { value: number; unit: string };
  /** This row's median and p95 divided by its baseline's; absent on a baseline row. */
  ratio?: { median: number; p95: number };
  /** The target, e.g. "≤ 1.10×"; with `met`, printed as "≤ 1.10× met" or "≤ 1.10× OVER". */
  goal?: { text: string; met: boolean };
  note?: string;
}

/**
 * A row measured against `baseline`, its ratios filled in. With `goalMaxRatio` the goal is met when
 * the median ratio is at most that, and with `alsoP95` the p95 ratio too ("median and p95").
 */
export function compared(row: Row, baseline: Row, goalMaxRatio?: number, alsoP95 = false): Row {
  const ratio = { median: (row.medianMs ?? NaN) / (baseline.medianMs ?? NaN), p95: (row.p95Ms ?? NaN) / (baseline.p95Ms ?? NaN) };
  if (goalMaxRatio === undefined) return { ...row, ratio, goal: row.goal };
  const text = `≤ ${goalMaxRatio.toFixed(2)}×${alsoP95 ? ' (median, p95)' : ''}`;
  return { ...row, ratio, goal: { text, met: ratio.median <= goalMaxRatio && (!alsoP95 || ratio.p95 <= goalMaxRatio) } };
}

function formatMs(ms: number | undefined): string {
  if (ms === undefined || Number.isNaN(ms)) return '';
  if (ms < 1) return `${(ms * 1000).toFixed(0)} µs`;
  if (ms < 100) return `${ms.toFixed(2)} ms`;
  return `${ms.toFixed(0)} ms`;
}

const formatRatio = (r: number) => (Number.isFinite(r) ? `${r.toFixed(2)}×` : '');

export function renderTable(rows: Row[]): string {
  const header = ['section', 'case', 'n', 'median', 'p95', '× median', '× p95', 'goal', 'note'];
  const cells = rows.map((row) => [
    row.section,
    row.name,
    row.n === undefined ? '' : String(row.n),
    row.count ? `${row.count.value} ${row.count.unit}` : formatMs(row.medianMs),
    formatMs(row.p95Ms),
    row.ratio ? formatRatio(row.ratio.median) : '',
    row.ratio ? formatRatio(row.ratio.p95) : '',
    row.goal ? `${row.goal.text} ${row.goal.met ? 'met' : 'OVER'}` : '',
    row.note ?? '',
  ]);
  const widths = header.map((title, i) => Math.max(title.length, ...cells.map((line) => line[i]!.length)));
  const line = (values: string[]) => values.map((value, i) => (i === 2 || (i >= 3 && i <= 6) ? value.padStart(widths[i]!) : value.padEnd(widths[i]!))).join('  ').trimEnd();
  const rule = widths.map((w) => '-'.repeat(w)).join('  ');
  return [line(header), rule, ...cells.map(line)].join('\n');
}

/** A row with the median and p95 of `ms`. */
export function measuredRow(section: string, name: string, ms: number[], note?: string): Row {
  return { section, name, n: ms.length, medianMs: percentile(ms, 0.5), p95Ms: percentile(ms, 0.95), note };
}

/** What a bench section hands back: its rows, and warnings printed under the table. */
export interface SectionResult {
  rows: Row[];
  warnings: string[];
}
