import type { OAuthClientProvider } from '@modelcontextprotocol/client';
import { afterEach, describe, expect, it } from 'vitest';
import type { ElicitParams, McpClientRequests, McpRoot, ServerRequestOrigin } from '../../app/main/mcp/clientRequests';
import { type Harness, closeHarness, createHarness, everythingEntry, fixture, makeRecord, type RunningServer, startNetworkServer, stdioRecord, textOf } from './helpers';

/**
 * What servers ask of the app (McpServiceOptions.clientRequests), in both eras: a 2025 server's
 * own `elicitation/create` / `roots/list` requests, a 2026-07-28 server's `input_required` answer.
 */
let harness: Harness | undefined;
let network: RunningServer | undefined;

afterEach(async () => {
  if (harness) await closeHarness(harness);
  harness = undefined;
  await network?.stop();
  network = undefined;
});

interface Asked {
  params: ElicitParams;
  origin: ServerRequestOrigin;
}

/** Answers every elicitation with `name`, and lists `roots`; records what it was asked. */
function scriptedRequests(name: string, roots: McpRoot[] = []) {
  const asked: Asked[] = [];
  const rootListeners = new Set<() => void>();
  const requests: McpClientRequests = {
    elicit: async (params, origin) => {
      asked.push({ params, origin });
      return { action: 'accept', content: { name } };
    },
    createMessage: async () => ({ role: 'assistant', content: { type: 'text', text: 'sampled' }, model: 'test-model' }),
    listRoots: async () => roots,
    onRootsChanged: (listener) => {
      rootListeners.add(listener);
      return () => rootListeners.delete(listener);
    },
  };
  return { requests, asked, changeRoots: () => rootListeners.forEach((listener) => listener()), listeners: () => rootListeners.size };
}

describe('elicitation', () => {
  it('2026-07-28 over HTTP: the input_required round reaches elicit, tied to the call, and the call completes', async () => {
    network = await startNetworkServer([fixture('modern-http-server.mjs')]);
    const record = makeRecord({ type: 'http', config: { url: `http://127.0.0.1:${network.port}/mcp` } });
    const script = scriptedRequests('Ada');
    harness = createHarness([record], { clientRequests: script.requests });
    const result = await harness.service.callTool(record.id, 'ask', {}, 'call-42');
    expect(textOf(result)).toBe('Hello, Ada (modern)');
    expect(script.asked).toHaveLength(1);
    expect(script.asked[0]!.params).toMatchObject({ message: 'Your name?', requestedSchema: { required: ['name'] } });
    expect(script.asked[0]!.origin).toMatchObject({ serverId: record.id, serverName: record.name, callId: 'call-42' });
    expect(script.asked[0]!.origin.signal.aborted).toBe(false);
  });

  it('with two calls in flight, the request names the call it belongs to', async () => {
    network = await startNetworkServer([fixture('modern-http-server.mjs')]);
    const record = makeRecord({ type: 'http', config: { url: `http://127.0.0.1:${network.port}/mcp` } });
    const script = scriptedRequests('Ada');
    harness = createHarness([record], { clientRequests: script.requests });
    await harness.service.connect(record.id);
    const slow = harness.service.callTool(record.id, 'slow', { steps: 4, delayMs: 250 }, 'call-slow');
    const asked = await harness.service.callTool(record.id, 'ask', {}, 'call-ask');
    expect(textOf(asked)).toBe('Hello, Ada (modern)');
    expect(script.asked.map((a) => a.origin.callId)).toEqual(['call-ask']);
    expect(textOf(await slow)).toBe('done after 4 steps');
  });

  it('2026-07-28 over stdio: the same handler answers, tied to the call', async () => {
    const record = stdioRecord(fixture('modern-stdio-server.mjs'));
    const script = scriptedRequests('Grace');
    harness = createHarness([record], { clientRequests: script.requests }, 'process');
    expect(textOf(await harness.service.callTool(record.id, 'ask', {}, 'call-7'))).toBe('Hello, Grace (modern)');
    expect(script.asked[0]!.origin.callId).toBe('call-7');
  });

  it('2025 over stdio: the server sends elicitation/create, answered by the same handler', async () => {
    // The SDK's own stdio transport connects in the 2025 era (no probe); the v2 server's legacy
    // shim turns the input_required answer into a real elicitation/create request.
    const record = stdioRecord(fixture('modern-stdio-server.mjs'));
    const script = scriptedRequests('Linus');
    harness = createHarness([record], { clientRequests: script.requests });
    await harness.service.connect(record.id);
    expect((await harness.service.getState(record.id))?.protocolVersion).toMatch(/^2025-/);
    expect(textOf(await harness.service.callTool(record.id, 'ask', {}, 'call-9'))).toBe('Hello, Linus (legacy)');
    expect(script.asked[0]!.params).toMatchObject({ mode: 'form', message: 'Your name?' });
    // One call in flight on a shared channel: the request is that call's.
    expect(script.asked[0]!.origin.callId).toBe('call-9');
  });

  it('without clientRequests no elicitation capability is advertised: the server cannot ask', async () => {
    const record = stdioRecord(fixture('modern-stdio-server.mjs'));
    harness = createHarness([record]);
    const result = await harness.service.callTool(record.id, 'ask', {}, 'call-1');
    expect(result.isError).toBe(true);
  });
});

describe('roots and sampling (server-everything, 2025)', () => {
  it('answers roots/list and sampling, and tells the server when the roots change', async () => {
    const record = makeRecord({ type: 'stdio', config: { command: process.execPath, args: [everythingEntry(), 'stdio'] } });
    const script = scriptedRequests('x', [{ uri: 'file:///work/project', name: 'project' }]);
    harness = createHarness([record], { clientRequests: script.requests });
    await harness.service.connect(record.id);
    expect(script.listeners()).toBe(1);
    const tools = (await harness.service.listServerTools(record.id)).map((tool) => tool.name);
    const sampling = tools.find((name) => /sampl/i.test(name));
    expect(sampling).toBeDefined();
    const sampled = await harness.service.callTool(record.id, sampling!, { prompt: 'hello', maxTokens: 10 }, 'c-s');
    expect(textOf(sampled)).toContain('sampled');
    const rootsTool = tools.find((name) => /roots/i.test(name));
    expect(rootsTool).toBeDefined();
    script.changeRoots();
    const listed = await harness.service.callTool(record.id, rootsTool!, {}, 'c-r');
    expect(textOf(listed)).toContain('file:///work/project');
    await harness.service.disconnect(record.id);
    expect(script.listeners()).toBe(0);
  });
});

describe('authProviders', () => {
  function staticToken(token: string): OAuthClientProvider {
    return {
      redirectUrl: undefined,
      clientMetadata: { redirect_uris: [] },
      clientInformation: () => undefined,
      tokens: () => ({ access_token: token, token_type: 'Bearer' }),
      saveTokens: () => undefined,
      redirectToAuthorization: () => undefined,
      saveCodeVerifier: () => undefined,
      codeVerifier: () => '',
    };
  }

  it('the provider of the server signs its HTTP requests', async () => {
    network = await startNetworkServer([fixture('modern-http-server.mjs')], { MCP_FIXTURE_BEARER: 's3cret' });
    const record = makeRecord({ type: 'http', config: { url: `http://127.0.0.1:${network.port}/mcp` } });
    const asked: string[] = [];
    harness = createHarness([record], {
      authProviders: {
        forServer: (server) => {
          asked.push(server.id);
          return staticToken('s3cret');
        },
      },
    });
    expect(textOf(await harness.service.callTool(record.id, 'echo', { message: 'signed' }, 'c1'))).toBe('Echo: signed (modern)');
    expect(asked).toEqual([record.id]);
  });

  it('without a provider the same server refuses the connect (401)', async () => {
    network = await startNetworkServer([fixture('modern-http-server.mjs')], { MCP_FIXTURE_BEARER: 's3cret' });
    const record = makeRecord({ type: 'http', config: { url: `http://127.0.0.1:${network.port}/mcp` } });
    harness = createHarness([record]);
    await expect(harness.service.connect(record.id)).rejects.toMatchObject({ code: 'CONNECT_FAILED', params: { httpStatus: 401 } });
  });
});
