/**
 * Chatting with tool calls, end to end: Chromium against the headless host, the real
 * server-everything over stdio, and the scripted provider (a local HTTP server speaking OpenAI's
 * streaming wire format) reached through an "OpenAI-compatible" provider added in Settings.
 * Each test scripts what the model answers, acts in the UI, and reads back what Elftia sent the model.
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ROOT } from './fixtures';
import {
  addEverythingServer,
  expect,
  expectServerConnected,
  type OpenAIMessage,
  openChat,
  sendMessage,
  startConversation,
  test,
} from './scriptedProvider';

const ERROR_CATALOG = JSON.parse(fs.readFileSync(path.join(ROOT, 'locales/en/common/errors.json'), 'utf8')) as {
  errors: Record<string, string>;
  validation: Record<string, string>;
};
const ERROR_MESSAGES = ERROR_CATALOG.errors;
const STDIO_TAP = path.join(path.dirname(fileURLToPath(import.meta.url)), 'stdioTap.mjs');

// server-everything's tools, and the names Elftia gives them for the provider (`mcp__<server>__<tool>`
// reduced to [A-Za-z0-9_]; the recorded requests below confirm these are the names offered).
const TINY_IMAGE = { tool: 'get-tiny-image', providerName: 'mcp__everything__get_tiny_image' };
const ECHO = { tool: 'echo', providerName: 'mcp__everything__echo' };
const LONG_RUNNING = { tool: 'trigger-long-running-operation', providerName: 'mcp__everything__trigger_long_running_operation' };
const GET_SUM = { tool: 'get-sum', providerName: 'mcp__everything__get_sum' };

/** What the engine tells the model when the user denies a call (runToolCall.ts DECLINED_TEXT). */
const DECLINED = /The user declined to run this tool call/;

function toolNamesOf(body: { tools?: Array<{ function: { name: string } }> }): string[] {
  return (body.tools ?? []).map((t) => t.function.name);
}

function toolMessage(messages: OpenAIMessage[], callId: string): OpenAIMessage | undefined {
  return messages.find((m) => m.role === 'tool' && m.tool_call_id === callId);
}

test('the model calls get-tiny-image: approve once, the image renders and enlarges, the result and image reach the model', async ({ page, host, provider }) => {
  addEverythingServer(host.cli);
  await provider.setScript({
    turns: [
      { format: 'openai', text: ['Let me fetch ', 'the image.'], toolCalls: [{ id: 'call_img', name: TINY_IMAGE.providerName, arguments: {} }] },
      { format: 'openai', text: ['That is the MCP logo: ', 'a small black-and-white mark.'] },
    ],
  });
  await startConversation(page, { url: host.url, provider });

  await sendMessage(page, 'Show me the MCP logo');
  const log = page.getByRole('log', { name: 'Messages' });
  await expect(log.getByRole('article', { name: 'You' })).toHaveText('Show me the MCP logo');

  // The model's step streams in and its call waits for the user: nothing runs, nothing more is asked of the model.
  const card = log.getByRole('article', { name: `${TINY_IMAGE.tool} (everything)` });
  await expect(card).toHaveAttribute('data-status', 'awaiting_approval');
  await expect(card.getByTestId('tool-call-status')).toHaveText('Waiting for approval');
  await expect(log.getByRole('article', { name: 'Assistant' }).first()).toContainText('Let me fetch the image.');
  const prompt = card.getByRole('group', { name: `Allow ${TINY_IMAGE.tool} from everything to run?` });
  await expect(prompt).toBeVisible();
  expect(await provider.completions()).toHaveLength(1);

  await prompt.getByRole('button', { name: 'Allow once' }).click();
  await expect(card).toHaveAttribute('data-status', 'done');
  await expect(card.getByTestId('approval-prompt')).toHaveCount(0);

  // The image is decoded from the server's base64 and shown with its own mime type.
  const result = card.getByTestId('tool-result');
  await expect(result.getByTestId('tool-text').first()).toHaveText("Here's the image you requested:");
  const image = result.getByRole('img', { name: 'Image from the tool (image/png)' });
  await expect(image).toBeVisible();
  await expect.poll(() => image.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(20);
  await result.getByRole('button', { name: 'Enlarge image (image/png)' }).click();
  const dialog = page.getByRole('dialog', { name: 'Image from the tool (image/png)' });
  await expect(dialog.getByRole('img', { name: 'Image from the tool (image/png)' })).toBeVisible();
  await dialog.getByRole('button', { name: 'Close' }).click();
  await expect(dialog).toBeHidden();

  // The model's answer after reading the result ends the turn.
  const answer = log.getByRole('article', { name: 'Assistant' }).last();
  await expect(answer).toHaveText('That is the MCP logo: a small black-and-white mark.');
  await expect(answer).toHaveAttribute('data-status', 'done');
  await expect(page.getByRole('button', { name: 'Send' })).toBeVisible();

  const [first, second, ...rest] = await provider.completions();
  expect(rest).toHaveLength(0);
  expect(first!.body).toMatchObject({ model: 'scripted-model', stream: true });
  expect(toolNamesOf(first!.body)).toEqual(expect.arrayContaining([TINY_IMAGE.providerName, ECHO.providerName, LONG_RUNNING.providerName]));
  // The built-in clock-math server that ships with Elftia is offered beside the user's servers.
  expect(toolNamesOf(first!.body).some((name) => name.startsWith('clock_math__current_time'))).toBe(true);
  expect(first!.body.messages.at(-1)).toEqual({ role: 'user', content: 'Show me the MCP logo' });
  // The second request carries the assistant's call, the tool's text result, and the image as a
  // following user message (Chat Completions takes images only from the user).
  const messages = second!.body.messages;
  expect(messages.find((m) => m.role === 'assistant')).toMatchObject({
    tool_calls: [{ id: 'call_img', type: 'function', function: { name: TINY_IMAGE.providerName } }],
  });
  const toolResult = toolMessage(messages, 'call_img');
  expect(toolResult?.content).toEqual(expect.stringContaining("Here's the image you requested:"));
  expect(toolResult?.content).toEqual(expect.stringContaining('The image above is the MCP logo.'));
  const imageMessage = messages[messages.indexOf(toolResult!) + 1];
  expect(imageMessage?.role).toBe('user');
  const parts = imageMessage?.content as Array<{ type: string; text?: string; image_url?: { url: string } }>;
  expect(parts[0]).toMatchObject({ type: 'text', text: expect.stringContaining('call_img') });
  expect(parts[1]?.type).toBe('image_url');
  expect(parts[1]?.image_url?.url).toMatch(/^data:image\/png;base64,iVBORw0KGgo/);
});

test('Deny: the card shows Denied, the model is told the user declined, and its answer shows', async ({ page, host, provider }) => {
  addEverythingServer(host.cli);
  await provider.setScript({
    turns: [
      { format: 'openai', toolCalls: [{ id: 'call_echo', name: ECHO.providerName, arguments: { message: 'secret' } }] },
      { format: 'openai', text: ['Understood, ', 'I will not echo it.'] },
    ],
  });
  await startConversation(page, { url: host.url, provider });

  await sendMessage(page, 'Echo "secret"');
  const log = page.getByRole('log', { name: 'Messages' });
  const card = log.getByRole('article', { name: `${ECHO.tool} (everything)` });
  const prompt = card.getByRole('group', { name: `Allow ${ECHO.tool} from everything to run?` });
  await expect(prompt).toBeVisible();
  await prompt.getByRole('button', { name: 'Deny' }).click();

  await expect(card).toHaveAttribute('data-status', 'denied');
  await expect(card.getByTestId('tool-call-status')).toHaveText('Denied');
  await expect(card.getByTestId('approval-prompt')).toHaveCount(0);
  // A denied call never ran: no result from the server.
  await expect(card.getByTestId('tool-result')).toHaveCount(0);
  await expect(log.getByRole('article', { name: 'Assistant' }).last()).toHaveText('Understood, I will not echo it.');
  await expect(page.getByRole('button', { name: 'Send' })).toBeVisible();

  const completions = await provider.completions();
  expect(completions).toHaveLength(2);
  const declined = toolMessage(completions[1]!.body.messages, 'call_echo');
  expect(declined?.content).toMatch(DECLINED);
  expect(declined?.content).not.toContain('Echo: secret');
});

test('invalid arguments: the card names the tool and every problem, translated, and nothing is asked or run', async ({ page, host, provider }) => {
  addEverythingServer(host.cli);
  await provider.setScript({
    turns: [
      { format: 'openai', toolCalls: [{ id: 'call_sum', name: GET_SUM.providerName, arguments: { a: 'two' } }] },
      { format: 'openai', text: ['Sorry, ', 'I will fix the numbers.'] },
    ],
  });
  await startConversation(page, { url: host.url, provider });

  await sendMessage(page, 'Add two and three');
  const log = page.getByRole('log', { name: 'Messages' });
  const card = log.getByRole('article', { name: `${GET_SUM.tool} (everything)` });
  await expect(card).toHaveAttribute('data-status', 'error');
  await expect(card.getByTestId('tool-call-error')).toHaveText(ERROR_MESSAGES.INVALID_ARGUMENTS!.replace('{{tool}}', GET_SUM.tool));
  await expect(card.getByTestId('tool-call-problems').getByRole('listitem')).toHaveText([
    `b: ${ERROR_CATALOG.validation.required}`,
    `a: ${ERROR_CATALOG.validation.wrongType!.replace('{{type}}', 'number')}`,
  ]);
  await expect(card).not.toContainText('{{');
  await expect(card.getByTestId('approval-prompt')).toHaveCount(0);
  await expect(log.getByRole('article', { name: 'Assistant' }).last()).toHaveText('Sorry, I will fix the numbers.');

  // The model reads every problem in one tool message, in the validator's words.
  const [, second] = await provider.completions();
  const told = toolMessage(second!.body.messages, 'call_sum');
  expect(told?.content).toMatch(/Argument "b" must have required property 'b'; Argument "a" must be number\./);
});

test('Always allow: the next call runs without asking, and the grant is listed and revocable in Settings → Approvals', async ({ page, host, provider }) => {
  addEverythingServer(host.cli);
  const echoTurn = (id: string, message: string) => ({ format: 'openai' as const, toolCalls: [{ id, name: ECHO.providerName, arguments: { message } }] });
  await provider.setScript({
    turns: [
      echoTurn('call_1', 'one'),
      { format: 'openai', text: ['Echoed one.'] },
      echoTurn('call_2', 'two'),
      { format: 'openai', text: ['Echoed two.'] },
      echoTurn('call_3', 'three'),
      { format: 'openai', text: ['Echoed three.'] },
    ],
  });
  await startConversation(page, { url: host.url, provider });
  const log = page.getByRole('log', { name: 'Messages' });
  const cards = log.getByRole('article', { name: `${ECHO.tool} (everything)` });
  const assistant = log.getByRole('article', { name: 'Assistant' });

  await sendMessage(page, 'Echo one');
  await cards.nth(0).getByRole('button', { name: 'Always allow' }).click();
  await expect(cards.nth(0)).toHaveAttribute('data-status', 'done');
  await expect(cards.nth(0).getByTestId('tool-text')).toHaveText('Echo: one');
  await expect(assistant.last()).toHaveText('Echoed one.');

  // The second turn's call runs at once: it never waits for approval, not even for a moment.
  await page.evaluate(() => {
    const seen: string[] = [];
    (window as unknown as { approvalsSeen: string[] }).approvalsSeen = seen;
    new MutationObserver(() => {
      if (document.querySelector('[data-testid="approval-prompt"], [data-testid="tool-call"][data-status="awaiting_approval"]')) seen.push(new Date().toISOString());
    }).observe(document.body, { subtree: true, childList: true, attributes: true, attributeFilter: ['data-status'] });
  });
  await sendMessage(page, 'Echo two');
  await expect(cards).toHaveCount(2);
  await expect(cards.nth(1)).toHaveAttribute('data-status', 'done');
  await expect(cards.nth(1).getByTestId('tool-text')).toHaveText('Echo: two');
  await expect(assistant.last()).toHaveText('Echoed two.');
  expect(await page.evaluate(() => (window as unknown as { approvalsSeen: string[] }).approvalsSeen)).toEqual([]);
  expect(toolMessage((await provider.completions())[3]!.body.messages, 'call_2')?.content).toContain('Echo: two');

  await expectServerConnected(page, 'everything');
  await page.getByRole('tab', { name: 'Approvals' }).click();
  const permissions = page.getByTestId('tool-permissions');
  await expect(permissions.getByRole('listitem')).toHaveCount(1);
  await expect(permissions.getByRole('listitem')).toContainText('echo on everything');
  await permissions.getByRole('button', { name: 'Revoke echo on everything' }).click();
  await expect(page.getByText('No tools are always allowed.', { exact: false })).toBeVisible();

  // Revoked: the next call asks again.
  await openChat(page);
  await page.getByTestId('conversation-list').getByRole('button', { name: 'Echo one', exact: true }).click();
  await expect(cards).toHaveCount(2);
  await sendMessage(page, 'Echo three');
  await expect(cards).toHaveCount(3);
  const prompt = cards.nth(2).getByRole('group', { name: `Allow ${ECHO.tool} from everything to run?` });
  await expect(prompt).toBeVisible();
  // The same observer that saw nothing in the second turn sees this prompt.
  expect((await page.evaluate(() => (window as unknown as { approvalsSeen: string[] }).approvalsSeen)).length).toBeGreaterThan(0);
  await prompt.getByRole('button', { name: 'Allow once' }).click();
  await expect(assistant.last()).toHaveText('Echoed three.');
});

test('Stop during the long-running operation cancels the call: the card says Cancelled, the turn ends, the server gets notifications/cancelled', async ({
  page,
  host,
  provider,
}) => {
  // The same server-everything, behind a tap that logs on stderr what the server receives on stdin.
  addEverythingServer(host.cli, STDIO_TAP);
  await provider.setScript({
    turns: [
      { format: 'openai', toolCalls: [{ id: 'call_long', name: LONG_RUNNING.providerName, arguments: { duration: 30, steps: 30 } }] },
      // For the next message after Stop; the stopped turn itself must not ask for it.
      { format: 'openai', text: ['All right, I stopped it.'] },
    ],
  });
  await startConversation(page, { url: host.url, provider });

  await sendMessage(page, 'Run the long operation');
  const log = page.getByRole('log', { name: 'Messages' });
  const card = log.getByRole('article', { name: `${LONG_RUNNING.tool} (everything)` });
  await card.getByRole('button', { name: 'Allow once' }).click();
  const allowedAt = Date.now();

  // Running, with the server's progress (one step a second) and a ticking elapsed time.
  await expect(card).toHaveAttribute('data-status', 'running');
  await expect(card.getByTestId('tool-call-status')).toHaveText('Running');
  await expect(card.getByRole('progressbar', { name: 'Progress' })).toBeVisible({ timeout: 15_000 });
  await expect(card.getByText(/^\d+ of 30$/)).toBeVisible();
  await expect(card.getByTestId('tool-call-elapsed')).toContainText('running for');

  await page.getByRole('button', { name: 'Stop' }).click();
  const stoppedAt = Date.now();
  await expect(card).toHaveAttribute('data-status', 'cancelled', { timeout: 5_000 });
  const cancelledAfterMs = Date.now() - stoppedAt;
  await expect(card.getByTestId('tool-call-status')).toHaveText('Cancelled');
  await expect(page.getByRole('button', { name: 'Send' })).toBeVisible({ timeout: 5_000 });
  await expect(log.getByRole('article', { name: 'Assistant' }).last()).toHaveAttribute('data-status', 'stopped');
  await expect(log.getByRole('article', { name: 'Assistant' }).last()).toContainText('Stopped.');
  // Ended long before the operation's 30 s.
  expect(Date.now() - allowedAt).toBeLessThan(20_000);
  test.info().annotations.push({ type: 'timing', description: `cancelled ${cancelledAfterMs} ms after Stop` });

  // The server was told: notifications/cancelled reached its stdin, for the call's request.
  await expectServerConnected(page, 'everything');
  await page.getByRole('button', { name: 'Details for everything' }).click();
  const serverLog = page.getByRole('region', { name: 'Details of everything' }).getByRole('log', { name: 'Log of everything' });
  const callLine = serverLog.locator('[data-level="stderr"]').filter({ hasText: `[stdin-tap] received tools/call` });
  await expect(callLine).toHaveCount(1);
  await expect(callLine).toContainText(`name="${LONG_RUNNING.tool}"`);
  const requestId = /id=(\d+)/.exec((await callLine.textContent()) ?? '')?.[1];
  expect(requestId).toBeDefined();
  const cancelLine = serverLog.locator('[data-level="stderr"]').filter({ hasText: '[stdin-tap] received notifications/cancelled' });
  await expect(cancelLine).toHaveCount(1);
  await expect(cancelLine).toContainText(`"requestId":${requestId}`);
  // The connection survives a cancelled call.
  await expect(page.getByTestId('mcp-server-row').filter({ hasText: 'everything' }).getByTestId('mcp-server-status')).toHaveText('Connected');

  // The stopped turn asked nothing more of the model.
  expect(await provider.completions()).toHaveLength(1);

  // The conversation goes on, and the model reads that the call was cancelled (every tool call it
  // made is answered, as OpenAI requires).
  await openChat(page);
  await sendMessage(page, 'Never mind.');
  await expect(log.getByRole('article', { name: 'Assistant' }).last()).toHaveText('All right, I stopped it.');
  const next = (await provider.completions())[1]!.body.messages;
  expect(next.find((m) => m.role === 'assistant')?.tool_calls?.[0]?.id).toBe('call_long');
  expect(toolMessage(next, 'call_long')?.content).toMatch(/cancel/i);
  expect(next.at(-1)).toEqual({ role: 'user', content: 'Never mind.' });
});

test('a 401 from the provider shows a translated error; the message is kept and the conversation goes on once the key is fixed', async ({
  page,
  host,
  provider,
}) => {
  addEverythingServer(host.cli);
  await provider.setScript({ apiKey: 'sk-right', turns: [{ format: 'openai', text: ['Four.'] }] });
  await startConversation(page, { url: host.url, provider, apiKey: 'sk-wrong' });

  await sendMessage(page, 'What is 2 + 2?');
  const log = page.getByRole('log', { name: 'Messages' });
  const failed = log.getByRole('article', { name: 'Assistant' }).last();
  await expect(failed).toHaveAttribute('data-status', 'error');
  await expect(failed.getByTestId('message-error')).toHaveText(ERROR_MESSAGES.PROVIDER_AUTH!);
  await expect(log.getByRole('article', { name: 'You' })).toHaveText('What is 2 + 2?');
  await expect(page.getByRole('button', { name: 'Send' })).toBeVisible();
  const [refused] = await provider.requests();
  expect(refused).toMatchObject({ outcome: 'unauthorized', apiKey: 'sk-wrong' });

  // The user fixes the key; the conversation, with the message and its error, is still there.
  await page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: 'Settings' }).click();
  await page.getByRole('tab', { name: 'Providers' }).click();
  await page.getByRole('button', { name: 'Edit Scripted' }).click();
  const dialog = page.getByRole('dialog', { name: 'Edit provider' });
  await dialog.getByLabel('API key', { exact: true }).fill('sk-right');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog).toBeHidden();

  await openChat(page);
  await page.getByTestId('conversation-list').getByRole('button', { name: 'What is 2 + 2?', exact: true }).click();
  await expect(log.getByRole('article', { name: 'You' })).toHaveText('What is 2 + 2?');
  await expect(log.getByRole('article', { name: 'Assistant' }).last().getByTestId('message-error')).toHaveText(ERROR_MESSAGES.PROVIDER_AUTH!);
  await sendMessage(page, 'Try again, please.');
  await expect(log.getByRole('article', { name: 'Assistant' }).last()).toHaveText('Four.');

  // The first message was kept in the conversation: the retry's request carries it.
  const retry = (await provider.completions()).find((r) => r.outcome === 'reply');
  expect(retry?.apiKey).toBe('sk-right');
  const userTexts = retry!.body.messages.filter((m) => m.role === 'user').map((m) => m.content);
  expect(userTexts).toEqual(['What is 2 + 2?', 'Try again, please.']);
});

test('a 2 MB tool result: the card shows a bounded part with its size, the whole result on request, also after a reload', async ({ page, host, provider }) => {
  addEverythingServer(host.cli);
  const faultServer = path.join(ROOT, 'packages/desktop/test/fixtures/mcp-fault-server.mjs');
  const added = host.cli(['mcp', 'add', 'fault', '--transport', 'stdio', '--command', process.execPath, `--arg=${faultServer}`]);
  expect(added.status, added.stderr).toBe(0);
  const BYTES = 2_000_000;
  await provider.setScript({
    turns: [
      { format: 'openai', toolCalls: [{ id: 'call_big', name: 'mcp__fault__big', arguments: { bytes: BYTES } }] },
      { format: 'openai', text: ['That was big.'] },
    ],
  });
  // Every message main pushes to this page over the WebSocket, by size.
  const frames: number[] = [];
  page.on('websocket', (socket) => socket.on('framereceived', ({ payload }) => frames.push(payload.length)));
  await startConversation(page, { url: host.url, provider });
  await expectServerConnected(page, 'fault');
  await openChat(page);

  await sendMessage(page, 'Something big, please');
  const log = page.getByRole('log', { name: 'Messages' });
  const card = log.getByRole('article', { name: 'big (fault)' });
  await card.getByRole('button', { name: 'Allow once' }).click();
  await expect(card).toHaveAttribute('data-status', 'done');
  await expect(log.getByRole('article', { name: 'Assistant' }).last()).toHaveText('That was big.');

  const note = card.getByTestId('tool-result-shortened');
  await expect(note).toContainText('This result is 2 MB');
  // The bounded copy: 256 Ki characters of the 2 MB text, never the whole in one push.
  await expect(card.getByRole('button', { name: 'Show all (262,144 characters)' })).toBeVisible();
  expect(Math.max(...frames)).toBeLessThan(600 * 1024);
  await note.scrollIntoViewIfNeeded();
  await page.screenshot({ path: test.info().outputPath('large-result.png') });

  await note.getByRole('button', { name: 'Show the whole result' }).click();
  await expect(note).toHaveCount(0);
  await expect(card.getByRole('button', { name: `Show all (${BYTES.toLocaleString('en')} characters)` })).toBeVisible();

  // Reloaded, the stored message has the bounded copy; the whole result comes from beside it.
  await page.reload();
  await openChat(page);
  await page.getByTestId('conversation-list').getByRole('button', { name: 'Something big, please', exact: true }).click();
  const reloaded = page.getByRole('log', { name: 'Messages' }).getByRole('article', { name: 'big (fault)' });
  await reloaded.getByTestId('tool-result-shortened').getByRole('button', { name: 'Show the whole result' }).click();
  await expect(reloaded.getByRole('button', { name: `Show all (${BYTES.toLocaleString('en')} characters)` })).toBeVisible();
  // The model read its own, shorter copy.
  const toolResult = toolMessage((await provider.completions())[1]!.body.messages, 'call_big');
  expect(toolResult?.content).toMatch(/Result truncated for the model/);
});
