/**
 * Edit-and-resend and regenerate (also "retry" after an error) on ChatService over a real SQLite
 * file: what the next turn sends the model, what the user sees, the rules (idle conversation, the
 * last answer only, the user's own messages only), atomicity, and the removed messages' tool results.
 */
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { ToolCallView } from '../../app/shared/contracts/chat';
import { ConversationRepository } from '../../app/main/db/ConversationRepository';
import { AppError } from '../../app/main/lib/errors';
import { aborted, answers, openChat, record, type ScriptedTurn, view } from './chatHarness';

function code(action: () => unknown): string | undefined {
  try {
    action();
  } catch (error) {
    return error instanceof AppError ? `${error.code}${error.params?.id ? `:${String(error.params.id)}` : ''}` : String(error);
  }
  return undefined;
}

/** A turn that fails the way a provider error does: no step, an error message. */
const fails: ScriptedTurn = async () => ({ messages: [], stopReason: 'error', error: { code: 'PROVIDER_SERVER', params: { status: 500 } } });

/** A turn that waits until Stop. */
const held: ScriptedTurn = async (options) => {
  options.onEvent({ type: 'step_start', stepIndex: 0 });
  options.onEvent({ type: 'text', stepIndex: 0, delta: 'thinking' });
  await aborted(options.signal);
  return { messages: [{ role: 'assistant', text: 'thinking', toolCalls: [] }], stopReason: 'stopped' };
};

const BIG = 'x'.repeat(3 * 1024 * 1024);

/** A tool step whose result is large enough to be stored beside its message, then an answer. */
function withBigResult(answer: string): ScriptedTurn {
  return async (options) => {
    const result: NonNullable<ToolCallView['result']> = { text: 'big', content: [{ type: 'text', text: BIG }], isError: false };
    options.onEvent({ type: 'step_start', stepIndex: 0 });
    options.onEvent({ type: 'tool_call', stepIndex: 0, call: view('big', 'done', { result }) });
    options.onEvent({ type: 'text', stepIndex: 1, delta: answer });
    return {
      messages: [
        { role: 'assistant', text: '', toolCalls: [{ id: 'big', name: 'mcp__everything__echo', arguments: {} }] },
        { role: 'tool', toolCallId: 'big', name: 'mcp__everything__echo', text: 'big', isError: false, images: [] },
        { role: 'assistant', text: answer, toolCalls: [] },
      ],
      stopReason: 'answered',
    };
  };
}

function filesUnder(dir: string): string[] {
  if (!fs.existsSync(dir)) return [];
  return fs.readdirSync(dir, { recursive: true, withFileTypes: true }).filter((e) => e.isFile()).map((e) => path.join(e.parentPath, e.name));
}

/** A conversation with two exchanges: "first" → "One.", "second" → "Two.". */
async function twoExchanges() {
  const setup = openChat();
  setup.engine.add(answers('One.'), answers('Two.'));
  const { id } = setup.chat.create({ providerId: 'p1' });
  setup.chat.send(id, 'first');
  await setup.chat.settled(id);
  setup.chat.send(id, 'second');
  await setup.chat.settled(id);
  return { ...setup, id };
}

const texts = (messages: { role: string; text: string }[]) => messages.map((m) => `${m.role}:${m.text}`);

describe('regenerate', () => {
  it('replaces the last answer: the model gets the same history up to the last user message again', async () => {
    const { chat, engine, repository, id } = await twoExchanges();
    engine.add(answers('Two, again.'));
    const events = record(chat, id);
    const lastAnswer = chat.messages(id).at(-1)!;

    chat.regenerate(id, lastAnswer.id);
    await chat.settled(id);

    expect(engine.turns[2]?.history).toEqual([
      { role: 'user', text: 'first' },
      { role: 'assistant', text: 'One.', toolCalls: [] },
      { role: 'user', text: 'second' },
    ]);
    expect(texts(chat.messages(id))).toEqual(['user:first', 'assistant:One.', 'user:second', 'assistant:Two, again.']);
    expect(events[0]).toEqual({ type: 'messages_removed', ids: [lastAnswer.id] });
    expect(events.map((e) => e.type)).toEqual(['messages_removed', 'turn', 'message', 'message', 'turn']);
    // The history the next turn sends matches what the user sees.
    expect(repository.listHistory(id).map((m) => m.text)).toEqual(['first', 'One.', 'second', 'Two, again.']);
  });

  it('retries after an error: the failed answer goes and the same question is asked again', async () => {
    const { chat, engine } = openChat();
    engine.add(fails, answers('It works now.'));
    const { id } = chat.create({ providerId: 'p1' });
    chat.send(id, 'question');
    await chat.settled(id);
    const failed = chat.messages(id).at(-1)!;
    expect(failed).toMatchObject({ status: 'error', error: { code: 'PROVIDER_SERVER' } });

    chat.regenerate(id, failed.id);
    await chat.settled(id);
    expect(engine.turns[1]?.history).toEqual([{ role: 'user', text: 'question' }]);
    expect(chat.messages(id).map((m) => [m.text, m.status])).toEqual([
      ['question', 'done'],
      ['It works now.', 'done'],
    ]);
  });

  it('answers a last user message that has no answer (a crash before the first step), named by its own id', async () => {
    const first = openChat();
    first.engine.add(async (options) => {
      await aborted(options.signal);
      return { messages: [], stopReason: 'stopped' };
    });
    const { id } = first.chat.create({ providerId: 'p1' });
    const question = first.chat.send(id, 'still there?');
    first.db.close();

    const next = openChat({ file: first.file });
    next.engine.add(answers('Yes.'));
    expect(next.chat.messages(id).map((m) => m.text)).toEqual(['still there?']);
    next.chat.regenerate(id, question.id);
    await next.chat.settled(id);
    expect(next.engine.turns[0]?.history).toEqual([{ role: 'user', text: 'still there?' }]);
    expect(texts(next.chat.messages(id))).toEqual(['user:still there?', 'assistant:Yes.']);
  });

  it('refuses, changing nothing, what it must', async () => {
    const { chat, engine, repository, id } = await twoExchanges();
    const [firstQuestion, firstAnswer] = chat.messages(id);
    const other = chat.create({ providerId: 'p1' });
    const noProvider = chat.create();
    const before = () => ({ messages: chat.messages(id), history: repository.listHistory(id) });
    const snapshot = before();

    expect(code(() => chat.regenerate(id, firstAnswer!.id))).toBe(`NOT_LAST_ANSWER:${firstAnswer!.id}`);
    expect(code(() => chat.regenerate(id, firstQuestion!.id))).toBe(`NOT_LAST_ANSWER:${firstQuestion!.id}`);
    expect(code(() => chat.regenerate(other.id, firstAnswer!.id))).toBe(`MESSAGE_NOT_FOUND:${firstAnswer!.id}`);
    expect(code(() => chat.regenerate(id, 'no-such-message'))).toBe('MESSAGE_NOT_FOUND:no-such-message');
    expect(code(() => chat.regenerate('no-such-conversation', firstAnswer!.id))).toBe('CONVERSATION_NOT_FOUND:no-such-conversation');
    expect(code(() => chat.regenerate(noProvider.id, firstAnswer!.id))).toBe('PROVIDER_NOT_CONFIGURED');
    expect(before()).toEqual(snapshot);

    engine.add(held);
    chat.send(id, 'third');
    const running = chat.messages(id).at(-1)!;
    expect(code(() => chat.regenerate(id, running.id))).toBe(`TURN_IN_PROGRESS:${id}`);
    chat.stop(id);
    await chat.settled(id);
    expect(engine.turns).toHaveLength(3);
  });
});

describe('edit', () => {
  it('replaces the message and every later one, and answers the new text with the history before it', async () => {
    const { chat, engine, repository, id } = await twoExchanges();
    engine.add(answers('One, edited.'));
    const [firstQuestion, ...later] = chat.messages(id);
    const events = record(chat, id);

    const edited = chat.edit(id, firstQuestion!.id, 'first, reworded');
    await chat.settled(id);

    expect(edited).toMatchObject({ role: 'user', text: 'first, reworded', status: 'done' });
    expect(edited.id).not.toBe(firstQuestion!.id);
    expect(engine.turns[2]?.history).toEqual([{ role: 'user', text: 'first, reworded' }]);
    expect(texts(chat.messages(id))).toEqual(['user:first, reworded', 'assistant:One, edited.']);
    expect(events[0]).toEqual({ type: 'messages_removed', ids: [firstQuestion!.id, ...later.map((m) => m.id)] });
    expect(events[1]).toEqual({ type: 'message', message: edited });
    expect(repository.listHistory(id).map((m) => m.text)).toEqual(['first, reworded', 'One, edited.']);
  });

  it('keeps what came before an edited later message', async () => {
    const { chat, engine, id } = await twoExchanges();
    engine.add(answers('Two, edited.'), answers('Three.'));
    const secondQuestion = chat.messages(id)[2]!;
    chat.edit(id, secondQuestion.id, 'second, reworded');
    await chat.settled(id);
    expect(engine.turns[2]?.history).toEqual([
      { role: 'user', text: 'first' },
      { role: 'assistant', text: 'One.', toolCalls: [] },
      { role: 'user', text: 'second, reworded' },
    ]);
    // The conversation goes on from the edit.
    chat.send(id, 'third');
    await chat.settled(id);
    expect(engine.turns[3]?.history.map((m) => m.text)).toEqual(['first', 'One.', 'second, reworded', 'Two, edited.', 'third']);
  });

  it('refuses an answer, a message of another conversation and a running turn, changing nothing', async () => {
    const { chat, engine, repository, id } = await twoExchanges();
    const [firstQuestion, firstAnswer] = chat.messages(id);
    const other = chat.create({ providerId: 'p1' });
    const snapshot = () => ({ messages: chat.messages(id), history: repository.listHistory(id), title: chat.get(id).title });
    const before = snapshot();

    expect(code(() => chat.edit(id, firstAnswer!.id, 'x'))).toBe(`MESSAGE_NOT_EDITABLE:${firstAnswer!.id}`);
    expect(code(() => chat.edit(other.id, firstQuestion!.id, 'x'))).toBe(`MESSAGE_NOT_FOUND:${firstQuestion!.id}`);
    expect(code(() => chat.edit('gone', firstQuestion!.id, 'x'))).toBe('CONVERSATION_NOT_FOUND:gone');
    expect(snapshot()).toEqual(before);

    engine.add(held);
    chat.send(id, 'third');
    expect(code(() => chat.edit(id, firstQuestion!.id, 'x'))).toBe(`TURN_IN_PROGRESS:${id}`);
    chat.stop(id);
    await chat.settled(id);
    expect(chat.messages(id).map((m) => m.text)).toEqual(['first', 'One.', 'second', 'Two.', 'third', 'thinking']);
  });

  it('names the conversation after an edited first message while no title was generated or given', async () => {
    const { chat, engine, repository, id } = await twoExchanges();
    engine.add(answers('a'), answers('b'));
    expect(chat.get(id).title).toBe('first');
    chat.edit(id, chat.messages(id)[0]!.id, 'Plans for the weekend');
    await chat.settled(id);
    expect(chat.get(id).title).toBe('Plans for the weekend');

    chat.update(id, { title: 'My plans' });
    chat.edit(id, chat.messages(id)[0]!.id, 'Something else');
    await chat.settled(id);
    expect(chat.get(id).title).toBe('My plans');
    expect(repository.titleState(id)).toBe('user');
  });

  it('is atomic: a write that fails midway leaves the messages, the history and the stored results as they were', async () => {
    const setup = openChat();
    setup.engine.add(withBigResult('Done.'));
    const { chat, file } = setup;
    const { id } = chat.create({ providerId: 'p1' });
    chat.send(id, 'go');
    await chat.settled(id);
    const results = path.join(path.dirname(file), 'tool-results');
    await setup.chat.dispose();
    const stored = filesUnder(results);
    expect(stored).toHaveLength(1);

    // A repository whose insert of the edited message fails after the old messages were deleted.
    class FailingRepository extends ConversationRepository {
      override insertMessage(): void {
        throw new Error('disk full');
      }
    }
    const failing = openChat({ file, repository: new FailingRepository(setup.db) });
    const before = { messages: failing.chat.messages(id), history: failing.repository.listHistory(id) };
    expect(code(() => failing.chat.edit(id, before.messages[0]!.id, 'again'))).toBe('Error: disk full');
    expect(failing.chat.messages(id)).toEqual(before.messages);
    expect(failing.repository.listHistory(id)).toEqual(before.history);
    expect(failing.chat.isRunning(id)).toBe(false);
    expect(filesUnder(results)).toEqual(stored);
  });

  it('deletes the stored tool results of the messages it removes, and only those', async () => {
    const { chat, engine, file } = openChat();
    engine.add(withBigResult('First.'), withBigResult('Second.'), answers('Short now.'));
    const { id } = chat.create({ providerId: 'p1' });
    chat.send(id, 'one');
    await chat.settled(id);
    chat.send(id, 'two');
    await chat.settled(id);
    const results = path.join(path.dirname(file), 'tool-results');
    await expect.poll(() => filesUnder(results).length).toBe(2);
    const [, firstStep] = chat.messages(id);
    const kept = await chat.toolResult(id, firstStep!.id, 'big');

    chat.edit(id, chat.messages(id)[3]!.id, 'two, shorter');
    await chat.settled(id);
    await expect.poll(() => filesUnder(results).length).toBe(1);
    expect((await chat.toolResult(id, firstStep!.id, 'big')).content).toEqual(kept.content);
  });
});
