/**
 * OAuth sign-in in Chromium against a local authorization server + protected MCP server
 * (packages/desktop/test/fixtures/oauth-server.mjs): the added server's row says "Needs sign-in";
 * Sign in shows the link (the headless host has no browser of its own), which a second page follows
 * to the authorization server and back to the loopback listener; the details end "Signed in as …"
 * with the scopes, the server connects and its tools are listed. Revoking the tokens at the server
 * brings "Needs sign-in" back. No token reaches the page. Screenshots in en, zh and ja.
 */
import path from 'node:path';
import { CONNECT_TIMEOUT_MS, expect, launchHost, ROOT, test } from './fixtures';
import { LANGUAGES, message, seedDataDir } from './layoutHelpers';
import { startAnnouncing, stopProcess } from './processes';

const FIXTURE = path.join(ROOT, 'packages/desktop/test/fixtures/oauth-server.mjs');

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
