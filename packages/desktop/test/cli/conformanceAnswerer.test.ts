/**
 * The conformance client's answerer on the app's real InteractionBroker (the one McpService hands
 * servers' elicitations to): a form is accepted with its defaults, a required field without one gets
 * the least a person must enter, a web page and a model completion are declined.
 */
import { afterEach, describe, expect, it } from 'vitest';
import type { ServerRequestOrigin } from '../../app/main/mcp/clientRequests';
import { InteractionBroker } from '../../app/main/interactions/InteractionBroker';
import { acceptedForm, answerEveryInteraction } from '../../app/main/host/cli/conformance/answerer';
import { parseElicitSchema } from '../../app/shared/contracts/elicitation';

const stops: Array<() => void> = [];
afterEach(() => {
  for (const stop of stops.splice(0)) stop();
});

function origin(): ServerRequestOrigin {
  return { serverId: 's1', serverName: 'conformance', signal: new AbortController().signal };
}

function answering(): { broker: InteractionBroker; reports: string[] } {
  const broker = new InteractionBroker({ sampler: { sample: () => Promise.reject(new Error('never sampled')) } });
  const reports: string[] = [];
  stops.push(answerEveryInteraction(broker, (message) => reports.push(message)));
  return { broker, reports };
}

// The form of elicitation-sep1034-client-defaults: a default of every kind, none required.
const DEFAULTS_SCHEMA = {
  type: 'object',
  properties: {
    name: { type: 'string', default: 'John Doe' },
    age: { type: 'integer', default: 30 },
    score: { type: 'number', default: 95.5 },
    status: { type: 'string', enum: ['active', 'inactive', 'pending'], default: 'active' },
    verified: { type: 'boolean', default: true },
  },
};

describe('the conformance answerer', () => {
  it('accepts a form with every default, as the form pre-fills them', async () => {
    const { broker, reports } = answering();
    const outcome = await broker.elicit({ mode: 'form', message: 'defaults?', requestedSchema: DEFAULTS_SCHEMA } as never, origin());
    expect(outcome).toEqual({ action: 'accept', content: { name: 'John Doe', age: 30, score: 95.5, status: 'active', verified: true } });
    expect(reports).toEqual([]);
    expect(broker.listPending()).toEqual([]);
  });

  it('gives a required field without a default the least answer, and leaves optional ones out', () => {
    const form = parseElicitSchema({
      type: 'object',
      properties: {
        confirmed: { type: 'boolean' },
        tier: { type: 'string', enum: ['gold', 'silver'] },
        count: { type: 'integer', minimum: 2.5 },
        code: { type: 'string', minLength: 3 },
        tags: { type: 'array', items: { type: 'string', enum: ['a', 'b', 'c'] }, minItems: 2 },
        mail: { type: 'string', format: 'email' },
        note: { type: 'string' },
      },
      required: ['confirmed', 'tier', 'count', 'code', 'tags', 'mail'],
    });
    if (!form.ok) throw new Error(form.problem);
    expect(acceptedForm(form.fields)).toEqual({ confirmed: true, tier: 'gold', count: 3, code: 'xxx', tags: ['a', 'b'] });
  });

  it('declines a web page and rejects a model completion', async () => {
    const { broker } = answering();
    await expect(broker.elicit({ mode: 'url', message: 'open', url: 'https://example.com/x', elicitationId: 'e1' } as never, origin())).resolves.toEqual({ action: 'decline' });
    await expect(broker.createMessage({ messages: [{ role: 'user', content: { type: 'text', text: 'hi' } }], maxTokens: 10 } as never, origin())).rejects.toThrow();
  });
});
