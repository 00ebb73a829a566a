/**
 * McpToolAdapter and loadMcpTools against a real McpService with real stdio servers:
 * server-everything and the engine's own fixture.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ToolProgress } from '../../app/main/engine/ITool';
import { McpToolAdapter, loadMcpTools } from '../../app/main/engine/tools/McpToolAdapter';
import { McpServiceError } from '../../app/main/mcp/McpServiceError';
import { type Harness, closeHarness, createHarness, everythingEntry, fixture, makeRecord, recordFile, stdioRecord, waitFor } from '../mcp/helpers';
import { ManualClock } from '../support/manualClock';

const everything = makeRecord({ name: 'everything', type: 'stdio', config: { command: process.execPath, args: [everythingEntry(), 'stdio'] } });
const calls = recordFile();
const engTools = stdioRecord(fixture('eng-tools-server.mjs'), { name: 'eng' }, { MCP_FIXTURE_RECORD: calls.path });

let harness: Harness;
let tools: Map<string, McpToolAdapter>;

function tool(name: string): McpToolAdapter {
  const found = tools.get(name);
  if (!found) throw new Error(`no tool ${name}; have ${[...tools.keys()].join(', ')}`);
  return found;
}

beforeAll(async () => {
  harness = createHarness([everything, engTools]);
  const loaded = await loadMcpTools(harness.service, [everything.id, engTools.id]);
  expect(loaded.failures).toEqual([]);
  tools = new Map(loaded.tools.map((t) => [t.name, t]));
});

afterAll(async () => {
  await closeHarness(harness);
  calls.cleanup();
});

describe('McpToolAdapter', () => {
  it('maps MCPTool.id, description and inputSchema onto the ITool fields', () => {
    const echo = tool('mcp__everything__echo');
    expect(echo.mcpTool.serverId).toBe(everything.id);
    expect(echo.description).toBe(echo.mcpTool.description);
    expect(echo.parameters).toMatchObject({ type: 'object', properties: { message: { type: 'string' } } });
  });

  it('returns text content as is', async () => {
    const result = await tool('mcp__everything__echo').execute({ message: 'hello' });
    expect(result).toEqual({ text: 'Echo: hello', content: [{ type: 'text', text: 'Echo: hello' }], isError: false });
  });

  it('shows an image to the model as a placeholder and keeps the image for the UI', async () => {
    const result = await tool('mcp__everything__get-tiny-image').execute({});
    expect(result.text.split('\n')).toContain('[Image: image/png]');
    const image = result.content.find((c) => c.type === 'image');
    expect(image).toMatchObject({ type: 'image', mimeType: 'image/png' });
    expect(image && 'data' in image && Buffer.from(image.data, 'base64').subarray(1, 4).toString()).toBe('PNG');
    expect(result.isError).toBe(false);
  });

  it('summarises an embedded resource and keeps it whole', async () => {
    const result = await tool('mcp__everything__get-resource-reference').execute({ resourceType: 'Text', resourceId: 2 });
    const embedded = result.content.find((c) => c.type === 'resource');
    expect(embedded && 'resource' in embedded && embedded.resource.uri).toBeTruthy();
    expect(result.text).toContain(`[Resource: ${embedded && 'resource' in embedded ? embedded.resource.uri : ''}`);
  });

  it('flattens every content type of one result, in order', async () => {
    const result = await tool('mcp__eng__mixed').execute({});
    expect(result.text).toBe(
      [
        'all kinds:',
        '[Image: image/png]',
        '[Audio: audio/wav]',
        '[Resource link: a.md (file:///notes/a.md, text/markdown)]',
        '[Resource: memo://1, text/plain]\nembedded text',
        '[Resource: memo://2, application/octet-stream, 4 bytes, binary]',
      ].join('\n'),
    );
    expect(result.content.map((c) => c.type)).toEqual(['text', 'image', 'audio', 'resource_link', 'resource', 'resource']);
  });

  it('reflects a server error result as isError, without an error code', async () => {
    const result = await tool('mcp__everything__get-resource-reference').execute({ resourceType: 'Text', resourceId: 0 });
    expect(result.isError).toBe(true);
    expect(result.errorCode).toBeUndefined();
    expect(result.text).toMatch(/Invalid resourceId/);
    const thrown = await tool('mcp__eng__fail').execute({});
    expect(thrown).toMatchObject({ isError: true, text: expect.stringContaining('the disk is on fire') });
  });

  it('turns a rejected call into an error result with the service code', async () => {
    const result = await tool('mcp__everything__echo').execute({ message: 42 });
    expect(result).toMatchObject({ isError: true, errorCode: 'INVALID_ARGUMENTS' });
    expect(result.text).toMatch(/^Tool call failed: INVALID_ARGUMENTS/);
  });

  it('passes progress through and resolves when the operation completes', async () => {
    const progress: ToolProgress[] = [];
    const result = await tool('mcp__everything__trigger-long-running-operation').execute({ duration: 0.3, steps: 3 }, { onProgress: (p) => progress.push(p) });
    expect(result.isError).toBe(false);
    // The SDK dispatches notifications a tick after they arrive and drops the handler on the response,
    // so the last step's notification, sent just before the result, may be lost.
    expect(progress.map((p) => p.progress).slice(0, 2)).toEqual([1, 2]);
    expect(progress[0]?.total).toBe(3);
  });

  it('cancels on abort: resolves at once with CANCELLED and the server hears notifications/cancelled', async () => {
    const controller = new AbortController();
    const started = Date.now();
    const pending = tool('mcp__eng__hang').execute({}, { signal: controller.signal });
    await waitFor(() => calls.lines().includes('call hang'), 5000, 'the hang call to arrive');
    controller.abort();
    const result = await pending;
    expect(result).toMatchObject({ isError: true, errorCode: 'CANCELLED', text: 'Tool call cancelled.' });
    expect(Date.now() - started).toBeLessThan(5000);
    await waitFor(() => calls.lines().includes('cancelled hang'), 5000, 'the server to see the cancellation');
  });

  it('answers an already aborted signal without calling the server', async () => {
    const before = calls.lines().length;
    const result = await tool('mcp__eng__hang').execute({}, { signal: AbortSignal.abort() });
    expect(result.errorCode).toBe('CANCELLED');
    expect(calls.lines().length).toBe(before);
  });

  it('uses the given callId, so McpService.cancelCall reaches the call', async () => {
    const pending = tool('mcp__everything__trigger-long-running-operation').execute({ duration: 10, steps: 10 }, { callId: 'call-42' });
    await waitFor(() => harness.service.cancelCall('call-42'), 5000, 'the call to be in flight');
    expect(await pending).toMatchObject({ isError: true, errorCode: 'CANCELLED' });
  });
});

describe('McpToolAdapter time bound (the seed\'s 120 s Promise.race, shortened)', () => {
  /** The bound runs on a ManualClock: it fires when the test moves time, never on the machine's pace. */
  let clock: ManualClock;
  function adapter(name: string, options: ConstructorParameters<typeof McpToolAdapter>[2]): McpToolAdapter {
    clock = new ManualClock();
    return new McpToolAdapter(tool(name).mcpTool, harness.service, { clock, ...options });
  }

  it('gives up on a server that never answers, and cancels the call on the server', async () => {
    const before = calls.lines().filter((l) => l === 'cancelled hang').length;
    const hangs = calls.lines().filter((l) => l === 'call hang').length;
    let settled = false;
    const pending = adapter('mcp__eng__hang', { timeoutMs: 300 }).execute({}).finally(() => (settled = true));
    await waitFor(() => calls.lines().filter((l) => l === 'call hang').length > hangs, 5000, 'the hang call to arrive');
    expect(clock.pending()).toEqual([300]);
    // McpService's own timeout is 10 s here (on the real clock): only the adapter's bound can end it.
    clock.advance(299);
    await new Promise<void>((resolve) => setImmediate(resolve));
    expect(settled).toBe(false);
    clock.advance(1);
    expect(await pending).toMatchObject({ isError: true, errorCode: 'TIMEOUT', text: 'Tool call timed out after 0.3 s.' });
    expect(clock.pending()).toEqual([]);
    await waitFor(() => calls.lines().filter((l) => l === 'cancelled hang').length > before, 5000, 'the server to see the cancellation');
  });

  it("waits for the server's own timeout when it is longer", async () => {
    const lookedUp: string[] = [];
    const pending = adapter('mcp__eng__sleep', {
      timeoutMs: 200,
      serverTimeoutMs: (id) => {
        lookedUp.push(id);
        return 3000;
      },
    }).execute({ ms: 600 });
    // The bound is the server's 3 s; the engine's 200 ms has long passed when the server answers.
    await waitFor(() => clock.pending().length > 0, 5000, 'the call to start');
    expect(clock.pending()).toEqual([3000]);
    clock.advance(2999);
    expect(await pending).toMatchObject({ isError: false, text: 'slept 600 ms' });
    expect(lookedUp).toEqual([engTools.id]);
  });

  it("keeps the engine's bound when the server's timeout is shorter or the lookup fails", async () => {
    const shorter = adapter('mcp__eng__sleep', { timeoutMs: 2000, serverTimeoutMs: () => 50 }).execute({ ms: 300 });
    await waitFor(() => clock.pending().length > 0, 5000, 'the call to start');
    expect(clock.pending()).toEqual([2000]);
    clock.advance(1999);
    expect((await shorter).text).toBe('slept 300 ms');
    const failing = adapter('mcp__eng__sleep', {
      timeoutMs: 200,
      serverTimeoutMs: () => {
        throw new Error('database locked');
      },
    }).execute({ ms: 1000 });
    await waitFor(() => clock.pending().length > 0, 5000, 'the call to start');
    expect(clock.pending()).toEqual([200]);
    clock.advance(200);
    expect((await failing).errorCode).toBe('TIMEOUT');
  });
});

describe('loadMcpTools', () => {
  it("reports a broken or unknown server without losing the good one's tools", async () => {
    const broken = stdioRecord(fixture('eng-exit-server.mjs'), { name: 'broken' });
    const good = stdioRecord(fixture('eng-tools-server.mjs'), { name: 'good' });
    const local = createHarness([broken, good], { reconnect: { maxAttempts: 0 } });
    try {
      const { tools: loaded, failures } = await loadMcpTools(local.service, [broken.id, good.id, 'no-such-server']);
      expect(loaded.map((t) => t.name).sort()).toEqual(['mcp__good__fail', 'mcp__good__hang', 'mcp__good__mixed', 'mcp__good__sleep', 'mcp__good__structured-only', 'mcp__good__whereami']);
      expect(failures.map((f) => f.serverId)).toEqual([broken.id, 'no-such-server']);
      const [brokenError, unknownError] = failures.map((f) => f.error);
      expect(brokenError).toBeInstanceOf(McpServiceError);
      expect((brokenError as McpServiceError).code).toBe('CONNECT_FAILED');
      expect((unknownError as McpServiceError).code).toBe('SERVER_NOT_FOUND');
      const structured = loaded.find((t) => t.name === 'mcp__good__structured-only');
      expect((await structured?.execute({}))?.text).toBe('{"temperature":21.5,"unit":"C"}');
    } finally {
      await closeHarness(local);
    }
  });
});
