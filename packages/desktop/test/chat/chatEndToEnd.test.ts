/**
 * A chat turn end to end through the real composition root: ChatService, TinyElfEngine,
 * CompletionService over the official SDKs against the scripted provider server on 127.0.0.1, the
 * ApprovalService, and a real server-everything over stdio. Only the model's answers are scripted.
 */
import { afterEach, describe, expect, it } from 'vitest';
import type { ChatStreamEvent } from '../../app/shared/contracts/chat';
import { type AppServices, createAppServices } from '../../app/main/index';
import { createAppCaller } from '../../app/main/routers/appRouter';
import { EVERYTHING_ENTRY } from '../cli/mcpServers';
import { API_KEY, baseUrlFor, scripted } from '../completion/helpers';
import type { ScriptInput, WireFormatName } from '../support/scriptedProvider/script';
import { tempDir } from '../support/tempDir';

const opened: AppServices[] = [];
afterEach(async () => {
  for (const services of opened.splice(0)) await services.dispose();
});

async function setup(format: WireFormatName, script: ScriptInput) {
  const provider = await scripted({ script: { apiKey: API_KEY, ...script } });
  const dataDir = tempDir('chat-e2e-');
  const services = createAppServices({ dataDir, autoConnectMcp: true });
  opened.push(services);
  const caller = createAppCaller({ services });
  const server = await caller.mcp.add({ name: 'everything', type: 'stdio', command: process.execPath, args: [EVERYTHING_ENTRY, 'stdio'] });
  await services.start();
  await services.mcp.connect(server.id);
  const record = await caller.providers.add({ name: `Scripted ${format}`, kind: format, baseUrl: baseUrlFor(format, provider.url), apiKey: API_KEY, models: ['scripted-model'] });
  const controller = new AbortController();
  const subscriber = createAppCaller({ services }, { signal: controller.signal });
  const conversation = await caller.chat.conversations.create({ providerId: record.id });
  const iterator = (await subscriber.chat.onConversation({ conversationId: conversation.id }))[Symbol.asyncIterator]();
  await iterator.next();
  const stop = async () => {
    controller.abort();
    await iterator.return?.(undefined);
  };
  return { provider, services, caller, conversation, iterator, stop, dataDir };
}

async function until(iterator: AsyncIterator<ChatStreamEvent>, done: (event: ChatStreamEvent) => boolean): Promise<ChatStreamEvent[]> {
  const events: ChatStreamEvent[] = [];
  for (;;) {
    const next = await iterator.next();
    if (next.done) throw new Error('the stream ended');
    events.push(next.value);
    if (done(next.value)) return events;
  }
}

const turnEnded = (e: ChatStreamEvent) => e.type === 'turn' && !e.running;

describe('chat end to end', () => {
  it('OpenAI: the model calls echo, the user approves, the answer is stored and reloads', async () => {
    const { provider, caller, conversation, iterator, stop, services, dataDir } = await setup('openai', {
      turns: [{ format: 'openai', toolCalls: [{ id: 'call_1', name: 'mcp__everything__echo', arguments: { message: 'hi' } }] }, { format: 'openai', text: ['It said ', 'hi.'] }],
    });
    await caller.chat.send({ conversationId: conversation.id, text: 'Echo hi, please' });
    const approval = (await until(iterator, (e) => e.type === 'approval')).at(-1);
    expect(approval).toMatchObject({ type: 'approval', request: { callId: 'call_1', serverName: 'everything', toolName: 'echo', arguments: { message: 'hi' } } });
    await caller.chat.approve({ callId: 'call_1', decision: 'allow_once' });
    const rest = await until(iterator, turnEnded);
    expect(rest).toContainEqual({ type: 'approval_resolved', callId: 'call_1', decision: 'allow_once' });
    await stop();

    // The second request carried the tool result back in OpenAI's own form.
    const second = provider.requests.filter((r) => r.outcome === 'reply')[1]?.body as { messages: { role: string; content: unknown; tool_call_id?: string }[] };
    expect(second.messages.find((m) => m.role === 'tool')).toMatchObject({ tool_call_id: 'call_1', content: 'Echo: hi' });

    await services.dispose();
    opened.splice(opened.indexOf(services), 1);
    const reopened = createAppServices({ dataDir });
    opened.push(reopened);
    const messages = await createAppCaller({ services: reopened }).chat.messages({ conversationId: conversation.id });
    expect(messages.map((m) => [m.role, m.text, m.status])).toEqual([
      ['user', 'Echo hi, please', 'done'],
      ['assistant', '', 'done'],
      ['assistant', 'It said hi.', 'done'],
    ]);
    expect(messages[1]?.toolCalls).toMatchObject([{ id: 'call_1', serverName: 'everything', toolName: 'echo', status: 'done', result: { text: 'Echo: hi', isError: false } }]);
    expect((await createAppCaller({ services: reopened }).chat.conversations.list())[0]?.title).toBe('Echo hi, please');
  });

  it('Anthropic: an always-allowed image tool stores the image, and the grant skips the prompt next turn', async () => {
    const image = { name: 'mcp__everything__get_tiny_image', arguments: {} };
    const { provider, caller, conversation, iterator, stop, services } = await setup('anthropic', {
      turns: [{ toolCalls: [{ id: 'toolu_1', ...image }] }, { text: ['A tiny logo.'] }, { toolCalls: [{ id: 'toolu_2', ...image }] }, { text: ['Again.'] }],
    });
    await caller.chat.send({ conversationId: conversation.id, text: 'Show me the image' });
    await until(iterator, (e) => e.type === 'approval');
    await caller.chat.approve({ callId: 'toolu_1', decision: 'always_allow' });
    await until(iterator, turnEnded);
    expect(services.approvals.listPermissions()).toMatchObject([{ serverName: 'everything', toolName: 'get-tiny-image' }]);

    await caller.chat.send({ conversationId: conversation.id, text: 'Once more' });
    const second = await until(iterator, turnEnded);
    expect(second.some((e) => e.type === 'approval')).toBe(false);
    await stop();

    const calls = (await caller.chat.messages({ conversationId: conversation.id })).flatMap((m) => m.toolCalls);
    expect(calls.map((c) => c.status)).toEqual(['done', 'done']);
    const stored = calls[0]?.result?.content.find((c) => c.type === 'image');
    expect(stored).toMatchObject({ type: 'image', mimeType: 'image/png' });
    expect(Buffer.from((stored as { data: string }).data, 'base64').subarray(1, 4).toString()).toBe('PNG');
    // The next turn's request replays the first turn's image as an Anthropic tool_result image block.
    const last = provider.requests.filter((r) => r.outcome === 'reply').at(-2)?.body as { messages: { content: unknown }[] };
    expect(JSON.stringify(last.messages)).toContain('"type":"image"');
  });

  it('a wrong key ends the turn with PROVIDER_AUTH and keeps the conversation usable', async () => {
    const { caller, conversation, iterator, stop, services } = await setup('openai', { turns: [{ text: ['Works now.'] }] });
    const wrong = services.providers.add({ name: 'Wrong key', kind: 'openai', baseUrl: services.providers.get(conversation.providerId ?? '').baseUrl, apiKey: 'sk-wrong', models: ['scripted-model'] });
    await caller.chat.conversations.update({ id: conversation.id, providerId: wrong.id });
    await caller.chat.send({ conversationId: conversation.id, text: 'Hello?' });
    await until(iterator, turnEnded);
    await caller.chat.conversations.update({ id: conversation.id, providerId: conversation.providerId });
    await caller.chat.send({ conversationId: conversation.id, text: 'Hello again' });
    await until(iterator, turnEnded);
    await stop();
    const messages = await caller.chat.messages({ conversationId: conversation.id });
    expect(messages.map((m) => [m.role, m.status, m.error?.code])).toEqual([
      ['user', 'done', undefined],
      ['assistant', 'error', 'PROVIDER_AUTH'],
      ['user', 'done', undefined],
      ['assistant', 'done', undefined],
    ]);
  });
});
