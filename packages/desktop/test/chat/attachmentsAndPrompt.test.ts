/**
 * Attachments, the system prompt and the default model through the real composition root (router,
 * ChatService, TinyElfEngine, CompletionService over the official SDKs) against the scripted
 * provider, as each vendor receives them; and what is stored (files 0600 under the data dir, rows)
 * so a reload shows the same message and a later turn sends the image again.
 */
import fs from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { ATTACHMENTS_MAX_COUNT, ID_MAX_LENGTH, IMAGE_ATTACHMENT_MAX_BYTES } from '../../app/shared/contracts/limits';
import { type AppServices, createAppServices } from '../../app/main/index';
import { createAppCaller } from '../../app/main/routers/appRouter';
import { appErrorData } from '../../app/main/routers/trpc';
import { API_KEY, baseUrlFor, FORMATS, PNG_BASE64, scripted } from '../completion/helpers';
import { fieldErrors, rejection } from '../support/appHarness';
import type { ScriptInput, WireFormatName } from '../support/scriptedProvider/script';
import { tempDir } from '../support/tempDir';

const opened: AppServices[] = [];
afterEach(async () => {
  for (const services of opened.splice(0)) await services.dispose();
});

/** A 1×1 JPEG's first bytes are enough for the type check: FF D8 FF. */
const JPEG_BASE64 = Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10, 0x4a, 0x46, 0x49, 0x46, 0x00]).toString('base64');

function open(dataDir: string) {
  const services = createAppServices({ dataDir });
  opened.push(services);
  return { services, caller: createAppCaller({ services }) };
}

async function setup(format: WireFormatName, script: ScriptInput = { turns: [{ text: ['Seen.'] }, { text: ['Again.'] }] }) {
  const provider = await scripted({ script: { apiKey: API_KEY, ...script } });
  const dataDir = tempDir('chat-attach-');
  const { services, caller } = open(dataDir);
  const record = await caller.providers.add({ name: `Scripted ${format}`, kind: format, baseUrl: baseUrlFor(format, provider.url), apiKey: API_KEY, models: ['scripted-model'] });
  const conversation = await caller.chat.conversations.create({ providerId: record.id, toolMode: 'disabled', systemPrompt: 'Answer like a pirate.' });
  return { provider, services, caller, conversation, dataDir };
}

/** Sends and waits until the turn has ended and been written. */
async function sendAndSettle(services: AppServices, send: () => Promise<unknown>, conversationId: string): Promise<void> {
  await send();
  await services.chat.settled(conversationId);
}

function replies(provider: { requests: readonly { outcome: string; body: unknown }[] }) {
  return provider.requests.filter((r) => r.outcome === 'reply').map((r) => r.body as Record<string, unknown>);
}

const NOTES = { kind: 'text' as const, name: 'notes.md', text: '# Plan\nShip it.' };
const CHART = { kind: 'image' as const, name: 'chart.png', mimeType: 'image/png' as const, data: PNG_BASE64 };
const INLINED = 'What is this?\n\n<file name="notes.md">\n# Plan\nShip it.\n</file>';

describe('a message with files, in each native form', () => {
  it('OpenAI: the system message, the file inlined, the image as an image_url data URL', async () => {
    const { provider, services, caller, conversation } = await setup('openai');
    await sendAndSettle(services, () => caller.chat.send({ conversationId: conversation.id, text: 'What is this?', attachments: [NOTES, CHART] }), conversation.id);
    expect(replies(provider)[0]!.messages).toEqual([
      { role: 'system', content: 'Answer like a pirate.' },
      { role: 'user', content: [{ type: 'text', text: INLINED }, { type: 'image_url', image_url: { url: `data:image/png;base64,${PNG_BASE64}` } }] },
    ]);
  });

  it('Anthropic: `system`, the file inlined, the image as a base64 image block', async () => {
    const { provider, services, caller, conversation } = await setup('anthropic');
    await sendAndSettle(services, () => caller.chat.send({ conversationId: conversation.id, text: 'What is this?', attachments: [NOTES, CHART] }), conversation.id);
    const body = replies(provider)[0]!;
    expect(body.system).toBe('Answer like a pirate.');
    expect(body.messages).toEqual([
      { role: 'user', content: [{ type: 'text', text: INLINED }, { type: 'image', source: { type: 'base64', media_type: 'image/png', data: PNG_BASE64 } }] },
    ]);
  });

  it('Gemini: `systemInstruction`, the file inlined, the image as inlineData', async () => {
    const { provider, services, caller, conversation } = await setup('google');
    await sendAndSettle(services, () => caller.chat.send({ conversationId: conversation.id, text: 'What is this?', attachments: [NOTES, CHART] }), conversation.id);
    const body = replies(provider)[0]!;
    expect(body.systemInstruction).toEqual({ role: 'user', parts: [{ text: 'Answer like a pirate.' }] });
    expect(body.contents).toEqual([{ role: 'user', parts: [{ text: INLINED }, { inlineData: { mimeType: 'image/png', data: PNG_BASE64 } }] }]);
  });
});

describe('stored attachments', () => {
  it('keeps the image as a private file, shows the message the same after a reload, and sends the image again next turn', async () => {
    const { provider, services, caller, conversation, dataDir } = await setup('openai');
    await sendAndSettle(services, () => caller.chat.send({ conversationId: conversation.id, text: '', attachments: [CHART] }), conversation.id);
    const [sent] = await caller.chat.messages({ conversationId: conversation.id });
    expect(sent).toMatchObject({ role: 'user', text: '', attachments: [{ kind: 'image', name: 'chart.png', mimeType: 'image/png', size: Buffer.from(PNG_BASE64, 'base64').length }] });
    // A message of files only is titled by its first file.
    expect((await caller.chat.conversations.list())[0]!.title).toBe('chart.png');

    const files = fs.readdirSync(path.join(dataDir, 'attachments'), { recursive: true, withFileTypes: true }).filter((entry) => entry.isFile());
    expect(files).toHaveLength(1);
    expect(fs.statSync(path.join(files[0]!.parentPath, files[0]!.name)).mode & 0o777).toBe(0o600);
    expect(fs.statSync(path.join(dataDir, 'attachments')).mode & 0o777).toBe(0o700);

    await services.dispose();
    opened.splice(opened.indexOf(services), 1);
    const again = open(dataDir);
    const [reloaded] = await again.caller.chat.messages({ conversationId: conversation.id });
    expect(reloaded).toEqual(sent);
    const id = reloaded!.attachments![0]!.id;
    expect(await again.caller.chat.attachment({ conversationId: conversation.id, attachmentId: id })).toEqual({ mimeType: 'image/png', data: PNG_BASE64 });

    await sendAndSettle(again.services, () => again.caller.chat.send({ conversationId: conversation.id, text: 'And now?' }), conversation.id);
    const second = replies(provider)[1]!.messages as { role: string; content: unknown }[];
    expect(second[1]).toEqual({ role: 'user', content: [{ type: 'image_url', image_url: { url: `data:image/png;base64,${PNG_BASE64}` } }] });
    expect(second.at(-1)).toEqual({ role: 'user', content: 'And now?' });
  });

  it('an image whose file is gone is named in its message instead of failing the next turn', async () => {
    const { provider, services, caller, conversation, dataDir } = await setup('anthropic');
    await sendAndSettle(services, () => caller.chat.send({ conversationId: conversation.id, text: 'Look', attachments: [CHART] }), conversation.id);
    fs.rmSync(path.join(dataDir, 'attachments'), { recursive: true });
    await sendAndSettle(services, () => caller.chat.send({ conversationId: conversation.id, text: 'And?' }), conversation.id);
    const second = replies(provider)[1]!.messages as { role: string; content: unknown }[];
    expect(second[0]).toEqual({ role: 'user', content: [{ type: 'text', text: 'Look\n\n[Image "chart.png" sent earlier in this conversation; not sent again.]' }] });
    const id = (await caller.chat.messages({ conversationId: conversation.id }))[0]!.attachments![0]!.id;
    expect(appErrorData(await rejection(caller.chat.attachment({ conversationId: conversation.id, attachmentId: id }))).code).toBe('ATTACHMENT_NOT_FOUND');
  });

  it('sends what the bytes are: a JPEG named .png goes as image/jpeg', async () => {
    const { provider, services, caller, conversation } = await setup('anthropic');
    await sendAndSettle(services, () => caller.chat.send({ conversationId: conversation.id, text: 'x', attachments: [{ ...CHART, data: JPEG_BASE64 }] }), conversation.id);
    const [user] = replies(provider)[0]!.messages as { content: { type: string; source?: { media_type: string } }[] }[];
    expect(user!.content[1]!.source!.media_type).toBe('image/jpeg');
    expect((await caller.chat.messages({ conversationId: conversation.id }))[0]!.attachments![0]!.mimeType).toBe('image/jpeg');
  });

  it('an edited message keeps its files: the new text goes with the same image and inlined file, and the image stays on disk', async () => {
    const { provider, services, caller, conversation, dataDir } = await setup('openai');
    await sendAndSettle(services, () => caller.chat.send({ conversationId: conversation.id, text: 'What is this?', attachments: [NOTES, CHART] }), conversation.id);
    const [sent] = await caller.chat.messages({ conversationId: conversation.id });
    await sendAndSettle(services, () => caller.chat.edit({ conversationId: conversation.id, messageId: sent!.id, text: 'Describe it.' }), conversation.id);

    const [edited, answer] = await caller.chat.messages({ conversationId: conversation.id });
    expect(edited).toMatchObject({ role: 'user', text: 'Describe it.', attachments: sent!.attachments });
    expect(answer).toMatchObject({ role: 'assistant', text: 'Again.' });
    expect(replies(provider)[1]!.messages).toEqual([
      { role: 'system', content: 'Answer like a pirate.' },
      {
        role: 'user',
        content: [
          { type: 'text', text: 'Describe it.\n\n<file name="notes.md">\n# Plan\nShip it.\n</file>' },
          { type: 'image_url', image_url: { url: `data:image/png;base64,${PNG_BASE64}` } },
        ],
      },
    ]);
    const image = sent!.attachments!.find((attachment) => attachment.kind === 'image')!;
    expect(await caller.chat.attachment({ conversationId: conversation.id, attachmentId: image.id })).toEqual({ mimeType: 'image/png', data: PNG_BASE64 });
    expect(fs.readdirSync(path.join(dataDir, 'attachments'), { recursive: true, withFileTypes: true }).filter((entry) => entry.isFile())).toHaveLength(1);
  });

  it('an edit that brings files or no text is refused naming the field, and the conversation is as it was', async () => {
    const { provider, services, caller, conversation, dataDir } = await setup('openai');
    await sendAndSettle(services, () => caller.chat.send({ conversationId: conversation.id, text: 'What is this?' }), conversation.id);
    const before = await caller.chat.messages({ conversationId: conversation.id });
    const edit = { conversationId: conversation.id, messageId: before[0]!.id };
    expect(await fieldErrors(caller.chat.edit({ ...edit, text: 'Describe it.', attachments: [CHART] } as never))).toEqual([{ field: 'attachments', code: 'unknownField' }]);
    expect(await fieldErrors(caller.chat.edit({ ...edit, text: '  ' }))).toEqual([{ field: 'text', code: 'required' }]);
    expect(await caller.chat.messages({ conversationId: conversation.id })).toEqual(before);
    expect(fs.existsSync(path.join(dataDir, 'attachments'))).toBe(false);
    expect(replies(provider)).toHaveLength(1);
  });

  it('an edit removes the images of the later messages it replaces', async () => {
    const { services, caller, conversation, dataDir } = await setup('openai', { turns: [{ text: ['One.'] }, { text: ['Two.'] }, { text: ['Three.'] }] });
    await sendAndSettle(services, () => caller.chat.send({ conversationId: conversation.id, text: 'first' }), conversation.id);
    await sendAndSettle(services, () => caller.chat.send({ conversationId: conversation.id, text: 'second', attachments: [CHART] }), conversation.id);
    const [first] = await caller.chat.messages({ conversationId: conversation.id });
    const imageFiles = () => fs.readdirSync(path.join(dataDir, 'attachments'), { recursive: true, withFileTypes: true }).filter((entry) => entry.isFile());
    expect(imageFiles()).toHaveLength(1);
    await sendAndSettle(services, () => caller.chat.edit({ conversationId: conversation.id, messageId: first!.id, text: 'first, again' }), conversation.id);
    expect((await caller.chat.messages({ conversationId: conversation.id })).map((m) => m.text)).toEqual(['first, again', 'Three.']);
    expect(imageFiles()).toHaveLength(0);
  });

  it('removes the images with their conversation', async () => {
    const { services, caller, conversation, dataDir } = await setup('openai');
    await sendAndSettle(services, () => caller.chat.send({ conversationId: conversation.id, text: 'x', attachments: [CHART] }), conversation.id);
    await caller.chat.conversations.remove({ id: conversation.id });
    await expect.poll(() => fs.readdirSync(path.join(dataDir, 'attachments'))).toEqual([]);
  });
});

describe('refused attachments: a named field error, nothing stored', () => {
  async function refused(attachments: unknown[], text = 'x') {
    const { provider, caller, conversation, dataDir } = await setup('openai');
    const errors = await fieldErrors(caller.chat.send({ conversationId: conversation.id, text, attachments } as never));
    expect(await caller.chat.messages({ conversationId: conversation.id })).toEqual([]);
    expect(fs.existsSync(path.join(dataDir, 'attachments')) ? fs.readdirSync(path.join(dataDir, 'attachments'), { recursive: true }) : []).toEqual([]);
    expect(provider.requests).toEqual([]);
    return errors;
  }

  it.each([
    ['bytes that are not an image', [NOTES, { ...CHART, data: Buffer.from('hello').toString('base64') }], [{ field: 'attachments.1.data', code: 'notAnImage', params: { name: 'chart.png' } }]],
    ['a binary file sent as text', [{ ...NOTES, name: 'setup.exe', text: 'MZ\u0090\u0000\u0003\u0000' }], [{ field: 'attachments.0.text', code: 'notText' }]],
    ['an image type no provider reads', [{ ...CHART, mimeType: 'image/tiff' }], [{ field: 'attachments.0.mimeType', code: 'unsupportedImageType' }]],
    ['an image over the limit', [{ ...CHART, data: 'A'.repeat(Math.ceil(IMAGE_ATTACHMENT_MAX_BYTES / 3) * 4 + 4) }], [{ field: 'attachments.0.data', code: 'fileTooLarge', params: { max: IMAGE_ATTACHMENT_MAX_BYTES } }]],
    ['too many files', Array.from({ length: ATTACHMENTS_MAX_COUNT + 1 }, () => NOTES), [{ field: 'attachments', code: 'tooManyFiles', params: { max: ATTACHMENTS_MAX_COUNT } }]],
    ['files too large together', Array.from({ length: 4 }, () => ({ ...CHART, data: 'A'.repeat(5_600_000) })), [{ field: 'attachments', code: 'attachmentsTooLarge', params: { max: 15 * 1024 * 1024 } }]],
  ])('%s', async (_, attachments, expected) => {
    expect(await refused(attachments)).toEqual(expected);
  });

  it('a message needs text or a file', async () => {
    expect(await refused([], '  ')).toEqual([{ field: 'text', code: 'required' }]);
  });
});

describe('the system prompt and the default model', () => {
  it("a new conversation starts with Settings → General's prompt and keeps its own copy; '' clears it", async () => {
    const { caller } = open(tempDir('chat-prompt-'));
    expect(await caller.settings.systemPrompt()).toEqual({ systemPrompt: '' });
    expect(await caller.chat.conversations.create({})).not.toHaveProperty('systemPrompt');

    await caller.settings.setSystemPrompt({ systemPrompt: '  Be brief.  ' });
    expect(await caller.settings.systemPrompt()).toEqual({ systemPrompt: 'Be brief.' });
    const conversation = await caller.chat.conversations.create({});
    expect(conversation.systemPrompt).toBe('Be brief.');
    expect((await caller.chat.conversations.create({ systemPrompt: 'Be loud.' })).systemPrompt).toBe('Be loud.');

    await caller.settings.setSystemPrompt({ systemPrompt: 'Changed.' });
    expect((await caller.chat.conversations.list()).find((c) => c.id === conversation.id)?.systemPrompt).toBe('Be brief.');
    const cleared = await caller.chat.conversations.update({ id: conversation.id, systemPrompt: '' });
    expect(cleared).not.toHaveProperty('systemPrompt');

    expect(await fieldErrors(caller.settings.setSystemPrompt({ systemPrompt: 'x'.repeat(20_001) }))).toEqual([{ field: 'systemPrompt', code: 'tooLong', params: { max: 20_000 } }]);
    expect(await fieldErrors(caller.chat.conversations.update({ id: conversation.id, systemPrompt: 'x'.repeat(20_001) }))).toEqual([{ field: 'systemPrompt', code: 'tooLong', params: { max: 20_000 } }]);
  });

  it('with a control character (NUL, a terminal escape) is refused naming the field, and nothing is stored; line breaks and tabs are kept', async () => {
    const { caller } = open(tempDir('chat-prompt-controls-'));
    const conversation = await caller.chat.conversations.create({});
    for (const systemPrompt of ['Be brief.\u0000', 'Be \u001b[31mred\u001b[0m.', 'Be\u007f brief.', 'Be\u0085 brief.']) {
      expect(await fieldErrors(caller.settings.setSystemPrompt({ systemPrompt }))).toEqual([{ field: 'systemPrompt', code: 'controlCharacters' }]);
      expect(await fieldErrors(caller.chat.conversations.update({ id: conversation.id, systemPrompt }))).toEqual([{ field: 'systemPrompt', code: 'controlCharacters' }]);
      expect(await fieldErrors(caller.chat.conversations.create({ systemPrompt }))).toEqual([{ field: 'systemPrompt', code: 'controlCharacters' }]);
    }
    expect(await caller.settings.systemPrompt()).toEqual({ systemPrompt: '' });
    expect(await caller.chat.conversations.list()).toEqual([conversation]);
    const kept = 'Rules:\n\t- Be brief.\r\n\t- Cite sources.';
    expect(await caller.settings.setSystemPrompt({ systemPrompt: kept })).toEqual({ systemPrompt: kept });
    expect((await caller.chat.conversations.update({ id: conversation.id, systemPrompt: kept })).systemPrompt).toBe(kept);
  });

  it('gives a reused empty conversation the tools and prompt asked for, and the default prompt set since it was made', async () => {
    const { caller } = open(tempDir('chat-reuse-'));
    const empty = await caller.chat.conversations.create({ reuseEmpty: true });
    expect(empty).not.toHaveProperty('systemPrompt');

    await caller.settings.setSystemPrompt({ systemPrompt: 'Answer in French.' });
    expect(await caller.chat.conversations.create({ reuseEmpty: true })).toMatchObject({ id: empty.id, systemPrompt: 'Answer in French.' });

    // The welcome box's choices: none of them dropped because an empty conversation was at hand.
    const started = await caller.chat.conversations.create({ toolMode: 'disabled', selectedServerIds: [], systemPrompt: 'Be brief.', reuseEmpty: true });
    expect(started).toMatchObject({ id: empty.id, toolMode: 'disabled', systemPrompt: 'Be brief.' });
    expect((await caller.chat.conversations.list()).find((c) => c.id === empty.id)).toMatchObject({ toolMode: 'disabled', systemPrompt: 'Be brief.' });
    // Its own prompt stays when none is asked for.
    expect(await caller.chat.conversations.create({ reuseEmpty: true })).toMatchObject({ id: empty.id, systemPrompt: 'Be brief.' });
  });

  it.each(FORMATS)('%s: an edited prompt reaches the provider from the next turn', async (format) => {
    const { provider, services, caller, conversation } = await setup(format);
    await caller.chat.conversations.update({ id: conversation.id, systemPrompt: 'Answer in French.' });
    await sendAndSettle(services, () => caller.chat.send({ conversationId: conversation.id, text: 'Hi' }), conversation.id);
    const body = replies(provider)[0]!;
    if (format === 'openai') expect((body.messages as unknown[])[0]).toEqual({ role: 'system', content: 'Answer in French.' });
    if (format === 'anthropic') expect(body.system).toBe('Answer in French.');
    if (format === 'google') expect(body.systemInstruction).toEqual({ role: 'user', parts: [{ text: 'Answer in French.' }] });
  });

  it("a conversation without a model uses its provider's default model", async () => {
    const server = await scripted({ script: { apiKey: API_KEY, turns: [{ text: ['ok'] }] } });
    const { services, caller } = open(tempDir('chat-default-'));
    const record = await caller.providers.add({ name: 'P', kind: 'openai', baseUrl: baseUrlFor('openai', server.url), apiKey: API_KEY, models: ['small', 'large'], defaultModel: 'large' });
    expect(record.defaultModel).toBe('large');
    const conversation = await caller.chat.conversations.create({ providerId: record.id, toolMode: 'disabled' });
    await sendAndSettle(services, () => caller.chat.send({ conversationId: conversation.id, text: 'Hi' }), conversation.id);
    expect(replies(server)[0]!.model).toBe('large');
  });
});

describe('the default model of a provider', () => {
  it('is stored, must be one of its models, and is cleared by omitting it', async () => {
    const { caller } = open(tempDir('provider-default-'));
    const added = await caller.providers.add({ name: 'P', kind: 'openai', apiKey: API_KEY, models: ['a', 'b'], defaultModel: 'b' });
    expect(added).toMatchObject({ models: ['a', 'b'], defaultModel: 'b' });
    expect(await fieldErrors(caller.providers.update({ id: added.id, name: 'P', kind: 'openai', models: ['a'], defaultModel: 'b' }))).toEqual([
      { field: 'defaultModel', code: 'notInModels' },
    ]);
    expect((await caller.providers.get({ id: added.id })).defaultModel).toBe('b');
    const cleared = await caller.providers.update({ id: added.id, name: 'P', kind: 'openai', models: ['a', 'b'] });
    expect(cleared).not.toHaveProperty('defaultModel');
  });

  it('that is not a string or is too long is refused with a field error naming it, and nothing is stored', async () => {
    const { caller } = open(tempDir('provider-default-bad-'));
    const base = { name: 'P', kind: 'openai' as const, apiKey: API_KEY, models: ['a'] };
    // The router's input arrives from the renderer over IPC: any JSON value can reach it.
    expect(await fieldErrors(caller.providers.add({ ...base, defaultModel: 42 as unknown as string }))).toEqual([{ field: 'defaultModel', code: 'invalid' }]);
    const long = 'm'.repeat(ID_MAX_LENGTH + 1);
    expect(await fieldErrors(caller.providers.add({ ...base, models: ['a', long], defaultModel: long }))).toEqual([
      { field: 'models.1', code: 'tooLong', params: { max: ID_MAX_LENGTH } },
      { field: 'defaultModel', code: 'tooLong', params: { max: ID_MAX_LENGTH } },
    ]);
    expect(await caller.providers.list()).toEqual([]);

    const added = await caller.providers.add({ ...base, models: ['a', 'b'], defaultModel: 'b' });
    expect(await fieldErrors(caller.providers.update({ id: added.id, ...base, defaultModel: ['b'] as unknown as string }))).toEqual([{ field: 'defaultModel', code: 'invalid' }]);
    expect(await fieldErrors(caller.providers.update({ id: added.id, ...base, models: ['a', 'b'], defaultModel: 'b'.repeat(ID_MAX_LENGTH + 1) }))).toEqual([
      { field: 'defaultModel', code: 'tooLong', params: { max: ID_MAX_LENGTH } },
    ]);
    expect(await caller.providers.get({ id: added.id })).toMatchObject({ models: ['a', 'b'], defaultModel: 'b' });
  });
});
