/**
 * A server's question during a chat turn, through the real composition root: TinyElfEngine, the
 * scripted provider, server-everything over stdio. The question is tied to the turn's tool call and
 * conversation; stopping the turn cancels it; sampling during the turn runs on the turn's model.
 */
import { afterEach, describe, expect, it } from 'vitest';
import type { PendingInteraction } from '../../app/shared/contracts/interactions';
import { type AppServices, createAppServices } from '../../app/main/index';
import { createAppCaller } from '../../app/main/routers/appRouter';
import { EVERYTHING_ENTRY } from '../cli/mcpServers';
import { API_KEY, scripted } from '../completion/helpers';
import type { ScriptInput } from '../support/scriptedProvider/script';
import { tempDir } from '../support/tempDir';

const opened: AppServices[] = [];
afterEach(async () => {
  for (const services of opened.splice(0)) await services.dispose();
});

async function setup(script: ScriptInput) {
  const provider = await scripted({ script: { apiKey: API_KEY, ...script } });
  const services = createAppServices({ dataDir: tempDir('chat-ask-'), autoConnectMcp: true, builtinServers: false });
  opened.push(services);
  const caller = createAppCaller({ services });
  const server = await caller.mcp.add({ name: 'everything', type: 'stdio', command: process.execPath, args: [EVERYTHING_ENTRY, 'stdio'] });
  await services.start();
  await services.mcp.connect(server.id);
  // Two providers: sampling must take the turn's (the second), not the first configured one.
  await caller.providers.add({ name: 'Unused', kind: 'openai', baseUrl: 'http://127.0.0.1:9/v1', apiKey: API_KEY, models: ['unused-model'] });
  const record = await caller.providers.add({ name: 'Scripted', kind: 'openai', baseUrl: `${provider.url}/v1`, apiKey: API_KEY, models: ['scripted-model'] });
  const conversation = await caller.chat.conversations.create({ providerId: record.id });
  // Tool calls run without asking: the question under test is the server's.
  services.approvals.onEvent((event) => {
    if (event.type === 'requested') services.approvals.answer(event.request.callId, 'allow_once');
  });
  return { provider, services, caller, conversation };
}

function nextInteraction(services: AppServices): Promise<PendingInteraction> {
  return new Promise((resolve) => {
    const off = services.interactions.onEvent((event) => {
      if (event.type !== 'requested') return;
      off();
      resolve(event.interaction);
    });
  });
}

describe('server questions during a chat turn', () => {
  it('are tied to the tool call and its conversation, and stopping the turn cancels them', async () => {
    const { services, caller, conversation } = await setup({
      turns: [{ format: 'openai', toolCalls: [{ id: 'call_form', name: 'mcp__everything__trigger_elicitation_request', arguments: {} }] }, { format: 'openai', text: ['ok'] }],
    });
    const asked = nextInteraction(services);
    await caller.chat.send({ conversationId: conversation.id, text: 'sign me up' });
    expect(await asked).toMatchObject({ kind: 'form', callId: 'call_form', conversationId: conversation.id, serverName: 'everything' });
    await caller.chat.stop({ conversationId: conversation.id });
    await services.chat.settled(conversation.id);
    await expect.poll(() => services.interactions.listPending()).toEqual([]);
  });

  it('sampling runs on the turn’s provider and model', async () => {
    const { services, caller, conversation, provider } = await setup({
      turns: [
        { format: 'openai', toolCalls: [{ id: 'call_sample', name: 'mcp__everything__trigger_sampling_request', arguments: { prompt: 'hi', maxTokens: 20 } }] },
        { format: 'openai', text: ['Sampled.'] },
        { format: 'openai', text: ['Done.'] },
      ],
    });
    const asked = nextInteraction(services);
    await caller.chat.send({ conversationId: conversation.id, text: 'sample please' });
    const interaction = await asked;
    expect(interaction).toMatchObject({ kind: 'sampling', callId: 'call_sample', conversationId: conversation.id });
    await services.interactions.answer(interaction.id, { action: 'approve' });
    await expect.poll(() => services.interactions.listSampled()).toMatchObject([{ callId: 'call_sample', conversationId: conversation.id, model: 'scripted-model', text: 'Sampled.' }]);
    const sampling = provider.requests.filter((request) => request.outcome === 'reply')[1]?.body as { model?: string; tools?: unknown[] } | undefined;
    expect(sampling?.model).toBe('scripted-model');
    expect(sampling?.tools ?? []).toEqual([]);
  });
});
