/**
 * Each wire format end to end: CompletionService → official SDK → real HTTP on 127.0.0.1 → the
 * scripted provider speaking that provider's stream format.
 */
import { describe, expect, it } from 'vitest';
import { CompletionService } from '../../app/main/completion/CompletionService';
import { GEMINI_SYNTHETIC_ID_PREFIX } from '../../app/main/completion/gemini/request';
import { collect, FORMATS, providerFor, scripted, textOf, VALID_TOOLS } from './helpers';

const service = new CompletionService();

describe.each(FORMATS)('%s stream', (format) => {
  it('streams a plain answer as text deltas, then done/end_turn', async () => {
    const server = await scripted({ script: { turns: [{ format, text: ['Hel', 'lo, ', 'world'] }] } });
    const events = await collect(service.stream({ provider: providerFor(format, server.url), model: 'scripted-model', system: 'Be brief.', messages: [{ role: 'user', text: 'Hi' }], tools: [] }));
    expect(events.filter((e) => e.type === 'text').map((e) => e.delta)).toEqual(['Hel', 'lo, ', 'world']);
    expect(events.at(-1)).toEqual({ type: 'done', stopReason: 'end_turn' });
    expect(server.requests).toHaveLength(1);
    expect(server.requests[0]!.outcome).toBe('reply');
  });

  it('assembles tool calls whose arguments arrive in fragments', async () => {
    const args = { message: 'hello "quoted" ✓', nested: { n: [1, 2, 3] } };
    const server = await scripted({
      script: {
        turns: [
          {
            format,
            text: ['Let me check.'],
            toolCalls: [
              { name: 'mcp__everything__echo', arguments: args, fragments: 7 },
              { name: 'mcp__everything__add', arguments: { a: 1, b: 2 }, fragments: 2 },
            ],
          },
        ],
      },
    });
    const events = await collect(service.stream({ provider: providerFor(format, server.url), model: 'scripted-model', messages: [{ role: 'user', text: 'Echo' }], tools: VALID_TOOLS[format] }));
    expect(textOf(events)).toBe('Let me check.');
    const calls = events.flatMap((e) => (e.type === 'tool_call' ? [e.call] : []));
    expect(calls.map((c) => ({ name: c.name, arguments: c.arguments }))).toEqual([
      { name: 'mcp__everything__echo', arguments: args },
      { name: 'mcp__everything__add', arguments: { a: 1, b: 2 } },
    ]);
    expect(new Set(calls.map((c) => c.id)).size).toBe(2);
    if (format === 'google') expect(calls.every((c) => c.id.startsWith(GEMINI_SYNTHETIC_ID_PREFIX))).toBe(true);
    else expect(calls.map((c) => c.id)).toEqual(format === 'openai' ? ['call_1', 'call_2'] : ['toolu_1', 'toolu_2']);
    expect(events.at(-1)).toEqual({ type: 'done', stopReason: 'tool_calls' });
  });

  it('reports max_tokens', async () => {
    const server = await scripted({ script: { turns: [{ text: ['cut'], stopReason: 'max_tokens' }] } });
    const events = await collect(service.stream({ provider: providerFor(format, server.url), model: 'scripted-model', messages: [{ role: 'user', text: 'Hi' }], tools: [] }));
    expect(events.at(-1)).toEqual({ type: 'done', stopReason: 'max_tokens' });
  });

  it('sends the key, the model and the tool definitions as given', async () => {
    const server = await scripted({ script: { apiKey: 'sk-test-4f9a1c', turns: [{ text: ['ok'] }] } });
    await collect(service.stream({ provider: providerFor(format, server.url), model: 'model-x', messages: [{ role: 'user', text: 'Hi' }], tools: VALID_TOOLS[format] }));
    const [request] = server.requests;
    expect(request!.apiKey).toBe('sk-test-4f9a1c');
    const body = request!.body as Record<string, unknown>;
    if (format === 'google') expect(request!.path).toBe('/v1beta/models/model-x:streamGenerateContent');
    else expect(body.model).toBe('model-x');
    expect(body.tools).toEqual(VALID_TOOLS[format]);
  });
});

describe('Gemini call ids', () => {
  it('uses the id the API sent, and makes unique ones per stream otherwise', async () => {
    const server = await scripted({
      script: {
        turns: [
          { toolCalls: [{ name: 'a', arguments: {} }, { name: 'a', arguments: {} }] },
          { toolCalls: [{ name: 'a', arguments: {} }] },
          { toolCalls: [{ id: 'fc_from_api', name: 'a', arguments: {} }] },
        ],
      },
    });
    const ids: string[] = [];
    for (let i = 0; i < 3; i += 1) {
      const events = await collect(service.stream({ provider: providerFor('google', server.url), model: 'm', messages: [{ role: 'user', text: 'x' }], tools: [] }));
      ids.push(...events.flatMap((e) => (e.type === 'tool_call' ? [e.call.id] : [])));
    }
    expect(ids).toHaveLength(4);
    expect(new Set(ids).size).toBe(4);
    expect(ids[3]).toBe('fc_from_api');
  });
});
