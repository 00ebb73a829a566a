import { describe, expect, it } from 'vitest';
import type { MCPTool } from '../../app/shared/contracts/mcp-tool';
import {
  type McpToolSource,
  convertMcpToolsToAnthropic,
  convertMcpToolsToGemini,
  convertMcpToolsToOpenAI,
  fetchMcpTools,
  formatToolsFor,
  processJsonSchema,
  resolveProviderToolName,
  setupMcpTools,
} from '../../app/main/tools/ToolsLoader';
import { toolSwitchesOf } from '../../app/main/mcp/toolSwitches';
import { CHECKERS } from './providerRules';
import { tool } from './helpers';

/** A tiny in-memory tool source that records what it was asked. */
class MemorySource implements McpToolSource {
  readonly calls: string[] = [];
  constructor(
    private readonly byServer: Record<string, MCPTool[] | Error>,
    private readonly active: string[] = Object.keys(byServer),
  ) {}
  async listServerTools(id: string): Promise<MCPTool[]> {
    this.calls.push(`server ${id}`);
    const tools = this.byServer[id];
    if (tools === undefined) throw new Error(`no server ${id}`);
    if (tools instanceof Error) throw tools;
    return tools;
  }
  async listAllActiveServerTools(): Promise<MCPTool[]> {
    this.calls.push('all');
    return this.active.flatMap((id) => {
      const tools = this.byServer[id];
      return Array.isArray(tools) ? tools : [];
    });
  }
}

const files = [tool('read', { type: 'object', properties: { path: { type: 'string' } }, required: ['path'] }, 'files'), tool('list', {}, 'files')];
const clock = [tool('now', undefined, 'clock')];

function logger() {
  const lines: string[] = [];
  return { lines, info: (m: string) => lines.push(`info ${m}`), warn: (m: string) => lines.push(`warn ${m}`) };
}

describe('fetchMcpTools: the seed strategy table', () => {
  it.each([
    ['no config', undefined, [], []],
    ['enabled unset', { mode: 'auto' as const }, [], []],
    ['enabled false', { enabled: false, mode: 'manual' as const, selectedServers: ['files'] }, [], []],
    ['auto', { enabled: true, mode: 'auto' as const }, ['files__read', 'files__list', 'clock__now'], ['all']],
    ['mode unset', { enabled: true }, ['files__read', 'files__list', 'clock__now'], ['all']],
    ['manual', { enabled: true, mode: 'manual' as const, selectedServers: ['clock'] }, ['clock__now'], ['server clock']],
    ['manual, nothing selected', { enabled: true, mode: 'manual' as const }, [], []],
  ])('%s', async (_label, config, expected, calls) => {
    const source = new MemorySource({ files, clock });
    const tools = await fetchMcpTools(source, config);
    expect(tools.map((t) => t.id.replace('mcp__', ''))).toEqual(expected);
    expect(source.calls).toEqual(calls);
  });

  it("manual: one server's failure is logged and does not sink the others", async () => {
    const source = new MemorySource({ files, broken: new Error('connect ECONNREFUSED'), clock });
    const log = logger();
    const tools = await fetchMcpTools(source, { enabled: true, mode: 'manual', selectedServers: ['files', 'broken', 'clock', 'files'] }, { logger: log });
    expect(tools.map((t) => t.name)).toEqual(['read', 'list', 'now']);
    expect(log.lines).toEqual(['warn MCP server broken: tools unavailable (connect ECONNREFUSED)']);
  });
});

describe('setupMcpTools', () => {
  it('returns undefined when no tool is available', async () => {
    expect(await setupMcpTools(new MemorySource({}), { enabled: true }, 'openai')).toBeUndefined();
    expect(await setupMcpTools(new MemorySource({ files }), { enabled: false }, 'openai')).toBeUndefined();
  });

  it('logs the tools grouped by server and returns tools, mcpTools, the name map and what was dropped', async () => {
    const broken = tool('bad', { type: 'string' }, 'files');
    const log = logger();
    const result = await setupMcpTools(new MemorySource({ files: [...files, broken], clock }), { enabled: true, mode: 'auto' }, 'anthropic', { logger: log });
    expect(log.lines.slice(0, 3)).toEqual(['info MCP tools for anthropic: 4 from 2 server(s)', 'info   files (3): read, list, bad', 'info   clock (1): now']);
    expect(log.lines[3]).toMatch(/^warn Tool "mcp__files__bad" was not sent to Anthropic: /);
    expect(result!.mcpTools).toHaveLength(4);
    expect(result!.tools).toHaveLength(3);
    expect(result!.dropped.map((d) => [d.toolName, d.reason])).toEqual([['bad', 'unrepairable-schema']]);
    expect([...result!.nameMap.keys()]).toEqual(['mcp__files__read', 'mcp__files__list', 'mcp__clock__now']);
    expect(CHECKERS.anthropic(result!.tools)).toEqual([]);
  });

  it('defaults to the OpenAI format', async () => {
    const result = await setupMcpTools(new MemorySource({ clock }), { enabled: true });
    expect(result!.tools).toEqual([{ type: 'function', function: { name: 'mcp__clock__now', description: 'now tool', parameters: { type: 'object', properties: {}, required: [] }, strict: false } }]);
  });
});

describe('the seed converters', () => {
  it('have the seed output shapes (plus an explicit strict: false for OpenAI)', () => {
    expect(convertMcpToolsToOpenAI(files)[0]).toEqual({
      type: 'function',
      function: { name: 'mcp__files__read', description: 'read tool', parameters: { type: 'object', properties: { path: { type: 'string' } }, required: ['path'] }, strict: false },
    });
    expect(convertMcpToolsToAnthropic(files)[0]).toEqual({ name: 'mcp__files__read', description: 'read tool', input_schema: { type: 'object', properties: { path: { type: 'string' } }, required: ['path'] } });
    expect(convertMcpToolsToGemini(files)).toEqual([
      {
        functionDeclarations: [
          { name: 'mcp__files__read', description: 'read tool', parameters: { type: 'object', properties: { path: { type: 'string' } }, required: ['path'] } },
          { name: 'mcp__files__list', description: 'list tool' },
        ],
      },
    ]);
    expect(convertMcpToolsToGemini([])).toEqual([]);
  });

  it.each([
    ['not an object', null, { type: 'object', properties: {}, required: [] }],
    ['empty', {}, { type: 'object', properties: {}, required: [] }],
    ['an object schema, description kept', { type: 'object', description: 'd', properties: { a: { type: 'string' } }, required: ['a'] }, { type: 'object', description: 'd', properties: { a: { type: 'string' } }, required: ['a'] }],
    ['typeless with properties: wrapped', { properties: { a: { type: 'integer' } } }, { type: 'object', properties: { a: { type: 'integer' } }, required: [] }],
    ['unrepairable: empty object', { type: 'string' }, { type: 'object', properties: {}, required: [] }],
  ])('processJsonSchema: %s', (_label, input, expected) => {
    expect(processJsonSchema(input)).toEqual(expected);
  });

  it('truncates OpenAI descriptions to 1024 characters, leaves the others whole', () => {
    const long = [tool('long', {}, 'srv', { description: `${'😀'.repeat(600)}` })];
    const description = convertMcpToolsToOpenAI(long)[0]!.function.description;
    expect(description.length).toBeLessThanOrEqual(1024);
    expect(description.endsWith('😀…')).toBe(true);
    expect(convertMcpToolsToAnthropic(long)[0]!.description).toHaveLength(1200);
  });

  it('cuts a 4 MiB description to 16 Ki characters for Anthropic and Gemini too (it used to fail every request)', () => {
    const huge = [tool('huge', {}, 'srv', { description: 'd'.repeat(4 * 1024 * 1024) })];
    const anthropic = convertMcpToolsToAnthropic(huge)[0]!.description;
    const gemini = convertMcpToolsToGemini(huge)[0]!.functionDeclarations[0]!.description;
    for (const description of [anthropic, gemini]) {
      expect(description).toHaveLength(16 * 1024);
      expect(description.endsWith('d…')).toBe(true);
    }
  });
});

describe('tool caps', () => {
  const many = (n: number) => Array.from({ length: n }, (_, i) => tool(`t${String(i).padStart(3, '0')}`, {}, 'big'));

  it.each([
    ['openai', 130, 128],
    ['anthropic', 130, 128],
    ['google', 515, 512],
  ] as const)('%s: sends the first %i… keeps %i and lists what was left out', (format, total, max) => {
    const result = formatToolsFor(many(total), format);
    expect(CHECKERS[format](result.tools)).toEqual([]);
    expect(result.nameMap.size).toBe(max);
    expect(result.dropped.map((d) => d.name)).toEqual(many(total).slice(max).map((t) => `mcp__big__${t.name}`));
    expect(result.dropped.every((d) => d.reason === 'over-tool-limit')).toBe(true);
    expect(result.warnings).toHaveLength(1);
    expect(result.warnings[0]).toContain(`at most ${max} tools`);
    expect(result.warnings[0]).toContain(`mcp__big__t${total - 1}`);
  });
});

describe('formatToolsFor and resolveProviderToolName', () => {
  const tools = [tool('read-file', { type: 'object', properties: { 'a b': { type: 'string' } } }, 'my fs'), tool('検索', {}, 'intl')];

  it("'mcp' gives the servers' own definitions under their provider-facing names", () => {
    const result = formatToolsFor(tools, 'mcp');
    expect(result.tools[0]).toEqual({ name: 'mcp__my_fs__read_file', id: 'mcp__my fs__read-file', server: 'my fs', description: 'read-file tool', inputSchema: tools[0]!.inputSchema });
    expect(result.dropped).toEqual([]);
  });

  it('resolves provider-facing names and raw ids to (server, tool); unknown names to undefined', () => {
    const { nameMap } = formatToolsFor(tools, 'google');
    const name = [...nameMap.keys()][1]!;
    expect(name).toMatch(/^mcp__intl_[0-9a-f]{6}$/);
    expect(resolveProviderToolName(nameMap, name)).toMatchObject({ serverId: 'id-intl', serverName: 'intl', toolName: '検索' });
    expect(resolveProviderToolName(nameMap, 'mcp__my fs__read-file')).toMatchObject({ name: 'mcp__my_fs__read_file', toolName: 'read-file' });
    expect(resolveProviderToolName(nameMap, 'mcp__nope')).toBeUndefined();
  });

  it('uses the first of two identical listings and says so', () => {
    const result = formatToolsFor([tools[0]!, tools[0]!], 'openai');
    expect(result.tools).toHaveLength(1);
    expect(result.warnings).toEqual(['Tool "mcp__my fs__read-file" is listed twice by its server; the first definition is used.']);
  });

  it('gives the same names and definitions on every run (pure, deterministic)', () => {
    expect(JSON.stringify(formatToolsFor(tools, 'anthropic'))).toBe(JSON.stringify(formatToolsFor([...tools], 'anthropic')));
    expect([...formatToolsFor([...tools].reverse(), 'anthropic').nameMap.keys()].sort()).toEqual([...formatToolsFor(tools, 'anthropic').nameMap.keys()].sort());
  });
});

describe('ToolsLoader and the per-tool switches', () => {
  it('leaves out the tools a server turned off, in auto and manual mode, and formats only the rest', async () => {
    const records: Record<string, { disabledTools: string[]; alwaysAllow: string[] }> = { 'id-files': { disabledTools: ['read'], alwaysAllow: ['list'] } };
    const switches = toolSwitchesOf({ find: (id) => records[id] });
    const source = new MemorySource({ files, clock });
    expect((await fetchMcpTools(source, { enabled: true }, { switches })).map((t) => t.name)).toEqual(['list', 'now']);
    expect((await fetchMcpTools(source, { enabled: true, mode: 'manual', selectedServers: ['files'] }, { switches })).map((t) => t.name)).toEqual(['list']);
    const setup = await setupMcpTools(source, { enabled: true }, 'anthropic', { switches });
    expect(setup?.tools.map((t) => (t as { name: string }).name)).toEqual(['mcp__files__list', 'mcp__clock__now']);
  });
});
