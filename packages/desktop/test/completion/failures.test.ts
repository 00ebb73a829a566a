/**
 * Provider failures through the real SDKs: each ends as a CompletionError with the code the user
 * sees (errors.PROVIDER_*), or as an AbortError when the user stopped the turn.
 */
import { describe, expect, it, vi } from 'vitest';
import { CompletionService } from '../../app/main/completion/CompletionService';
import type { CompletionRequest } from '../../app/main/completion/types';
import type { ScriptInput, WireFormatName } from '../support/scriptedProvider/script';
import { BREAKING_TOOLS, closedPort, collect, completionError, FORMATS, providerFor, scripted, VALID_TOOLS } from './helpers';

const service = new CompletionService();

function request(format: WireFormatName, url: string, extra: Partial<CompletionRequest> = {}): CompletionRequest {
  return { provider: providerFor(format, url), model: 'scripted-model', messages: [{ role: 'user', text: 'Hi' }], tools: [], ...extra };
}

async function failWith(format: WireFormatName, script: ScriptInput, extra: Partial<CompletionRequest> = {}) {
  const server = await scripted({ script });
  const error = await completionError(collect(service.stream(request(format, server.url, extra))));
  return { error, server };
}

describe.each(FORMATS)('%s failures', (format) => {
  it("rejects a tool definition that breaks the provider's rules with its 400 and message", async () => {
    const { error, server } = await failWith(format, { turns: [{ text: ['never sent'] }] }, { tools: [...VALID_TOOLS[format], ...BREAKING_TOOLS[format].tools] });
    expect(error.code).toBe('PROVIDER_BAD_REQUEST');
    expect(error.status).toBe(400);
    expect(error.message).toMatch(BREAKING_TOOLS[format].expect);
    expect(server.requests[0]!.outcome).toBe('rejected');
    expect(server.remainingTurns).toBe(1);
  });

  it.each([
    [401, 'PROVIDER_AUTH'],
    [403, 'PROVIDER_AUTH'],
    [429, 'PROVIDER_RATE_LIMIT'],
    [500, 'PROVIDER_SERVER'],
    [503, 'PROVIDER_SERVER'],
    [404, 'PROVIDER_BAD_REQUEST'],
  ] as const)('maps HTTP %i to %s, keeping the provider message', async (status, code) => {
    const { error } = await failWith(format, { turns: [{ error: { status, message: `scripted ${status} says no` } }] });
    expect(error.code).toBe(code);
    expect(error.status).toBe(status);
    expect(error.message).toBe(`scripted ${status} says no`);
  });

  it('answers a wrong key with PROVIDER_AUTH', async () => {
    const server = await scripted({ script: { apiKey: 'the-right-key', turns: [{ text: ['x'] }] } });
    const error = await completionError(collect(service.stream(request(format, server.url))));
    expect(error.code).toBe('PROVIDER_AUTH');
    expect(server.requests[0]!.outcome).toBe('unauthorized');
  });

  it.each(['garbage', 'truncated', 'reset'] as const)('reports a %s stream as PROVIDER_MALFORMED_STREAM', async (malformed) => {
    const { error } = await failWith(format, { turns: [{ text: ['one', 'two', 'three'], toolCalls: [{ name: 't', arguments: { a: 1 } }], malformed }] });
    expect(error.code).toBe('PROVIDER_MALFORMED_STREAM');
  });

  it('reports a refused connection as PROVIDER_NETWORK', async () => {
    const port = await closedPort();
    const error = await completionError(collect(service.stream(request(format, `http://127.0.0.1:${port}`))));
    expect(error.code).toBe('PROVIDER_NETWORK');
  });

  it('stops mid-stream on abort: AbortError, and the HTTP request is closed', async () => {
    const server = await scripted({ script: { turns: [{ text: ['first', 'second'], hold: true }] } });
    const controller = new AbortController();
    const seen: string[] = [];
    const outcome = (async () => {
      for await (const event of service.stream(request(format, server.url, { signal: controller.signal }))) {
        if (event.type === 'text') seen.push(event.delta);
        if (seen.length === 1) controller.abort();
      }
    })();
    await expect(outcome).rejects.toMatchObject({ name: 'AbortError' });
    expect(seen[0]).toBe('first');
    await vi.waitFor(() => expect(server.requests[0]!.clientAborted).toBe(true));
  });

  it('closes the HTTP request when the consumer stops reading early', async () => {
    const server = await scripted({ script: { turns: [{ text: ['first', 'second'], hold: true }] } });
    for await (const event of service.stream(request(format, server.url))) {
      if (event.type === 'text') break;
    }
    await vi.waitFor(() => expect(server.requests[0]!.clientAborted).toBe(true));
  });

  it('does not send a request when the signal is already aborted', async () => {
    const server = await scripted({ script: { turns: [{ text: ['x'] }] } });
    await expect(collect(service.stream(request(format, server.url, { signal: AbortSignal.abort() })))).rejects.toMatchObject({ name: 'AbortError' });
    expect(server.requests).toHaveLength(0);
  });
});

describe('not configured', () => {
  it('refuses OpenAI, Anthropic and Gemini without a key before any request', async () => {
    const server = await scripted();
    for (const format of FORMATS) {
      const provider = providerFor(format, server.url, { apiKey: undefined, hasApiKey: false });
      const error = await completionError(collect(service.stream({ provider, model: 'm', messages: [], tools: [] })));
      expect(error.code).toBe('PROVIDER_NOT_CONFIGURED');
    }
    expect(server.requests).toHaveLength(0);
  });

  it('lets a keyless openai-compatible endpoint through, without an Authorization header', async () => {
    const server = await scripted({ script: { turns: [{ text: ['local'] }] } });
    const provider = providerFor('openai', server.url, { kind: 'openai-compatible', apiKey: undefined, hasApiKey: false });
    const events = await collect(service.stream({ provider, model: 'llama3', messages: [{ role: 'user', text: 'Hi' }], tools: [] }));
    expect(events.at(-1)).toEqual({ type: 'done', stopReason: 'end_turn' });
    expect(server.requests[0]!.headers.authorization).toBeUndefined();
  });
});

// Only the formats that stream arguments as text: Gemini sends them as a parsed object, so there is
// nothing to garble.
describe.each(['openai', 'anthropic'] as const)('%s argument text', (format) => {
  it('reports tool-call arguments that are not JSON as PROVIDER_MALFORMED_STREAM', async () => {
    const { error } = await failWith(format, { turns: [{ toolCalls: [{ name: 't', rawArguments: '{"a": 1', fragments: 2 }] }] });
    expect(error.code).toBe('PROVIDER_MALFORMED_STREAM');
    expect(error.message).toContain('"t"');
  });

  it('reports arguments nested 100,000 levels deep as PROVIDER_MALFORMED_STREAM (they overflowed the stack later, INTERNAL)', async () => {
    const rawArguments = `{"a":${'['.repeat(100_000)}${']'.repeat(100_000)}}`;
    const { error } = await failWith(format, { turns: [{ toolCalls: [{ name: 't', rawArguments }] }] });
    expect(error.code).toBe('PROVIDER_MALFORMED_STREAM');
    expect(error.message).toContain('nested deeper than 64 levels');
  });
});

describe('google argument objects', () => {
  it('reports arguments nested 2,000 levels deep as PROVIDER_MALFORMED_STREAM', async () => {
    let deep: unknown = 1;
    for (let i = 0; i < 2000; i += 1) deep = [deep];
    const { error } = await failWith('google', { turns: [{ toolCalls: [{ name: 't', arguments: { a: deep } }] }] });
    expect(error.code).toBe('PROVIDER_MALFORMED_STREAM');
    expect(error.message).toContain('nested deeper than 64 levels');
  });
});
