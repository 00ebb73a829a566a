import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type SetupMcpToolsResult,
  mapArgumentsBack,
  resolveProviderToolName,
  setupMcpTools,
} from '../../app/main/tools/ToolsLoader';
import type { ProviderFormat } from '../../app/main/tools/types';
import { type Harness, closeHarness, createHarness, everythingEntry, fixture, makeRecord, stdioRecord, textOf } from '../mcp/helpers';
import { CHECKERS } from './providerRules';

// A tool call as each provider's API returns it (provider-facing name and keys, provider value forms).
type ProviderCall = { format: 'openai'; call: { id: string; type: 'function'; function: { name: string; arguments: string } } } | { format: 'anthropic'; call: { type: 'tool_use'; id: string; name: string; input: Record<string, unknown> } } | { format: 'google'; call: { functionCall: { name: string; args: Record<string, unknown> } } };

function providerCall(format: ProviderFormat, name: string, args: Record<string, unknown>): ProviderCall {
  if (format === 'openai') return { format, call: { id: 'call_1', type: 'function', function: { name, arguments: JSON.stringify(args) } } };
  if (format === 'anthropic') return { format, call: { type: 'tool_use', id: 'toolu_1', name, input: args } };
  return { format, call: { functionCall: { name, args } } };
}

/** What a provider adapter reads out of the call. */
function nameAndArgs(pc: ProviderCall): { name: string; args: Record<string, unknown> } {
  if (pc.format === 'openai') return { name: pc.call.function.name, args: JSON.parse(pc.call.function.arguments) };
  if (pc.format === 'anthropic') return { name: pc.call.name, args: pc.call.input };
  return { name: pc.call.functionCall.name, args: pc.call.functionCall.args };
}

/** The definition sent for a provider-facing name, and its parameters schema. */
function paramsOf(result: SetupMcpToolsResult, format: ProviderFormat, name: string): Record<string, any> {
  if (format === 'openai') return (result.tools as any[]).find((t) => t.function.name === name).function.parameters;
  if (format === 'anthropic') return (result.tools as any[]).find((t) => t.name === name).input_schema;
  return (result.tools as any[])[0].functionDeclarations.find((d: any) => d.name === name).parameters;
}

async function callThroughMap(harness: Harness, result: SetupMcpToolsResult, pc: ProviderCall) {
  const { name, args } = nameAndArgs(pc);
  const entry = resolveProviderToolName(result.nameMap, name);
  if (!entry) throw new Error(`unknown tool ${name}`);
  return harness.service.callTool(entry.serverId, entry.toolName, mapArgumentsBack(entry, args), `rt-${pc.format}`);
}

const FORMATS: ProviderFormat[] = ['openai', 'anthropic', 'google'];

describe('round trip through a real McpService: provider call → name map → server', () => {
  const awkward = stdioRecord(fixture('tl-awkward-keys-server.mjs'), { name: 'awk ward' });
  const everything = makeRecord({ name: 'everything', type: 'stdio', config: { command: process.execPath, args: [everythingEntry(), 'stdio'] } });
  let harness: Harness;

  beforeAll(async () => {
    harness = createHarness([awkward, everything]);
    await harness.service.connect(awkward.id);
    await harness.service.connect(everything.id);
  });
  afterAll(async () => {
    await closeHarness(harness);
  });

  const load = async (format: ProviderFormat) => {
    const result = await setupMcpTools(harness.service, { enabled: true, mode: 'auto' }, format);
    expect(result!.dropped).toEqual([]);
    expect(CHECKERS[format](result!.tools)).toEqual([]);
    return result!;
  };

  it.each(FORMATS)('%s: server-everything get-sum is reached under its provider-facing name', async (format) => {
    const result = await load(format);
    const reply = await callThroughMap(harness, result, providerCall(format, 'mcp__everything__get_sum', { a: 2, b: 3 }));
    expect(textOf(reply)).toBe('The sum of 2 and 3 is 5.');
  });

  it.each(FORMATS)('%s: awkward keys, nested, in arrays, enums and maps arrive as the server named them', async (format) => {
    const result = await load(format);
    const name = 'mcp__awk_ward__save_file';
    const params = paramsOf(result, format, name);
    // The provider-facing keys, read from what was sent (same order as the server's properties).
    const [files, ab, kensaku, list, meta, level] = Object.keys(params.properties);
    const [xy, ok] = Object.keys(params.properties[ab!].properties);
    const [id] = Object.keys(params.properties[list!].items.properties);
    const gm = format === 'google';
    // Values in the forms the provider's schema asks for: Gemini sees string enums and JSON text.
    const args = {
      [files!]: 'notes.txt',
      [ab!]: { [xy!]: gm ? '2' : 2, [ok!]: true },
      [kensaku!]: '東京',
      [list!]: [{ [id!]: 'first' }, { [id!]: 'second' }],
      [meta!]: gm ? '{"owner":"me"}' : { owner: 'me' },
      [level!]: gm ? '1.5' : 1.5,
    };
    const reply = await callThroughMap(harness, result, providerCall(format, name, args));
    expect(reply.isError).toBeFalsy();
    expect(JSON.parse(textOf(reply))).toEqual({
      tool: 'save-file',
      arguments: { 'files[0]': 'notes.txt', 'a b': { 'x y': 2, ok: true }, 検索: '東京', list: [{ '@id': 'first' }, { '@id': 'second' }], meta: { owner: 'me' }, level: 1.5 },
    });
    if (format !== 'openai') expect(Object.keys(params.properties)).not.toContain('files[0]');
  });

  it.each(FORMATS)('%s: a non-ASCII tool name reaches its tool', async (format) => {
    const result = await load(format);
    const entry = [...result.nameMap.values()].find((e) => e.toolName === '検索')!;
    expect(entry.name).toMatch(/^mcp__awk_ward_[0-9a-f]{6}$/);
    const [query] = Object.keys(paramsOf(result, format, entry.name).properties);
    const reply = await callThroughMap(harness, result, providerCall(format, entry.name, { [query!]: 'エルフ' }));
    expect(JSON.parse(textOf(reply))).toEqual({ tool: '検索', arguments: { クエリ: 'エルフ' } });
  });
});
