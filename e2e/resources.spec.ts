/**
 * Resources and prompts from the composer, end to end: Chromium against the headless host, the real
 * server-everything over stdio and the scripted provider. A resource attached from the "Resources &
 * prompts" popover reaches the model with the next message; a prompt run with an argument (and the
 * server's completions) leaves its text in the box; a resource link in a tool result opens in its card
 * and is attached from there.
 */
import { addEverythingServer, expect, sendMessage, startConversation, test } from './scriptedProvider';

function userTextOf(content: unknown): string {
  if (typeof content === 'string') return content;
  if (Array.isArray(content)) return content.map((part: { text?: string }) => part.text ?? '').join('\n');
  return '';
}

test('a resource attached from the popover reaches the provider with the next message', async ({ page, host, provider }) => {
  addEverythingServer(host.cli);
  await provider.setScript({ turns: [{ format: 'openai', text: ['Read it.'] }] });
  await startConversation(page, { url: host.url, provider });

  await page.getByRole('button', { name: 'Resources & prompts' }).click();
  const picker = page.getByRole('dialog', { name: 'Resources & prompts' });
  await picker.getByRole('button', { name: 'Attach architecture.md to the next message' }).click();
  await expect(picker).toBeHidden();
  const tray = page.getByRole('list', { name: 'Files to send' });
  await expect(tray.getByRole('listitem')).toHaveCount(1);
  await expect(tray).toContainText('architecture.md');

  // A template-made resource too: the variable filled in, its completion offered.
  await page.getByRole('button', { name: 'Resources & prompts' }).click();
  await picker.getByRole('button', { name: /Dynamic Text Resource/ }).click();
  await picker.getByRole('textbox', { name: /^resourceId/ }).fill('7');
  await expect(picker.getByRole('list', { name: 'Suggestions for resourceId' })).toHaveCount(0);
  await picker.getByRole('button', { name: 'Attach' }).click();
  await expect(tray.getByRole('listitem')).toHaveCount(2);

  await sendMessage(page, 'Summarise these');
  const log = page.getByRole('log', { name: 'Messages' });
  await expect(log.getByText('Read it.')).toBeVisible();
  const [request] = await provider.completions();
  const user = request?.body.messages.filter((message) => message.role === 'user').at(-1);
  const sent = userTextOf(user?.content);
  expect(sent).toContain('Summarise these');
  expect(sent).toContain('architecture.md');
  expect(sent).toContain('Resource 7: This is a plaintext resource');
});

test('a prompt run with an argument and a completion leaves its text in the composer', async ({ page, host, provider }) => {
  addEverythingServer(host.cli);
  await startConversation(page, { url: host.url, provider });

  await page.getByRole('button', { name: 'Resources & prompts' }).click();
  const picker = page.getByRole('dialog', { name: 'Resources & prompts' });
  await picker.getByRole('button', { name: /Team Management/ }).click();
  const department = picker.getByRole('textbox', { name: /^department/ });
  await department.fill('Eng');
  await picker.getByRole('list', { name: 'Suggestions for department' }).getByRole('button', { name: 'Engineering' }).click();
  await picker.getByRole('textbox', { name: /^name/ }).focus();
  await picker.getByRole('list', { name: 'Suggestions for name' }).getByRole('button', { name: 'Bob' }).click();
  await picker.getByRole('button', { name: 'Use prompt' }).click();
  await expect(picker).toBeHidden();
  const box = page.getByRole('textbox', { name: 'Message' });
  await expect(box).toHaveValue('Please promote Bob to the head of the Engineering team.');
  await expect(box).toBeFocused();

  // A required argument left empty is asked for before anything runs.
  await page.getByRole('button', { name: 'Resources & prompts' }).click();
  await picker.getByRole('button', { name: /Arguments Prompt/ }).click();
  await picker.getByRole('button', { name: 'Use prompt' }).click();
  await expect(picker.getByText('Fill this in.')).toBeVisible();
  await picker.getByRole('textbox', { name: /^city/ }).fill('Lyon');
  await picker.getByRole('button', { name: 'Use prompt' }).click();
  await expect(box).toHaveValue("Please promote Bob to the head of the Engineering team.\n\nWhat's weather in Lyon?");
});

test('a resource link in a tool result opens through its server and is attached to the next message', async ({ page, host, provider }) => {
  addEverythingServer(host.cli);
  await provider.setScript({
    turns: [
      { format: 'openai', text: ['Here are links.'], toolCalls: [{ id: 'call_links', name: 'mcp__everything__get_resource_links', arguments: { count: 2 } }] },
      { format: 'openai', text: ['Two resources.'] },
      { format: 'openai', text: ['It is a plaintext resource.'] },
    ],
  });
  await startConversation(page, { url: host.url, provider });
  await sendMessage(page, 'Link me some resources');
  const log = page.getByRole('log', { name: 'Messages' });
  const card = log.getByRole('article', { name: 'get-resource-links (everything)' });
  await card.getByRole('group', { name: 'Allow get-resource-links from everything to run?' }).getByRole('button', { name: 'Allow once' }).click();
  await expect(card).toHaveAttribute('data-status', 'done');
  await expect(log.getByText('Two resources.')).toBeVisible();

  // Opening reads it through the server (the app never navigates to the URI); its text shows in the card.
  const url = page.url();
  await card.getByRole('button', { name: 'Open Text Resource 2' }).click();
  await expect(card.getByTestId('tool-resource-preview')).toContainText('Resource 2: This is a plaintext resource');
  expect(page.url()).toBe(url);
  await card.getByRole('button', { name: 'Attach to the next message' }).click();
  await expect(page.getByRole('list', { name: 'Files to send' })).toContainText('Text Resource 2');

  await sendMessage(page, 'What does it say?');
  await expect(log.getByText('It is a plaintext resource.')).toBeVisible();
  const requests = await provider.completions();
  const user = requests.at(-1)?.body.messages.filter((message) => message.role === 'user').at(-1);
  expect(userTextOf(user?.content)).toContain('Resource 2: This is a plaintext resource');
});
