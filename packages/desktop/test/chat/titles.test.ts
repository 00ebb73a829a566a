/**
 * Titles from the first exchange: TitleGenerator over the real CompletionService and SDK against the
 * scripted provider, and ChatService deciding when to ask and whether the answer may be stored (the
 * user's rename always wins; a failure keeps the first message's start and is only logged).
 */
import { describe, expect, it } from 'vitest';
import type { ChatStreamEvent } from '../../app/shared/contracts/chat';
import type { ResolvedProvider } from '../../app/shared/contracts/providers';
import { CompletionService } from '../../app/main/completion/CompletionService';
import { type ChatTitles, cleanTitle, TITLE_EXCERPT_CHARS, TITLE_SYSTEM_PROMPT, TitleGenerator } from '../../app/main/chat/TitleGenerator';
import type { ScriptInput } from '../support/scriptedProvider/script';
import type { ScriptedProvider } from '../support/scriptedProvider/server';
import { providerFor, scripted } from '../completion/helpers';
import { ManualClock } from '../support/manualClock';
import { answers, openChat, PROVIDER } from './chatHarness';

interface OpenAIBody {
  model: string;
  messages: { role: string; content: string }[];
  tools?: unknown[];
}

function titleRequests(server: ScriptedProvider) {
  return server.requests.filter((r) => r.purpose === 'title');
}

/** ChatService whose provider is the scripted server, with the real TitleGenerator. */
async function chatWithTitles(script: ScriptInput, timeoutMs?: number) {
  const server = await scripted({ script });
  const provider: ResolvedProvider = { ...providerFor('openai', server.url), id: PROVIDER.id, models: ['model-a'] };
  const warnings: string[] = [];
  const setup = openChat({
    providers: { resolve: () => provider },
    titles: new TitleGenerator({ completion: new CompletionService(), ...(timeoutMs ? { timeoutMs } : {}) }),
    logger: { warn: (message) => warnings.push(message) },
  });
  const changes: number[] = [];
  setup.chat.onConversationsChange(() => changes.push(changes.length));
  return { ...setup, server, warnings, changes };
}

describe('cleanTitle', () => {
  it.each([
    ['Weekend trip to Kyoto', 'Weekend trip to Kyoto'],
    ['"Weekend trip to Kyoto."', 'Weekend trip to Kyoto'],
    ['Title: **Weekend trip to Kyoto**\nHere is why…', 'Weekend trip to Kyoto'],
    ['\n\n  「京都への週末旅行」。', '京都への週末旅行'],
    ['标题：周末京都之旅', '周末京都之旅'],
    ['One two three four five six seven eight', 'One two three four five six'],
    ['\u200B\u202E', ''],
    ['“”', ''],
    ['<think>\nThe user asks about Kyoto.\n</think>\n\nWeekend trip to Kyoto', 'Weekend trip to Kyoto'],
    ['<think>still thinking when the reply was cut', ''],
    ['<b>Kyoto trip</b>', 'Kyoto trip'],
    ['<script>alert(1)</script><img src=x onerror=alert(1)>', 'alert(1)'],
  ])('%j → %j', (reply, title) => {
    expect(cleanTitle(reply)).toBe(title);
  });

  it('cuts a title without spaces at 60 characters', () => {
    expect([...cleanTitle('長'.repeat(100))]).toHaveLength(60);
  });
});

describe('TitleGenerator', () => {
  it('asks the conversation’s provider and model once, without tools, quoting bounded excerpts', async () => {
    const server = await scripted({ script: { title: { text: ['"Weekend ', 'trip to Kyoto."'] } } });
    const generator = new TitleGenerator({ completion: new CompletionService() });
    const long = `Plan my weekend in Kyoto. ${'temples '.repeat(1000)}`;
    const title = await generator.generate({ provider: providerFor('openai', server.url), model: 'model-x', userText: long, answerText: 'Day one: Fushimi Inari.' });

    expect(title).toBe('Weekend trip to Kyoto');
    const [request] = titleRequests(server);
    const body = request!.body as OpenAIBody;
    expect(body.model).toBe('model-x');
    expect(body.tools).toBeUndefined();
    expect(body.messages[0]).toEqual({ role: 'system', content: TITLE_SYSTEM_PROMPT });
    expect(body.messages[1]!.content).toContain('Plan my weekend in Kyoto.');
    expect(body.messages[1]!.content).toContain('Day one: Fushimi Inari.');
    expect(body.messages[1]!.content.length).toBeLessThan(TITLE_EXCERPT_CHARS + 200);
    expect(server.remainingTurns).toBe(0);
  });

  it('rejects on a provider error, an unusable reply and a reply slower than its time limit', async () => {
    const clock = new ManualClock();
    const generator = new TitleGenerator({ completion: new CompletionService(), timeoutMs: 300, clock });
    const failing = await scripted({ script: { title: { error: { status: 500 } } } });
    await expect(generator.generate({ provider: providerFor('openai', failing.url), model: 'm', userText: 'hi', answerText: '' })).rejects.toMatchObject({ code: 'PROVIDER_SERVER' });

    const empty = await scripted({ script: { title: { text: ['""'] } } });
    await expect(generator.generate({ provider: providerFor('openai', empty.url), model: 'm', userText: 'hi', answerText: '' })).rejects.toThrow(/no usable title/);

    // The limit is the clock's: the held reply fails exactly when 300 ms have passed on it, not before.
    const slow = await scripted({ script: { title: { text: ['Too'], hold: true } } });
    let settled = false;
    const slowTitle = generator.generate({ provider: providerFor('openai', slow.url), model: 'm', userText: 'hi', answerText: '' }).finally(() => (settled = true));
    slowTitle.catch(() => {});
    await expect.poll(() => titleRequests(slow).length).toBe(1);
    expect(clock.pending()).toEqual([300]);
    clock.advance(299);
    await new Promise<void>((resolve) => setImmediate(resolve));
    expect(settled).toBe(false);
    expect(titleRequests(slow)[0]?.clientAborted).toBeFalsy();
    clock.advance(1);
    await expect(slowTitle).rejects.toThrow(/no title within 300 ms/);
    await expect.poll(() => titleRequests(slow)[0]?.clientAborted).toBe(true);
    expect(clock.pending()).toEqual([]);
  });

  it('reads no more than the start of a runaway reply, and closes the stream', async () => {
    const server = await scripted({ script: { title: { text: ['Kyoto weekend\n', ...Array.from({ length: 200 }, () => 'and more words ')], hold: true } } });
    const generator = new TitleGenerator({ completion: new CompletionService() });
    expect(await generator.generate({ provider: providerFor('openai', server.url), model: 'm', userText: 'hi', answerText: '' })).toBe('Kyoto weekend');
    await expect.poll(() => titleRequests(server)[0]?.clientAborted).toBe(true);
  });

  it('reads past a reasoning model’s thinking to the title after it', async () => {
    const thinking = Array.from({ length: 40 }, () => 'The user wants a weekend plan for Kyoto. ');
    const server = await scripted({ script: { title: { text: ['<think>\n', ...thinking, '</think>\n\n', 'Kyoto weekend plan'] } } });
    const generator = new TitleGenerator({ completion: new CompletionService() });
    expect(await generator.generate({ provider: providerFor('openai', server.url), model: 'm', userText: 'hi', answerText: '' })).toBe('Kyoto weekend plan');
  });
});

describe('ChatService titles', () => {
  it('names the conversation after the first answer, once, and tells the list', async () => {
    const { chat, engine, server, changes } = await chatWithTitles({ title: { text: ['Weekend trip to Kyoto'] } });
    engine.add(answers('Day one: Fushimi Inari.'), answers('Sure.'));
    const { id } = chat.create({ providerId: PROVIDER.id });
    const events: ChatStreamEvent[] = [];
    chat.subscribe(id, (event) => events.push(event));

    chat.send(id, 'Plan my weekend in Kyoto, please');
    expect(chat.get(id).title).toBe('Plan my weekend in Kyoto, please');
    const before = changes.length;
    await chat.settled(id);
    expect(chat.get(id).title).toBe('Weekend trip to Kyoto');
    expect(changes.length).toBeGreaterThan(before);
    const [request] = titleRequests(server);
    expect((request!.body as OpenAIBody).messages[1]!.content).toMatch(/Plan my weekend in Kyoto, please[\s\S]*Day one: Fushimi Inari\./);

    chat.send(id, 'And Sunday?');
    await chat.settled(id);
    expect(titleRequests(server)).toHaveLength(1);
    expect(events.filter((e) => e.type === 'notice')).toEqual([]);
  });

  it('never overwrites a rename made while the title was being written', async () => {
    const { chat, engine, server } = await chatWithTitles({ title: { text: ['Generated', ' title'], chunkDelayMs: 300 } });
    engine.add(answers('Answer.'));
    const { id } = chat.create({ providerId: PROVIDER.id });
    chat.send(id, 'question');
    await expect.poll(() => titleRequests(server).length).toBe(1);
    chat.update(id, { title: 'My own name' });
    await chat.settled(id);
    expect(chat.get(id).title).toBe('My own name');
  });

  it('names the conversation after an edited first message, not after the question it replaced', async () => {
    // The first title call (about the replaced question) answers only after the edit.
    const calls: { userText: string; answer: (title: string) => void; signal?: AbortSignal }[] = [];
    const titles: ChatTitles = {
      generate: (request) =>
        new Promise((resolve, reject) => {
          calls.push({ userText: request.userText, answer: resolve, ...(request.signal ? { signal: request.signal } : {}) });
          request.signal?.addEventListener('abort', () => reject(new Error('aborted')));
        }),
    };
    const { chat, engine } = openChat({ titles });
    engine.add(answers('Day one: Fushimi Inari.'), answers('Try Hakone.'));
    const { id } = chat.create({ providerId: PROVIDER.id });
    chat.send(id, 'Plan my weekend in Kyoto');
    await expect.poll(() => calls.length).toBe(1);

    chat.edit(id, chat.messages(id)[0]!.id, 'Plan my weekend near Tokyo');
    expect(calls[0]!.signal?.aborted).toBe(true);
    calls[0]!.answer('Weekend in Kyoto');
    await expect.poll(() => calls.length).toBe(2);
    expect(calls[1]!.userText).toBe('Plan my weekend near Tokyo');
    calls[1]!.answer('Weekend near Tokyo');
    await chat.settled(id);
    expect(chat.get(id).title).toBe('Weekend near Tokyo');
  });

  it('asks nothing for a conversation the user named, nor after a failed turn', async () => {
    const { chat, engine, server } = await chatWithTitles({ title: { text: ['Unwanted'] } });
    engine.add(answers('Answer.'), async () => ({ messages: [], stopReason: 'error', error: { code: 'PROVIDER_AUTH' } }));
    const named = chat.create({ providerId: PROVIDER.id, title: 'Named by me' });
    chat.send(named.id, 'question');
    await chat.settled(named.id);
    const failing = chat.create({ providerId: PROVIDER.id });
    chat.send(failing.id, 'question');
    await chat.settled(failing.id);
    expect(titleRequests(server)).toEqual([]);
    expect(chat.get(named.id).title).toBe('Named by me');
    expect(chat.get(failing.id).title).toBe('question');
  });

  it('keeps the first message’s start when the title call fails, logs why, shows no error, and does not ask again', async () => {
    const { chat, engine, server, warnings, repository } = await chatWithTitles({ title: { error: { status: 429, message: 'slow down' } } });
    engine.add(answers('Answer.'), answers('Again.'));
    const { id } = chat.create({ providerId: PROVIDER.id });
    const events: ChatStreamEvent[] = [];
    chat.subscribe(id, (event) => events.push(event));
    chat.send(id, 'What is the tallest mountain in Japan?');
    await chat.settled(id);

    expect(chat.get(id).title).toBe('What is the tallest mountain in Japan?');
    expect(warnings.some((w) => w.includes(`no title was generated for ${id}`) && w.includes('slow down'))).toBe(true);
    expect(events.some((e) => e.type === 'notice' || (e.type === 'message' && e.message.status === 'error'))).toBe(false);
    expect(repository.titleState(id)).toBe('fallback');
    chat.send(id, 'And the second?');
    await chat.settled(id);
    expect(titleRequests(server)).toHaveLength(1);
  });

  it('abandons the title of a conversation removed meanwhile, and on dispose', async () => {
    const { chat, engine, server, warnings } = await chatWithTitles({ title: { text: ['Late'], hold: true } });
    engine.add(answers('a'), answers('b'));
    const removed = chat.create({ providerId: PROVIDER.id });
    chat.send(removed.id, 'one');
    await expect.poll(() => titleRequests(server).length).toBe(1);
    chat.remove(removed.id);
    await chat.settled(removed.id);
    await expect.poll(() => titleRequests(server)[0]?.clientAborted).toBe(true);

    const open = chat.create({ providerId: PROVIDER.id });
    chat.send(open.id, 'two');
    await expect.poll(() => titleRequests(server).length).toBe(2);
    await chat.dispose();
    expect(chat.get(open.id).title).toBe('two');
    expect(warnings.filter((w) => w.includes('could not be stored'))).toEqual([]);
  });
});
