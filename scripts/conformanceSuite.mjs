// The pure parts of scripts/conformance.mjs: which scenarios run at which revision, the baseline
// that applies to a run, and a scenario's verdict from its checks.

/** The revisions scored, in the order they are reported. */
export const REVISIONS = ['2025-11-25', '2026-07-28'];

/** The run of the suite's extension scenarios, which are on no revision's timeline. */
export const EXTENSIONS = 'extensions';

/**
 * The client scenarios of `conformance list`: `  - name [2025-11-25,2026-07-28]` or `  - name [extension]`,
 * under the "Client scenarios" heading and before the next heading.
 */
export function parseClientScenarios(listOutput) {
  const scenarios = [];
  let inClient = false;
  for (const line of listOutput.split('\n')) {
    if (/^\S/.test(line)) {
      inClient = line.startsWith('Client scenarios');
      continue;
    }
    const match = inClient ? /^\s+-\s+(\S+)\s+\[([^\]]*)\]/.exec(line) : null;
    if (!match) continue;
    const tags = match[2].split(',').map((tag) => tag.trim()).filter(Boolean);
    scenarios.push({ name: match[1], extension: tags.includes('extension'), revisions: tags.filter((tag) => /^\d{4}-\d{2}-\d{2}$/.test(tag)) });
  }
  return scenarios;
}

/** The scenarios a run covers: those applicable at the revision, or every extension scenario. */
export function scenariosFor(run, scenarios) {
  return run === EXTENSIONS ? scenarios.filter((s) => s.extension) : scenarios.filter((s) => !s.extension && s.revisions.includes(run));
}

/**
 * conformance-baseline.yml holds the suite's own `client:` list (expected to fail in every run) and,
 * because the suite keys entries by scenario name only, one list per run for what fails in that run
 * alone: `client-2025-11-25`, `client-2026-07-28`, `client-extensions`. A run's baseline is both.
 */
export function baselineFor(run, baseline) {
  const common = listOf(baseline, 'client');
  const own = listOf(baseline, `client-${run}`);
  return [...new Set([...common, ...own])];
}

function listOf(baseline, key) {
  const list = baseline?.[key];
  if (list === undefined || list === null) return [];
  if (!Array.isArray(list) || !list.every((entry) => typeof entry === 'string')) {
    throw new Error(`conformance-baseline.yml: '${key}' must be a list of scenario names`);
  }
  return list;
}

/** Entries naming no scenario the suite has: a typo would otherwise sit unnoticed. */
export function unknownBaselineEntries(baseline, scenarios) {
  const names = new Set(scenarios.map((s) => s.name));
  const keys = ['client', ...REVISIONS.map((r) => `client-${r}`), `client-${EXTENSIONS}`];
  const unknown = Object.keys(baseline ?? {}).filter((key) => !keys.includes(key) && key !== 'server').map((key) => `${key} (not a section this script reads)`);
  for (const key of keys) for (const entry of listOf(baseline, key)) if (!names.has(entry.split(':')[0])) unknown.push(`${key}: ${entry}`);
  return unknown;
}

/** The suite's own rule (its expected-failures evaluation): a scenario fails when a check failed or warned. */
export function scenarioPassed(checks) {
  return !checks.some((check) => check.status === 'FAILURE' || check.status === 'WARNING');
}

/** Runs `tasks` (functions returning promises) with at most `limit` at a time; resolves with their results in order. */
export async function pool(tasks, limit) {
  const results = new Array(tasks.length);
  let next = 0;
  const worker = async () => {
    while (next < tasks.length) {
      const index = next++;
      results[index] = await tasks[index]();
    }
  };
  await Promise.all(Array.from({ length: Math.max(1, Math.min(limit, tasks.length)) }, worker));
  return results;
}
