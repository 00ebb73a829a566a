/**
 * Values nested absurdly deep (a tool schema 5,000 levels, a result 10,000): JSON.parse reads them,
 * everything recursive after it overflows the stack. The tool is left out of the list and named,
 * the result fails its own call with a clear reason, arguments that deep are refused naming the
 * field, and the rest of the server works — in McpService and in the CLI, whose provider formats
 * used to fail as a whole with INTERNAL. Real child process: the raw (SDK-free) deep-nesting-server.mjs.
 */
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { MAX_JSON_DEPTH } from '../../app/main/lib/jsonDepth';
import { McpServiceError } from '../../app/main/mcp/McpServiceError';
import { runInProcess } from '../cli/inProcess';
import { tempDir } from '../support/tempDir';
import { type Harness, closeHarness, createHarness, fixture, stdioRecord, textOf } from './helpers';

let harness: Harness | undefined;
afterEach(async () => {
  if (harness) await closeHarness(harness);
  harness = undefined;
});

async function deepServer() {
  const record = stdioRecord(fixture('deep-nesting-server.mjs'));
  harness = createHarness([record]);
  await harness.service.connect(record.id);
  return { id: record.id, service: harness.service };
}

describe('answers nested deeper than anything real', () => {
  it('a tool whose schema nests 5,000 levels is left out and named; the others are listed and can be serialized', async () => {
    const { id, service } = await deepServer();
    const tools = await service.listServerTools(id);
    expect(tools.map((t) => t.name)).toEqual(['echo', 'deep-result']);
    expect(() => JSON.stringify(tools)).not.toThrow();
    expect(await service.getState(id)).toMatchObject({
      status: 'connected',
      skipped: [{ kind: 'tool', name: 'deep-schema', reason: 'invalidField', field: 'inputSchema', detail: `nested deeper than ${MAX_JSON_DEPTH} levels` }],
    });
  });

  it('a result nested 10,000 levels fails that call as REQUEST_FAILED saying so; one nested 20 levels and the next call work', async () => {
    const { id, service } = await deepServer();
    const error = await service.callTool(id, 'deep-result', { depth: 10_000 }, 'deep-1').then(() => undefined, (e: unknown) => e);
    expect(error).toBeInstanceOf(McpServiceError);
    expect((error as McpServiceError).toData()).toEqual({ code: 'REQUEST_FAILED', params: { detail: `the result nests deeper than ${MAX_JSON_DEPTH} levels` } });
    const shallow = await service.callTool(id, 'deep-result', { depth: 20 }, 'deep-2');
    expect(JSON.stringify(shallow.structuredContent)).toBe(`{"value":${'['.repeat(20)}1${']'.repeat(20)}}`);
    expect(textOf(await service.callTool(id, 'echo', { message: 'still here' }, 'deep-3'))).toBe('still here');
  });

  it('arguments nested 5,000 levels are INVALID_ARGUMENTS naming the field, before anything is sent', async () => {
    const { id, service } = await deepServer();
    let deep: unknown = 1;
    for (let i = 0; i < 5000; i += 1) deep = [deep];
    const error = await service.callTool(id, 'echo', { message: 'hi', extra: deep }, 'deep-4').then(() => undefined, (e: unknown) => e);
    expect(error).toBeInstanceOf(McpServiceError);
    expect((error as McpServiceError).toData()).toEqual({
      code: 'INVALID_ARGUMENTS',
      params: { tool: 'echo' },
      fieldErrors: [{ field: 'extra', code: 'invalid', reason: `is nested deeper than ${MAX_JSON_DEPTH} levels` }],
    });
    expect(textOf(await service.callTool(id, 'echo', { message: 'still here', extra: [[1]] }, 'deep-5'))).toBe('still here');
  });

  it('the CLI lists the server as OpenAI sees it (exit 0, the deep tool named on stderr) and fails the deep call with its reason', { timeout: 60_000 }, async () => {
    const dataDir = path.join(tempDir(), 'Elftia');
    const cli = (...args: string[]) => runInProcess(['--data-dir', dataDir, ...args]);
    expect((await cli('mcp', 'add', 'deep', '--transport', 'stdio', '--command', process.execPath, '--arg', fixture('deep-nesting-server.mjs'))).code).toBe(0);

    const listed = await cli('mcp', 'tools', 'deep', '--format', 'openai', '--json');
    expect(listed.code).toBe(0);
    expect((JSON.parse(listed.stdout) as { function: { name: string } }[]).map((t) => t.function.name)).toEqual(['mcp__deep__echo', 'mcp__deep__deep_result']);
    expect(listed.stderr).toContain('deep-schema');

    const called = await cli('mcp', 'call', 'deep', 'deep-result', '--args', '{"depth":10000}', '--json');
    expect(called.code).toBe(1);
    expect(JSON.parse(called.stderr)).toMatchObject({ error: { code: 'REQUEST_FAILED' } });
    expect(called.stderr).not.toContain('INTERNAL');
  });
});
