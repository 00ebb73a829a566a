/**
 * Sampling for the bench: warm-up, then interleaved iterations, so slow drift of a noisy machine
 * (another job, a GC, CPU frequency) lands on every case alike instead of on whichever ran last.
 */

export interface Sample {
  wallMs: number;
  /** CPU this process spent (user + system) during the sample. */
  cpuMs: number;
}

export interface SampleOptions {
  /** Runs per case thrown away before measuring (JIT, caches, lazy connections). */
  warmup: number;
  iterations: number;
}

/** One timed run of `fn`, wall clock and this process's CPU. */
export async function sampleOnce(fn: () => Promise<unknown>): Promise<Sample> {
  const cpuBefore = process.cpuUsage();
  const start = performance.now();
  await fn();
  const wallMs = performance.now() - start;
  const cpu = process.cpuUsage(cpuBefore);
  return { wallMs, cpuMs: (cpu.user + cpu.system) / 1000 };
}

/**
 * Runs every case `warmup` times unrecorded, then `iterations` times, alternating which case goes
 * first in each round. Returns what each case returned, per case, in the order the cases were given.
 */
export async function interleave<T>(cases: (() => Promise<T>)[], options: SampleOptions): Promise<T[][]> {
  for (let i = 0; i < options.warmup; i += 1) for (const run of cases) await run();
  const results: T[][] = cases.map(() => []);
  for (let i = 0; i < options.iterations; i += 1) {
    const order = cases.map((_, k) => (i % 2 === 0 ? k : cases.length - 1 - k));
    for (const k of order) results[k]!.push(await cases[k]!());
  }
  return results;
}

/** interleave() with each whole run of a case timed. */
export function sampleInterleaved(cases: (() => Promise<unknown>)[], options: SampleOptions): Promise<Sample[][]> {
  return interleave(cases.map((run) => () => sampleOnce(run)), options);
}

/** Nearest-rank percentile, `p` in [0, 1]. */
export function percentile(values: number[], p: number): number {
  if (values.length === 0) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  const rank = Math.min(sorted.length, Math.max(1, Math.ceil(p * sorted.length)));
  return sorted[rank - 1]!;
}

export const median = (values: number[]) => percentile(values, 0.5);

export const wallOf = (samples: Sample[]) => samples.map((s) => s.wallMs);
export const cpuOf = (samples: Sample[]) => samples.map((s) => s.cpuMs);
