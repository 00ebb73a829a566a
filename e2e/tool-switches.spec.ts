/**
 * Per-tool switches in Settings → Servers against the real headless host and a real
 * server-everything: turning one tool off greys and marks it, the row counts the tools that are on,
 * and the CLI (another process on the same data dir) sees it off. Screenshots of the details with a
 * tool off in en, zh and ja at 1280×800 go to test-results/screenshots/ for a person to look at.
 */
import path from 'node:path';
import { CONNECT_TIMEOUT_MS, EVERYTHING_ENTRY, expect, launchHost, openSettings, ROOT, test } from './fixtures';
import { LANGUAGES, message, seedDataDir, visiblePlaceholders } from './layoutHelpers';

const SHOTS = path.join(ROOT, 'test-results', 'screenshots');
const ADD_EVERYTHING = ['mcp', 'add', 'everything', '--transport', 'stdio', '--command', process.execPath, `--arg=${EVERYTHING_ENTRY}`, '--arg=stdio'];

test('turning a tool off in the server details greys it, counts it out, and the CLI sees it off', async ({ page, host }) => {
  const added = host.cli(ADD_EVERYTHING);
  expect(added.status, added.stderr).toBe(0);
  await page.goto(host.url);
  await openSettings(page);

  const row = page.getByTestId('mcp-server-row').filter({ hasText: 'everything' });
  await expect(row.getByTestId('mcp-server-status')).toHaveText('Connected', { timeout: CONNECT_TIMEOUT_MS });
  const facts = row.getByTestId('mcp-server-facts');
  const toolCount = Number(/Tools: (\d+)/.exec((await facts.textContent()) ?? '')?.[1]);
  expect(toolCount).toBeGreaterThan(1);

  await page.getByRole('button', { name: 'Details for everything' }).click();
  const details = page.getByRole('region', { name: 'Details of everything' });
  const echo = details.getByTestId('mcp-tool').filter({ has: page.locator('code', { hasText: /^echo$/ }) });
  const use = details.getByRole('switch', { name: 'Use echo in chats' });
  await expect(use).toBeChecked();
  await use.click();
  await expect(use).not.toBeChecked();
  await expect(echo).toHaveAttribute('data-off', 'true');
  await expect(echo.getByText('Off', { exact: true })).toBeVisible();
  await expect(row.getByTestId('mcp-server-tool-count')).toHaveText(`Tools: ${toolCount - 1} of ${toolCount} on`);
  // The server kept running: a switch is not a restart.
  await expect(row.getByTestId('mcp-server-status')).toHaveText('Connected');

  await details.getByRole('checkbox', { name: 'Always allow get-sum without asking' }).click();
  await expect(details.getByRole('checkbox', { name: 'Always allow get-sum without asking' })).toBeChecked();

  const listed = host.cli(['mcp', 'tools', 'everything', '--json']);
  expect(listed.status, listed.stderr).toBe(0);
  const tools = JSON.parse(listed.stdout) as { name: string; disabled?: true; alwaysAllow?: true }[];
  expect(tools.find((t) => t.name === 'echo')).toMatchObject({ disabled: true });
  expect(tools.find((t) => t.name === 'get-sum')).toMatchObject({ alwaysAllow: true });

  // And back on, after a reload: the switch was stored.
  await page.reload();
  await openSettings(page);
  await page.getByRole('button', { name: 'Details for everything' }).click();
  await expect(details.getByRole('switch', { name: 'Use echo in chats' })).not.toBeChecked({ timeout: CONNECT_TIMEOUT_MS });
  await details.getByRole('switch', { name: 'Use echo in chats' }).click();
  await expect(echo).not.toHaveAttribute('data-off', 'true');
  await expect(row.getByTestId('mcp-server-tool-count')).toHaveText(`Tools: ${toolCount}`);
});

for (const language of LANGUAGES) {
  test(`the details with a tool off, in ${language}`, async ({ page }) => {
    const host = await launchHost({ prepare: (dataDir) => seedDataDir(dataDir, { language }) });
    try {
      expect(host.cli(ADD_EVERYTHING).status).toBe(0);
      const off = host.cli(['mcp', 'tool', 'disable', 'everything', 'echo']);
      expect(off.status, off.stderr).toBe(0);
      await page.setViewportSize({ width: 1280, height: 800 });
      await page.goto(host.url);
      const nav = page.getByRole('navigation', { name: message(language, 'app/shell:nav.label') });
      await nav.getByRole('button', { name: message(language, 'app/shell:nav.settings'), exact: true }).click();
      const row = page.getByTestId('mcp-server-row').filter({ hasText: 'everything' });
      await expect(row.getByTestId('mcp-server-tool-count')).toContainText(/\d/, { timeout: CONNECT_TIMEOUT_MS });
      await page.getByRole('button', { name: message(language, 'settings/tools:list.detailsFor', { name: 'everything' }) }).click();
      const use = page.getByRole('switch', { name: message(language, 'settings/tools:toolList.useTool', { tool: 'echo' }) });
      await expect(use).not.toBeChecked();
      await use.scrollIntoViewIfNeeded();
      expect(await visiblePlaceholders(page)).toEqual([]);
      await page.screenshot({ path: path.join(SHOTS, `tool-switches-${language}-1280x800.png`) });
    } finally {
      await host.stop();
    }
  });
}
