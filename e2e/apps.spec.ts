/**
 * MCP Apps end to end: Chromium against the headless host, with real Apps servers from npm
 * (server-basic-react, server-system-monitor; server-map only for its CSP, its tiles need the
 * network) and a hostile fixture app
 * (packages/desktop/test/fixtures/apps-hostile-app-server.mjs), the scripted provider calling their
 * tools. The app renders in its tool call's card inside the sandbox proxy's frame (another origin)
 * and receives the call's input and result; its own tool calls go through the approval prompt in
 * the card; it cannot reach an undeclared origin, the parent document or the top window; calls of
 * another server's tool or a model-only tool are refused; a 50 MB message is dropped; it is torn
 * down when the conversation switches or closes. Screenshots at 1280×800 in en, zh and ja.
 */
import path from 'node:path';
import type { ConsoleMessage, FrameLocator, Locator, Page } from '@playwright/test';
import { CONNECT_TIMEOUT_MS, launchHost, ROOT } from './fixtures';
import { addProviderInUi, expect, expectServerConnected, openChat, type ScriptedProviderProcess, sendMessage, test } from './scriptedProvider';
import { LANGUAGES, message, seedDataDir, visiblePlaceholders, wrappedLabels } from './layoutHelpers';

const APPS_PACKAGES = path.join(ROOT, 'packages', 'desktop', 'node_modules', '@modelcontextprotocol');
const HOSTILE_SERVER = path.join(ROOT, 'packages', 'desktop', 'test', 'fixtures', 'apps-hostile-app-server.mjs');
const SHOTS = path.join(ROOT, 'test-results', 'screenshots');

type Cli = (args: string[]) => { status: number; stderr: string };

function addStdioServer(cli: Cli, name: string, args: string[]): void {
  const added = cli(['mcp', 'add', name, '--transport', 'stdio', '--command', process.execPath, ...args.map((arg) => `--arg=${arg}`)]);
  expect(added.status, added.stderr).toBe(0);
}

/** An Apps server from npm, started as its README says: `node dist/index.js --stdio`. */
function addAppsServer(cli: Cli, name: string, pkg: string): void {
  addStdioServer(cli, name, [path.join(APPS_PACKAGES, pkg, 'dist', 'index.js'), '--stdio']);
}

async function startConversation(page: Page, url: string, provider: ScriptedProviderProcess, servers: string[]): Promise<void> {
  await page.goto(url);
  for (const server of servers) await expectServerConnected(page, server);
  await addProviderInUi(page, { name: 'Scripted', type: 'OpenAI-compatible', baseUrl: provider.openaiBaseUrl, apiKey: 'sk-scripted', model: 'scripted-model' });
  await openChat(page);
  await page.getByRole('button', { name: 'New conversation' }).click();
  await expect(page.getByRole('textbox', { name: 'Message' })).toBeVisible();
}

/** The card's app: the sandbox proxy's frame, and the app's own frame inside it. */
function appOf(card: Locator): FrameLocator {
  return card.frameLocator('[data-testid="app-frame-iframe"]').frameLocator('iframe');
}

async function allowInCard(card: Locator, choice: 'Allow once' | 'Always allow' = 'Allow once'): Promise<void> {
  await card.getByTestId('approval-prompt').getByRole('button', { name: choice }).click();
  await expect(card.getByTestId('approval-prompt')).toHaveCount(0);
}

test('server-basic-react: the app shows the call’s result, calls its tool through approval, writes into the composer and asks before a link', async ({ page, host, provider }) => {
  test.setTimeout(120_000);
  addAppsServer(host.cli, 'basic', 'server-basic-react');
  await provider.setScript({
    turns: [
      { format: 'openai', text: ['Here is the time.'], toolCalls: [{ id: 'call_time', name: 'mcp__basic__get-time', arguments: {} }] },
      { format: 'openai', text: ['That is the server’s time.'] },
    ],
  });
  await startConversation(page, host.url, provider, ['basic']);
  await sendMessage(page, 'What time is it on the server?');
  const log = page.getByRole('log', { name: 'Messages' });
  const card = log.getByRole('article', { name: 'get-time (basic)' });
  await allowInCard(card);
  await expect(card).toHaveAttribute('data-status', 'done');
  await expect(log.getByText('That is the server’s time.')).toBeVisible();

  const app = appOf(card);
  await expect(card.getByTestId('app-frame-iframe')).toHaveAttribute('data-initialized', 'true', { timeout: 20_000 });
  const serverTime = app.locator('code');
  // The tool result's ISO time, shown by the app (it says "Loading..." until the result arrives).
  await expect(serverTime).toHaveText(/^\d{4}-\d\d-\d\dT/);
  const first = await serverTime.textContent();

  // The app calls get-time itself: the prompt is in the card, under the app; allowed, the app shows the new time.
  await app.getByRole('button', { name: 'Get Server Time' }).click();
  const appPrompt = card.getByTestId('app-frame').getByTestId('approval-prompt');
  await expect(appPrompt).toContainText('get-time');
  await allowInCard(card);
  await expect(serverTime).not.toHaveText(first ?? '');

  // ui/message: into the composer, not sent.
  await app.locator('textarea').fill('Hello from the app');
  await app.getByRole('button', { name: 'Send Message' }).click();
  await expect(page.getByRole('textbox', { name: 'Message' })).toHaveValue('Hello from the app');
  expect((await provider.completions()).filter((r) => JSON.stringify(r.body).includes('Hello from the app'))).toEqual([]);

  // ui/open-link: the host's consent first, its host shown.
  await app.locator('input[type="url"]').fill('https://docs.example.org/apps?x=1');
  await app.getByRole('button', { name: 'Open Link' }).click();
  const dialog = page.getByRole('dialog', { name: 'The app of basic asks to open a link' });
  await expect(dialog.getByTestId('app-open-link-host')).toHaveText('docs.example.org');
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toHaveCount(0);

  // Expanded over the conversation, Esc brings it back.
  await card.getByRole('button', { name: 'Expand' }).click();
  await expect(card.getByTestId('app-frame')).toHaveAttribute('data-display-mode', 'fullscreen');
  await page.keyboard.press('Escape');
  await expect(card.getByTestId('app-frame')).toHaveAttribute('data-display-mode', 'inline');
  // The same with the focus inside the app, whose key events never reach the app's page: the frame reports the Esc.
  await card.getByRole('button', { name: 'Expand' }).click();
  await expect(card.getByTestId('app-frame')).toHaveAttribute('data-display-mode', 'fullscreen');
  await app.locator('textarea').focus();
  await page.keyboard.press('Escape');
  await expect(card.getByTestId('app-frame')).toHaveAttribute('data-display-mode', 'inline');
  // Inline, an Esc in the app changes nothing.
  await page.keyboard.press('Escape');
  await expect(card.getByTestId('app-frame')).toHaveAttribute('data-display-mode', 'inline');
});

test('server-basic-react: the card and its app appear while the model still writes the arguments', async ({ page, host, provider }) => {
  test.setTimeout(120_000);
  addAppsServer(host.cli, 'basic', 'server-basic-react');
  // The arguments arrive slowly (12 pieces, 700 ms apart): the card must not wait for the last one.
  const slowArguments = `{${' '.repeat(60)}}`;
  await provider.setScript({
    turns: [
      { format: 'openai', chunkDelayMs: 700, toolCalls: [{ id: 'call_slow', name: 'mcp__basic__get-time', rawArguments: slowArguments, fragments: 12 }] },
      { format: 'openai', text: ['That is the server’s time.'] },
    ],
  });
  await startConversation(page, host.url, provider, ['basic']);
  await sendMessage(page, 'What time is it on the server?');
  const log = page.getByRole('log', { name: 'Messages' });
  const card = log.getByRole('article', { name: 'get-time (basic)' });
  await expect(card).toHaveAttribute('data-status', 'streaming');
  await expect(card.getByTestId('tool-call-status')).toHaveText('Writing arguments…');
  await expect(card.getByTestId('app-frame-iframe')).toBeAttached();
  // Then the complete call takes the same card over: approval, the result in the app.
  await allowInCard(card);
  await expect(card).toHaveAttribute('data-status', 'done');
  await expect(log.getByRole('article', { name: 'get-time (basic)' })).toHaveCount(1);
  await expect(card.getByTestId('app-frame-iframe')).toHaveAttribute('data-initialized', 'true', { timeout: 20_000 });
  await expect(appOf(card).locator('code')).toHaveText(/^\d{4}-\d\d-\d\dT/);
});

test('server-system-monitor: the app polls its app-only tool, asked once and then always allowed', async ({ page, host, provider }) => {
  test.setTimeout(120_000);
  addAppsServer(host.cli, 'monitor', 'server-system-monitor');
  await provider.setScript({
    turns: [
      { format: 'openai', text: ['Opening the monitor.'], toolCalls: [{ id: 'call_info', name: 'mcp__monitor__get-system-info', arguments: {} }] },
      { format: 'openai', text: ['The monitor is open.'] },
    ],
  });
  await startConversation(page, host.url, provider, ['monitor']);
  // The app-only poll tool is not offered to the model.
  await sendMessage(page, 'Show the system monitor');
  const log = page.getByRole('log', { name: 'Messages' });
  const card = log.getByRole('article', { name: 'get-system-info (monitor)' });
  await allowInCard(card);
  await expect(card).toHaveAttribute('data-status', 'done');
  const app = appOf(card);
  await expect(app.locator('#info-hostname')).not.toHaveText('');

  const [request] = await provider.completions();
  const offered = (request?.body.tools ?? []).map((tool) => tool.function.name);
  expect(offered).toContain('mcp__monitor__get_system_info');
  expect(offered.filter((name) => name.includes('poll'))).toEqual([]);

  const toggle = app.locator('#poll-toggle-btn');
  if ((await toggle.textContent()) === 'Start') await toggle.click();
  const appPrompt = card.getByTestId('app-frame').getByTestId('approval-prompt');
  await expect(appPrompt).toContainText('poll-system-stats');
  await allowInCard(card, 'Always allow');
  // Polls keep coming (the status shows the last poll's time) and no prompt comes back.
  const status = app.locator('#status-text');
  await expect(status).toHaveText(/^\d\d:\d\d:\d\d$/, { timeout: 20_000 });
  const firstPoll = await status.textContent();
  await expect(status).not.toHaveText(firstPoll ?? '', { timeout: 20_000 });
  await expect(appPrompt).toHaveCount(0);
});

test('server-map: the origins its app declares reach the sandbox’s CSP, and only those (offline here, so its tiles do not load)', async ({ page, host, provider }) => {
  test.setTimeout(120_000);
  addAppsServer(host.cli, 'map', 'server-map');
  await provider.setScript({
    turns: [
      { format: 'openai', text: ['Here is London.'], toolCalls: [{ id: 'call_map', name: 'mcp__map__show-map', arguments: { label: 'London' } }] },
      { format: 'openai', text: ['That is London.'] },
    ],
  });
  await startConversation(page, host.url, provider, ['map']);
  await sendMessage(page, 'Show me London');
  const card = page.getByRole('log', { name: 'Messages' }).getByRole('article', { name: 'show-map (map)' });
  const proxy = page.waitForResponse((response) => response.url().includes('/proxy.html'));
  await allowInCard(card);
  const frame = card.getByTestId('app-frame-iframe');
  const src = new URL((await frame.getAttribute('src')) ?? '');
  expect(JSON.parse(src.searchParams.get('csp') ?? '{}')).toMatchObject({ connectDomains: ['https://*.openstreetmap.org', 'https://cesium.com', 'https://*.cesium.com'] });
  const csp = (await (await proxy).allHeaders())['content-security-policy'] ?? '';
  const directive = (name: string) => csp.split(';').map((part) => part.trim()).find((part) => part.startsWith(`${name} `)) ?? '';
  expect(directive('connect-src').split(' ').slice(1).sort()).toEqual(['https://*.cesium.com', 'https://*.openstreetmap.org', 'https://cesium.com']);
  expect(directive('frame-src')).toBe("frame-src 'none'");
  expect(directive('default-src')).toBe("default-src 'none'");
  // The app's page is in the sandbox's inner frame.
  await expect(card.frameLocator('[data-testid="app-frame-iframe"]').locator('iframe')).toHaveAttribute('sandbox', 'allow-scripts allow-forms');
});

test('a hostile app is contained: no top navigation, no parent, no undeclared origin, no other server’s or model-only tool, no 50 MB message; torn down on switching and closing', async ({
  page,
  host,
  provider,
}) => {
  test.setTimeout(150_000);
  addStdioServer(host.cli, 'hostile', [HOSTILE_SERVER]);
  addAppsServer(host.cli, 'basic', 'server-basic-react');
  const consoleLines: string[] = [];
  page.on('console', (line: ConsoleMessage) => consoleLines.push(line.text()));
  await provider.setScript({
    turns: [
      { format: 'openai', text: ['Opening it.'], toolCalls: [{ id: 'call_hostile', name: 'mcp__hostile__show-hostile', arguments: { text: 'hi' } }] },
      { format: 'openai', text: ['It is open.'] },
      { format: 'openai', text: ['Paris it is.'] },
    ],
  });
  await startConversation(page, host.url, provider, ['hostile', 'basic']);
  await sendMessage(page, 'Open the hostile app');
  const log = page.getByRole('log', { name: 'Messages' });
  const card = log.getByRole('article', { name: 'show-hostile (hostile)' });
  await allowInCard(card);
  const app = appOf(card);
  await expect(app.getByTestId('input')).toHaveText('{"text":"hi"}');
  await expect(app.getByTestId('result')).toHaveText('show-hostile says hi');
  const appUrl = page.url();
  const steps = app.getByTestId('log');

  await app.getByRole('button', { name: 'Navigate top' }).click();
  await expect(steps).toContainText('top: blocked SecurityError');
  await page.waitForTimeout(500);
  expect(page.url()).toBe(appUrl);
  await expect(page).toHaveTitle('Elftia');

  await app.getByRole('button', { name: 'Touch parent' }).click();
  await expect(steps).toContainText('parent: blocked SecurityError');
  await expect(steps).toContainText('top-document: blocked SecurityError');

  await app.getByRole('button', { name: 'Fetch undeclared' }).click();
  await expect(steps).toContainText('fetch: blocked');
  await expect(app.getByTestId('csp')).toContainText('connect-src https://undeclared.example.com');

  await app.getByRole('button', { name: 'Call other server' }).click();
  // Refused by main's gate (APP_TOOL_NOT_ALLOWED) before any prompt: the app gets an error answer.
  await expect(steps).toContainText(/other: refused .*may not call get-time/);
  await app.getByRole('button', { name: 'Call model-only' }).click();
  await expect(steps).toContainText(/model: refused .*may not call hostile-model-only/);
  await expect(card.getByTestId('approval-prompt')).toHaveCount(0);

  const frame = card.getByTestId('app-frame-iframe');
  const heightBefore = await frame.evaluate((element) => element.getBoundingClientRect().height);
  await app.getByRole('button', { name: 'Send 50 MB' }).click();
  await expect(steps).toContainText('huge: sent');
  await page.waitForTimeout(1_000);
  expect(await frame.evaluate((element) => element.getBoundingClientRect().height)).toBe(heightBefore);
  // The same message at 1 KB does arrive: the big one was dropped for its size, not its shape.
  await app.getByRole('button', { name: 'Send 1 KB' }).click();
  await expect.poll(() => frame.evaluate((element) => element.getBoundingClientRect().height)).toBe(640);
  // Still working: its own app-only tool, through the prompt in the card.
  await app.getByRole('button', { name: 'Call own tool' }).click();
  await allowInCard(card);
  await expect(steps).toContainText('echo: ok hostile-echo says echo');

  // ui/update-model-context reaches the model with the next turn.
  await app.getByRole('button', { name: 'Give context' }).click();
  await expect(steps).toContainText('context: ok');
  await sendMessage(page, 'Which city?');
  await expect(log.getByText('Paris it is.')).toBeVisible();
  const lastRequest = (await provider.completions()).at(-1);
  expect(JSON.stringify(lastRequest?.body.messages)).toContain('The user picked Paris.');

  // Switching to a new conversation tears the app down (it answers) and removes its frame.
  await page.getByRole('button', { name: 'New conversation' }).click();
  await expect(page.getByTestId('app-frame')).toHaveCount(0);
  await expect.poll(() => consoleLines.filter((line) => line === 'hostile-app: teardown').length).toBe(1);

  // Back again: the app starts afresh with the same input and result; deleting the conversation tears it down.
  await page.getByTestId('conversation-list').getByRole('listitem').filter({ hasText: /hostile/i }).first().click();
  await expect(appOf(page.getByRole('article', { name: 'show-hostile (hostile)' })).getByTestId('result')).toHaveText('show-hostile says hi');
  const row = page.getByTestId('conversation-list').getByRole('listitem').filter({ hasText: /hostile/i }).first();
  await row.hover();
  await row.getByRole('button').last().click();
  await page.getByRole('menuitem', { name: 'Delete' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByTestId('app-frame')).toHaveCount(0);
  await expect.poll(() => consoleLines.filter((line) => line === 'hostile-app: teardown').length).toBe(2);
});

for (const language of LANGUAGES) {
  test(`an app inline, expanded, and its call's approval in ${language} (screenshots)`, async ({ page, provider }) => {
    test.setTimeout(120_000);
    const t = (key: string, params: Record<string, string | number> = {}) => message(language, key, params);
    await provider.setScript({
      turns: [
        { format: 'openai', text: ['Here is the time.'], toolCalls: [{ id: 'call_time', name: 'mcp__basic__get-time', arguments: {} }] },
        { format: 'openai', text: ['That is the server’s time.'] },
      ],
    });
    const host = await launchHost({ prepare: (dataDir) => seedDataDir(dataDir, { language, providerUrl: provider.openaiBaseUrl }) });
    try {
      addAppsServer(host.cli, 'basic', 'server-basic-react');
      const problems: string[] = [];
      const shoot = async (screen: string) => {
        for (const label of await wrappedLabels(page)) problems.push(`${screen}: ${label}`);
        for (const text of await visiblePlaceholders(page)) problems.push(`${screen}: placeholder in “${text}”`);
        await page.screenshot({ path: path.join(SHOTS, `${screen}-${language}-1280x800.png`) });
      };
      await page.setViewportSize({ width: 1280, height: 800 });
      await page.goto(host.url);
      const nav = page.getByRole('navigation', { name: t('app/shell:nav.label') });
      await nav.getByRole('button', { name: t('app/shell:nav.settings') }).click();
      await expect(page.getByTestId('mcp-server-row').filter({ hasText: 'basic' }).getByTestId('mcp-server-status')).toHaveAttribute('data-status', 'connected', {
        timeout: CONNECT_TIMEOUT_MS,
      });
      await nav.getByRole('button', { name: t('app/shell:nav.back') }).click();
      await page.keyboard.press('ControlOrMeta+Shift+O');
      const box = page.getByRole('textbox', { name: t('chat/conversations:composer.label') });
      await box.fill('What time is it on the server?');
      await page.keyboard.press('Enter');
      const card = page.getByRole('log').getByTestId('tool-call').first();
      await card.getByTestId('approval-prompt').getByRole('button', { name: t('chat/tool-calls:approval.allowOnce') }).click();
      const app = appOf(card);
      await expect(app.locator('code')).toHaveText(/^\d{4}-\d\d-\d\dT/, { timeout: 20_000 });
      await expect(page.getByRole('button', { name: t('chat/conversations:composer.send') })).toBeVisible();
      await shoot('app-inline');

      await app.getByRole('button', { name: 'Get Server Time' }).click();
      await expect(card.getByTestId('app-frame').getByTestId('approval-prompt')).toBeVisible();
      await card.getByTestId('approval-prompt').scrollIntoViewIfNeeded();
      await shoot('app-approval');
      await card.getByTestId('approval-prompt').getByRole('button', { name: t('chat/tool-calls:approval.allowOnce') }).click();

      await card.getByRole('button', { name: t('chat/apps:expand') }).click();
      await expect(card.getByTestId('app-frame')).toHaveAttribute('data-display-mode', 'fullscreen');
      await shoot('app-expanded');
      expect(problems).toEqual([]);
    } finally {
      await host.stop();
    }
  });
}
