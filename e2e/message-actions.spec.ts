/**
 * Message actions, usage, titles and what ran without asking, end to end: Chromium against the
 * headless host and the scripted provider. Each test reads back what the provider received, so
 * "regenerate", "edit" and "retry" are checked by the history the model was sent, not only by the UI.
 * Screenshots of the chat in en, zh and ja at 1280×800 and 900×600 are written for review.
 */
import fs from 'node:fs';
import path from 'node:path';
import type { Browser, Page } from '@playwright/test';
import { ROOT } from './fixtures';
import {
  addEverythingServer,
  addProviderInUi,
  expect,
  expectServerConnected,
  type OpenAIMessage,
  openChat,
  type ScriptedProviderProcess,
  sendMessage,
  startConversation,
  test,
} from './scriptedProvider';

const ERRORS = (JSON.parse(fs.readFileSync(path.join(ROOT, 'locales/en/common/errors.json'), 'utf8')) as { errors: Record<string, string> }).errors;
const ECHO = { tool: 'echo', providerName: 'mcp__everything__echo' };
const LOCALES = { en: 'en-US', zh: 'zh-CN', ja: 'ja-JP' } as const;
const SIZES = [
  { width: 1280, height: 800 },
  { width: 900, height: 600 },
];
/** Where the review screenshots go: ELFTIA_SHOTS_DIR, else the test's output folder. */
const shotPath = (name: string) => (process.env.ELFTIA_SHOTS_DIR ? path.join(process.env.ELFTIA_SHOTS_DIR, name) : test.info().outputPath(name));

/** The conversation as the model was sent it: roles and texts, system prompts left out. */
function history(messages: OpenAIMessage[]): Array<[string, string]> {
  return messages.filter((m) => m.role !== 'system').map((m) => [m.role, typeof m.content === 'string' ? m.content : JSON.stringify(m.content)]);
}

/** A provider pointing at the scripted server and a new conversation using it (no MCP server needed). */
async function startPlain(page: Page, url: string, provider: ScriptedProviderProcess): Promise<void> {
  await page.goto(url);
  await addProviderInUi(page, { name: 'Scripted', type: 'OpenAI-compatible', baseUrl: provider.openaiBaseUrl, apiKey: 'sk-scripted', model: 'scripted-model' });
  await openChat(page);
  await page.getByRole('button', { name: 'New conversation' }).click();
}

/** Opens the app in each language and window size (the conversation opened last shows) and saves a screenshot. */
async function shootEveryLocale(browser: Browser, url: string, name: string, prepare?: (page: Page) => Promise<void>): Promise<void> {
  for (const [language, locale] of Object.entries(LOCALES)) {
    const context = await browser.newContext({ locale });
    try {
      const page = await context.newPage();
      for (const size of SIZES) {
        await page.setViewportSize(size);
        await page.goto(url);
        await expect(page.getByRole('log')).toBeVisible();
        await expect(page.getByTestId('message').first()).toBeVisible();
        await prepare?.(page);
        await expect(page.locator('body')).not.toContainText('{{');
        await page.screenshot({ path: shotPath(`${name}-${language}-${size.width}x${size.height}.png`) });
      }
    } finally {
      await context.close();
    }
  }
}

test('regenerate runs the last turn again with the same history; the answer shows its token usage and the conversation gets a generated title', async ({ page, host, provider, browser }) => {
  await provider.setScript({
    turns: [
      { format: 'openai', text: ['Kyoto is lovely ', 'in autumn.'], usage: { input: 1234, output: 567 } },
      { format: 'openai', text: ['Try Nara ', 'as well.'], usage: { input: 1300, output: 42 } },
    ],
    title: { text: ['Autumn trip ', 'to Kyoto'] },
  });
  await startPlain(page, host.url, provider);
  await sendMessage(page, 'Where should I travel this autumn?');
  const log = page.getByRole('log', { name: 'Messages' });
  const answer = log.getByRole('article', { name: 'Assistant' });
  await expect(answer).toContainText('Kyoto is lovely in autumn.');
  await expect(answer.getByTestId('message-usage')).toHaveText('Tokens used: 1,234 in · 567 out');

  // The title: one short extra request, without tools, to the same model; the list shows its answer.
  const list = page.getByTestId('conversation-list');
  await expect(list.getByRole('button', { name: 'Autumn trip to Kyoto', exact: true })).toBeVisible();
  const [titleRequest, ...moreTitles] = await provider.titleRequests();
  expect(moreTitles).toEqual([]);
  expect(titleRequest!.body.model).toBe('scripted-model');
  expect(titleRequest!.body.tools).toBeUndefined();
  expect(titleRequest!.body.messages[0]?.role).toBe('system');
  expect(JSON.stringify(titleRequest!.body.messages[1]?.content)).toContain('Where should I travel this autumn?');

  await answer.getByRole('button', { name: 'Regenerate' }).click();
  await expect(answer).toHaveCount(1);
  await expect(answer).toContainText('Try Nara as well.');
  await expect(answer).not.toContainText('Kyoto is lovely');
  await expect(answer.getByTestId('message-usage')).toHaveText('Tokens used: 1,300 in · 42 out');
  const [first, second, ...rest] = await provider.completions();
  expect(rest).toEqual([]);
  expect(history(first!.body.messages)).toEqual([['user', 'Where should I travel this autumn?']]);
  // The model is asked the same question again, without the answer it replaces.
  expect(history(second!.body.messages)).toEqual([['user', 'Where should I travel this autumn?']]);
  // The stream asked for usage (stream_options), the provider answered with it.
  expect((second!.body as unknown as { stream_options?: unknown }).stream_options).toEqual({ include_usage: true });
  // Named once: a regenerated answer does not rename the conversation.
  expect(await provider.titleRequests()).toHaveLength(1);

  // Copy puts the answer's Markdown source on the clipboard.
  await page.context().grantPermissions(['clipboard-read', 'clipboard-write']);
  await answer.getByRole('button', { name: 'Copy answer' }).click();
  await expect(answer.getByRole('button', { name: 'Copied' })).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe('Try Nara as well.');

  await shootEveryLocale(browser, host.url, 'answer-actions', async (shot) => {
    await shot.getByTestId('message').first().hover();
  });
});

test('edit-and-resend replaces the message and every later turn; the model is sent the edited history, also after a reload', async ({ page, host, provider, browser }) => {
  await provider.setScript({
    turns: [
      { format: 'openai', text: ['One.'] },
      { format: 'openai', text: ['Two.'] },
      { format: 'openai', text: ['Two, edited.'] },
      { format: 'openai', text: ['Three.'] },
    ],
  });
  await startPlain(page, host.url, provider);
  const log = page.getByRole('log', { name: 'Messages' });
  const mine = log.getByRole('article', { name: 'You' });
  const answers = log.getByRole('article', { name: 'Assistant' });
  await sendMessage(page, 'first question');
  await expect(answers.last()).toContainText('One.');
  await sendMessage(page, 'second question');
  await expect(answers.last()).toContainText('Two.');

  // An earlier answer's bar is hidden until the keyboard reaches it (Tab from the question's Edit).
  const firstBar = answers.first().getByRole('group', { name: 'Message actions' });
  await expect(firstBar).toHaveCSS('opacity', '0');
  await mine.first().getByRole('button', { name: 'Edit' }).focus();
  await page.keyboard.press('Tab');
  await expect(answers.first().getByRole('button', { name: 'Copy answer' })).toBeFocused();
  await expect(firstBar).toHaveCSS('opacity', '1');

  await mine.nth(1).hover();
  await mine.nth(1).getByRole('button', { name: 'Edit' }).click();
  const box = mine.nth(1).getByRole('textbox', { name: 'Edit your message' });
  await expect(box).toBeFocused();
  await expect(box).toHaveValue('second question');
  await expect(mine.nth(1)).toContainText('Sending replaces this message and everything after it.');
  await box.fill('second question, reworded');
  await box.press('Enter');

  await expect(answers.last()).toContainText('Two, edited.');
  await expect(mine).toHaveText(['first question', 'second question, reworded']);
  await expect(answers).toHaveCount(2);
  const edited = (await provider.completions())[2]!;
  expect(history(edited.body.messages)).toEqual([
    ['user', 'first question'],
    ['assistant', 'One.'],
    ['user', 'second question, reworded'],
  ]);

  // Stored that way: after a reload the replaced turn is gone, and the next message follows the edit.
  await page.reload();
  await expect(mine).toHaveText(['first question', 'second question, reworded']);
  await sendMessage(page, 'third question');
  await expect(answers.last()).toContainText('Three.');
  expect(history((await provider.completions())[3]!.body.messages)).toEqual([
    ['user', 'first question'],
    ['assistant', 'One.'],
    ['user', 'second question, reworded'],
    ['assistant', 'Two, edited.'],
    ['user', 'third question'],
  ]);

  await shootEveryLocale(browser, host.url, 'edit-message', async (shot) => {
    const question = shot.getByTestId('message').nth(2);
    await question.hover();
    // Copy, then Edit: by position, as the labels change with the language.
    await question.getByRole('group').getByRole('button').nth(1).click();
    await expect(question.getByRole('textbox')).toBeFocused();
  });
});

test('retry after a provider error asks again with the same history, and the error goes', async ({ page, host, provider }) => {
  await provider.setScript({ turns: [{ format: 'openai', error: { status: 500, message: 'upstream exploded' } }, { format: 'openai', text: ['Recovered.'] }] });
  await startPlain(page, host.url, provider);
  await sendMessage(page, 'hello?');
  const log = page.getByRole('log', { name: 'Messages' });
  const answer = log.getByRole('article', { name: 'Assistant' });
  await expect(answer.getByTestId('message-error')).toHaveText(ERRORS.PROVIDER_SERVER!.replace('{{status}}', '500'));
  await answer.getByRole('button', { name: 'Retry' }).click();
  await expect(answer).toHaveCount(1);
  await expect(answer).toContainText('Recovered.');
  await expect(log.getByTestId('message-error')).toHaveCount(0);
  const [failed, retried] = await provider.completions();
  expect(failed!.outcome).toBe('error');
  expect(history(retried!.body.messages)).toEqual([['user', 'hello?']]);
});

test('many-tools mode is said in the chat: how many tools and the threshold', async ({ page, host, provider, browser }) => {
  addEverythingServer(host.cli);
  await provider.setScript({ turns: [{ format: 'openai', text: ['I will search the tools.'] }] });
  await startConversation(page, { url: host.url, provider });
  await expectServerConnected(page, 'everything');
  await page.getByRole('tab', { name: 'Approvals' }).click();
  await page.getByLabel('Many-tools threshold').fill('5');
  await page.getByRole('button', { name: 'Save threshold' }).click();
  await openChat(page);

  await sendMessage(page, 'Which tool adds numbers?');
  const answer = page.getByRole('log', { name: 'Messages' }).getByRole('article', { name: 'Assistant' });
  await expect(answer).toContainText('I will search the tools.');
  const note = answer.getByTestId('many-tools-note');
  await expect(note).toContainText('more than the limit of 5');
  const count = Number(/Many-tools mode: (\d+) tools are available/.exec((await note.textContent()) ?? '')?.[1]);
  expect(count).toBeGreaterThan(5);
  const [request] = await provider.completions();
  const offered = (request!.body.tools ?? []).map((t) => t.function.name);
  expect(offered).toEqual(expect.arrayContaining(['use_mcp_tool', 'search_tools']));
  expect(offered).not.toContain(ECHO.providerName);
  await shootEveryLocale(browser, host.url, 'many-tools-note');
});

test('a call that ran without asking is marked on its card, and Revoke there makes the next call ask', async ({ page, host, provider, browser }) => {
  addEverythingServer(host.cli);
  const echo = (id: string, message: string) => ({ format: 'openai' as const, toolCalls: [{ id, name: ECHO.providerName, arguments: { message } }] });
  await provider.setScript({
    turns: [echo('call_1', 'one'), { format: 'openai', text: ['Echoed one.'] }, echo('call_2', 'two'), { format: 'openai', text: ['Echoed two.'] }, echo('call_3', 'three'), { format: 'openai', text: ['Echoed three.'] }],
  });
  await startConversation(page, { url: host.url, provider });
  const log = page.getByRole('log', { name: 'Messages' });
  const cards = log.getByRole('article', { name: `${ECHO.tool} (everything)` });
  const answers = log.getByRole('article', { name: 'Assistant' });

  await sendMessage(page, 'Echo one');
  await cards.nth(0).getByRole('button', { name: 'Always allow' }).click();
  await expect(answers.last()).toContainText('Echoed one.');
  // Asked, so not marked.
  await expect(cards.nth(0).getByTestId('tool-call-auto-approved')).toHaveCount(0);

  await sendMessage(page, 'Echo two');
  await expect(answers.last()).toContainText('Echoed two.');
  const mark = cards.nth(1).getByTestId('tool-call-auto-approved');
  await expect(mark).toContainText('Ran without asking: you chose Always allow for echo on everything.');
  await shootEveryLocale(browser, host.url, 'auto-approved-mark', async (shot) => {
    await shot.getByTestId('tool-call-auto-approved').scrollIntoViewIfNeeded();
  });

  await mark.getByRole('button', { name: 'Revoke Always allow for echo on everything' }).click();
  await expect(mark).toContainText('Always allow has since been revoked: the next call asks first.');
  await expect(mark.getByRole('button')).toHaveCount(0);

  await sendMessage(page, 'Echo three');
  const prompt = cards.nth(2).getByRole('group', { name: `Allow ${ECHO.tool} from everything to run?` });
  await expect(prompt).toBeVisible();
  await prompt.getByRole('button', { name: 'Allow once' }).click();
  await expect(answers.last()).toContainText('Echoed three.');
  await expect(cards.nth(2).getByTestId('tool-call-auto-approved')).toHaveCount(0);
});
