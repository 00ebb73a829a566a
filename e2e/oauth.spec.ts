/**
 * OAuth sign-in in Chromium against a local authorization server + protected MCP server
 * (packages/desktop/test/fixtures/oauth-server.mjs): the added server's row says "Needs sign-in";
 * Sign in shows the link (the headless host has no browser of its own), which a second page follows
 * to the authorization server and back to the loopback listener; the details end "Signed in as …"
 * with the scopes, the server connects and its tools are listed. Revoking the tokens at the server
 * brings "Needs sign-in" back. No token reaches the page. Screenshots in en, zh and ja. And in a
 * conversation, a token that expires between two tool calls is refreshed without the user noticing,
 * and no file under the data dir holds a token in plain text.
 */
import fs from 'node:fs';
import path from 'node:path';
import { CONNECT_TIMEOUT_MS, expect, launchHost, openSettings, ROOT, test } from './fixtures';
import { LANGUAGES, message, seedDataDir } from './layoutHelpers';
import { startAnnouncing, stopProcess } from './processes';
import { addEverythingServer, test as chatTest, sendMessage, startConversation } from './scriptedProvider';

const FIXTURE = path.join(ROOT, 'packages/desktop/test/fixtures/oauth-server.mjs');

function filesUnder(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    return entry.isDirectory() ? filesUnder(full) : [full];
  });
}

for (const language of LANGUAGES) {
  test(`sign in to a protected server through the shown link (${language})`, async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 800 });
    const { child, announced } = await startAnnouncing<{ url: string; origin: string }>('the OAuth fixture', [FIXTURE], ROOT);
    const host = await launchHost({ prepare: (dataDir) => seedDataDir(dataDir, { language }) });
    try {
      const added = host.cli(['mcp', 'add', 'protected', '--transport', 'http', '--url', announced.url]);
      expect(added.status, added.stderr).toBe(0);
      await page.goto(host.url);
      const nav = page.getByRole('navigation', { name: message(language, 'app/shell:nav.label') });
      await nav.getByRole('button', { name: message(language, 'app/shell:nav.settings'), exact: true }).click();

      const notice = page.getByTestId('mcp-server-error');
      await expect(notice.getByRole('alert')).toHaveText(message(language, 'settings/tools:failure.authRequired'), { timeout: CONNECT_TIMEOUT_MS });
      await page.screenshot({ path: test.info().outputPath(`oauth-needs-sign-in-${language}.png`) });
      await notice.getByRole('button', { name: message(language, 'settings/tools:failure.actions.signIn') }).click();

      const section = page.getByTestId('mcp-server-sign-in');
      await expect(section.getByTestId('mcp-server-sign-in-state')).toHaveText(message(language, 'settings/tools:oauth.needsSignIn'));
      await section.getByRole('button', { name: message(language, 'settings/tools:oauth.signInTo', { name: 'protected' }) }).click();
      await expect(section.getByTestId('mcp-server-sign-in-state')).toHaveText(message(language, 'settings/tools:oauth.waiting'));
      const link = section.getByRole('link', { name: message(language, 'settings/tools:oauth.openLink') });
      const href = (await link.getAttribute('href')) ?? '';
      expect(href.startsWith(`${announced.origin}/authorize?`)).toBe(true);
      await page.screenshot({ path: test.info().outputPath(`oauth-waiting-${language}.png`) });

      // The "browser": a second page follows the link to the authorization server and back to Elftia's loopback.
      const browser = await page.context().newPage();
      await browser.goto(href);
      await expect(browser.locator('body')).toContainText(message('en', 'cli/messages:oauthPage.done'));
      await browser.close();

      await expect(section.getByTestId('mcp-server-sign-in-state')).toContainText(message(language, 'settings/tools:oauth.signedInAs', { account: 'ada@example.test' }), { timeout: CONNECT_TIMEOUT_MS });
      await expect(section.getByTestId('mcp-server-sign-in-state')).toContainText('mcp:tools');
      const row = page.getByTestId('mcp-server-row').filter({ hasText: 'protected' });
      await expect(row.getByTestId('mcp-server-status')).toHaveText(message(language, 'settings/tools:status.connected'), { timeout: CONNECT_TIMEOUT_MS });
      await expect(page.getByRole('switch', { name: message(language, 'settings/tools:toolList.useTool', { tool: 'whoami' }) })).toBeVisible();
      await page.screenshot({ path: test.info().outputPath(`oauth-signed-in-${language}.png`), fullPage: true });
      expect(await page.content()).not.toMatch(/\b(at|rt)-[0-9a-f]{8}-/);

      // Revoked at the authorization server: the next connect needs a sign-in again.
      await fetch(`${announced.origin}/admin/revoke`, { method: 'POST' });
      await page.getByRole('button', { name: message(language, 'settings/tools:details.restartServer', { name: 'protected' }) }).click();
      await expect(section.getByTestId('mcp-server-sign-in-state')).toHaveText(message(language, 'settings/tools:oauth.needsSignIn'), { timeout: CONNECT_TIMEOUT_MS });
      await expect(notice.getByRole('alert')).toHaveText(message(language, 'settings/tools:failure.authRequired'));
    } finally {
      await host.stop();
      await stopProcess(child);
    }
  });
}

chatTest('a token expiring mid-conversation is refreshed silently: the tool call answers and the sign-in stays', async ({ page, host, provider }) => {
  // Two MCP servers, a provider, a sign-in and a turn: more than the default minute on a busy machine.
  chatTest.setTimeout(150_000);
  // Access tokens live 4 s; Elftia refreshes them at half their life, before a request would meet a 401.
  const { child, announced } = await startAnnouncing<{ url: string; origin: string }>('the OAuth fixture', [FIXTURE], ROOT, { ...process.env, ACCESS_TTL_SEC: '4' });
  try {
    addEverythingServer(host.cli);
    const added = host.cli(['mcp', 'add', 'protected', '--transport', 'http', '--url', announced.url]);
    expect(added.status, added.stderr).toBe(0);
    await page.goto(host.url);
    await openSettings(page);
    await page.getByRole('button', { name: 'Details for protected' }).click();
    const section = page.getByTestId('mcp-server-sign-in');
    await section.getByRole('button', { name: 'Sign in to protected' }).click();
    const href = (await section.getByRole('link', { name: 'Open the sign-in page' }).getAttribute('href')) ?? '';
    const browser = await page.context().newPage();
    await browser.goto(href);
    await browser.close();
    await expect(section.getByTestId('mcp-server-sign-in-state')).toContainText('Signed in as ada@example.test', { timeout: CONNECT_TIMEOUT_MS });

    await provider.setScript({
      turns: [
        { format: 'openai', toolCalls: [{ id: 'call_ping', name: 'mcp__protected__ping', arguments: {} }] },
        { format: 'openai', text: ['The server answered.'] },
      ],
    });
    await startConversation(page, { url: host.url, provider });
    // Past the first token's life: the call needs the refreshed one.
    await page.waitForTimeout(4_500);
    await sendMessage(page, 'Ping the protected server');
    const log = page.getByRole('log', { name: 'Messages' });
    const card = log.getByRole('article', { name: 'ping (protected)' });
    await card.getByRole('group', { name: 'Allow ping from protected to run?' }).getByRole('button', { name: 'Allow once' }).click();
    await expect(card.getByTestId('tool-result')).toContainText('pong', { timeout: CONNECT_TIMEOUT_MS });
    await expect(log.getByRole('article', { name: 'Assistant' }).last()).toHaveText('The server answered.');

    const stats = (await (await fetch(`${announced.origin}/admin/stats`)).json()) as { token: { refresh_token: number }; register: number; authorize: number };
    expect(stats.token.refresh_token).toBeGreaterThanOrEqual(1);
    // Silently: no second registration or browser round trip.
    expect(stats).toMatchObject({ register: 1, authorize: 1 });
    // No file under the data dir holds a token (the fixture's are `at-<uuid>` / `rt-<uuid>`) in plain text.
    for (const file of filesUnder(host.dataDir)) expect(fs.readFileSync(file).toString('latin1'), file).not.toMatch(/\b(at|rt)-[0-9a-f]{8}-[0-9a-f]{4}-/);
  } finally {
    await stopProcess(child);
  }
});
