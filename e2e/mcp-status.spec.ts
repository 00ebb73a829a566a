/**
 * Settings → Servers against the real headless host and real MCP server processes: the live status,
 * the server's reported facts, its tools and log, a failure's translated reason, and Disabled.
 */
import fs from 'node:fs';
import path from 'node:path';
import { CONNECT_TIMEOUT_MS, EVERYTHING_ENTRY, expect, openSettings, ROOT, test } from './fixtures';

const ERROR_CATALOG = JSON.parse(fs.readFileSync(path.join(ROOT, 'locales/en/common/errors.json'), 'utf8')) as { errors: Record<string, string>; causes: Record<string, string> };
const ERROR_MESSAGES = ERROR_CATALOG.errors;

test('a real stdio server connects and shows its facts, tools, log and restart; disabling it shows Disabled', async ({ page, host }) => {
  const added = host.cli(['mcp', 'add', 'everything', '--transport', 'stdio', '--command', process.execPath, `--arg=${EVERYTHING_ENTRY}`, '--arg=stdio']);
  expect(added.status, added.stderr).toBe(0);
  await page.goto(host.url);
  await openSettings(page);

  const row = page.getByTestId('mcp-server-row').filter({ hasText: 'everything' });
  await expect(row.getByTestId('mcp-server-status')).toHaveText('Connected', { timeout: CONNECT_TIMEOUT_MS });
  const facts = row.getByTestId('mcp-server-facts');
  await expect(facts).toContainText(/mcp-servers\/everything \d+\.\d+\.\d+/);
  await expect(facts).toContainText(/Protocol \d{4}-\d{2}-\d{2}/);
  const toolCount = Number(/Tools: (\d+)/.exec((await facts.textContent()) ?? '')?.[1]);
  expect(toolCount).toBeGreaterThan(0);

  const toggle = page.getByRole('button', { name: 'Details for everything' });
  await expect(toggle).toHaveAttribute('aria-expanded', 'false');
  await toggle.click();
  await expect(toggle).toHaveAttribute('aria-expanded', 'true');
  const details = page.getByRole('region', { name: 'Details of everything' });

  // The list from mcp.tools agrees with the count the connection reports.
  await expect(details.getByTestId('mcp-tool')).toHaveCount(toolCount);
  const echo = details.getByTestId('mcp-tool').filter({ has: page.locator('code', { hasText: /^echo$/ }) });
  await expect(echo).toHaveCount(1);
  await echo.getByText('Input schema of echo').click();
  await expect(echo.locator('pre')).toContainText('"message"');

  const log = details.getByRole('log', { name: 'Log of everything' });
  await expect(log.locator('[data-level="info"]').filter({ hasText: 'connected: mcp-servers/everything' })).toHaveCount(1);
  // The server's own stderr reaches the log (it announces its transport there).
  await expect(log.locator('[data-level="stderr"]').first()).toBeVisible();

  await details.getByRole('button', { name: 'Restart everything' }).click();
  await expect(log.locator('[data-level="info"]').filter({ hasText: 'connected: mcp-servers/everything' })).toHaveCount(2, { timeout: CONNECT_TIMEOUT_MS });
  await expect(row.getByTestId('mcp-server-status')).toHaveText('Connected');

  await page.getByRole('switch', { name: 'Enable everything' }).click();
  await expect(row.getByTestId('mcp-server-status')).toHaveText('Disabled');
  await expect(facts).toBeHidden();
  await expect(details.getByText('The tools are listed once the server is connected.')).toBeVisible();
  await expect(details.getByRole('button', { name: 'Restart everything' })).toBeDisabled();
});

test('a stdio server whose command does not exist shows Error, says so in a few words, and offers Edit; the full reason is one click away', async ({ page, host }) => {
  const command = 'elftia-no-such-command-xyz';
  const added = host.cli(['mcp', 'add', 'broken', '--transport', 'stdio', '--command', command]);
  expect(added.status, added.stderr).toBe(0);
  await page.goto(host.url);
  await openSettings(page);

  const row = page.getByTestId('mcp-server-row').filter({ hasText: 'broken' });
  await expect(row.getByTestId('mcp-server-status')).toHaveText('Error', { timeout: CONNECT_TIMEOUT_MS });

  const error = page.getByTestId('mcp-server-error');
  await expect(error.getByRole('alert')).toHaveText(`Command not found: ${command}`);
  // Not a runtime Elftia installs: the fix is the command itself.
  await expect(error.getByRole('button')).toHaveText(['Edit server']);
  // One click away: the message of whatever code McpService reported (never the raw code), what
  // happened, and the server's own words.
  const code = await error.getAttribute('data-code');
  expect(code && ERROR_MESSAGES[code]).toBeTruthy();
  const cause = ERROR_CATALOG.causes.commandNotFound!.replace('{{command}}', command);
  await error.getByText('Technical details').click();
  await expect(error.getByText(`${ERROR_MESSAGES[code!]} ${cause}`)).toBeVisible();
  await expect(error.locator('pre')).toContainText(command);

  await error.getByRole('button', { name: 'Edit server' }).click();
  const edit = page.getByRole('dialog', { name: 'Edit MCP server' });
  await expect(edit.getByLabel('Command', { exact: true })).toHaveValue(command);
  await edit.getByRole('button', { name: 'Cancel' }).click();

  await page.getByRole('button', { name: 'Details for broken' }).click();
  const details = page.getByRole('region', { name: 'Details of broken' });
  await expect(details.getByRole('log', { name: 'Log of broken' }).locator('[data-level="error"]').first()).toBeVisible();
  await expect(details.getByText('The tools are listed once the server is connected.')).toBeVisible();
});

test('a server whose tool list breaks the schema connects with its usable tools and names the ones left out', async ({ page, host }) => {
  const script = path.join(ROOT, 'packages/desktop/test/fixtures/lenient-lists-server.mjs');
  const added = host.cli(['mcp', 'add', 'sloppy', '--transport', 'stdio', '--command', process.execPath, `--arg=${script}`]);
  expect(added.status, added.stderr).toBe(0);
  await page.goto(host.url);
  await openSettings(page);

  const row = page.getByTestId('mcp-server-row').filter({ hasText: 'sloppy' });
  await expect(row.getByTestId('mcp-server-status')).toHaveText('Connected', { timeout: CONNECT_TIMEOUT_MS });
  await expect(row.getByTestId('mcp-server-facts')).toContainText('Tools: 10');
  await expect(page.getByTestId('mcp-server-skipped')).toHaveText('Left out of the server’s lists: 3. The details say why.');

  await page.getByTestId('mcp-server-skipped-notice').getByRole('button', { name: 'Show details' }).click();
  const details = page.getByRole('region', { name: 'Details of sloppy' });
  await expect(details.getByRole('heading', { name: 'Left out' })).toBeFocused();
  // Opening the details reads the resources, templates and prompts too, so their broken entries join the
  // tools' three, in the order of the lists (tools, resources, templates, prompts).
  await expect(details.getByRole('region', { name: 'Left out' }).getByTestId('mcp-skipped-item')).toHaveText([
    'Tool (no name): the entry is not an object.',
    /^Tool \(no name\): “name” is missing or not valid\./,
    'Tool echo: an earlier entry has the same name.',
    /^Resource \(no name\): “uri” is missing or not valid\./,
    /^Resource template \(no name\): “uriTemplate” is missing or not valid\./,
    /^Prompt \(no name\): “name” is missing or not valid\./,
  ]);
  await expect(details.getByTestId('mcp-tool')).toHaveCount(10);
  const log = details.getByRole('log', { name: 'Log of sloppy' });
  await expect(log.locator('[data-level="warn"]').filter({ hasText: /tool( "[^"]*")? left out/ })).toHaveCount(3);
  // The details read the server's resources, templates and prompts too (Resources & prompts): their
  // broken entries are named once each, and the tool list is not read a second time.
  for (const kind of ['resource', 'resourceTemplate', 'prompt']) {
    await expect(log.locator('[data-level="warn"]').filter({ hasText: new RegExp(`${kind} left out`) })).toHaveCount(1);
  }
  await expect(log.locator('[data-level="warn"]').filter({ hasText: 'left out' })).toHaveCount(6);
  await expect(details).not.toContainText('{{');
});
