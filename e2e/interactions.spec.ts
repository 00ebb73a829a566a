/**
 * A server asking the user during a tool call, end to end: Chromium against the headless host, the
 * real server-everything over stdio (its elicitation, URL and sampling tools), the scripted provider.
 * The question appears inside the tool-call card that caused it; the answer reaches the server, and
 * the tool's result shows it. Screenshots of the form in en, zh and ja go to test-results/screenshots/.
 */
import path from 'node:path';
import { CONNECT_TIMEOUT_MS, launchHost, ROOT } from './fixtures';
import { addEverythingServer, expect, sendMessage, startConversation, test } from './scriptedProvider';
import { LANGUAGES, message, SIZES, seedDataDir, visiblePlaceholders } from './layoutHelpers';

const SHOTS = path.join(ROOT, 'test-results', 'screenshots');
const ELICIT = { tool: 'trigger-elicitation-request', providerName: 'mcp__everything__trigger_elicitation_request' };
const URL_ELICIT = { tool: 'trigger-url-elicitation', providerName: 'mcp__everything__trigger_url_elicitation' };
const SAMPLE = { tool: 'trigger-sampling-request', providerName: 'mcp__everything__trigger_sampling_request' };

test('a form the server asks for appears in the tool-call card; what is entered reaches the server and shows in the result', async ({ page, host, provider }) => {
  addEverythingServer(host.cli);
  await provider.setScript({
    turns: [
      { format: 'openai', toolCalls: [{ id: 'call_form', name: ELICIT.providerName, arguments: {} }] },
      { format: 'openai', text: ['Thanks, Ada.'] },
    ],
  });
  await startConversation(page, { url: host.url, provider });
  await sendMessage(page, 'Sign me up');
  const log = page.getByRole('log', { name: 'Messages' });
  const card = log.getByRole('article', { name: `${ELICIT.tool} (everything)` });
  await card.getByRole('group', { name: `Allow ${ELICIT.tool} from everything to run?` }).getByRole('button', { name: 'Allow once' }).click();

  const form = card.getByTestId('interaction-form');
  await expect(form).toBeVisible();
  await expect(form).toContainText('everything asks for some information');
  // Defaults are filled in; formats choose the input.
  await expect(form.getByLabel('String with default', { exact: true })).toHaveValue('It was a dark and stormy night.');
  await expect(form.getByLabel('Integer', { exact: true })).toHaveValue('42');
  await expect(form.getByLabel('String with email format', { exact: true })).toHaveAttribute('type', 'email');
  await expect(form.getByLabel('String with date format', { exact: true })).toHaveAttribute('type', 'date');

  await form.getByRole('button', { name: 'Accept' }).click();
  // Name is required: the field says so, nothing is sent.
  await expect(form.getByText('This field is required.')).toBeVisible();
  await form.locator('[data-field="name"] input').fill('Ada Lovelace');
  await form.getByLabel('String with email format', { exact: true }).fill('ada@example');
  await form.getByRole('button', { name: 'Accept' }).click();
  await expect(form.getByText('Must be a valid email.')).toBeVisible();
  await form.getByLabel('String with email format', { exact: true }).fill('ada@example.com');
  await form.getByLabel('Boolean', { exact: true }).check();
  await form.getByRole('radio', { name: 'Wonder Woman' }).check();
  await form.getByRole('button', { name: 'Accept' }).click();

  await expect(card.getByTestId('interaction-form')).toHaveCount(0);
  await expect(card).toHaveAttribute('data-status', 'done');
  const result = card.getByTestId('tool-result');
  await expect(result).toContainText('- Name: Ada Lovelace');
  await expect(result).toContainText('- Email: ada@example.com');
  await expect(result).toContainText('- Agreed to terms: true');
  await expect(result).toContainText('hero-3');
  await expect(log.getByRole('article', { name: 'Assistant' }).last()).toContainText('Thanks, Ada.');
});

test('a web page the server asks to open shows its host and opens only on consent', async ({ page, host, provider }) => {
  addEverythingServer(host.cli);
  const url = 'https://auth.example.com/link?account=1';
  await provider.setScript({
    turns: [
      { format: 'openai', toolCalls: [{ id: 'call_url', name: URL_ELICIT.providerName, arguments: { url, message: 'Link your account' } }] },
      { format: 'openai', text: ['Not linked.'] },
    ],
  });
  await startConversation(page, { url: host.url, provider });
  await sendMessage(page, 'Link my account');
  const card = page.getByRole('log', { name: 'Messages' }).getByRole('article', { name: `${URL_ELICIT.tool} (everything)` });
  await card.getByRole('button', { name: 'Allow once' }).click();
  const prompt = card.getByTestId('interaction-url');
  await expect(prompt).toContainText('everything asks you to open a web page');
  await expect(prompt.getByTestId('interaction-url-host')).toHaveText('auth.example.com');
  await expect(prompt).toContainText(url);
  await page.screenshot({ path: path.join(SHOTS, 'interaction-url-en-1280x800.png') });
  let popups = 0;
  page.on('popup', () => void (popups += 1));
  await prompt.getByRole('button', { name: 'Decline' }).click();
  await expect(card).toHaveAttribute('data-status', 'done');
  await expect(card.getByTestId('tool-result')).toContainText('decline');
  expect(popups).toBe(0);
});

test('a sampling request is approved with an edit, runs on the conversation’s model, and its answer is recorded in the card', async ({ page, host, provider }) => {
  addEverythingServer(host.cli);
  await provider.setScript({
    turns: [
      { format: 'openai', toolCalls: [{ id: 'call_sample', name: SAMPLE.providerName, arguments: { prompt: 'say hi', maxTokens: 40 } }] },
      // The sampling request itself: the server's system prompt and the user's edited text reach the model.
      { format: 'openai', text: ['Bonjour!'], expect: { system: 'You are a helpful test server.', userText: ['say hi in French'] } },
      { format: 'openai', text: ['The server got its greeting.'] },
    ],
  });
  await startConversation(page, { url: host.url, provider });
  await sendMessage(page, 'Ask the server to sample');
  const card = page.getByRole('log', { name: 'Messages' }).getByRole('article', { name: `${SAMPLE.tool} (everything)` });
  await card.getByRole('button', { name: 'Allow once' }).click();
  const prompt = card.getByTestId('interaction-sampling');
  await expect(prompt).toContainText('everything asks your model for a reply');
  await expect(prompt).toContainText('You are a helpful test server.');
  await expect(prompt).toContainText('Reply limit: 40 tokens.');
  await page.screenshot({ path: path.join(SHOTS, 'interaction-sampling-en-1280x800.png') });
  await prompt.getByLabel('Message to the model (you may change it)').fill('say hi in French');
  await prompt.getByRole('button', { name: 'Approve' }).click();
  await expect(card.getByTestId('interaction-sampled')).toContainText('Bonjour!');
  await expect(card.getByTestId('tool-result')).toContainText('Bonjour!');
  await expect(card).toHaveAttribute('data-status', 'done');
  const completions = await provider.completions();
  expect(completions[1]?.body.tools ?? []).toEqual([]);
});

for (const language of LANGUAGES) {
  test(`the form in the tool-call card in ${language}`, async ({ page, provider }) => {
    test.setTimeout(120_000);
    const t = (key: string, params: Record<string, string> = {}) => message(language, key, params);
    await provider.setScript({ turns: [{ format: 'openai', toolCalls: [{ id: 'call_form', name: ELICIT.providerName, arguments: {} }] }, { format: 'openai', text: ['ok'] }] });
    const host = await launchHost({ prepare: (dataDir) => seedDataDir(dataDir, { language, providerUrl: provider.openaiBaseUrl }) });
    try {
      addEverythingServer(host.cli);
      await page.setViewportSize(SIZES[0]);
      await page.goto(host.url);
      // The server must be connected before the message is sent, or the model's call names no tool.
      const nav = page.getByRole('navigation', { name: t('app/shell:nav.label') });
      await nav.getByRole('button', { name: t('app/shell:nav.settings') }).click();
      await expect(page.getByTestId('mcp-server-row').filter({ hasText: 'everything' }).getByTestId('mcp-server-status')).toHaveAttribute('data-status', 'connected', {
        timeout: CONNECT_TIMEOUT_MS,
      });
      await nav.getByRole('button', { name: t('app/shell:nav.back') }).click();
      await page.keyboard.press('ControlOrMeta+Shift+O');
      const box = page.getByRole('textbox', { name: t('chat/conversations:composer.label') });
      await expect(box).toBeFocused();
      await box.fill('Sign me up');
      await page.keyboard.press('Enter');
      await page.getByTestId('approval-prompt').getByRole('button', { name: t('chat/tool-calls:approval.allowOnce') }).click();
      const form = page.getByTestId('tool-call').getByTestId('interaction-form');
      await expect(form).toContainText(t('chat/interactions:form.title', { server: 'everything' }), { timeout: 30_000 });
      await form.scrollIntoViewIfNeeded();
      expect(await visiblePlaceholders(page)).toEqual([]);
      await page.screenshot({ path: path.join(SHOTS, `interaction-form-${language}-1280x800.png`) });
      await form.getByRole('button', { name: t('chat/interactions:form.decline') }).click();
      await expect(page.getByTestId('tool-result')).toContainText('declined');
    } finally {
      await host.stop();
    }
  });
}
