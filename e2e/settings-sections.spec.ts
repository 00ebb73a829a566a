/**
 * Settings as sections against the real headless host: each section fits the window or scrolls on
 * its own, in English, Chinese and Japanese at 1280×800 and 900×600 (no label wraps, no raw {{…}});
 * a failing server's row says what went wrong and fixes it (Install uv runs the stand-in installer,
 * then the server starts; Check the key opens Edit for a remote server that answers 401); the built-in servers are live rows, and one that cannot start says why; and the router's own rules (a name
 * already used, a folder that does not exist) reach the form from main, not from a test fake.
 *
 * Screenshots of every section go to ELFTIA_SHOTS_DIR when set (else the test's output folder).
 */
import fs from 'node:fs';
import path from 'node:path';
import type { Page } from '@playwright/test';
import { CONNECT_TIMEOUT_MS, expect, launchHost, openSettings, ROOT, test } from './fixtures';
import { startAnnouncing, stopProcess } from './processes';
import { addProviderInUi } from './scriptedProvider';
import { wrappedLabels } from './layoutHelpers';
import { homeWithoutUv } from './standInUv';

const SIZES = [
  { width: 1280, height: 800 },
  { width: 900, height: 600 },
];
const LANGUAGES = ['en', 'zh', 'ja'] as const;
type Language = (typeof LANGUAGES)[number];

/** Each section's name and heading in each language (locales/<lang>/settings/*.json). */
const SECTIONS: Array<{ id: string; name: Record<Language, string>; heading: Record<Language, string> }> = [
  { id: 'servers', name: { en: 'Servers', zh: '服务器', ja: 'サーバー' }, heading: { en: 'MCP servers', zh: 'MCP 服务器', ja: 'MCP サーバー' } },
  { id: 'presets', name: { en: 'Presets', zh: '预设', ja: 'プリセット' }, heading: { en: 'Official presets', zh: '官方预设', ja: '公式プリセット' } },
  { id: 'runtimes', name: { en: 'Runtimes', zh: '运行环境', ja: 'ランタイム' }, heading: { en: 'Runtimes', zh: '运行环境', ja: 'ランタイム' } },
  { id: 'approvals', name: { en: 'Approvals', zh: '批准', ja: '承認' }, heading: { en: 'Approvals', zh: '批准', ja: '承認' } },
  { id: 'providers', name: { en: 'Providers', zh: '服务商', ja: 'プロバイダー' }, heading: { en: 'Providers', zh: '服务商', ja: 'プロバイダー' } },
  { id: 'general', name: { en: 'General', zh: '常规', ja: '一般' }, heading: { en: 'General', zh: '常规', ja: '一般' } },
];
/** The failing row's headline: the command that is missing, in each language. */
const NOT_FOUND = { en: 'Command not found: uvx', zh: '找不到命令：uvx', ja: 'コマンドが見つかりません：uvx' };

function shotsDir(): string {
  const dir = process.env.ELFTIA_SHOTS_DIR ?? test.info().outputPath('shots');
  fs.mkdirSync(dir, { recursive: true });
  return dir;
}

/** What is wrong with the current section's layout: the window scrolls, or the section does not fit and cannot scroll. */
function layoutProblems(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const problems: string[] = [];
    if (document.documentElement.scrollHeight > window.innerHeight + 1) problems.push(`the window scrolls (${document.documentElement.scrollHeight} > ${window.innerHeight})`);
    // Radix keeps the other sections' panels in the DOM, hidden and empty.
    const panel = document.querySelector<HTMLElement>('[role="tabpanel"]:not([hidden])');
    if (!panel) return [...problems, 'no section is shown'];
    const box = panel.getBoundingClientRect();
    if (box.bottom > window.innerHeight + 1 || box.right > window.innerWidth + 1) problems.push(`the section reaches past the window (${Math.round(box.right)}×${Math.round(box.bottom)})`);
    if (panel.scrollHeight > panel.clientHeight + 1 && !['auto', 'scroll'].includes(getComputedStyle(panel).overflowY)) problems.push('the section is taller than the window but does not scroll');
    // Nothing is cut off at the side (a table's last column) or needs a sideways scroll.
    if (panel.scrollWidth > panel.clientWidth + 1) problems.push(`the section is wider than its pane (${panel.scrollWidth} > ${panel.clientWidth})`);
    if (document.body.innerText.includes('{{')) problems.push('a {{placeholder}} is visible');
    return problems;
  });
}

async function chooseLanguage(page: Page, language: Language): Promise<void> {
  await page.getByRole('tablist').getByRole('tab').nth(SECTIONS.length - 1).click();
  await page.getByRole('tabpanel').getByRole('combobox').first().selectOption(language);
  await expect(page.getByRole('tablist').getByRole('tab').first()).toHaveText(SECTIONS[0]!.name[language]);
}

test('each section fits the window or scrolls on its own, in en, zh and ja at 1280×800 and 900×600, with no wrapped label and no {{', async ({ page }) => {
  test.setTimeout(240_000);
  const { env, remove } = homeWithoutUv();
  const host = await launchHost({ env });
  try {
    // A failing server (uvx is not installed here), a second one switched off, and a provider.
    for (const args of [
      ['mcp', 'add', 'fetch', '--transport', 'stdio', '--command', 'uvx', '--arg=mcp-server-fetch==2025.4.7'],
      ['mcp', 'add', 'notes', '--transport', 'stdio', '--command', 'node', '--disabled'],
    ]) {
      const result = host.cli(args);
      expect(result.status, result.stderr).toBe(0);
    }
    await page.goto(host.url);
    await addProviderInUi(page, { name: 'Local', type: 'OpenAI-compatible', baseUrl: 'http://127.0.0.1:9/v1', apiKey: 'sk-local', model: 'local-model' });
    await page.getByRole('tab', { name: 'Servers' }).click();
    await expect(page.getByTestId('mcp-server-row').filter({ hasText: 'fetch' }).getByTestId('mcp-server-status')).toHaveText('Error', { timeout: CONNECT_TIMEOUT_MS });

    const dir = shotsDir();
    const found: string[] = [];
    for (const language of LANGUAGES) {
      await chooseLanguage(page, language);
      for (const size of SIZES) {
        await page.setViewportSize(size);
        for (const section of SECTIONS) {
          await page.getByRole('tab', { name: section.name[language], exact: true }).click();
          const panel = page.getByRole('tabpanel');
          await expect(panel.getByRole('heading', { name: section.heading[language], exact: true }).first()).toBeVisible();
          if (section.id === 'servers') await expect(page.getByTestId('mcp-server-error').getByRole('alert')).toHaveText(NOT_FOUND[language]);
          if (section.id === 'presets') await expect(panel.getByTestId('preset-card').first()).toBeVisible();
          if (section.id === 'runtimes') await expect(panel.getByTestId('runtime-row').first()).toBeVisible();
          if (section.id === 'approvals') await expect(panel.getByRole('spinbutton')).toBeVisible();
          if (section.id === 'providers') await expect(panel.getByRole('row').filter({ hasText: 'Local' })).toBeVisible();
          const where = `${language} ${size.width}×${size.height} ${section.id}`;
          for (const problem of [...(await layoutProblems(page)), ...(await wrappedLabels(page))]) found.push(`${where}: ${problem}`);
          await page.screenshot({ path: path.join(dir, `settings-${language}-${size.width}x${size.height}-${section.id}.png`) });
        }
      }
    }
    expect(found).toEqual([]);
  } finally {
    await host.stop();
    remove();
  }
});

test('a server whose runner is missing says “Command not found: uvx”; Install uv installs it and the server starts', async ({ page }) => {
  const { home, env, remove } = homeWithoutUv();
  const host = await launchHost({ env });
  try {
    const added = host.cli(['mcp', 'add', 'python-tool', '--transport', 'stdio', '--command', 'uvx', '--arg=team-python-tool==1.0.0']);
    expect(added.status, added.stderr).toBe(0);
    await page.goto(host.url);
    await openSettings(page);

    const row = page.getByTestId('mcp-server-row').filter({ hasText: 'python-tool' });
    await expect(row.getByTestId('mcp-server-status')).toHaveText('Error', { timeout: CONNECT_TIMEOUT_MS });
    const error = page.getByTestId('mcp-server-error');
    await expect(error.getByRole('alert')).toHaveText('Command not found: uvx');
    await expect(error.getByRole('button')).toHaveText(['Install uv', 'Edit server']);
    await page.screenshot({ path: path.join(shotsDir(), 'servers-command-not-found.png') });

    await error.getByRole('button', { name: 'Install uv' }).click();
    const dialog = page.getByRole('dialog', { name: 'Install uv' });
    await expect(dialog.getByTestId('runtime-install-plan')).toHaveText('Install runs: curl -LsSf https://astral.sh/uv/install.sh | sh');
    await dialog.getByRole('button', { name: 'Install uv' }).click();
    await expect(dialog.getByRole('status').filter({ hasText: 'is installed at' })).toContainText(`“uvx” 0.9.0 is installed at ${path.join(home, '.local/bin/uvx')}.`, {
      timeout: 30_000,
    });
    await dialog.getByRole('button', { name: 'Continue' }).click();
    await expect(dialog).toBeHidden();

    // Started again: its first start downloads the package, then it connects; the failure is gone.
    await expect(row.getByTestId('mcp-server-status')).toHaveText('Connected', { timeout: CONNECT_TIMEOUT_MS });
    await expect(page.getByTestId('mcp-server-error')).toHaveCount(0);
    await page.getByRole('tab', { name: 'Runtimes' }).click();
    await expect(page.getByTestId('runtimes-summary')).toHaveText('All found');
  } finally {
    await host.stop();
    remove();
  }
});

test('the built-in servers are live rows; files runs once a folder is chosen, and shows as failed with its reason when the folder is gone', async ({ page, host }) => {
  await page.goto(host.url);
  await openSettings(page);
  const builtins = page.getByRole('region', { name: 'Built-in servers' });
  const row = (name: string) => builtins.getByTestId('builtin-server').and(builtins.locator(`[data-name="${name}"]`));
  // The host keeps servers connected: clock-math runs from the start, files only once a folder is chosen.
  await expect(builtins.getByTestId('builtin-server')).toHaveCount(1);
  await expect(row('clock-math')).toContainText('Connected', { timeout: CONNECT_TIMEOUT_MS });
  await expect(page.getByTestId('mcp-server-list-empty').getByRole('button', { name: 'Browse presets' })).toBeVisible();
  await page.screenshot({ path: path.join(shotsDir(), 'servers-empty-with-builtins.png') });
  await expect(builtins.getByTestId('builtin-server-folder')).toContainText('Folder: not set.');
  await expect(builtins.getByRole('button', { name: /Delete|Edit/ })).toHaveCount(0);
  await expect(builtins.getByRole('switch')).toHaveCount(0);
  await builtins.getByRole('button', { name: 'Choose folder' }).click();

  await expect(page.getByRole('tab', { name: 'General' })).toHaveAttribute('aria-selected', 'true');
  const folder = page.getByRole('region', { name: 'Files the assistant may read' }).getByLabel('Folder', { exact: true });
  await expect(folder).toBeFocused();
  // Only main can tell whether a folder exists.
  await folder.fill(path.join(host.dataDir, 'no-such-folder'));
  await page.getByRole('button', { name: 'Save folder' }).click();
  await expect(page.getByText('No folder exists at this path.')).toBeVisible();
  const notes = path.join(host.dataDir, 'notes');
  fs.mkdirSync(notes);
  await folder.fill(notes);
  await page.getByRole('button', { name: 'Save folder' }).click();
  await expect(page.getByText('Saved. The next message can use it.')).toBeVisible();

  await page.getByRole('tab', { name: 'Servers' }).click();
  await expect(builtins.getByTestId('builtin-server-folder')).toContainText(notes);
  await expect(row('files')).toContainText('Connected', { timeout: CONNECT_TIMEOUT_MS });

  // The folder goes away: files cannot start again, and its row says why, like any failing server.
  fs.rmSync(notes, { recursive: true });
  await row('files').getByRole('button', { name: 'Details for files' }).click();
  await builtins.getByRole('button', { name: 'Restart files' }).click();
  await expect(builtins.locator('tbody[data-server-id="builtin:files"]').getByTestId('mcp-server-error')).toContainText('The server exited with code 2', { timeout: CONNECT_TIMEOUT_MS });
  await expect(row('clock-math')).toContainText('Connected');
});

test('a name already used is refused by the router and shown under Name; nothing is stored', async ({ page, host }) => {
  expect(host.cli(['mcp', 'add', 'everything', '--transport', 'stdio', '--command', 'node', '--disabled']).status).toBe(0);
  await page.goto(host.url);
  await openSettings(page);
  await page.getByRole('button', { name: 'Add server' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add MCP server' });
  await dialog.getByLabel('Name', { exact: true }).fill('Everything');
  await dialog.getByLabel('Command', { exact: true }).fill('node');
  await dialog.getByRole('button', { name: 'Save' }).click();
  const name = dialog.getByLabel('Name', { exact: true });
  await expect(name).toHaveAttribute('aria-invalid', 'true');
  await expect(dialog.getByText('The name “everything” is already used.')).toBeVisible();
  expect((JSON.parse(host.cli(['mcp', 'list', '--json']).stdout) as unknown[]).length).toBe(1);
});

test('a remote server that refuses the key says “HTTP 401 … check the key”; Check the key opens Edit, and the right key connects it', async ({ page, host }) => {
  const key = `team-key-${Date.now()}`;
  const { child, announced } = await startAnnouncing<{ url: string }>('the bearer server', [path.join(ROOT, 'e2e/bearerMcpServer.mjs')], ROOT, { ...process.env, MCP_BEARER_KEY: key });
  try {
    const added = host.cli(['mcp', 'add', 'team', '--transport', 'http', '--url', announced.url, '--header', 'Authorization: Bearer stale-key']);
    expect(added.status, added.stderr).toBe(0);
    await page.goto(host.url);
    await openSettings(page);

    const row = page.getByTestId('mcp-server-row').filter({ hasText: 'team' });
    await expect(row.getByTestId('mcp-server-status')).toHaveText('Error', { timeout: CONNECT_TIMEOUT_MS });
    const error = page.getByTestId('mcp-server-error');
    // Main named the HTTP status (failureCause.ts); the row turns it into what to do.
    await expect(error.getByRole('alert')).toHaveText('HTTP 401: the server refused the credentials — check the key');
    await expect(error.getByRole('button')).toHaveText(['Check the key']);
    await page.screenshot({ path: path.join(shotsDir(), 'servers-unauthorized.png') });

    await error.getByRole('button', { name: 'Check the key' }).click();
    const dialog = page.getByRole('dialog', { name: 'Edit MCP server' });
    await expect(dialog.getByLabel('Header name 1', { exact: true })).toHaveValue('Authorization');
    await dialog.getByLabel('Header value 1', { exact: true }).fill(`Bearer ${key}`);
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect(dialog).toBeHidden();

    await expect(row.getByTestId('mcp-server-status')).toHaveText('Connected', { timeout: CONNECT_TIMEOUT_MS });
    await expect(page.getByTestId('mcp-server-error')).toHaveCount(0);
  } finally {
    await stopProcess(child);
  }
});
