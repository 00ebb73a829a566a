import { describe, expect, it } from 'vitest';
import { AppError } from '../../app/main/lib/errors';
import type { ChatMessage } from '../../app/shared/contracts/chat';
import { aborted, answers, closeChat, openChat, record, type ScriptedTurn, view } from './chatHarness';
import { ManualClock } from '../support/manualClock';

function code(action: () => unknown): string | undefined {
  try {
    action();
  } catch (error) {
    return error instanceof AppError ? error.code : String(error);
  }
  return undefined;
}

/** A turn that streams "partial", then waits until the test releases it or Stop aborts it. */
function heldTurn(): { turn: ScriptedTurn; release: () => void; started: Promise<void> } {
  let release = () => {};
  let started = () => {};
  const startedPromise = new Promise<void>((resolve) => (started = resolve));
  const turn: ScriptedTurn = async (options) => {
    options.onEvent({ type: 'step_start', stepIndex: 0 });
    options.onEvent({ type: 'text', stepIndex: 0, delta: 'partial' });
    started();
    await Promise.race([new Promise<void>((resolve) => (release = resolve)), aborted(options.signal)]);
    if (options.signal.aborted) return { messages: [{ role: 'assistant', text: 'partial', toolCalls: [] }], stopReason: 'stopped' };
    return { messages: [{ role: 'assistant', text: 'partial', toolCalls: [] }], stopReason: 'answered' };
  };
  return { turn, release: () => release(), started: startedPromise };
}

describe('ChatService', () => {
  it('commits the message, streams the reply, persists it and sends the whole history next turn', async () => {
    const { chat, engine, file } = openChat();
    engine.add(answers('Hello there.'), answers('Again.'));
    const conversation = chat.create({ providerId: 'p1' });
    expect(conversation).toMatchObject({ title: '', toolMode: 'auto', selectedServerIds: [] });
    const events = record(chat, conversation.id);

    const sent = chat.send(conversation.id, 'Say hello\nplease');
    expect(sent).toMatchObject({ role: 'user', text: 'Say hello\nplease', status: 'done' });
    expect(chat.isRunning(conversation.id)).toBe(true);
    await chat.settled(conversation.id);

    expect(events.map((e) => e.type)).toEqual(['message', 'turn', 'message', 'message', 'turn']);
    expect(events.at(-2)).toMatchObject({ type: 'message', message: { role: 'assistant', text: 'Hello there.', status: 'done' } });
    expect(engine.turns[0]).toMatchObject({ provider: { id: 'p1' }, model: 'model-a', toolMode: 'auto', history: [{ role: 'user', text: 'Say hello\nplease' }] });
    expect(chat.get(conversation.id).title).toBe('Say hello');

    chat.send(conversation.id, 'Once more');
    await chat.settled(conversation.id);
    expect(engine.turns[1]?.history).toEqual([
      { role: 'user', text: 'Say hello\nplease' },
      { role: 'assistant', text: 'Hello there.', toolCalls: [] },
      { role: 'user', text: 'Once more' },
    ]);
    expect(chat.get(conversation.id).title).toBe('Say hello');

    const reopened = openChat({ file });
    expect(reopened.chat.messages(conversation.id).map((m) => [m.role, m.text, m.status])).toEqual([
      ['user', 'Say hello\nplease', 'done'],
      ['assistant', 'Hello there.', 'done'],
      ['user', 'Once more', 'done'],
      ['assistant', 'Again.', 'done'],
    ]);
  });

  it('stores each step’s token usage, the many-tools note and the auto-approved mark with the messages', async () => {
    const { chat, engine, file } = openChat();
    engine.add(async (options) => {
      options.onEvent({ type: 'many_tools', toolCount: 57, threshold: 40 });
      options.onEvent({ type: 'step_start', stepIndex: 0 });
      options.onEvent({ type: 'tool_call', stepIndex: 0, call: view('t1', 'done', { autoApproved: 'always_allow' }) });
      options.onEvent({ type: 'usage', stepIndex: 0, usage: { inputTokens: 1200, outputTokens: 34 } });
      options.onEvent({ type: 'text', stepIndex: 1, delta: 'Found it.' });
      options.onEvent({ type: 'usage', stepIndex: 1, usage: { inputTokens: 1300, outputTokens: 5 } });
      return { messages: [{ role: 'assistant', text: 'Found it.', toolCalls: [] }], stopReason: 'answered' };
    });
    const { id } = chat.create({ providerId: 'p1' });
    const events = record(chat, id);
    chat.send(id, 'find');
    await chat.settled(id);

    const expected = [
      { role: 'user' },
      { role: 'assistant', manyTools: { toolCount: 57, threshold: 40 }, usage: { inputTokens: 1200, outputTokens: 34 }, toolCalls: [{ id: 't1', autoApproved: 'always_allow' }] },
      { role: 'assistant', text: 'Found it.', usage: { inputTokens: 1300, outputTokens: 5 } },
    ];
    expect(chat.messages(id)).toMatchObject(expected);
    expect(openChat({ file }).chat.messages(id)).toMatchObject(expected);
    expect(events.filter((e) => e.type === 'message').at(-1)).toMatchObject({ message: { usage: { inputTokens: 1300, outputTokens: 5 } } });
  });

  it('refuses a second send while a turn runs, storing nothing of it', async () => {
    const { chat, engine } = openChat();
    const held = heldTurn();
    engine.add(held.turn, answers('Second.'));
    const { id } = chat.create({ providerId: 'p1' });
    chat.send(id, 'first');
    await held.started;
    expect(code(() => chat.send(id, 'too soon'))).toBe('TURN_IN_PROGRESS');
    held.release();
    await chat.settled(id);
    chat.send(id, 'second');
    await chat.settled(id);
    expect(chat.messages(id).map((m) => m.text)).toEqual(['first', 'partial', 'second', 'Second.']);
  });

  it('takes the default title from the first message without control or invisible characters', async () => {
    const { chat, engine } = openChat();
    engine.add(answers('Hi.'));
    const conversation = chat.create({ providerId: 'p1' });
    chat.send(conversation.id, '\u202E\u200B\nSay\u200B hello\u0007\nplease');
    await chat.settled(conversation.id);
    expect(chat.get(conversation.id).title).toBe('Say hello');
  });

  it('refuses to send without a usable provider and keeps nothing', () => {
    const { chat } = openChat();
    const none = chat.create();
    expect(code(() => chat.send(none.id, 'hi'))).toBe('PROVIDER_NOT_CONFIGURED');
    const removed = chat.create({ providerId: 'gone' });
    expect(code(() => chat.send(removed.id, 'hi'))).toBe('PROVIDER_NOT_CONFIGURED');
    expect(code(() => chat.send('nope', 'hi'))).toBe('CONVERSATION_NOT_FOUND');
    expect(chat.messages(none.id)).toEqual([]);
    expect(chat.get(none.id).title).toBe('');
  });

  it('stops a turn: the signal aborts, the text so far is kept as stopped', async () => {
    const { chat, engine } = openChat();
    const held = heldTurn();
    engine.add(held.turn);
    const { id } = chat.create({ providerId: 'p1', model: 'model-b' });
    chat.send(id, 'go');
    await held.started;
    expect(chat.stop(id)).toBe(true);
    await chat.settled(id);
    expect(engine.turns[0]?.signal.aborted).toBe(true);
    expect(engine.turns[0]?.model).toBe('model-b');
    expect(chat.messages(id).at(-1)).toMatchObject({ text: 'partial', status: 'stopped' });
    expect(chat.stop(id)).toBe(false);
  });

  it('ends a turn the provider failed as an error message, keeping the typed text and the conversation', async () => {
    const { chat, engine } = openChat();
    engine.add(async () => ({ messages: [], stopReason: 'error', error: { code: 'PROVIDER_AUTH' } }), answers('Fixed.'));
    const { id } = chat.create({ providerId: 'p1' });
    chat.send(id, 'my long question');
    await chat.settled(id);
    expect(chat.messages(id)).toMatchObject([
      { role: 'user', text: 'my long question', status: 'done' },
      { role: 'assistant', status: 'error', error: { code: 'PROVIDER_AUTH' } },
    ]);
    chat.send(id, 'retry');
    await chat.settled(id);
    expect(chat.messages(id).at(-1)).toMatchObject({ text: 'Fixed.', status: 'done' });
  });

  it('turns an engine that throws into an INTERNAL error message, and stays usable', async () => {
    const { chat, engine } = openChat();
    engine.add(async () => Promise.reject(new Error('bug')), answers('Fine.'));
    const { id } = chat.create({ providerId: 'p1' });
    chat.send(id, 'a');
    await chat.settled(id);
    expect(chat.messages(id).at(-1)).toMatchObject({ status: 'error', error: { code: 'INTERNAL' } });
    chat.send(id, 'b');
    await chat.settled(id);
    expect(chat.messages(id).at(-1)).toMatchObject({ text: 'Fine.', status: 'done' });
  });

  it('batches streamed text: few events and writes for many deltas, each event the whole text so far', async () => {
    const clock = new ManualClock();
    const { chat, engine, repository } = openChat({ persistIntervalMs: 20, publishIntervalMs: 20, batchTimers: clock });
    let release = () => {};
    engine.add(async (options) => {
      options.onEvent({ type: 'step_start', stepIndex: 0 });
      for (let i = 0; i < 200; i += 1) options.onEvent({ type: 'text', stepIndex: 0, delta: 'x' });
      await new Promise<void>((resolve) => (release = resolve));
      return { messages: [{ role: 'assistant', text: 'x'.repeat(200), toolCalls: [] }], stopReason: 'answered' };
    });
    const { id } = chat.create({ providerId: 'p1' });
    const events = record(chat, id);
    chat.send(id, 'stream');
    // Ahead of the batched write, messages() already has the live text.
    expect(chat.messages(id).at(-1)).toMatchObject({ text: 'x'.repeat(200), status: 'streaming' });
    // The deltas wait for the interval (on a ManualClock here): written 20 ms after the first, not before.
    expect(repository.listMessages(id).at(-1)?.text).not.toBe('x'.repeat(200));
    clock.advance(19);
    expect(repository.listMessages(id).at(-1)?.text).not.toBe('x'.repeat(200));
    clock.advance(1);
    expect(repository.listMessages(id).at(-1)).toMatchObject({ text: 'x'.repeat(200), status: 'streaming' });
    release();
    await chat.settled(id);
    const snapshots = events.flatMap((e) => (e.type === 'message' && e.message.role === 'assistant' ? [e.message.text.length] : []));
    expect(snapshots.length).toBeLessThanOrEqual(4);
    expect(snapshots.at(-1)).toBe(200);
  });

  it('marks messages a crashed run left streaming as interrupted, cancelling their unfinished calls', async () => {
    const first = openChat();
    first.engine.add(async (options) => {
      options.onEvent({ type: 'step_start', stepIndex: 0 });
      options.onEvent({ type: 'tool_call', stepIndex: 0, call: view('t1', 'running') });
      options.onEvent({ type: 'tool_call', stepIndex: 0, call: view('t0', 'done') });
      // A call the model was still writing when the process died.
      options.onEvent({ type: 'tool_call', stepIndex: 0, call: view('t2', 'streaming') });
      // Ends only when the test's cleanup stops it, against a closed database: those writes fail quietly.
      await aborted(options.signal);
      return { messages: [], stopReason: 'stopped' };
    });
    const { id } = first.chat.create({ providerId: 'p1' });
    first.chat.send(id, 'long task');
    // The "crash": the database is closed under the running turn.
    first.db.close();

    const next = openChat({ file: first.file });
    expect(next.chat.recoverInterrupted()).toBe(1);
    const [user, reply] = next.chat.messages(id) as [ChatMessage, ChatMessage];
    expect(user).toMatchObject({ text: 'long task', status: 'done' });
    expect(reply).toMatchObject({ status: 'error', error: { code: 'TURN_INTERRUPTED' } });
    expect(reply.toolCalls.map((c) => c.status)).toEqual(['cancelled', 'done', 'cancelled']);
    expect(next.chat.recoverInterrupted()).toBe(0);
    // The history still ends with the user's message, so the next turn sees what was asked.
    expect(next.repository.listHistory(id)).toEqual([{ role: 'user', text: 'long task' }]);
  });

  it('removes a conversation mid-turn: the turn is stopped and writes nothing more', async () => {
    const { chat, engine, repository } = openChat();
    const held = heldTurn();
    engine.add(held.turn);
    const { id } = chat.create({ providerId: 'p1' });
    chat.send(id, 'go');
    await held.started;
    chat.remove(id);
    await chat.settled(id);
    expect(engine.turns[0]?.signal.aborted).toBe(true);
    expect(repository.listMessages(id)).toEqual([]);
    expect(code(() => chat.get(id))).toBe('CONVERSATION_NOT_FOUND');
    expect(code(() => chat.remove(id))).toBe('CONVERSATION_NOT_FOUND');
  });

  it('updates conversations field by field and lists the latest activity first', async () => {
    const { chat, engine } = openChat();
    engine.add(answers('ok'));
    const a = chat.create({ title: 'A', providerId: 'p1' });
    const b = chat.create({ title: 'B' });
    expect(chat.list().map((c) => c.title)).toEqual(['B', 'A']);
    const changes: number[] = [];
    chat.onConversationsChange(() => changes.push(1));
    chat.send(a.id, 'bump');
    await chat.settled(a.id);
    expect(chat.list().map((c) => c.title)).toEqual(['A', 'B']);
    expect(changes.length).toBeGreaterThanOrEqual(2);
    const updated = chat.update(b.id, { toolMode: 'manual', selectedServerIds: ['s1', 's1', 's2'], model: 'model-b' });
    expect(updated).toMatchObject({ title: 'B', toolMode: 'manual', selectedServerIds: ['s1', 's2'], model: 'model-b' });
    expect(chat.get(b.id)).toEqual(updated);
  });

  it('waits for running turns on dispose, and they are written as stopped', async () => {
    const setup = openChat();
    const held = heldTurn();
    setup.engine.add(held.turn);
    const { id } = setup.chat.create({ providerId: 'p1' });
    setup.chat.send(id, 'go');
    await held.started;
    await setup.chat.dispose();
    expect(setup.repository.listMessages(id).at(-1)).toMatchObject({ status: 'stopped', text: 'partial' });
    await closeChat(setup);
  });
});
