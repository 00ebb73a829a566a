import { afterEach, describe, expect, it } from 'vitest';
import { McpToolAdapter } from '../../app/main/engine/tools/McpToolAdapter';
import type { McpSkippedItem } from '../../app/shared/contracts/mcp-connection';
import { type Harness, closeHarness, createHarness, fixture, recordFile, stdioRecord, textOf, waitFor } from './helpers';

let harness: Harness | undefined;
const cleanups: (() => void)[] = [];

afterEach(async () => {
  if (harness) await closeHarness(harness);
  harness = undefined;
  for (const cleanup of cleanups.splice(0)) cleanup();
});

/** The raw (SDK-free) fixture, connected, with what it recorded. */
async function lenientServer() {
  const file = recordFile();
  cleanups.push(file.cleanup);
  const record = stdioRecord(fixture('lenient-lists-server.mjs'), {}, { MCP_FIXTURE_RECORD: file.path });
  harness = createHarness([record]);
  await harness.service.connect(record.id);
  return { record, service: harness.service, lines: file.lines };
}

const TOOL_SKIPS: McpSkippedItem[] = [
  { kind: 'tool', name: '', reason: 'notAnObject' },
  { kind: 'tool', name: '', reason: 'invalidField', field: 'name', detail: expect.any(String) as string },
  { kind: 'tool', name: 'echo', reason: 'duplicate' },
];

describe('a server whose lists do not follow the schema to the letter', () => {
  it('connects with every usable tool: repairable schemas repaired, the rest left out and named in its state and log', async () => {
    const { record, service } = await lenientServer();

    const tools = await service.listServerTools(record.id);
    expect(tools.map((t) => t.name)).toEqual(['echo', 'no-type', 'root-any-of', 'bool-property', 'php-empty', 'no-schema', 'string-root', 'bad-annotations', 'typed-output', 'touch']);
    const schema = (name: string) => tools.find((t) => t.name === name)?.inputSchema;
    expect(schema('no-type')).toEqual({ type: 'object', properties: { a: { type: 'number' } }, required: ['a'] });
    expect(schema('root-any-of')).toMatchObject({ type: 'object', anyOf: [expect.any(Object), expect.any(Object)] });
    expect(schema('bool-property')).toEqual({ type: 'object', properties: { payload: {}, never: { not: {} } }, required: ['payload'] });
    expect(schema('php-empty')).toEqual({ type: 'object', properties: {} });
    expect(schema('no-schema')).toEqual({ type: 'object', properties: {} });
    expect(schema('string-root')).toEqual({ type: 'object' });
    expect(tools.find((t) => t.name === 'bad-annotations')).not.toHaveProperty('annotations');

    expect(await service.getState(record.id)).toMatchObject({ status: 'connected', toolCount: 10, skipped: TOOL_SKIPS, skippedCount: 3 });
    const log = service.getLogs(record.id).map((e) => `${e.level} ${e.text}`);
    expect(log.filter((line) => line.includes('left out'))).toEqual([
      'warn tool left out: not an object',
      expect.stringMatching(/^warn tool left out: "name" is not valid \(.+\)$/),
      'warn tool "echo" left out: an earlier entry has the same name',
    ]);
    expect(log).toContain('info tool "php-empty" repaired: inputSchema.properties [] replaced by {}; inputSchema.required null dropped');
    expect(log).toContain('info tool "bad-annotations" repaired: annotations ignored: not valid');
  });

  it('checks a repaired tool’s arguments against the repaired schema and sends them unchanged', async () => {
    const { record, service, lines } = await lenientServer();

    expect(textOf(await service.callTool(record.id, 'no-type', { a: 1 }, 'c1'))).toBe('{"a":1}');
    expect(textOf(await service.callTool(record.id, 'root-any-of', { y: 2 }, 'c2'))).toBe('{"y":2}');
    expect(textOf(await service.callTool(record.id, 'bool-property', { payload: [1, { deep: true }] }, 'c3'))).toBe('{"payload":[1,{"deep":true}]}');
    expect(textOf(await service.callTool(record.id, 'no-schema', {}, 'c4'))).toBe('{}');

    await expect(service.callTool(record.id, 'no-type', { a: 'one' }, 'c5')).rejects.toMatchObject({ code: 'INVALID_ARGUMENTS', fieldErrors: [{ field: 'a', code: 'wrongType' }] });
    await expect(service.callTool(record.id, 'root-any-of', {}, 'c6')).rejects.toMatchObject({ code: 'INVALID_ARGUMENTS', fieldErrors: [{ field: '', code: 'invalid' }] });
    await expect(service.callTool(record.id, 'bool-property', { payload: 1, never: 1 }, 'c7')).rejects.toMatchObject({ fieldErrors: [{ field: 'never', code: 'invalid' }] });
    expect(lines().filter((l) => l.startsWith('call '))).toEqual(['call no-type {"a":1}', 'call root-any-of {"y":2}', 'call bool-property {"payload":[1,{"deep":true}]}', 'call no-schema {}']);
  });

  it('still checks structuredContent against the outputSchema', async () => {
    const { record, service } = await lenientServer();
    expect((await service.callTool(record.id, 'typed-output', { value: 3 }, 'o1')).structuredContent).toEqual({ sum: 3 });
    await expect(service.callTool(record.id, 'typed-output', { value: 'three' }, 'o2')).rejects.toMatchObject({
      code: 'REQUEST_FAILED',
      params: { mcpCode: -32602, detail: expect.stringContaining("Structured content does not match the tool's output schema: sum must be number") },
    });
  });

  it('reports rather than rejects a result that misses the outputSchema when asked to, and the chat engine shows it with the mismatch', async () => {
    const { record, service } = await lenientServer();
    const reported = await service.callTool(record.id, 'typed-output', { value: 'three' }, 'o3', { structuredOutput: 'report' });
    expect(reported).toMatchObject({ structuredContent: { sum: 'three' }, outputMismatch: expect.stringContaining('sum must be number') });
    expect(service.getLogs(record.id).map((entry) => entry.text)).toContainEqual(expect.stringMatching(/^result of typed-output does not match its outputSchema: sum must be number/));
    const fits = await service.callTool(record.id, 'typed-output', { value: 3 }, 'o4', { structuredOutput: 'report' });
    expect(fits).not.toHaveProperty('outputMismatch');

    const [typed] = (await service.listServerTools(record.id)).filter((tool) => tool.name === 'typed-output');
    const result = await new McpToolAdapter(typed!, service).execute({ value: 'three' }, { callId: 'o5' });
    expect(result).toMatchObject({ isError: false, structuredContent: { sum: 'three' }, structuredContentMismatch: expect.stringContaining('sum must be number') });
  });

  it('says what it left out once per session, not again on every list_changed refresh', async () => {
    const { record, service, lines } = await lenientServer();
    const listRequests = () => lines().filter((l) => l.startsWith('tools/list')).length;
    expect(listRequests()).toBe(2);
    await service.callTool(record.id, 'touch', {}, 't1');
    await waitFor(() => listRequests() === 4, 5000, 'the refresh');
    await service.callTool(record.id, 'touch', {}, 't2');
    await waitFor(() => listRequests() === 6, 5000, 'the second refresh');
    await waitFor(async () => (await service.getState(record.id))?.toolCount === 10, 5000, 'the refreshed list');

    const log = service.getLogs(record.id).map((e) => e.text);
    expect(log.filter((text) => text.includes('left out'))).toHaveLength(3);
    expect(log.filter((text) => text.includes('repaired:'))).toHaveLength(6);
    expect(await service.getState(record.id)).toMatchObject({ skipped: TOOL_SKIPS, skippedCount: 3 });
  });

  it('parses resources, resource templates and prompts the same way, and adds what they leave out to the state', async () => {
    const { record, service } = await lenientServer();
    const { events } = harness!;

    const resources = await service.listResources(record.id);
    expect(resources.map((r) => [r.uri, r.name])).toEqual([
      ['test://good', 'good'],
      ['test://nameless', 'test://nameless'],
      ['test://bad-date', 'bad date'],
    ]);
    expect(resources[2]).not.toHaveProperty('annotations');
    expect((await service.listResourceTemplates(record.id)).map((t) => t.uriTemplate)).toEqual(['test://items/{id}']);
    const prompts = await service.listPrompts(record.id);
    expect(prompts).toEqual([{ name: 'greet', arguments: [{ name: 'who', required: true }, { name: 'tone' }] }]);

    const expected = [
      ...TOOL_SKIPS,
      { kind: 'resource', name: '', reason: 'invalidField', field: 'uri', detail: expect.any(String) },
      { kind: 'resourceTemplate', name: '', reason: 'invalidField', field: 'uriTemplate', detail: expect.any(String) },
      { kind: 'prompt', name: '', reason: 'invalidField', field: 'name', detail: expect.any(String) },
    ];
    expect(await service.getState(record.id)).toMatchObject({ skipped: expected, skippedCount: 6 });
    // Each list fetched after the connect announces its own left-out entries to subscribers.
    const last = events.filter((e) => e.type === 'state').at(-1);
    expect(last?.type === 'state' ? last.state.skippedCount : undefined).toBe(6);
  });

  it('reads a server that offers resources but no templates (templates/list: method not found) as having none', async () => {
    const record = stdioRecord(fixture('mcp-paged-server.mjs'));
    harness = createHarness([record]);
    expect(await harness.service.listResourceTemplates(record.id)).toEqual([]);
    expect(await harness.service.listResources(record.id)).toHaveLength(5);
    expect(await harness.service.getState(record.id)).toMatchObject({ status: 'connected', consecutiveErrors: 0 });
  });
});
