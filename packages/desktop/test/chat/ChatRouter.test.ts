/**
 * The chat router through createAppCaller on a real data dir: the real ApprovalService of the
 * composition root, ChatService on the real database, and a scripted engine that asks the approval
 * gate the way TinyElfEngine does.
 */
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { ChatStreamEvent, ToolCallView } from '../../app/shared/contracts/chat';
import { ConversationRepository } from '../../app/main/db/ConversationRepository';
import { type AppServices, createAppServices } from '../../app/main/index';
import type { RunTurnOptions } from '../../app/main/engine/engineTypes';
import { ChatService } from '../../app/main/chat/ChatService';
import { AttachmentStore } from '../../app/main/chat/AttachmentStore';
import { ToolResultStore } from '../../app/main/chat/ToolResultStore';
import { createAppCaller } from '../../app/main/routers/appRouter';
import { appErrorData } from '../../app/main/routers/trpc';
import { tempDir } from '../support/tempDir';
import { aborted, answers, providers, ScriptedEngine, view } from './chatHarness';
import { fieldErrors, rejection } from '../support/appHarness';
import { ManualClock } from '../support/manualClock';

const open: { services: AppServices; chat: ChatService }[] = [];
afterEach(async () => {
  for (const { services, chat } of open.splice(0)) {
    await chat.dispose();
    await services.dispose();
  }
});

function setup(engine: ScriptedEngine, clock?: ManualClock) {
  const dataDir = tempDir();
  const services = createAppServices({ dataDir });
  const toolResults = new ToolResultStore(path.join(dataDir, 'tool-results'));
  const attachments = new AttachmentStore(path.join(dataDir, 'attachments'));
  const chat = new ChatService({ repository: new ConversationRepository(services.db), toolResults, attachments, engine, providers, approvals: services.approvals, persistIntervalMs: 5, publishIntervalMs: 5, ...(clock ? { clock } : {}) });
  open.push({ services, chat });
  const controller = new AbortController();
  const withChat = { ...services, chat };
  return { services, chat, caller: createAppCaller({ services: withChat }), subscriber: createAppCaller({ services: withChat }, { signal: controller.signal }), controller };
}

/** A tool step as the engine runs it: ask the gate (emitting the request only when the user is asked), then run or deny. */
async function toolStep(options: RunTurnOptions, approvals: AppServices['approvals']): Promise<ToolCallView> {
  options.onEvent({ type: 'step_start', stepIndex: 0 });
  const request = { callId: 'call-1', conversationId: options.conversationId, serverId: 's1', serverName: 'everything', toolName: 'echo', arguments: { message: 'hi' }, destructive: false };
  const decision = await approvals.decide(request, options.signal, {
    onPending: (pending) => {
      options.onEvent({ type: 'tool_call', stepIndex: 0, call: view('call-1', 'awaiting_approval') });
      options.onEvent({ type: 'approval_requested', request: pending });
    },
  });
  const call = decision === 'deny' ? view('call-1', 'denied') : view('call-1', 'done', { result: { text: 'Echo: hi', content: [{ type: 'text', text: 'Echo: hi' }], isError: false } });
  options.onEvent({ type: 'tool_call', stepIndex: 0, call });
  return call;
}

async function until(iterator: AsyncIterator<ChatStreamEvent>, done: (event: ChatStreamEvent) => boolean): Promise<ChatStreamEvent[]> {
  const events: ChatStreamEvent[] = [];
  for (;;) {
    const next = await iterator.next();
    if (next.done) throw new Error(`the stream ended after ${JSON.stringify(events)}`);
    events.push(next.value);
    if (done(next.value)) return events;
  }
}

describe('chat router', () => {
  it('runs an approval round trip: the request is streamed and listed, the answer resolves it and the turn ends', async () => {
    const engine = new ScriptedEngine();
    const { caller, subscriber, controller, services } = setup(engine);
    engine.add(async (options) => {
      await toolStep(options, services.approvals);
      options.onEvent({ type: 'step_start', stepIndex: 1 });
      options.onEvent({ type: 'text', stepIndex: 1, delta: 'It said hi.' });
      return { messages: [{ role: 'assistant', text: 'It said hi.', toolCalls: [] }], stopReason: 'answered' };
    });
    const conversation = await caller.chat.conversations.create({ providerId: 'p1' });
    const iterator = (await subscriber.chat.onConversation({ conversationId: conversation.id }))[Symbol.asyncIterator]();
    expect((await iterator.next()).value).toEqual({ type: 'turn', running: false });

    const sent = await caller.chat.send({ conversationId: conversation.id, text: '  Echo hi  ' });
    expect(sent.text).toBe('Echo hi');
    const upToApproval = await until(iterator, (e) => e.type === 'approval');
    // The assistant message's two snapshots (step start, call awaiting approval) were queued for this
    // subscriber together, so only the newer one is delivered.
    expect(upToApproval.map((e) => e.type)).toEqual(['message', 'turn', 'message', 'approval']);
    expect(upToApproval[2]).toMatchObject({ message: { role: 'assistant', status: 'streaming', toolCalls: [{ id: 'call-1', status: 'awaiting_approval' }] } });
    expect(await caller.chat.pendingApprovals({ conversationId: conversation.id })).toMatchObject([{ callId: 'call-1', toolName: 'echo' }]);
    expect(await caller.chat.pendingApprovals({ conversationId: 'other' })).toEqual([]);

    await caller.chat.approve({ callId: 'call-1', decision: 'allow_once' });
    const rest = await until(iterator, (e) => e.type === 'turn');
    expect(rest).toContainEqual({ type: 'approval_resolved', callId: 'call-1', decision: 'allow_once' });
    expect(rest.at(-1)).toEqual({ type: 'turn', running: false });
    const messages = await caller.chat.messages({ conversationId: conversation.id });
    expect(messages.map((m) => [m.role, m.status, m.toolCalls.map((c) => c.status)])).toEqual([
      ['user', 'done', []],
      ['assistant', 'done', ['done']],
      ['assistant', 'done', []],
    ]);
    expect(messages[1]?.toolCalls[0]?.result?.content).toEqual([{ type: 'text', text: 'Echo: hi' }]);
    expect(await caller.chat.pendingApprovals({ conversationId: conversation.id })).toEqual([]);
    controller.abort();
    await iterator.return?.(undefined);
  });

  it('replays a waiting approval to a late subscriber, and Stop cancels it', async () => {
    const engine = new ScriptedEngine();
    const { caller, subscriber, controller, services } = setup(engine);
    engine.add(async (options) => {
      await toolStep(options, services.approvals).catch(() => aborted(options.signal));
      return { messages: [], stopReason: 'stopped' };
    });
    const { id } = await caller.chat.conversations.create({ providerId: 'p1' });
    await caller.chat.send({ conversationId: id, text: 'echo' });
    await expect.poll(() => caller.chat.pendingApprovals({ conversationId: id })).toHaveLength(1);

    const iterator = (await subscriber.chat.onConversation({ conversationId: id }))[Symbol.asyncIterator]();
    expect((await iterator.next()).value).toEqual({ type: 'turn', running: true });
    expect((await iterator.next()).value).toMatchObject({ type: 'approval', request: { callId: 'call-1' } });
    expect(await caller.chat.stop({ conversationId: id })).toEqual({ stopped: true });
    const rest = await until(iterator, (e) => e.type === 'turn');
    expect(rest).toContainEqual({ type: 'approval_resolved', callId: 'call-1', decision: 'cancelled' });
    const last = (await caller.chat.messages({ conversationId: id })).at(-1);
    expect(last).toMatchObject({ status: 'stopped', toolCalls: [{ id: 'call-1', status: 'cancelled' }] });
    const answerLate = await rejection(caller.chat.approve({ callId: 'call-1', decision: 'deny' }));
    expect(answerLate.code).toBe('NOT_FOUND');
    controller.abort();
    await iterator.return?.(undefined);
  });

  it('answers errors with codes: busy conversation, unknown conversation, empty text', async () => {
    const engine = new ScriptedEngine();
    const { caller } = setup(engine);
    let release = () => {};
    engine.add(async (options) => {
      await new Promise<void>((resolve) => (release = resolve));
      return answers('late')(options);
    });
    const { id } = await caller.chat.conversations.create({ providerId: 'p1', title: 'Mine' });
    await caller.chat.send({ conversationId: id, text: 'one' });
    const busy = await rejection(caller.chat.send({ conversationId: id, text: 'two' }));
    expect([busy.code, appErrorData(busy).code]).toEqual(['CONFLICT', 'TURN_IN_PROGRESS']);
    release();

    const missing = await rejection(caller.chat.messages({ conversationId: 'nope' }));
    expect([missing.code, appErrorData(missing).code]).toEqual(['NOT_FOUND', 'CONVERSATION_NOT_FOUND']);
    const empty = await rejection(caller.chat.send({ conversationId: id, text: '   ' }));
    expect(appErrorData(empty)).toEqual({ code: 'VALIDATION', fieldErrors: [{ field: 'text', code: 'required' }] });
    const unsent = await rejection(caller.chat.conversations.create({ toolMode: 'sometimes' as 'auto' }));
    expect(appErrorData(unsent).code).toBe('VALIDATION');
  });

  it('edits and regenerates through the router, with translated codes for each refusal', async () => {
    const engine = new ScriptedEngine([answers('One.'), answers('One, again.'), answers('Edited.')]);
    const { caller, chat } = setup(engine);
    const { id } = await caller.chat.conversations.create({ providerId: 'p1' });
    const question = await caller.chat.send({ conversationId: id, text: 'one' });
    await chat.settled(id);
    const [, answer] = await caller.chat.messages({ conversationId: id });

    expect(await caller.chat.regenerate({ conversationId: id, messageId: answer!.id })).toEqual({ conversationId: id });
    await chat.settled(id);
    expect((await caller.chat.messages({ conversationId: id })).map((m) => m.text)).toEqual(['one', 'One, again.']);
    expect(engine.turns[1]?.history).toEqual([{ role: 'user', text: 'one' }]);

    const edited = await caller.chat.edit({ conversationId: id, messageId: question.id, text: '  one, edited  ' });
    expect(edited).toMatchObject({ role: 'user', text: 'one, edited' });
    await chat.settled(id);
    expect((await caller.chat.messages({ conversationId: id })).map((m) => m.text)).toEqual(['one, edited', 'Edited.']);

    const [latestQuestion, latestAnswer] = await caller.chat.messages({ conversationId: id });
    const notEditable = await rejection(caller.chat.edit({ conversationId: id, messageId: latestAnswer!.id, text: 'x' }));
    expect([notEditable.code, appErrorData(notEditable)]).toEqual(['BAD_REQUEST', { code: 'MESSAGE_NOT_EDITABLE', params: { id: latestAnswer!.id } }]);
    const gone = await rejection(caller.chat.regenerate({ conversationId: id, messageId: question.id }));
    expect([gone.code, appErrorData(gone)]).toEqual(['NOT_FOUND', { code: 'MESSAGE_NOT_FOUND', params: { id: question.id } }]);
    expect(await fieldErrors(caller.chat.edit({ conversationId: id, messageId: latestQuestion!.id, text: ' ' }))).toEqual([{ field: 'text', code: 'required' }]);
    expect(await fieldErrors(caller.chat.edit({ conversationId: id, messageId: '', text: 'x' }))).toEqual([{ field: 'messageId', code: 'invalid' }]);
    expect(await fieldErrors(caller.chat.regenerate({ conversationId: id } as { conversationId: string; messageId: string }))).toEqual([
      { field: 'messageId', code: expect.any(String) },
    ]);
    expect(engine.turns).toHaveLength(3);
  });

  it('creates, renames, lists (with a live list) and removes conversations', async () => {
    const { caller, subscriber, controller } = setup(new ScriptedEngine());
    const list = (await subscriber.chat.conversations.onChanged())[Symbol.asyncIterator]();
    expect((await list.next()).value).toEqual([]);
    const created = await caller.chat.conversations.create({ title: 'First', toolMode: 'manual', selectedServerIds: ['s1'] });
    expect(((await list.next()).value as { title: string }[]).map((c) => c.title)).toEqual(['First']);
    const renamed = await caller.chat.conversations.update({ id: created.id, title: 'Renamed' });
    expect(renamed).toMatchObject({ title: 'Renamed', toolMode: 'manual', selectedServerIds: ['s1'] });
    expect(((await list.next()).value as { title: string }[]).map((c) => c.title)).toEqual(['Renamed']);
    expect(await caller.chat.conversations.remove({ id: created.id })).toEqual({ id: created.id });
    expect(await caller.chat.conversations.list()).toEqual([]);
    controller.abort();
    await list.return?.(undefined);
  });
});

describe('chat router: New conversation', () => {
  /** The conversations' timestamps come from a ManualClock: "later" is a step of it, not a sleep. */
  const clock = new ManualClock();
  const later = () => clock.advance(5);

  it('reuses the newest untitled conversation without messages, moved to the top and given the provider it lacks', async () => {
    const engine = new ScriptedEngine();
    engine.add(async () => ({ messages: [{ role: 'assistant', text: 'Hi.', toolCalls: [] }], stopReason: 'answered' }));
    const { caller } = setup(engine, clock);
    const list = async () => (await caller.chat.conversations.list()).map((c) => c.id);

    const first = await caller.chat.conversations.create({ reuseEmpty: true });
    const filled = await caller.chat.conversations.create({ providerId: 'p1', model: 'm1', reuseEmpty: true });
    expect(filled).toMatchObject({ id: first.id, providerId: 'p1', model: 'm1' });
    // The provider and model it has are the user's choice: another New keeps them.
    expect(await caller.chat.conversations.create({ providerId: 'p2', model: 'm2', reuseEmpty: true })).toMatchObject({ id: first.id, providerId: 'p1', model: 'm1' });
    expect(await list()).toEqual([first.id]);

    // Once it has a message it is no longer empty: New makes another.
    await caller.chat.send({ conversationId: first.id, text: 'Hello' });
    const second = await caller.chat.conversations.create({ reuseEmpty: true });
    expect(second.id).not.toBe(first.id);
    // A conversation the user named is theirs, even while it has no message.
    await caller.chat.conversations.update({ id: second.id, title: 'Trip plans' });
    const third = await caller.chat.conversations.create({ reuseEmpty: true });
    expect(third.id).not.toBe(second.id);
    // Without reuseEmpty (scripts, other callers) a new one is always made.
    const fourth = await caller.chat.conversations.create({});
    expect(fourth.id).not.toBe(third.id);
    expect((await list())[0]).toBe(fourth.id);

    // The older empty one comes back to the top when reused.
    await caller.chat.conversations.update({ id: fourth.id, title: 'Named' });
    later();
    expect((await caller.chat.conversations.create({ reuseEmpty: true })).id).toBe(third.id);
    expect(await list()).toEqual([third.id, fourth.id, second.id, first.id]);
  });
});
