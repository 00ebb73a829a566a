/** The pure parts of `mcp tools --format` and `mcp call` by a provider-facing name. */
import { describe, expect, it } from 'vitest';
import { resolveCallTarget } from '../../app/main/host/cli/callTarget';
import { UsageError } from '../../app/main/host/cli/command';
import { formatWarnings, parseToolFormat, providerNameTable } from '../../app/main/host/cli/toolSet';
import { createTranslator } from '../../app/main/host/messages';
import { formatToolsFor } from '../../app/main/tools';
import { type MCPTool, mcpToolId } from '../../app/shared/contracts/mcp-tool';
import { LOCALES_DIR } from './cliProcess';

const en = createTranslator(LOCALES_DIR, 'en');
const ja = createTranslator(LOCALES_DIR, 'ja');

function tool(serverName: string, name: string, inputSchema: Record<string, unknown> = { type: 'object', properties: {} }): MCPTool {
  return { id: mcpToolId(serverName, name), serverId: `id-${serverName}`, serverName, name, description: `${name} tool`, inputSchema };
}

describe('parseToolFormat', () => {
  it('defaults to mcp, takes the four formats and rejects anything else as a usage error', () => {
    expect(parseToolFormat(undefined)).toBe('mcp');
    for (const format of ['mcp', 'openai', 'anthropic', 'google']) expect(parseToolFormat(format)).toBe(format);
    for (const bad of ['gemini', 'OpenAI', '']) expect(() => parseToolFormat(bad)).toThrow(UsageError);
  });
});

describe('resolveCallTarget', () => {
  const awkward = tool('srv', 'save', {
    type: 'object',
    properties: {
      'files[0]': { type: 'string' },
      'a b': { type: 'object', properties: { 'x y': { type: 'integer', enum: [1, 2] } } },
      items: { type: 'array', items: { type: 'object', properties: { '@id': { type: 'string' } } } },
    },
  });
  const search = tool('srv', '検索', { type: 'object', properties: { q: { type: 'string' } } });
  const tools = [awkward, search, tool('srv', 'echo')];

  it("takes the server's own tool name first and sends the arguments as given", () => {
    const args = { files_0: 'x' };
    expect(resolveCallTarget(tools, 'save', args)).toEqual({ toolName: 'save', arguments: args, matched: 'server-name' });
    // A server tool literally named like a provider-facing name wins over the mapping.
    const literal = [...tools, tool('srv', 'mcp__srv__echo')];
    expect(resolveCallTarget(literal, 'mcp__srv__echo', {})).toMatchObject({ toolName: 'mcp__srv__echo', matched: 'server-name' });
  });

  it('maps a provider-facing name, a hashed one and the raw id to the tool', () => {
    expect(resolveCallTarget(tools, 'mcp__srv__echo', {})).toMatchObject({ toolName: 'echo', matched: 'provider-name' });
    // The example in `mcp call --help`.
    expect(resolveCallTarget(tools, 'mcp__srv_927397', { q: 'x' })).toEqual({ toolName: '検索', arguments: { q: 'x' }, matched: 'provider-name' });
    expect(resolveCallTarget(tools, 'mcp__srv__検索', {})).toMatchObject({ toolName: '検索' });
  });

  it('renames provider keys back at any depth, keeps the tool\'s own keys, and never converts values', () => {
    const provider = { files_0: 'a', a_b: { x_y: '2' }, items: [{ id: 'i' }] };
    expect(resolveCallTarget(tools, 'mcp__srv__save', provider).arguments).toEqual({ 'files[0]': 'a', 'a b': { 'x y': '2' }, items: [{ '@id': 'i' }] });
    const own = { 'files[0]': 'a', 'a b': { 'x y': 2 } };
    expect(resolveCallTarget(tools, 'mcp__srv__save', own).arguments).toEqual(own);
  });

  it("recognises the hash a collision with another server's tool gives in the full set", () => {
    // Servers "a-b" and "a_b" both sanitise to mcp__a_b__x: a chat sends both with a hash.
    const dash = tool('a-b', 'x');
    const underscore = tool('a_b', 'x');
    const names = formatToolsFor([dash, underscore], 'openai').tools.map((d) => d.function.name);
    expect(names.every((name) => /^mcp__a_b__x_[0-9a-f]{6}$/.test(name))).toBe(true);
    const [dashName] = names.filter((name) => formatToolsFor([dash, underscore], 'openai').nameMap.get(name)?.serverName === 'a-b');
    // `mcp call a-b <name>` only sees a-b's tools, where the name is not hashed.
    expect(resolveCallTarget([dash], dashName!, {})).toMatchObject({ toolName: 'x', matched: 'provider-name' });
    expect(resolveCallTarget([underscore], dashName!, {})).toMatchObject({ toolName: dashName, matched: 'none' });
  });

  it('passes an unknown name on as written, for the server to report', () => {
    expect(resolveCallTarget(tools, 'nope', { a: 1 })).toEqual({ toolName: 'nope', arguments: { a: 1 }, matched: 'none' });
  });
});

describe('formatWarnings', () => {
  it('translates a duplicate, an unrepairable schema and the tool cap, naming every tool', () => {
    const many = Array.from({ length: 130 }, (_, i) => tool('big', `t${String(i).padStart(3, '0')}`));
    const broken = tool('bad', 'root', { type: 'string' });
    const tools = [broken, ...many, many[0]!];
    const formatted = formatToolsFor(tools, 'openai');
    const lines = formatWarnings(tools, formatted, 'openai', en);
    expect(lines).toHaveLength(3);
    expect(lines[0]).toBe('"big" lists the tool t000 twice; the first definition is used.');
    expect(lines[1]).toMatch(/^"bad" \/ root is not sent to OpenAI: its input schema's root is .+$/);
    expect(lines[2]).toBe('OpenAI accepts at most 128 tools per request; left out 2: mcp__big__t128, mcp__big__t129');

    const translated = formatWarnings(tools, formatted, 'openai', ja);
    expect(translated[2]).toContain('mcp__big__t128, mcp__big__t129');
    expect(translated[2]).not.toBe(lines[2]);
  });

  it('is empty when everything is sent', () => {
    const tools = [tool('s', 'a'), tool('s', 'b')];
    expect(formatWarnings(tools, formatToolsFor(tools, 'google'), 'google', en)).toEqual([]);
  });
});

describe('providerNameTable', () => {
  it('maps each provider-facing name to its server and tool', () => {
    const table = providerNameTable(formatToolsFor([tool('s', 'get-x'), tool('s', '検索')], 'anthropic'), en);
    const lines = table.split('\n');
    expect(lines[0]).toMatch(/^NAME\s+SERVER\s+TOOL$/);
    expect(lines).toContainEqual(expect.stringMatching(/^mcp__s__get_x\s+s\s+get-x$/));
    expect(lines).toContainEqual(expect.stringMatching(/^mcp__s_[0-9a-f]{6}\s+s\s+検索$/));
  });
});
