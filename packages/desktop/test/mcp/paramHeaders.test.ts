import { afterEach, describe, expect, it } from 'vitest';
import { encodeHeaderValue, scanHeaderDeclarations } from '../../app/main/mcp/mcpParamHeaders';
import { McpServiceError } from '../../app/main/mcp/McpServiceError';
import { type Harness, type RunningServer, closeHarness, createHarness, fixture, makeRecord, startNetworkServer, stdioRecord, textOf } from './helpers';

/**
 * SEP-2243 (2026-07-28 Streamable HTTP): `x-mcp-header` tool parameters travel as `Mcp-Param-*`
 * headers too. The fixture is the SDK v2 server, which refuses a call whose headers are missing or
 * disagree with the body (-32020), and its `route` tool answers with the headers it received.
 */
let harness: Harness | undefined;
let network: RunningServer | undefined;

afterEach(async () => {
  if (harness) await closeHarness(harness);
  harness = undefined;
  await network?.stop();
  network = undefined;
});

async function modernHttp(): Promise<string> {
  network = await startNetworkServer([fixture('modern-http-server.mjs')]);
  const record = makeRecord({ type: 'http', config: { url: `http://127.0.0.1:${network.port}/mcp` } });
  harness = createHarness([record]);
  return record.id;
}

function answerOf(result: { content?: unknown }): { args: Record<string, unknown>; headers: Record<string, string> | null } {
  return JSON.parse(textOf(result)) as { args: Record<string, unknown>; headers: Record<string, string> | null };
}

describe('Mcp-Param-* headers on a 2026-07-28 HTTP session', () => {
  it('mirrors each declared argument, encoding what is not plain ASCII, and only those', async () => {
    const id = await modernHttp();
    const result = await harness!.service.callTool(id, 'route', { region: 'us-west1', priority: 42, verbose: false, note: 'Hello, 世界', query: 'SELECT 1' }, 'c1');
    expect(answerOf(result).headers).toEqual({
      'mcp-param-region': 'us-west1',
      'mcp-param-priority': '42',
      'mcp-param-verbose': 'false',
      'mcp-param-note': `=?base64?${Buffer.from('Hello, 世界').toString('base64')}?=`,
    });
  });

  it('sends no header for an argument not given', async () => {
    const id = await modernHttp();
    const result = await harness!.service.callTool(id, 'route', { region: 'eu', query: 'q' }, 'c1');
    expect(answerOf(result).headers).toEqual({ 'mcp-param-region': 'eu' });
  });

  it('takes a null for an optional argument as not given: no header, no key sent', async () => {
    const id = await modernHttp();
    const result = await harness!.service.callTool(id, 'route', { region: 'us-east1', priority: 1, verbose: null, query: 'SELECT 1' }, 'c1');
    const answer = answerOf(result);
    expect(answer.headers).toEqual({ 'mcp-param-region': 'us-east1', 'mcp-param-priority': '1' });
    expect(answer.args).toEqual({ region: 'us-east1', priority: 1, query: 'SELECT 1' });
  });

  it('still refuses a null for a required argument before sending', async () => {
    const id = await modernHttp();
    const call = harness!.service.callTool(id, 'route', { region: null, query: 'q' }, 'c1');
    await expect(call).rejects.toBeInstanceOf(McpServiceError);
    await expect(call).rejects.toMatchObject({ code: 'INVALID_ARGUMENTS' });
  });

  it('leaves out a tool whose x-mcp-header declaration is invalid, and reports it', async () => {
    const id = await modernHttp();
    const names = (await harness!.service.listServerTools(id)).map((tool) => tool.name);
    expect(names).toContain('route');
    expect(names).not.toContain('bad_header');
    const skipped = (await harness!.service.getState(id))?.skipped ?? [];
    expect(skipped).toContainEqual(expect.objectContaining({ kind: 'tool', name: 'bad_header', reason: 'invalidField', field: 'inputSchema' }));
  });
});

describe('elsewhere the annotation means nothing', () => {
  it('keeps the tool with an invalid declaration on a stdio session', async () => {
    const record = stdioRecord(fixture('modern-stdio-server.mjs'));
    harness = createHarness([record], {}, 'process');
    expect((await harness.service.listServerTools(record.id)).map((tool) => tool.name)).toContain('bad_header');
  });
});

describe('declaration rules and value encoding', () => {
  it('accepts string, integer and boolean properties reached through properties alone', () => {
    const scan = scanHeaderDeclarations({ type: 'object', properties: { a: { type: 'object', properties: { b: { type: 'integer', 'x-mcp-header': 'B' } } } } });
    expect(scan).toEqual({ valid: true, declarations: [{ path: ['a', 'b'], headerName: 'B' }] });
  });

  it.each([
    ['empty', { v: { type: 'string', 'x-mcp-header': '' } }],
    ['a space', { v: { type: 'string', 'x-mcp-header': 'My Region' } }],
    ['a colon', { v: { type: 'string', 'x-mcp-header': 'Region:Primary' } }],
    ['non-ASCII', { v: { type: 'string', 'x-mcp-header': 'Région' } }],
    ['a number property', { v: { type: 'number', 'x-mcp-header': 'V' } }],
    ['an array property', { v: { type: 'array', 'x-mcp-header': 'V' } }],
    ['a null property', { v: { type: 'null', 'x-mcp-header': 'V' } }],
    ['a duplicate in another case', { a: { type: 'string', 'x-mcp-header': 'MyField' }, b: { type: 'string', 'x-mcp-header': 'myfield' } }],
  ])('refuses a declaration with %s', (_what, properties) => {
    expect(scanHeaderDeclarations({ type: 'object', properties }).valid).toBe(false);
  });

  it('refuses a declaration under anyOf or items', () => {
    expect(scanHeaderDeclarations({ type: 'object', anyOf: [{ properties: { v: { type: 'string', 'x-mcp-header': 'V' } } }] }).valid).toBe(false);
    expect(scanHeaderDeclarations({ type: 'object', properties: { l: { type: 'array', items: { type: 'string', 'x-mcp-header': 'V' } } } }).valid).toBe(false);
  });

  it.each([
    ['us west 1', 'us west 1'],
    [' padded ', '=?base64?IHBhZGRlZCA=?='],
    ['line1\nline2', `=?base64?${Buffer.from('line1\nline2').toString('base64')}?=`],
    ['\tindented', `=?base64?${Buffer.from('\tindented').toString('base64')}?=`],
    ['', '=?base64??='],
    ['=?base64?abc?=', `=?base64?${Buffer.from('=?base64?abc?=').toString('base64')}?=`],
  ])('encodes %j as %j', (value, header) => {
    expect(encodeHeaderValue(value)).toBe(header);
  });
});
