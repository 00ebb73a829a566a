/**
 * Content from a model or a tool never runs in the page: a `<script>`, an `<img onerror>`, a
 * `javascript:` link, `data:` URLs, an `<iframe>`, an `<svg onload>` and HTML inside a code block,
 * in an assistant's Markdown answer and in a real MCP server's tool result (server-everything's
 * echo). Each payload would set window.__pwned; the test checks it stays unset, that no such
 * element exists, and that the answer around them is still rendered Markdown.
 */
import path from 'node:path';
import { addEverythingServer, expect, sendMessage, startConversation, test } from './scriptedProvider';

const SHOTS_DIR = process.env.ELFTIA_SHOTS_DIR ?? '/tmp/markdown-shots';

const ECHO = { tool: 'echo', providerName: 'mcp__everything__echo' };

/** HTML and links that would set window.__pwned if anything let them run. */
const HTML_PAYLOADS = [
  '<script>window.__pwned = "script"</script>',
  '<img src="x" onerror="window.__pwned = \'img\'">',
  '<iframe src="javascript:parent.__pwned = \'iframe\'"></iframe>',
  '<iframe srcdoc="<script>parent.__pwned = \'srcdoc\'</script>"></iframe>',
  '<svg onload="window.__pwned = \'svg\'"><circle r="5"></circle></svg>',
  '<a href="javascript:window.__pwned = \'anchor\'">raw anchor</a>',
  '<details open ontoggle="window.__pwned = \'details\'">toggle</details>',
  '<object data="data:text/html,<script>parent.__pwned = \'object\'</script>"></object>',
];

const ANSWER = [
  '# Payloads',
  '',
  'A [safe link](https://example.com/safe) and some unsafe ones:',
  '',
  '- [js link](javascript:window.__pwned=\'link\')',
  '- [data link](data:text/html;base64,PHNjcmlwdD53aW5kb3cub3BlbmVyLl9fcHduZWQ9MTwvc2NyaXB0Pg==)',
  '- ![svg image](data:image/svg+xml;base64,PHN2ZyBvbmxvYWQ9ImFsZXJ0KDEpIi8+)',
  '- <javascript:window.__pwned=\'autolink\'>',
  '',
  ...HTML_PAYLOADS.flatMap((payload) => [payload, '']),
  '```html',
  '<script>window.__pwned = "code"</script>',
  '<img src=x onerror="window.__pwned = \'code-img\'">',
  '```',
  '',
  'Inline `<img src=x onerror="window.__pwned=1">` too.',
].join('\n');

/** Elements none of the content may create inside the conversation. */
const FORBIDDEN = 'script, iframe, object, embed, svg:not(.lucide), img, [onload], [ontoggle], [onerror], a[href^="javascript:"], a[href^="data:"], style';

test('scripts, event handlers, javascript: and data: links and iframes in an answer and in a tool result do not run', async ({ page, host, provider }) => {
  addEverythingServer(host.cli);
  const echoed = `Tool says ${HTML_PAYLOADS.join(' ')} [tool link](javascript:window.__pwned='tool')`;
  await provider.setScript({
    turns: [
      { format: 'openai', text: ['Calling the tool.'], toolCalls: [{ id: 'call_echo', name: ECHO.providerName, arguments: { message: echoed } }] },
      { format: 'openai', text: [ANSWER.slice(0, 200), ANSWER.slice(200, 600), ANSWER.slice(600)] },
    ],
  });
  await page.context().route('https://example.com/**', (route) => route.fulfill({ status: 200, contentType: 'text/html', body: '<title>safe</title>' }));
  await startConversation(page, { url: host.url, provider });
  await sendMessage(page, 'Show me the payloads');

  const log = page.getByRole('log', { name: 'Messages' });
  const card = log.getByRole('article', { name: `${ECHO.tool} (everything)` });
  await card.getByRole('button', { name: 'Allow once' }).click();
  await expect(card).toHaveAttribute('data-status', 'done');
  const answer = log.getByRole('article', { name: 'Assistant' }).last();
  await expect(answer).toHaveAttribute('data-status', 'done');

  // The answer is rendered Markdown (this is not plain text that merely cannot run anything).
  await expect(answer.getByRole('heading', { level: 1 })).toHaveText('Payloads');
  await expect(answer.getByRole('listitem')).toHaveCount(4);
  await expect(answer.getByTestId('code-block').locator('code')).toContainText('<script>window.__pwned = "code"</script>');

  // The tool's text is shown as text, every payload in it readable and inert.
  const toolText = card.getByTestId('tool-text');
  await expect(toolText).toContainText(`Echo: ${echoed}`);

  // Raw HTML in the answer reads as the text the model wrote.
  for (const payload of HTML_PAYLOADS) await expect(answer).toContainText(payload);
  expect(await log.locator(FORBIDDEN).count()).toBe(0);

  // Only the safe link is a link; the others are their text, and clicking them goes nowhere.
  const appUrl = page.url();
  await expect(answer.getByRole('link')).toHaveCount(1);
  for (const name of ['js link', 'data link', 'svg image']) {
    const text = answer.getByText(name, { exact: true });
    await expect(text).toBeVisible();
    expect(await text.evaluate((element) => element.closest('a'))).toBeNull();
    await text.click();
  }
  await expect(answer).toContainText("javascript:window.__pwned='autolink'");
  expect(page.url()).toBe(appUrl);

  // The safe link opens in a new tab that cannot reach back into Elftia.
  const popupOpened = page.waitForEvent('popup');
  await answer.getByRole('link', { name: 'safe link' }).click();
  const popup = await popupOpened;
  await popup.waitForLoadState();
  expect(popup.url()).toBe('https://example.com/safe');
  expect(await popup.evaluate(() => window.opener)).toBeNull();
  await popup.close();

  // Nothing ran, not even later.
  await page.waitForTimeout(500);
  await answer.getByRole('heading', { level: 1 }).scrollIntoViewIfNeeded();
  await page.screenshot({ path: path.join(SHOTS_DIR, 'payloads-en-1280x720.png') });
  expect(await page.evaluate(() => (window as unknown as { __pwned?: unknown }).__pwned)).toBeUndefined();
});
