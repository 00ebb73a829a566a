import { describe, expect, it } from 'vitest';
import type { PendingInteraction } from '../../app/shared/contracts/interactions';
import { InteractionBroker, type InteractionEvent } from '../../app/main/interactions/InteractionBroker';
import { JSONRPC_INVALID_PARAMS, USER_REJECTED } from '../../app/main/interactions/requestErrors';
import { SamplingRunner } from '../../app/main/interactions/samplingRunner';
import { CompletionService } from '../../app/main/completion/CompletionService';
import type { ServerRequestOrigin } from '../../app/main/mcp/clientRequests';
import { AppError } from '../../app/main/lib/errors';
import { providerFor, scripted } from '../completion/helpers';

const SCHEMA = {
  type: 'object',
  properties: { name: { type: 'string', minLength: 2 }, age: { type: 'integer', minimum: 0 }, ok: { type: 'boolean', default: true } },
  required: ['name'],
};

function origin(overrides: Partial<ServerRequestOrigin> = {}): ServerRequestOrigin & { controller: AbortController } {
  const controller = new AbortController();
  return { serverId: 's1', serverName: 'Everything', callId: 'call-1', signal: controller.signal, controller, ...overrides };
}

/** A broker whose events are recorded; `next()` waits for the next pending interaction. */
function recordingBroker(options: ConstructorParameters<typeof InteractionBroker>[0] = {}) {
  let ids = 0;
  const broker = new InteractionBroker({ newId: () => `i${++ids}`, conversationOfCall: (callId) => (callId === 'call-1' ? 'conv-1' : undefined), ...options });
  const events: InteractionEvent[] = [];
  broker.onEvent((event) => events.push(event));
  return { broker, events };
}

async function rejection(promise: Promise<unknown>): Promise<unknown> {
  return promise.then(
    () => {
      throw new Error('expected a rejection');
    },
    (error: unknown) => error,
  );
}

describe('InteractionBroker: form elicitation', () => {
  it('lists the form with its fields and conversation, and returns the validated content on accept', async () => {
    const { broker, events } = recordingBroker();
    const reply = broker.elicit({ message: 'Who are you?', requestedSchema: SCHEMA }, origin());
    const [pending] = broker.listPending();
    expect(pending).toMatchObject({ id: 'i1', kind: 'form', serverName: 'Everything', callId: 'call-1', conversationId: 'conv-1', message: 'Who are you?' });
    expect((pending as Extract<PendingInteraction, { kind: 'form' }>).fields.map((field) => field.name)).toEqual(['name', 'age', 'ok']);
    await broker.answer('i1', { action: 'accept', content: { name: 'Ada', age: 36, ok: false } });
    await expect(reply).resolves.toEqual({ action: 'accept', content: { name: 'Ada', age: 36, ok: false } });
    expect(broker.listPending()).toEqual([]);
    expect(events.map((event) => event.type)).toEqual(['requested', 'resolved']);
  });

  it('keeps the form pending and names the fields when the answer does not fit', async () => {
    const { broker } = recordingBroker();
    const reply = broker.elicit({ message: 'Who?', requestedSchema: SCHEMA }, origin());
    const error = await rejection(broker.answer('i1', { action: 'accept', content: { name: 'A', age: -1 } }));
    expect(error).toBeInstanceOf(AppError);
    expect((error as AppError).toData()).toEqual({
      code: 'VALIDATION',
      fieldErrors: [
        { field: 'name', code: 'tooShort', params: { min: 2 } },
        { field: 'age', code: 'outOfRange', params: { comparison: '>=', limit: 0 } },
      ],
    });
    expect(broker.listPending()).toHaveLength(1);
    await broker.answer('i1', { action: 'decline' });
    await expect(reply).resolves.toEqual({ action: 'decline' });
  });

  it('returns cancel, and refuses a sampling answer on a form', async () => {
    const { broker } = recordingBroker();
    const reply = broker.elicit({ message: 'Who?', requestedSchema: SCHEMA }, origin());
    await expect(broker.answer('i1', { action: 'approve' })).rejects.toBeInstanceOf(AppError);
    await broker.answer('i1', { action: 'cancel' });
    await expect(reply).resolves.toEqual({ action: 'cancel' });
  });

  it('rejects a schema outside the specification with invalid params, listing nothing', async () => {
    const { broker, events } = recordingBroker();
    const error = await rejection(broker.elicit({ message: 'x', requestedSchema: { type: 'object', properties: { a: { type: 'object' } } } }, origin()));
    expect(error).toMatchObject({ code: JSONRPC_INVALID_PARAMS, message: expect.stringContaining('property "a" has an unsupported type') });
    expect(events).toEqual([]);
  });

  it('answers NOT_FOUND for an id nothing waits under', async () => {
    const { broker } = recordingBroker();
    const error = await rejection(broker.answer('nope', { action: 'decline' }));
    expect((error as AppError).toData()).toMatchObject({ code: 'NOT_FOUND', params: { id: 'nope' } });
  });
});

describe('InteractionBroker: lifecycle', () => {
  it('ends the interaction with the signal: the server cancelled or the call stopped', async () => {
    const { broker, events } = recordingBroker();
    const from = origin();
    const reply = broker.elicit({ message: 'Who?', requestedSchema: SCHEMA }, from);
    from.controller.abort(new Error('call cancelled'));
    await expect(reply).rejects.toThrow('call cancelled');
    expect(broker.listPending()).toEqual([]);
    expect(events.at(-1)).toEqual({ type: 'resolved', id: 'i1', outcome: 'cancelled' });
    await expect(broker.answer('i1', { action: 'decline' })).rejects.toBeInstanceOf(AppError);
  });

  it('refuses at once when the signal is already aborted', async () => {
    const { broker, events } = recordingBroker();
    const from = origin();
    from.controller.abort(new Error('gone'));
    await expect(broker.elicit({ message: 'x', requestedSchema: SCHEMA }, from)).rejects.toThrow('gone');
    expect(events).toEqual([]);
  });

  it('cancels what a stopped turn asked for, and only that', async () => {
    const { broker } = recordingBroker();
    const mine = broker.elicit({ message: 'a', requestedSchema: SCHEMA }, origin());
    const other = broker.elicit({ message: 'b', requestedSchema: SCHEMA }, origin({ callId: 'call-2' }));
    broker.cancelConversation('conv-1');
    await expect(mine).resolves.toEqual({ action: 'cancel' });
    expect(broker.listPending().map((p) => p.id)).toEqual(['i2']);
    broker.cancelAll();
    await expect(other).resolves.toEqual({ action: 'cancel' });
  });

  it('serves a programmatic answerer (a non-interactive client) through onEvent', async () => {
    const broker = new InteractionBroker();
    broker.onEvent((event) => {
      if (event.type === 'requested' && event.interaction.kind === 'form') void broker.answer(event.interaction.id, { action: 'accept', content: { name: 'Bot' } });
    });
    await expect(broker.elicit({ message: 'x', requestedSchema: SCHEMA }, origin())).resolves.toEqual({ action: 'accept', content: { name: 'Bot' } });
  });
});

describe('InteractionBroker: URL mode', () => {
  it('shows the host, opens the page only on consent, then returns accept', async () => {
    const opened: string[] = [];
    const { broker } = recordingBroker({ openExternal: async (url) => void opened.push(url) });
    const reply = broker.elicit({ mode: 'url', message: 'Link your account', url: 'https://auth.example.com:8443/connect?x=1', elicitationId: 'e1' }, origin());
    expect(broker.listPending()[0]).toMatchObject({ kind: 'url', host: 'auth.example.com:8443', url: 'https://auth.example.com:8443/connect?x=1' });
    expect(opened).toEqual([]);
    await expect(broker.answer('i1', { action: 'accept' })).resolves.toEqual({ opened: true });
    expect(opened).toEqual(['https://auth.example.com:8443/connect?x=1']);
    await expect(reply).resolves.toEqual({ action: 'accept' });
  });

  it('never opens on decline, and says when there is no browser to open', async () => {
    const opened: string[] = [];
    const { broker } = recordingBroker({ openExternal: async (url) => void opened.push(url) });
    const declined = broker.elicit({ mode: 'url', message: 'x', url: 'https://a.example/', elicitationId: 'e1' }, origin());
    await broker.answer('i1', { action: 'decline' });
    await expect(declined).resolves.toEqual({ action: 'decline' });
    expect(opened).toEqual([]);
    const headless = recordingBroker().broker;
    const reply = headless.elicit({ mode: 'url', message: 'x', url: 'https://a.example/', elicitationId: 'e2' }, origin());
    await expect(headless.answer('i1', { action: 'accept' })).resolves.toEqual({ opened: false });
    await expect(reply).resolves.toEqual({ action: 'accept' });
  });

  it.each(['javascript:alert(1)', 'file:///etc/passwd', 'not a url'])('refuses %s as invalid params', async (url) => {
    const { broker } = recordingBroker();
    await expect(broker.elicit({ mode: 'url', message: 'x', url, elicitationId: 'e' }, origin())).rejects.toMatchObject({ code: JSONRPC_INVALID_PARAMS });
  });
});

describe('InteractionBroker: sampling', () => {
  const completion = new CompletionService();

  it('runs one completion on the call’s provider after approval, with the user’s edit, and records the answer', async () => {
    const server = await scripted({ script: { turns: [{ text: ['Paris', ' it is'], expect: { system: 'Be brief', userText: ['capital of France'] } }] } });
    const targets: Array<string | undefined> = [];
    const sampler = new SamplingRunner({
      completion,
      target: (callId) => {
        targets.push(callId);
        return { provider: providerFor('openai', server.url), model: 'scripted-model' };
      },
    });
    const { broker, events } = recordingBroker({ sampler });
    const reply = broker.createMessage(
      { messages: [{ role: 'user', content: { type: 'text', text: 'What is the capital of Spain?' } }], systemPrompt: 'Be brief', maxTokens: 100 },
      origin(),
    );
    expect(broker.listPending()[0]).toMatchObject({ kind: 'sampling', systemPrompt: 'Be brief', maxTokens: 100, editableText: 'What is the capital of Spain?', messages: [{ role: 'user', text: 'What is the capital of Spain?', media: [] }] });
    await broker.answer('i1', { action: 'approve', text: 'What is the capital of France?' });
    await expect(reply).resolves.toEqual({ role: 'assistant', content: { type: 'text', text: 'Paris it is' }, model: 'scripted-model', stopReason: 'endTurn' });
    expect(targets).toEqual(['call-1']);
    const body = server.requests[0]?.body as { model?: string; tools?: unknown[] } | undefined;
    expect(body?.model).toBe('scripted-model');
    expect(body?.tools ?? []).toEqual([]);
    expect(events.at(-1)).toEqual({ type: 'sampled', result: { id: 'i2', serverName: 'Everything', callId: 'call-1', conversationId: 'conv-1', model: 'scripted-model', text: 'Paris it is' } });
    expect(broker.listSampled()).toHaveLength(1);
  });

  it('stops reading at maxTokens', async () => {
    const server = await scripted({ script: { turns: [{ text: ['0123456789', 'abcdefghij'] }] } });
    const sampler = new SamplingRunner({ completion, target: () => ({ provider: providerFor('anthropic', server.url), model: 'scripted-model' }) });
    const { broker } = recordingBroker({ sampler });
    const reply = broker.createMessage({ messages: [{ role: 'user', content: { type: 'text', text: 'count' } }], maxTokens: 3 }, origin());
    await broker.answer('i1', { action: 'approve' });
    await expect(reply).resolves.toMatchObject({ content: { type: 'text', text: '0123456789ab' }, stopReason: 'maxTokens' });
  });

  it('returns the user-rejected error on reject, and sends nothing to a provider', async () => {
    const server = await scripted({ script: { turns: [{ text: ['never'] }] } });
    const sampler = new SamplingRunner({ completion, target: () => ({ provider: providerFor('openai', server.url), model: 'scripted-model' }) });
    const { broker } = recordingBroker({ sampler });
    const reply = broker.createMessage({ messages: [{ role: 'user', content: { type: 'text', text: 'hi' } }], maxTokens: 10 }, origin());
    await broker.answer('i1', { action: 'reject' });
    await expect(reply).rejects.toMatchObject({ code: USER_REJECTED, message: 'User rejected sampling request' });
    expect(server.requests).toEqual([]);
  });

  it('rejects sampling without a sampler or without a configured provider', async () => {
    await expect(recordingBroker().broker.createMessage({ messages: [], maxTokens: 1 }, origin())).rejects.toMatchObject({ code: USER_REJECTED });
    const { broker } = recordingBroker({ sampler: new SamplingRunner({ completion, target: () => undefined }) });
    const reply = broker.createMessage({ messages: [{ role: 'user', content: { type: 'text', text: 'hi' } }], maxTokens: 10 }, origin());
    await broker.answer('i1', { action: 'approve' });
    await expect(reply).rejects.toMatchObject({ code: -32603 });
  });
});
