/**
 * `pnpm presets:check`: asks the registries whether every pinned preset package still exists.
 *
 * npm presets: `npm view <name>@<version> version bin dist-tags --json` must find the version and a
 * `bin` (without one, `npx -y name@version` has nothing to run). PyPI presets: the version's JSON at
 * pypi.org; a network that refuses PyPI makes them UNREACHABLE, not failed, since some machines reach
 * only npm. Remote (http) presets have no package and are listed as skipped.
 *
 * Exit code 1 when any npm preset fails or cannot be checked. Needs the network, so it is not part of
 * the test suite.
 */
import { execFile } from 'node:child_process';
import { OFFICIAL_MCP_PRESETS, type StdioPreset } from '../app/shared/mcp-presets';

/** Per registry request, in milliseconds. */
const REQUEST_TIMEOUT_MS = 30_000;
/** npm views run at once (each is a child process). */
const NPM_CONCURRENCY = 4;

type Status = 'OK' | 'FAIL' | 'UNREACHABLE' | 'SKIP';

interface CheckResult {
  id: string;
  registry: 'npm' | 'pypi' | 'http';
  spec: string;
  status: Status;
  detail: string;
  /** A newer release than the pinned one, when the registry names one. */
  newer?: string;
}

interface NpmView {
  version?: string;
  bin?: Record<string, string> | string;
  'dist-tags'?: Record<string, string>;
  error?: { code?: string; summary?: string };
}

function runNpmView(spec: string): Promise<{ ok: boolean; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    execFile(
      'npm',
      ['view', spec, 'version', 'bin', 'dist-tags', '--json'],
      // npm is npm.cmd on Windows, which only a shell can start.
      { timeout: REQUEST_TIMEOUT_MS, shell: process.platform === 'win32', maxBuffer: 4 * 1024 * 1024 },
      (error, stdout, stderr) => resolve({ ok: !error, stdout, stderr }),
    );
  });
}

function parseJson<T>(text: string): T | undefined {
  try {
    return JSON.parse(text) as T;
  } catch {
    return undefined;
  }
}

/** Numeric comparison of dotted versions; a pre-release suffix sorts before its release. */
function compareVersions(a: string, b: string): number {
  const parts = (v: string) => v.split(/[-+]/)[0]!.split('.').map((n) => Number.parseInt(n, 10) || 0);
  const [pa, pb] = [parts(a), parts(b)];
  for (let i = 0; i < Math.max(pa.length, pb.length); i += 1) {
    const diff = (pa[i] ?? 0) - (pb[i] ?? 0);
    if (diff !== 0) return diff;
  }
  return Number(b.includes('-')) - Number(a.includes('-'));
}

async function checkNpm(preset: StdioPreset): Promise<CheckResult> {
  const { name, version } = preset.package;
  const spec = `${name}@${version}`;
  const base = { id: preset.id, registry: 'npm' as const, spec };
  const { ok, stdout, stderr } = await runNpmView(spec);
  const view = parseJson<NpmView>(stdout);
  if (!ok || !view || view.error) {
    const code = view?.error?.code;
    if (code === 'E404') return { ...base, status: 'FAIL', detail: view?.error?.summary ?? 'not found' };
    const reason = view?.error?.summary ?? stderr.trim().split('\n')[0] ?? 'npm view failed';
    return { ...base, status: 'UNREACHABLE', detail: reason || 'npm view failed' };
  }
  if (view.version !== version) return { ...base, status: 'FAIL', detail: `version ${version} missing (got ${view.version ?? 'nothing'})` };
  const bins = typeof view.bin === 'string' ? [name] : Object.keys(view.bin ?? {});
  if (bins.length === 0) return { ...base, status: 'FAIL', detail: 'no bin: npx has nothing to run' };
  const latest = view['dist-tags']?.latest;
  const newer = latest && compareVersions(latest, version) > 0 ? latest : undefined;
  return { ...base, status: 'OK', detail: `bin ${bins.join(', ')}`, ...(newer ? { newer } : {}) };
}

async function fetchJson(url: string): Promise<{ status: number; body?: unknown } | { error: string }> {
  try {
    const response = await fetch(url, { signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS), headers: { accept: 'application/json' } });
    return { status: response.status, body: response.ok ? await response.json() : undefined };
  } catch (error) {
    const cause = (error as { cause?: { code?: string } }).cause?.code;
    return { error: cause ?? (error instanceof Error ? error.message : String(error)) };
  }
}

async function checkPypi(preset: StdioPreset): Promise<CheckResult> {
  const { name, version } = preset.package;
  const base = { id: preset.id, registry: 'pypi' as const, spec: `${name}==${version}` };
  const release = await fetchJson(`https://pypi.org/pypi/${encodeURIComponent(name)}/${encodeURIComponent(version)}/json`);
  if ('error' in release) return { ...base, status: 'UNREACHABLE', detail: `pypi.org: ${release.error}` };
  if (release.status === 404) return { ...base, status: 'FAIL', detail: `version ${version} not on PyPI` };
  if (release.status !== 200) return { ...base, status: 'UNREACHABLE', detail: `pypi.org answered HTTP ${release.status}` };
  const project = await fetchJson(`https://pypi.org/pypi/${encodeURIComponent(name)}/json`);
  const latest = 'body' in project ? (project.body as { info?: { version?: string } } | undefined)?.info?.version : undefined;
  const newer = latest && compareVersions(latest, version) > 0 ? latest : undefined;
  return { ...base, status: 'OK', detail: 'release found', ...(newer ? { newer } : {}) };
}

/** Runs `task` over `items`, at most `limit` at a time, keeping the items' order in the results. */
async function mapLimited<T, R>(items: readonly T[], limit: number, task: (item: T) => Promise<R>): Promise<R[]> {
  const results: R[] = new Array(items.length);
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const index = next;
      next += 1;
      results[index] = await task(items[index]!);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
  return results;
}

function format(result: CheckResult): string {
  const newer = result.newer ? `  (newer: ${result.newer})` : '';
  return `${result.registry.padEnd(5)} ${result.status.padEnd(11)} ${result.id.padEnd(20)} ${result.spec}  ${result.detail}${newer}`;
}

async function main(): Promise<number> {
  const stdio = OFFICIAL_MCP_PRESETS.filter((preset): preset is StdioPreset => preset.transportType === 'stdio');
  const npmResults = await mapLimited(
    stdio.filter((preset) => preset.package.registry === 'npm'),
    NPM_CONCURRENCY,
    checkNpm,
  );
  const pypiResults = await Promise.all(stdio.filter((preset) => preset.package.registry === 'pypi').map(checkPypi));
  const remote: CheckResult[] = OFFICIAL_MCP_PRESETS.flatMap((preset) =>
    preset.transportType === 'http' ? [{ id: preset.id, registry: 'http', spec: preset.url, status: 'SKIP', detail: 'remote server, no package' }] : [],
  );
  const results = [...npmResults, ...pypiResults, ...remote];
  for (const result of results) console.log(format(result));

  const count = (status: Status) => results.filter((result) => result.status === status).length;
  const newer = results.filter((result) => result.newer).length;
  console.log(`\n${count('OK')} ok, ${count('FAIL')} failed, ${count('UNREACHABLE')} unreachable, ${count('SKIP')} skipped; ${newer} with a newer release`);
  return npmResults.some((result) => result.status !== 'OK') ? 1 : 0;
}

process.exitCode = await main();
