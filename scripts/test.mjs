#!/usr/bin/env node
// The README's test command: installs what the tests need, then runs every test —
// typecheck, lint (type-aware, any warning fails it), unit and integration tests (vitest), the
// renderer build, end-to-end tests in Chromium (Playwright) and the MCP conformance suite against
// Elftia's own client (scripts/conformance.mjs) — and ends with its figures and one summary line.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { ensurePnpm, log, pnpmInstall, pnpmRun, run } from './bootstrap.mjs';

const CHROMIUM_CANDIDATES = ['/usr/bin/chromium', '/usr/bin/chromium-browser', '/usr/bin/google-chrome'];

function findChromium() {
  const fromEnv = process.env.ELFTIA_CHROMIUM;
  if (fromEnv) return fs.existsSync(fromEnv) ? fromEnv : undefined;
  return CHROMIUM_CANDIDATES.find((file) => fs.existsSync(file));
}

/** Playwright cannot download its browser here; Debian's chromium is installed instead. */
function ensureChromium() {
  const found = findChromium();
  if (found) return found;
  const root = typeof process.getuid === 'function' && process.getuid() === 0;
  if (!root || spawnSync('sh', ['-c', 'command -v apt-get'], { stdio: 'ignore' }).status !== 0) {
    throw new Error('Chromium was not found. Install it (e.g. apt-get install chromium) or set ELFTIA_CHROMIUM to its path.');
  }
  log('installing chromium with apt-get');
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  spawnSync('apt-get', ['update'], { stdio: 'inherit', env });
  const install = spawnSync('apt-get', ['install', '-y', '--no-install-recommends', 'chromium'], { stdio: 'inherit', env });
  const installed = findChromium();
  if (install.status !== 0 || !installed) throw new Error('apt-get could not install chromium');
  return installed;
}

const CJK_FONT = '/usr/share/fonts/opentype/noto/NotoSansCJK-Regular.ttc';

/**
 * The end-to-end tests measure zh and ja layouts (a label wrapping one character per line) and write
 * screenshots to review; without CJK fonts Chromium draws boxes of another width. Installed with
 * apt-get where possible (root on Debian/Ubuntu); elsewhere the tests run with what the system has.
 */
function ensureCjkFonts() {
  if (fs.existsSync(CJK_FONT) || process.platform !== 'linux') return;
  const root = typeof process.getuid === 'function' && process.getuid() === 0;
  if (!root || spawnSync('sh', ['-c', 'command -v apt-get'], { stdio: 'ignore' }).status !== 0) {
    log('CJK fonts (fonts-noto-cjk) are not installed; zh and ja screens are measured with fallback glyphs');
    return;
  }
  log('installing fonts-noto-cjk with apt-get');
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  let install = spawnSync('apt-get', ['install', '-y', '--no-install-recommends', 'fonts-noto-cjk'], { stdio: 'inherit', env });
  if (install.status !== 0) {
    spawnSync('apt-get', ['update'], { stdio: 'inherit', env });
    install = spawnSync('apt-get', ['install', '-y', '--no-install-recommends', 'fonts-noto-cjk'], { stdio: 'inherit', env });
  }
  if (install.status !== 0 || !fs.existsSync(CJK_FONT)) throw new Error('apt-get could not install fonts-noto-cjk');
}

function readJson(file) {
  try {
    return JSON.parse(fs.readFileSync(file, 'utf8'));
  } catch {
    return undefined;
  }
}

function vitestCounts(report) {
  if (!report) return { passed: 0, failed: 1, skipped: 0 };
  return { passed: report.numPassedTests, failed: report.numFailedTests, skipped: report.numPendingTests + report.numTodoTests };
}

function playwrightCounts(report) {
  if (!report?.stats) return { passed: 0, failed: 1, skipped: 0 };
  const { expected, unexpected, flaky, skipped } = report.stats;
  return { passed: expected + flaky, failed: unexpected, skipped };
}

/** First line of a failure message, without terminal colours, for the summary. */
function firstLine(message) {
  return String(message ?? '').replace(/\u001b\[[0-9;]*m/g, '').split('\n').find((line) => line.trim() !== '')?.trim().slice(0, 240) ?? '';
}

/** `file › test: first line of the error` for each failed vitest test. */
function vitestFailures(report) {
  const failures = [];
  for (const file of report?.testResults ?? []) {
    const name = path.relative(process.cwd(), file.name ?? '');
    for (const test of file.assertionResults ?? []) {
      if (test.status === 'failed') failures.push(`${name} › ${test.fullName}: ${firstLine(test.failureMessages?.[0])}`);
    }
    // A file that failed outside its tests (an import, a hook) has no failed test to name.
    if (file.status === 'failed' && !(file.assertionResults ?? []).some((test) => test.status === 'failed')) failures.push(`${name}: ${firstLine(file.message)}`);
  }
  return failures;
}

/** The same for each Playwright test that failed for good (a flaky pass is not listed). */
function playwrightFailures(report) {
  const failures = [];
  const walk = (suite) => {
    for (const child of suite.suites ?? []) walk(child);
    for (const spec of suite.specs ?? []) {
      for (const test of spec.tests ?? []) {
        if (test.status !== 'unexpected') continue;
        const error = test.results?.at(-1)?.error?.message;
        failures.push(`${spec.file}:${spec.line} › ${spec.title}: ${firstLine(error)}`);
      }
    }
  };
  for (const suite of report?.suites ?? []) walk(suite);
  return failures;
}

function main() {
  const reports = fs.mkdtempSync(path.join(os.tmpdir(), 'elftia-reports-'));
  const pnpm = ensurePnpm();
  const chromium = ensureChromium();
  ensureCjkFonts();
  pnpmInstall(pnpm);

  const steps = [];
  const step = (name, fn) => {
    log(`— ${name}`);
    try {
      fn();
      steps.push({ name, ok: true });
    } catch (error) {
      log(`${name} failed: ${error.message}`);
      steps.push({ name, ok: false });
    }
  };

  step('typecheck', () => pnpmRun(pnpm, ['exec', 'tsc', '-b']));
  step('lint', () => pnpmRun(pnpm, ['run', 'lint']));
  const vitestReport = path.join(reports, 'vitest.json');
  step('unit and integration tests', () =>
    pnpmRun(pnpm, ['exec', 'vitest', 'run', '--reporter=default', '--reporter=json', `--outputFile.json=${vitestReport}`]),
  );
  step('renderer build', () => pnpmRun(pnpm, ['--filter', '@elftia/renderer', 'build']));
  const playwrightReport = path.join(reports, 'playwright.json');
  step('end-to-end tests', () =>
    pnpmRun(pnpm, ['exec', 'playwright', 'test', '--reporter=list,json'], {
      env: { ...process.env, ELFTIA_CHROMIUM: chromium, PLAYWRIGHT_JSON_OUTPUT_NAME: playwrightReport },
    }),
  );

  const conformanceSummary = path.join(reports, 'conformance.json');
  step('MCP conformance', () => run(process.execPath, [path.join('scripts', 'conformance.mjs'), '--summary', conformanceSummary]));

  const reported = [
    { step: 'unit and integration tests', counts: vitestCounts(readJson(vitestReport)) },
    { step: 'end-to-end tests', counts: playwrightCounts(readJson(playwrightReport)) },
  ];
  const total = { passed: 0, failed: 0, skipped: 0 };
  for (const { step: name, counts } of reported) {
    total.passed += counts.passed;
    total.skipped += counts.skipped;
    // A runner that failed without reporting a failed test (a config or startup error) still failed.
    const stepFailed = !steps.find((s) => s.name === name)?.ok;
    total.failed += Math.max(counts.failed, stepFailed ? 1 : 0);
  }
  total.failed += steps.filter((s) => !s.ok && !reported.some((r) => r.step === s.name)).length;
  // Named here, at the end, where a CI log cut to its last lines still shows them.
  const failures = [...vitestFailures(readJson(vitestReport)), ...playwrightFailures(readJson(playwrightReport))];
  for (const failure of failures.slice(0, 30)) log(`failed: ${failure}`);
  if (failures.length > 30) log(`failed: … and ${failures.length - 30} more`);
  for (const s of steps) log(`${s.ok ? 'ok  ' : 'FAIL'} ${s.name}`);
  // The figures per protocol revision, next to the total rather than scrolled away with the suite's output.
  for (const line of readJson(conformanceSummary)?.lines ?? []) console.log(line);
  console.log(`total: ${total.passed} passed, ${total.failed} failed, ${total.skipped} skipped`);
  fs.rmSync(reports, { recursive: true, force: true });
  process.exit(steps.every((s) => s.ok) && total.failed === 0 ? 0 : 1);
}

try {
  main();
} catch (error) {
  log(error.message);
  process.exit(typeof error.exitCode === 'number' ? error.exitCode : 1);
}
