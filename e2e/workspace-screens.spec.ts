/**
 * The workspace's screens in Settings → Servers, in en, zh and ja at 1280×800 and 900×600: the
 * servers of a workspace (Global / Project badges, an overridden global server, project servers
 * needing approval), the workspace menu, the trust dialog and a broken project file's error. Each is
 * checked for a sideways overflow, a wrapped button or header and a visible {{placeholder}}, and
 * written to test-results/screenshots/ for a person to look at.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Page } from '@playwright/test';
import { expect, launchHost, ROOT, test } from './fixtures';
import { LANGUAGES, type Language, message, SIZES, seedDataDir, visiblePlaceholders, wrappedLabels } from './layoutHelpers';

const SHOTS = path.join(ROOT, 'test-results', 'screenshots');
const ECHO_SERVER = path.join(ROOT, 'packages', 'desktop', 'test', 'fixtures', 'proc-echo-server.mjs');

function writeProjectFile(workspace: string, text: string): void {
  fs.mkdirSync(path.join(workspace, '.elftia'), { recursive: true });
  fs.writeFileSync(path.join(workspace, '.elftia', 'mcp.json'), text);
}

/** Nothing reaches past the window or the settings pane sideways. */
function overflow(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const problems: string[] = [];
    if (document.documentElement.scrollWidth > window.innerWidth + 1) problems.push(`the window scrolls sideways (${document.documentElement.scrollWidth})`);
    const panel = document.querySelector<HTMLElement>('[role="tabpanel"]:not([hidden])');
    if (panel && panel.scrollWidth > panel.clientWidth + 1) problems.push(`the section is wider than its pane (${panel.scrollWidth} > ${panel.clientWidth})`);
    for (const dialog of document.querySelectorAll<HTMLElement>('[role="dialog"], [role="menu"]')) {
      const box = dialog.getBoundingClientRect();
      if (box.right > window.innerWidth + 1 || box.left < -1) problems.push(`a ${dialog.getAttribute('role')} reaches past the window`);
      if (dialog.scrollWidth > dialog.clientWidth + 1) problems.push(`a ${dialog.getAttribute('role')} scrolls sideways`);
    }
    return problems;
  });
}

async function shoot(page: Page, screen: string, language: Language, problems: string[]): Promise<void> {
  for (const size of SIZES) {
    await page.setViewportSize(size);
    const where = `${screen} ${language} ${size.width}×${size.height}`;
    for (const problem of [...(await overflow(page)), ...(await wrappedLabels(page))]) problems.push(`${where}: ${problem}`);
    for (const text of await visiblePlaceholders(page)) problems.push(`${where}: placeholder in “${text}”`);
    await page.screenshot({ path: path.join(SHOTS, `workspace-${screen}-${language}-${size.width}x${size.height}.png`) });
  }
  await page.setViewportSize(SIZES[0]);
}

for (const language of LANGUAGES) {
  test(`the workspace, its servers, the trust dialog and a broken project file in ${language}`, async ({ page }) => {
    test.setTimeout(120_000);
    const t = (key: string, params: Record<string, string | number> = {}) => message(language, key, params);
    const workspace = fs.mkdtempSync(path.join(os.tmpdir(), 'elftia-screens-'));
    const host = await launchHost({ prepare: (dataDir) => seedDataDir(dataDir, { language }) });
    try {
      const added = host.cli(['mcp', 'add', 'search', '--transport', 'stdio', '--command', process.execPath, `--arg=${ECHO_SERVER}`]);
      expect(added.status, added.stderr).toBe(0);
      writeProjectFile(
        workspace,
        JSON.stringify({
          mcpServers: {
            search: { command: process.execPath, args: [ECHO_SERVER] },
            build: { command: 'npx', args: ['-y', '@acme/build-tools-mcp-server', '--project', workspace, '--verbose'], env: { ACME_TOKEN: 'secret', NODE_ENV: 'development' } },
            docs: { type: 'http', url: 'https://docs.example.com/mcp' },
          },
        }),
      );
      const problems: string[] = [];
      await page.setViewportSize(SIZES[0]);
      await page.goto(host.url);
      await page.getByRole('navigation', { name: t('app/shell:nav.label') }).getByRole('button', { name: t('app/shell:nav.settings') }).click();

      const picker = page.getByTestId('workspace-picker');
      await picker.focus();
      await page.keyboard.press('Enter');
      await page.getByRole('menuitem', { name: t('settings/tools:workspace.openFolder') }).click();
      const open = page.getByRole('dialog', { name: t('settings/tools:workspace.openTitle') });
      await open.getByLabel(t('settings/tools:workspace.folder')).fill(workspace);
      await shoot(page, 'open-dialog', language, problems);
      await open.getByRole('button', { name: t('settings/tools:workspace.open'), exact: true }).click();
      await expect(picker).toHaveText(path.basename(workspace));
      await expect(page.getByTestId('mcp-server-needs-approval')).toHaveCount(3);
      await shoot(page, 'servers', language, problems);
      await page.getByRole('button', { name: t('settings/tools:list.detailsFor', { name: 'build' }) }).click();
      await expect(page.getByRole('button', { name: t('settings/tools:copy.toGlobalFor', { name: 'build' }) })).toBeVisible();
      await shoot(page, 'details', language, problems);
      await page.getByRole('button', { name: t('settings/tools:list.detailsFor', { name: 'build' }) }).click();

      await picker.click();
      await expect(page.getByRole('menuitem', { name: t('settings/tools:workspace.close') })).toBeVisible();
      await shoot(page, 'menu', language, problems);
      await page.keyboard.press('Escape');

      await page.getByRole('button', { name: t('settings/tools:trust.reviewFor', { name: 'build' }) }).click();
      await expect(page.getByTestId('trust-command-line')).toBeVisible();
      await shoot(page, 'trust-dialog', language, problems);
      await page.getByRole('button', { name: t('settings/tools:trust.notNow') }).click();

      writeProjectFile(workspace, '{\n  "mcpServers": {\n    "build": { "command": "npx", "url": "https://example.com/mcp" }\n  }\n}\n');
      await expect(page.getByTestId('project-file-problem')).toBeVisible({ timeout: 15_000 });
      await shoot(page, 'problem', language, problems);

      expect(problems).toEqual([]);
    } finally {
      await host.stop();
      fs.rmSync(workspace, { recursive: true, force: true });
    }
  });
}
